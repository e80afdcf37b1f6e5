// Writes open collector files (gzip-compressed JSON Lines) — for tests, seed data and the ingest bench.
import { createWriteStream } from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip, gzipSync } from 'node:zlib';
import type { CollectorRecord } from './records.ts';

/** One record as its line (JSON and a newline). */
export const recordLine = (record: CollectorRecord): string => `${JSON.stringify(record)}\n`;

/** A whole (small) file in memory: the records as gzip-compressed JSON Lines. */
export function writeCollectorFile(records: Iterable<CollectorRecord>): Buffer<ArrayBuffer> {
  let text = '';
  for (const r of records) text += recordLine(r);
  return gzipSync(text);
}

/** Lines in batches of about 64 KiB, so a large file streams without a string per record reaching the gzip. */
async function* lines(
  records: Iterable<CollectorRecord> | AsyncIterable<CollectorRecord>,
): AsyncGenerator<string> {
  let batch = '';
  for await (const r of records) {
    batch += recordLine(r);
    if (batch.length >= 65536) {
      yield batch;
      batch = '';
    }
  }
  if (batch !== '') yield batch;
}

/** A file of any size as a stream (constant memory): the gzip-compressed lines of the records. */
export function collectorFileStream(
  records: Iterable<CollectorRecord> | AsyncIterable<CollectorRecord>,
  level = 6,
): Readable {
  const gzip = createGzip({ level });
  const source = Readable.from(lines(records));
  source.on('error', (error) => gzip.destroy(error));
  return source.pipe(gzip);
}

/** Streams the records into a file at path. */
export async function saveCollectorFile(
  path: string,
  records: Iterable<CollectorRecord> | AsyncIterable<CollectorRecord>,
  level = 6,
): Promise<void> {
  await pipeline(Readable.from(lines(records)), createGzip({ level }), createWriteStream(path));
}

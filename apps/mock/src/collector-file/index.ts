// The open collector file (`.iokit`, format v1; docs/collector-format.md): its records, the streamed reader, the
// writer and a synthetic generator. The series store consumes readCollectorFile(path).
import { createReadStream } from 'node:fs';
import { parseCollectorFile, parseCollectorFileBatches } from './parse.ts';
import type { CollectorHeader, CollectorRecord } from './records.ts';

export * from './records.ts';
export { CollectorFileError, COLLECTOR_FILE_ERROR_KEYS, type CollectorFileErrorKey } from './errors.ts';
export {
  parseCollectorFile,
  parseCollectorFileBatches,
  MAX_LINE_CHARS,
  COLLECTOR_FILE_LIMITS,
  type CollectorFileLimits,
} from './parse.ts';
export { writeCollectorFile, collectorFileStream, saveCollectorFile, recordLine } from './write.ts';
export { generateCollectorRecords, sampleCount, diurnalLoad, type GenerateOptions } from './generate.ts';

/** The records of the collector file at path, streamed and validated (throws CollectorFileError). */
export function readCollectorFile(path: string): AsyncGenerator<CollectorRecord> {
  return parseCollectorFile(createReadStream(path, { highWaterMark: 256 * 1024 }));
}

/** The header of the collector file at path (its first record; the rest is not read). */
export async function readCollectorHeader(path: string): Promise<CollectorHeader> {
  const records = readCollectorFile(path);
  try {
    const first = await records.next();
    if (first.done || first.value.type !== 'header') throw new Error(`${path}: no header`);
    return first.value;
  } finally {
    await records.return(undefined);
  }
}

/** The same records a chunk at a time (arrays of a few hundred), for bulk consumers. */
export function readCollectorFileBatches(path: string): AsyncGenerator<CollectorRecord[]> {
  return parseCollectorFileBatches(createReadStream(path, { highWaterMark: 256 * 1024 }));
}

/** Reads the whole file through (streamed) to check it; the number of samples, or a CollectorFileError. */
export async function validateCollectorFile(path: string): Promise<{ hosts: number; samples: number }> {
  let hosts = 0;
  let samples = 0;
  for await (const batch of readCollectorFileBatches(path))
    for (const r of batch) {
      if (r.type === 'header') hosts = r.hosts.length;
      else if (r.type === 'sample') samples += 1;
    }
  return { hosts, samples };
}

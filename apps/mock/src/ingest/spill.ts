// Parse once (issue #41 item 4): the read-through on arrival (check-worker.ts) already gunzips, parses and validates
// every line; it also reduces each sample to its packed row (series/reduce.ts) and writes the rows to a spill file
// beside the upload (`<upload>.rows`). Storing the file then reads those rows instead of parsing the gzip again
// (series/ingest.ts). A spill is used only when it is complete and its stamp (the upload's size and modification
// time when it was read) still matches the upload; otherwise, or when there is none (a restart sweeps them), the
// store parses the file as before. Layout, little-endian, every part 8-byte aligned:
//   "IOKROWS1" | f64 source size | f64 source mtimeMs | u32 header bytes, u32 0 | header JSON (padded to 8)
//   | blocks: u32 rows, u32 0, rows × PACKED f64 | trailer: u32 0xffffffff, u32 0, f64 samples
import {
  closeSync,
  createReadStream,
  fstatSync,
  openSync,
  readSync,
  renameSync,
  rmSync,
  statSync,
  writeSync,
} from 'node:fs';
import { COLLECTOR_FILE_LIMITS, parseCollectorFileBatches } from '../collector-file/parse.ts';
import type { CollectorHeader } from '../collector-file/records.ts';
import { PACKED, PackedSamples } from '../series/reduce.ts';

const MAGIC = 'IOKROWS1';
const END = 0xffffffff;
/** Rows per block: the store's transaction size (series/ingest.ts). */
export const SPILL_ROWS_PER_BLOCK = 16_384;

/** Where the read-through rows of the upload at filePath are kept. */
export const spillPathOf = (filePath: string): string => `${filePath}.rows`;

/** Moves the spill of `from` to that of `to` (the upload placed under its final name); none is no error. */
export function moveSpill(from: string, to: string): void {
  try {
    renameSync(spillPathOf(from), spillPathOf(to));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}

export function removeSpill(filePath: string): void {
  rmSync(spillPathOf(filePath), { force: true });
}

const stampOf = (filePath: string): [number, number] => {
  const s = statSync(filePath);
  return [s.size, s.mtimeMs];
};

/**
 * Reads the collector file at path through (validated as parseCollectorFileBatches validates it; throws its
 * CollectorFileError) and, when `spill` is true, writes its packed rows beside it. A failed read leaves no spill.
 */
export async function readThrough(path: string, spill: boolean): Promise<{ hosts: number; samples: number }> {
  const target = spillPathOf(path);
  const fd = spill ? openSync(target, 'w') : null;
  const put = (bytes: Uint8Array): void => {
    if (fd === null) return;
    let at = 0;
    while (at < bytes.length) at += writeSync(fd, bytes, at);
  };
  const ints = (a: number, b: number): Uint8Array => new Uint8Array(new Uint32Array([a, b]).buffer);
  let hosts = 0;
  let samples = 0;
  try {
    const [size, mtime] = stampOf(path);
    put(Buffer.from(MAGIC, 'latin1'));
    put(new Uint8Array(new Float64Array([size, mtime]).buffer));
    const rows = new PackedSamples(SPILL_ROWS_PER_BLOCK);
    // The reader reduces every sample into rows (the plain ones scanned straight into them, parse.ts SampleSink).
    const flush = (): void => {
      if (rows.count === 0) return;
      samples += rows.count;
      put(ints(rows.count, 0));
      put(new Uint8Array(rows.rows.buffer, 0, rows.count * PACKED * 8));
      rows.count = 0;
    };
    const header = (h: CollectorHeader): void => {
      hosts = h.hosts.length;
      const json = Buffer.from(JSON.stringify(h), 'utf8');
      put(ints(json.length, 0));
      put(json);
      put(new Uint8Array((8 - (json.length % 8)) % 8));
    };
    const source = createReadStream(path, { highWaterMark: 256 * 1024 });
    const sink = { rows, flush, header };
    // Records other than samples (the header and the end) are all the batches hold: nothing to do with them here.
    for await (const batch of parseCollectorFileBatches(source, COLLECTOR_FILE_LIMITS, undefined, sink))
      batch.length = 0;
    flush();
    put(ints(END, 0));
    put(new Uint8Array(new Float64Array([samples]).buffer));
  } catch (error) {
    if (fd !== null) {
      closeSync(fd);
      rmSync(target, { force: true });
    }
    throw error;
  }
  if (fd !== null) closeSync(fd);
  return { hosts, samples };
}

/** A complete spill whose stamp matches its upload: its header and its rows, block by block. */
export interface Spill {
  header: CollectorHeader;
  samples: number;
  /** Each block's rows (the same buffer, filled again: use it before asking for the next). */
  blocks: () => Generator<{ rows: Float64Array; count: number }>;
  close: () => void;
}

/** The spill of the upload at filePath, or null when there is none, it is incomplete or the upload changed since. */
export function openSpill(filePath: string): Spill | null {
  let fd: number;
  try {
    fd = openSync(spillPathOf(filePath), 'r');
  } catch {
    return null;
  }
  const read = (bytes: Uint8Array, at: number): boolean => {
    let got = 0;
    while (got < bytes.length) {
      const n = readSync(fd, bytes, got, bytes.length - got, at + got);
      if (n === 0) return false;
      got += n;
    }
    return true;
  };
  const head = new ArrayBuffer(32);
  const tail = new ArrayBuffer(16);
  const total = fstatSync(fd).size;
  let stamp: [number, number];
  try {
    stamp = stampOf(filePath);
  } catch {
    closeSync(fd);
    return null;
  }
  const f = new Float64Array(head, 8, 2);
  const u = new Uint32Array(head, 24, 2);
  const ok =
    total >= 48 &&
    read(new Uint8Array(head), 0) &&
    Buffer.from(head, 0, 8).toString('latin1') === MAGIC &&
    f[0] === stamp[0] &&
    f[1] === stamp[1] &&
    read(new Uint8Array(tail), total - 16) &&
    new Uint32Array(tail, 0, 1)[0] === END;
  const headerBytes = u[0] ?? 0;
  if (!ok || 32 + headerBytes + 16 > total) {
    closeSync(fd);
    return null;
  }
  const json = Buffer.alloc(headerBytes);
  read(json, 32);
  const header = JSON.parse(json.toString('utf8')) as CollectorHeader;
  const samples = new Float64Array(tail, 8, 1)[0] ?? 0;
  const start = 32 + headerBytes + ((8 - (headerBytes % 8)) % 8);
  function* blocks(): Generator<{ rows: Float64Array; count: number }> {
    const rows = new Float64Array(SPILL_ROWS_PER_BLOCK * PACKED);
    const size = new Uint32Array(2);
    let at = start;
    for (;;) {
      if (!read(new Uint8Array(size.buffer), at)) throw new Error('the spill of the upload is cut short');
      const count = size[0] ?? 0;
      if (count === END) return;
      if (count > SPILL_ROWS_PER_BLOCK) throw new Error('the spill of the upload is damaged');
      at += 8;
      const bytes = new Uint8Array(rows.buffer, 0, count * PACKED * 8);
      if (!read(bytes, at)) throw new Error('the spill of the upload is cut short');
      at += bytes.length;
      yield { rows, count };
    }
  }
  return {
    header,
    samples,
    blocks,
    close: () => {
      closeSync(fd);
    },
  };
}

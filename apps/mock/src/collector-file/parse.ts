// The streamed reader of an open collector file (format v1, v2 and v3, docs/collector-format.md): gunzip, split into lines,
// validate each line and yield it as a CollectorRecord. Memory stays constant whatever the file's size: one
// decompressed chunk, one partial line and, per host, the last sample time are all it keeps.
import { Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { CollectorFileError } from './errors.ts';
import { PACKED, SampleReducer, addKnown as add, type PackedSamples } from '../series/reduce.ts';
import { DISK_MEASURES, SampleScan, scanSample, scanSampleBytes } from './fast-sample.ts';
import {
  COLLECTOR_FORMAT_VERSIONS,
  DISK_LAYERS,
  ENTITY_KINDS,
  MACHINE_KINDS,
  POWER_STATES,
  type CollectorEnd,
  type CollectorHeader,
  type CollectorRecord,
  type CollectorSample,
} from './records.ts';

/**
 * A limit a deployment may raise through the environment (the sample lines and the work budget only: bench:vsphere-volume
 * measures a 1,000-VM week, ~30 M samples, as one file); unset, the stated default. Worker threads share the variables.
 */
export function raisedLimit(name: string, fallback: number): number {
  const value = process.env[name];
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < fallback)
    throw new Error(`${name} must be a whole number ≥ ${String(fallback)}`);
  return n;
}

/**
 * What one file may hold (issue #32; stated in the contract's CollectorFile* schemas and docs/collector-format.md,
 * "Limits"): past any of them the file is refused with that limit's own ErrorKey, so a small hostile file cannot
 * make the server work for minutes or hold much memory. A collector with more splits its collection over files.
 */
export const COLLECTOR_FILE_LIMITS = {
  /** Hosts in the header (iokit_file_too_many_hosts). */
  hosts: 20_000,
  /** Disks of one host, local and shared (iokit_file_too_many_devices). */
  disksPerHost: 1_024,
  /** Network interfaces of one host (iokit_file_too_many_devices). */
  nicsPerHost: 64,
  /** Mounted file systems of one host, format v2 (iokit_file_too_many_devices). */
  fileSystemsPerHost: 1_024,
  /** Datastores in the header, format v3 (iokit_file_too_many_devices). */
  datastores: 4_096,
  /** Characters of one line, without its newline (iokit_file_line_too_long). */
  lineChars: 32 * 1024 * 1024,
  /** Decompressed bytes of the whole file (iokit_file_too_large). */
  decompressedBytes: 8 * 1024 ** 3,
  /** Decompressed bytes per compressed byte read, once past ratioFloorBytes (iokit_file_compression_ratio). */
  compressionRatio: 100,
  /** Decompressed bytes below which the ratio is not checked (a short, very regular file compresses well). */
  ratioFloorBytes: 16 * 1024 * 1024,
  /** Sample lines (iokit_file_too_many_samples). */
  samples: raisedLimit('IOKIT_MAX_SAMPLES', 10_000_000),
  /**
   * Nesting depth of one line, arrays and objects (iokit_file_line_too_complex). No record nests deeper than 6; checked
   * before the line is parsed: V8 parses a deeply nested line with memory outside the thread's capped heap (10 M
   * nested brackets took the server from 320 to 1 281 MB).
   */
  depth: 32,
  /** Characters of one string, number or literal of a line (iokit_file_line_too_complex): the longest name is far below. */
  tokenChars: 64 * 1024,
  /**
   * Padding (blank lines and whitespace outside strings), once past paddingFloorBytes, may be at most this share of
   * the decompressed bytes (iokit_file_compression_ratio): padding compresses to almost nothing, so a file of it would
   * pass the ratio and keep a worker reading gigabytes of nothing.
   */
  paddingShare: 0.5,
  /** Padding bytes below which its share is not checked (a few blank lines, a pretty-printed header). */
  paddingFloorBytes: 16 * 1024 * 1024,
  /**
   * Seconds one job may take over a file, reading it through or storing it (iokit_file_too_large): a worker is held
   * for at most this long, so another account's file waits at most this long for a worker (ingest/queue.ts).
   */
  workSeconds: raisedLimit('IOKIT_WORK_SECONDS', 60),
} as const;

/** v3 header's collection (docs/collector-format.md, "A collection in parts"): the contract states the same bounds. */
export const COLLECTION = {
  /** Characters of collection.id. */
  idChars: 64,
  /** The highest part number. */
  parts: 9999,
} as const;

export type CollectorFileLimits = { readonly [K in keyof typeof COLLECTOR_FILE_LIMITS]: number };

/** A longer line is refused (a header of a few thousand hosts is far below it): memory stays bounded. */
export const MAX_LINE_CHARS = COLLECTOR_FILE_LIMITS.lineChars;

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const isCount = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0;
const isMeasure = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v) && v >= 0;
const isText = (v: unknown): v is string => typeof v === 'string';
const isId = (v: unknown): v is string => typeof v === 'string' && v.length > 0;
/** A v2 value: a finite number ≥ 0, or null (unknown). */
const isMeasureOrNull = (v: unknown): v is number | null => v === null || isMeasure(v);
const isCountOrNull = (v: unknown): v is number | null => v === null || isCount(v);
/** A v3 reference: left out, null, or the id of one of `ids`. */
const isReference = (v: unknown, ids: Set<string>): boolean =>
  v === undefined || v === null || (typeof v === 'string' && ids.has(v));

/** A UTC offset as v2's timeZone may give it: "Z", "UTC", "+01:00", "-0530". */
const UTC_OFFSET = /^(?:Z|UTC|[+-](?:[01]\d|2[0-3]):?[0-5]\d)$/;

/** The form of an IANA time zone name: "Europe/Berlin", "America/Argentina/Buenos_Aires", "Etc/GMT+5", "UTC". */
const IANA_NAME = /^[A-Za-z][A-Za-z0-9_+-]*(?:\/[A-Za-z0-9_+-]+)*$/;

/**
 * A time zone as v2's timeZone gives it: a UTC offset, or a name of IANA's form. The form is checked, not whether
 * this server's time zone database knows the name: a zone added after the server was built is still a zone, and
 * a week of samples is not refused for it.
 */
export function isTimeZone(v: unknown): v is string {
  return typeof v === 'string' && v.length <= 64 && (UTC_OFFSET.test(v) || IANA_NAME.test(v));
}

/**
 * Plausibility limits of a sample (docs/collector-format.md): a value beyond them is no measurement — a counter read
 * wrong, a clock jump turning a delta into a huge rate — and would be charted and summed as if it were. The file is
 * refused with the line, never stored. Generous on purpose: today's fastest devices are an order of magnitude below.
 */
export const PLAUSIBILITY = {
  /** Completed reads or writes per second of one disk. */
  diskIops: 10_000_000,
  /** Bytes read or written per second by one disk (100 GB/s). */
  diskBytesPerSecond: 100e9,
  /** Average milliseconds per I/O (10 minutes). */
  latencyMs: 600_000,
  /** Average I/Os in flight on one disk. */
  queueDepth: 100_000,
  /** Bytes received or sent per second by one interface (100 GB/s, 800 Gbit/s). */
  nicBytesPerSecond: 100e9,
  /** Memory in use, as a share of the host's memoryBytes (1 % over for rounding). */
  memoryShare: 1.01,
  /** v2: the longest interval one sample may describe, milliseconds (one day). */
  intervalMs: 86_400_000,
  /** v2: a file system's used bytes as a share of its size (1 % over for rounding). */
  fileSystemShare: 1.01,
} as const;

/** The measures of a v2 disk sample, each a number ≥ 0 or null. */
const DISK_FIELDS_V2 = [
  'readIops',
  'writeIops',
  'readBps',
  'writeBps',
  'readLatencyMs',
  'writeLatencyMs',
  'queueDepth',
] as const;

/** What the reader knows of a host once the header is read. */
interface HostState {
  /** Its place in the header's hosts (a packed row's first number). */
  index: number;
  disks: Set<string>;
  /** The whole disks (v2 layer disk): the only ones a packed row's totals add. */
  whole: Set<string>;
  nics: Set<string>;
  memoryBytes: number;
  /** Time of the host's last sample (seconds in v1, milliseconds in v2; strictly increasing). */
  lastT: number;
}

/**
 * Reads an open collector file as it streams in and yields its records in order: the header, every sample, the
 * end record. Throws a CollectorFileError (errorKey + English reason) for a corrupt, truncated, wrong-version or
 * empty file; records yielded before the error were valid. Stopping early (break) releases the input.
 */
export async function* parseCollectorFile(
  input: Readable | AsyncIterable<Buffer | Uint8Array>,
  limits: CollectorFileLimits = COLLECTOR_FILE_LIMITS,
): AsyncGenerator<CollectorRecord> {
  for await (const batch of parseCollectorFileBatches(input, limits)) yield* batch;
}

/**
 * The same reader, yielding the records of each decompressed chunk together (a few hundred at a time): for bulk
 * consumers such as the series store, it saves the cost of one asynchronous step per record. Memory stays bounded
 * by the chunk size.
 */
export async function* parseCollectorFileBatches(
  input: Readable | AsyncIterable<Buffer | Uint8Array>,
  limits: CollectorFileLimits = COLLECTOR_FILE_LIMITS,
  /** Milliseconds, for the work budget (tests give a fake clock). */
  clock: () => number = () => performance.now(),
  /** When given, samples are reduced into its packed rows instead of being yielded (the read-through on arrival). */
  sink?: SampleSink,
): AsyncGenerator<CollectorRecord[]> {
  const deadline = clock() + limits.workSeconds * 1000;
  const source = input instanceof Readable ? input : Readable.from(input, { objectMode: false });
  const gunzip = createGunzip({ chunkSize: 128 * 1024 });
  source.on('error', (error) => gunzip.destroy(error));
  // The first two bytes tell "not gzip at all" from "damaged gzip data".
  const head: number[] = [];
  const onData = (chunk: Buffer): void => {
    for (const byte of chunk.subarray(0, 2 - head.length)) head.push(byte);
    if (head.length >= 2) source.off('data', onData);
  };
  source.on('data', onData);
  // Compressed bytes read so far: the decompressed size may be at most COLLECTOR_FILE_LIMITS.compressionRatio
  // times it (a gzip bomb is refused while it inflates, not after).
  let compressed = 0;
  source.on('data', (chunk: Buffer) => {
    compressed += chunk.length;
  });
  source.pipe(gunzip);
  let decompressed = 0;

  const reader = new LineValidator(limits, sink);
  // Each decompressed chunk is cut at its newlines as bytes: a plain sample is scanned from its bytes, any other line
  // decoded alone (decoding every chunk to a string was the read-through's largest cost). Only the unfinished last
  // line is carried over, as pieces joined once its newline comes (searching a growing carried-over string again at
  // every chunk made a long line cost the square of its length).
  let carriedPieces: Buffer[] = [];
  let carried = 0;
  // At most as many characters as the carried bytes that begin one (a UTF-8 continuation byte begins none): past the
  // limit, the line is over it whatever its last bytes hold.
  let carriedChars = 0;
  let batch: CollectorRecord[] = [];
  /** The line of bytes b[start, end): over the limit in characters (bytes ≥ characters, so only a long one is decoded). */
  const overLong = (b: Buffer, start: number, end: number): boolean =>
    end - start > limits.lineChars && b.toString('utf8', start, end).length > limits.lineChars;
  try {
    for await (const chunk of gunzip as AsyncIterable<Buffer>) {
      decompressed += chunk.length;
      if (decompressed > limits.decompressedBytes) throw reader.tooLarge();
      if (decompressed > limits.ratioFloorBytes && decompressed > limits.compressionRatio * compressed)
        throw reader.tooCompressed(decompressed, compressed);
      // Checked once a chunk (the consumer's time between chunks counts too: storing is part of the job).
      if (clock() > deadline) throw reader.tooSlow();
      // The carried-over part has no newline: only the new bytes are searched.
      let start = 0;
      let nl = chunk.indexOf(0x0a);
      batch = [];
      while (nl !== -1) {
        // The first line of the chunk begins with the carried-over pieces (carried is 0 after it).
        let record: CollectorRecord | null;
        if (carried > 0) {
          const line = Buffer.concat([...carriedPieces, chunk.subarray(0, nl)]);
          carriedPieces = [];
          carried = 0;
          carriedChars = 0;
          if (overLong(line, 0, line.length)) throw reader.tooLong();
          record = reader.lineAt(line, 0, line.length);
        } else {
          if (overLong(chunk, start, nl)) throw reader.tooLong();
          record = reader.lineAt(chunk, start, nl);
        }
        if (record !== null) batch.push(record);
        reader.checkPadding(decompressed);
        start = nl + 1;
        nl = chunk.indexOf(0x0a, start);
      }
      if (start < chunk.length) {
        // A copy: the gunzip stream may reuse its chunk's memory.
        const rest = Buffer.from(chunk.subarray(start));
        carriedPieces.push(rest);
        carried += rest.length;
        for (const byte of rest) if ((byte & 0xc0) !== 0x80) carriedChars += 1;
      }
      if (carriedChars > limits.lineChars) throw reader.tooLong();
      if (batch.length > 0) yield batch;
      batch = [];
    }
  } catch (error) {
    // The valid records before the failing line are still handed over, then the error.
    if (batch.length > 0) yield batch;
    throw asCollectorFileError(
      error,
      reader.lineNumber,
      head.length < 2 || (head[0] === 0x1f && head[1] === 0x8b),
    );
  } finally {
    source.unpipe(gunzip);
    gunzip.destroy();
    source.destroy();
  }
  if (carried > 0) {
    const partial = Buffer.concat(carriedPieces);
    if (overLong(partial, 0, partial.length)) throw reader.tooLong();
    const record = reader.lineAt(partial, 0, partial.length);
    reader.checkPadding(decompressed);
    if (record !== null) yield [record];
  }
  reader.finish();
}

/**
 * What keeps a line from being parsed within bounds, scanned before JSON.parse (linear, no allocation): nesting
 * deeper than maxDepth, or a string, number or literal longer than maxToken characters. Also counts the whitespace
 * outside strings (padding). A line that is no valid JSON is left to JSON.parse to report.
 */
export function lineShape(
  text: string,
  maxDepth: number,
  maxToken: number,
): { problem: 'depth' | 'token' | null; whitespace: number } {
  let depth = 0;
  let whitespace = 0;
  let run = 0;
  const n = text.length;
  for (let i = 0; i < n; i += 1) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      // A string: jump from quote to quote; one preceded by an odd run of backslashes is escaped.
      let j = i + 1;
      for (;;) {
        j = text.indexOf('"', j);
        if (j < 0) return { problem: n - i - 1 > maxToken ? 'token' : null, whitespace };
        let k = j - 1;
        while (text.charCodeAt(k) === 0x5c) k -= 1;
        if ((j - 1 - k) % 2 === 0) break;
        j += 1;
      }
      if (j - i - 1 > maxToken) return { problem: 'token', whitespace };
      i = j;
      run = 0;
    } else if (c === 0x5b || c === 0x7b) {
      depth += 1;
      if (depth > maxDepth) return { problem: 'depth', whitespace };
      run = 0;
    } else if (c === 0x5d || c === 0x7d) {
      depth -= 1;
      run = 0;
    } else if (c === 0x20 || c === 0x09 || c === 0x0d) {
      whitespace += 1;
      run = 0;
    } else if (c === 0x2c || c === 0x3a) run = 0;
    else {
      run += 1;
      if (run > maxToken) return { problem: 'token', whitespace };
    }
  }
  return { problem: null, whitespace };
}

/** Maps a stream failure (not gzip, cut short gzip, unreadable source) to the file's error class. */
function asCollectorFileError(error: unknown, line: number, gzipMagic: boolean): CollectorFileError {
  if (error instanceof CollectorFileError) return error;
  const e = error as NodeJS.ErrnoException;
  if (!gzipMagic)
    return new CollectorFileError(
      'iokit_file_corrupt',
      'The file is not gzip-compressed (corrupt): a collector file is gzip-compressed JSON Lines.',
    );
  if (e.code === 'Z_BUF_ERROR' || /unexpected end of file/i.test(e.message))
    return new CollectorFileError(
      'iokit_file_truncated',
      `The file is cut short: its gzip stream ends unexpectedly after ${String(line)} lines (truncated).`,
    );
  if (e.code?.startsWith('Z_'))
    return new CollectorFileError(
      'iokit_file_corrupt',
      `The gzip data is damaged${line > 0 ? ` after ${String(line)} lines` : ''} (corrupt): ${e.message}.`,
    );
  return new CollectorFileError('iokit_file_corrupt', `The file could not be read (corrupt): ${e.message}.`);
}

/**
 * Where samples go instead of being yielded: each is reduced to its packed row (series/reduce.ts) in `rows`; `flush`
 * is called whenever rows is full (it writes them out and sets rows.count to 0).
 */
export interface SampleSink {
  rows: PackedSamples;
  flush: () => void;
  /** The header, as soon as it is read (before any row). */
  header?: (header: CollectorHeader) => void;
}

/** A scanned value: a finite number ≥ 0, or NaN (null, unknown). */
const isMeasureOrNaN = (v: number): boolean => Number.isNaN(v) || isMeasure(v);

/** An array index ("0", "4000"): for..in visits those of an object first, in ascending order, then the other keys. */
const ARRAY_INDEX = /^(?:0|[1-9]\d*)$/;
const isArrayIndex = (id: string): boolean => ARRAY_INDEX.test(id) && Number(id) < 4294967295;

/** The order for..in visits the first n ids as keys of one parsed object (each id once), into order. */
function forInOrder(ids: readonly string[], n: number, order: number[]): void {
  order.length = 0;
  if (n === 1) {
    order.push(0);
    return;
  }
  for (let k = 0; k < n; k++) if (isArrayIndex(ids[k] ?? '')) order.push(k);
  if (order.length > 1) order.sort((a, b) => Number(ids[a]) - Number(ids[b]));
  for (let k = 0; k < n; k++) if (!isArrayIndex(ids[k] ?? '')) order.push(k);
}

/** Checks the lines one by one, in order; keeps only what later lines are checked against. */
export class LineValidator {
  private readonly limits: CollectorFileLimits;
  private readonly sink: SampleSink | null;
  private readonly scan = new SampleScan();
  private reducer: SampleReducer | null = null;
  /** Samples read by the scanner (the rest by the general reader). */
  plainLines = 0;
  /** The order of a sample's disks or interfaces in for..in (reused). */
  private readonly order: number[] = [];

  constructor(limits: CollectorFileLimits, sink?: SampleSink) {
    this.limits = limits;
    this.sink = sink ?? null;
  }

  lineNumber = 0;
  private header: CollectorHeader | null = null;
  /** The file's format version (1, 2 or 3), once the header is read. */
  private version = 1;
  private readonly hosts = new Map<string, HostState>();
  private samples = 0;
  private end: CollectorEnd | null = null;

  tooLong(): CollectorFileError {
    return new CollectorFileError(
      'iokit_file_line_too_long',
      `A line is longer than ${String(this.limits.lineChars)} characters, the most a line may hold: lines end with a newline.`,
      this.lineNumber + 1,
    );
  }

  /** Padding bytes so far: blank lines (with their newline) and whitespace outside strings. */
  private padding = 0;

  /** Past the floor, padding may be at most limits.paddingShare of the decompressed bytes. */
  checkPadding(decompressed: number): void {
    if (this.padding <= this.limits.paddingFloorBytes) return;
    if (this.padding <= this.limits.paddingShare * decompressed) return;
    throw new CollectorFileError(
      'iokit_file_compression_ratio',
      `The file holds ${String(this.padding)} bytes of blank lines and whitespace (padding), more than ${String(this.limits.paddingShare * 100)} % of its ${String(decompressed)} decompressed bytes: padding is not collector data.`,
      this.lineNumber,
    );
  }

  tooSlow(): CollectorFileError {
    return new CollectorFileError(
      'iokit_file_too_large',
      `Reading and storing the file takes more than ${String(this.limits.workSeconds)} seconds, the most one file may take: split the collection over several files.`,
      this.lineNumber + 1,
    );
  }

  tooLarge(): CollectorFileError {
    return new CollectorFileError(
      'iokit_file_too_large',
      `The file decompresses to more than ${String(this.limits.decompressedBytes)} bytes, the most a file may hold: split the collection over several files.`,
    );
  }

  tooCompressed(decompressed: number, compressed: number): CollectorFileError {
    return new CollectorFileError(
      'iokit_file_compression_ratio',
      `The file decompresses to more than ${String(this.limits.compressionRatio)} times its compressed size (${String(decompressed)} bytes from ${String(compressed)}), more than collector data does.`,
    );
  }

  /**
   * One line as its UTF-8 bytes b[start, end) (without its newline): a plain sample is scanned from the bytes
   * (scanSampleBytes), any other line decoded and read as line() reads it.
   */
  lineAt(b: Buffer, start: number, end: number): CollectorRecord | null {
    if (
      this.sink !== null &&
      this.version >= 2 &&
      this.end === null &&
      scanSampleBytes(b, start, end, this.scan, this.limits.tokenChars) &&
      this.plainSample()
    ) {
      this.lineNumber += 1;
      this.plainLines += 1;
      return null;
    }
    return this.read(b.toString('utf8', start, end), false);
  }

  /** One line (without its newline); null for a blank line. */
  line(text: string): CollectorRecord | null {
    return this.read(text, true);
  }

  /** One line; `scan`: whether the plain-sample scanner is tried (lineAt tried it already). */
  private read(text: string, scan: boolean): CollectorRecord | null {
    this.lineNumber += 1;
    if (text.charCodeAt(0) !== 0x7b && text.trim() === '') {
      this.padding += text.length + 1;
      return null;
    }
    const n = this.lineNumber;
    if (this.end !== null)
      throw new CollectorFileError('iokit_file_corrupt', 'There is data after the end record (corrupt).', n);
    // The common line, a plain sample, scanned straight into its packed row; any other line is read below.
    if (
      scan &&
      this.sink !== null &&
      this.version >= 2 &&
      scanSample(text, this.scan, this.limits.tokenChars)
    )
      if (this.plainSample()) {
        this.plainLines += 1;
        return null;
      }
    // Bounded before it is parsed: JSON.parse's memory for a deep line is not within the thread's heap cap.
    const shape = lineShape(text, this.limits.depth, this.limits.tokenChars);
    this.padding += shape.whitespace;
    if (shape.problem === 'depth')
      throw new CollectorFileError(
        'iokit_file_line_too_complex',
        `The line nests arrays and objects more than ${String(this.limits.depth)} deep, the most a line may: no record of the format nests that deep.`,
        n,
      );
    if (shape.problem === 'token')
      throw new CollectorFileError(
        'iokit_file_line_too_complex',
        `The line holds a string, number or name longer than ${String(this.limits.tokenChars)} characters, the most one may hold.`,
        n,
      );
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      throw new CollectorFileError(
        'iokit_file_corrupt',
        `The line is not valid JSON (corrupt): "${text.slice(0, 60)}${text.length > 60 ? '…' : ''}".`,
        n,
      );
    }
    if (!isObject(value))
      throw new CollectorFileError('iokit_file_corrupt', 'The line is not a JSON object (corrupt).', n);
    if (this.header === null) {
      this.header = this.readHeader(value, n);
      if (this.sink !== null) {
        this.reducer = new SampleReducer(this.header);
        this.sink.header?.(this.header);
      }
      return this.header;
    }
    switch (value.type) {
      case 'sample': {
        const sample = this.readSample(value, n);
        if (this.sink === null || this.reducer === null) return sample;
        this.reducer.reduce(sample, this.sink.rows);
        if (this.sink.rows.full) this.sink.flush();
        return null;
      }
      case 'end':
        return (this.end = this.readEnd(value, n));
      case 'header':
        throw new CollectorFileError('iokit_file_corrupt', 'A second header record (corrupt).', n);
      default:
        throw new CollectorFileError(
          'iokit_file_corrupt',
          `Unknown record type ${JSON.stringify(value.type)} (corrupt): expected sample or end.`,
          n,
        );
    }
  }

  /** After the last line: the file must have had its header, samples and a matching end record. */
  finish(): void {
    if (this.header === null)
      throw new CollectorFileError('iokit_file_empty', 'The file is empty: it has no header and no samples.');
    if (this.end === null)
      throw new CollectorFileError(
        'iokit_file_truncated',
        `The file ends without its end record: it was cut short (truncated) after ${String(this.samples)} samples.`,
      );
    if (this.samples === 0)
      throw new CollectorFileError('iokit_file_empty', 'The file is empty: it has a header but no samples.');
  }

  private corrupt(n: number, what: string): CollectorFileError {
    return new CollectorFileError('iokit_file_corrupt', `${what} (corrupt).`, n);
  }

  private implausible(n: number, what: string): CollectorFileError {
    return new CollectorFileError('iokit_sample_implausible', `${what}: the sample is implausible.`, n);
  }

  /** Refuses the sample when one of the fields is beyond the limit. */
  private limit(
    n: number,
    owner: string,
    values: Json,
    fields: readonly string[],
    max: number,
    unit: string,
  ): void {
    for (const f of fields) {
      const x = values[f] as number | null;
      if (x !== null && x > max)
        throw this.implausible(
          n,
          `${owner} ${f} is ${String(x)}, beyond ${String(max)} ${unit} (the most one device can do)`,
        );
    }
  }

  private readHeader(v: Json, n: number): CollectorHeader {
    if (v.type !== 'header')
      throw this.corrupt(n, `The first record must be the header, not ${JSON.stringify(v.type ?? null)}`);
    if (v.format !== 'iokit')
      throw this.corrupt(n, `The header's format is ${JSON.stringify(v.format ?? null)}, not "iokit"`);
    if (typeof v.formatVersion !== 'number' || !Number.isInteger(v.formatVersion) || v.formatVersion < 1)
      throw this.corrupt(n, 'The header has no valid formatVersion');
    if (!(COLLECTOR_FORMAT_VERSIONS as readonly number[]).includes(v.formatVersion))
      throw new CollectorFileError(
        'iokit_file_wrong_version',
        `The file is format version ${String(v.formatVersion)}; this server reads versions ${COLLECTOR_FORMAT_VERSIONS.slice(0, -1).join(', ')} and ${String(COLLECTOR_FORMAT_VERSIONS.at(-1))}.`,
        n,
      );
    this.version = v.formatVersion;
    // Version 3 keeps every rule of version 2 and adds its layers.
    const v2 = this.version >= 2;
    const v3 = this.version === 3;
    const c = v.collector;
    if (!isObject(c) || !isId(c.name) || !isId(c.version))
      throw this.corrupt(n, 'The header needs collector.name and collector.version');
    if (
      !isText(v.start) ||
      Number.isNaN(Date.parse(v.start)) ||
      !isText(v.end) ||
      Number.isNaN(Date.parse(v.end))
    )
      throw this.corrupt(n, 'The header needs start and end as ISO 8601 instants');
    if (Date.parse(v.end) < Date.parse(v.start))
      throw this.corrupt(n, "The header's end is before its start");
    if (!isCount(v.intervalSeconds) || v.intervalSeconds < 1)
      throw this.corrupt(n, 'The header needs intervalSeconds, a whole number of seconds ≥ 1');
    if (!Array.isArray(v.clusters)) throw this.corrupt(n, 'The header needs clusters (a list, maybe empty)');
    if (v3) this.readCollection(v, n);
    const datacenters = v3 ? this.readDatacenters(v, n) : new Set<string>();
    const clusters = new Set<string>();
    v.clusters.forEach((cl: unknown, i) => {
      if (!isObject(cl) || !isId(cl.id) || !isText(cl.name))
        throw this.corrupt(n, `clusters[${String(i)}] needs id and name`);
      if (clusters.has(cl.id)) throw this.corrupt(n, `Cluster id ${JSON.stringify(cl.id)} appears twice`);
      if (v3 && !isReference(cl.datacenterId, datacenters))
        throw this.corrupt(
          n,
          `clusters[${String(i)}].datacenterId ${JSON.stringify(cl.datacenterId)} names no datacenter of the header`,
        );
      clusters.add(cl.id);
    });
    const datastores = v3 ? this.readDatastores(v, n) : new Set<string>();
    if (!Array.isArray(v.hosts) || v.hosts.length === 0)
      throw this.corrupt(n, 'The header needs hosts (at least one)');
    if (v.hosts.length > this.limits.hosts)
      throw new CollectorFileError(
        'iokit_file_too_many_hosts',
        `The header lists ${String(v.hosts.length)} hosts; a file may list at most ${String(this.limits.hosts)}: split the collection over several files.`,
        n,
      );
    v.hosts.forEach((h: unknown, i) => {
      const at = `hosts[${String(i)}]`;
      if (!isObject(h) || !isId(h.id) || !isId(h.name) || !isText(h.os))
        throw this.corrupt(n, `${at} needs id, name and os`);
      if (this.hosts.has(h.id)) throw this.corrupt(n, `Host id ${JSON.stringify(h.id)} appears twice`);
      const cpu = h.cpu;
      if (!isObject(cpu) || !isText(cpu.model) || !isCount(cpu.cores) || cpu.cores < 1)
        throw this.corrupt(n, `${at}.cpu needs model and cores (a whole number ≥ 1)`);
      if (!isCount(h.memoryBytes)) throw this.corrupt(n, `${at}.memoryBytes must be a whole number ≥ 0`);
      if (!Array.isArray(h.disks) || !Array.isArray(h.nics))
        throw this.corrupt(n, `${at} needs disks and nics (lists)`);
      if (h.disks.length > this.limits.disksPerHost || h.nics.length > this.limits.nicsPerHost)
        throw new CollectorFileError(
          'iokit_file_too_many_devices',
          `${at} lists ${String(h.disks.length)} disks and ${String(h.nics.length)} network interfaces; a host may have at most ${String(this.limits.disksPerHost)} disks and ${String(this.limits.nicsPerHost)} interfaces.`,
          n,
        );
      const disks = new Set<string>();
      const whole = new Set<string>();
      h.disks.forEach((d: unknown, j) => {
        const dat = `${at}.disks[${String(j)}]`;
        if (!isObject(d) || !isId(d.id) || !isText(d.name)) throw this.corrupt(n, `${dat} needs id and name`);
        if (!isCount(d.capacityBytes))
          throw this.corrupt(n, `${dat}.capacityBytes must be a whole number ≥ 0`);
        if (d.usedBytes !== undefined && !(v3 ? isCountOrNull(d.usedBytes) : isCount(d.usedBytes)))
          throw this.corrupt(
            n,
            `${dat}.usedBytes, when given, must be a whole number ≥ 0${v3 ? ' or null (unknown)' : ''}`,
          );
        if (v3 && !isReference(d.datastoreId, datastores))
          throw this.corrupt(
            n,
            `${dat}.datastoreId ${JSON.stringify(d.datastoreId)} names no datastore of the header`,
          );
        if (d.kind !== 'local' && d.kind !== 'shared')
          throw this.corrupt(n, `${dat}.kind must be local or shared`);
        if (d.clusterId !== undefined && !(isText(d.clusterId) && clusters.has(d.clusterId)))
          throw this.corrupt(n, `${dat}.clusterId names no cluster of the header`);
        if (v2 && !(DISK_LAYERS as readonly unknown[]).includes(d.layer))
          throw this.corrupt(n, `${dat}.layer must be one of ${DISK_LAYERS.join(', ')}`);
        if (disks.has(d.id)) throw this.corrupt(n, `Disk id ${JSON.stringify(d.id)} appears twice on ${at}`);
        disks.add(d.id);
        if (d.layer === 'disk') whole.add(d.id);
      });
      const nics = new Set<string>();
      h.nics.forEach((x: unknown, j) => {
        if (!isObject(x) || !isId(x.id) || !isText(x.name))
          throw this.corrupt(n, `${at}.nics[${String(j)}] needs id and name`);
        if (nics.has(x.id)) throw this.corrupt(n, `NIC id ${JSON.stringify(x.id)} appears twice on ${at}`);
        nics.add(x.id);
      });
      if (v2) this.readHostV2(h, at, whole, n);
      if (v3) this.readHostV3(h, at, clusters, datacenters, n);
      this.hosts.set(h.id, { index: i, disks, whole, nics, memoryBytes: h.memoryBytes, lastT: -1 });
    });
    if (v3) this.readReferencesV3(v, n);
    return v as unknown as CollectorHeader;
  }

  /** v3: which collection and part the file is, when given (a collection split into parts under the upload limit). */
  private readCollection(v: Json, n: number): void {
    if (v.collection === undefined) return;
    const c = v.collection;
    if (!isObject(c)) throw this.corrupt(n, "The header's collection, when given, must be { id, part }");
    // Code points, as the contract's maxLength counts them.
    if (!isId(c.id) || Array.from(c.id).length > COLLECTION.idChars)
      throw this.corrupt(
        n,
        `The header's collection.id must be a string of 1 to ${String(COLLECTION.idChars)} characters`,
      );
    if (!isCount(c.part) || c.part < 1 || c.part > COLLECTION.parts)
      throw this.corrupt(
        n,
        `The header's collection.part must be a whole number from 1 to ${String(COLLECTION.parts)}`,
      );
  }

  /** v3: the datacenters (ids unique). */
  private readDatacenters(v: Json, n: number): Set<string> {
    if (!Array.isArray(v.datacenters))
      throw this.corrupt(n, 'The header needs datacenters (a list, maybe empty) in version 3');
    if (v.source !== undefined && v.source !== null) {
      const src = v.source;
      if (
        !isObject(src) ||
        (src.kind !== 'vcenter' && src.kind !== 'esxi') ||
        !isText(src.name) ||
        !isText(src.version)
      )
        throw this.corrupt(n, "The header's source must be null or { kind: vcenter or esxi, name, version }");
    }
    const ids = new Set<string>();
    v.datacenters.forEach((dc: unknown, i) => {
      if (!isObject(dc) || !isId(dc.id) || !isText(dc.name))
        throw this.corrupt(n, `datacenters[${String(i)}] needs id and name`);
      if (ids.has(dc.id)) throw this.corrupt(n, `Datacenter id ${JSON.stringify(dc.id)} appears twice`);
      ids.add(dc.id);
    });
    return ids;
  }

  /** v3: the datastores (ids unique, at most COLLECTOR_FILE_LIMITS.datastores); their hosts are checked after the hosts. */
  private readDatastores(v: Json, n: number): Set<string> {
    if (!Array.isArray(v.datastores))
      throw this.corrupt(n, 'The header needs datastores (a list, maybe empty) in version 3');
    if (v.datastores.length > this.limits.datastores)
      throw new CollectorFileError(
        'iokit_file_too_many_devices',
        `The header lists ${String(v.datastores.length)} datastores; a file may list at most ${String(this.limits.datastores)}: split the collection over several files.`,
        n,
      );
    const ids = new Set<string>();
    v.datastores.forEach((ds: unknown, i) => {
      const at = `datastores[${String(i)}]`;
      if (!isObject(ds) || !isId(ds.id) || !isText(ds.name) || !isText(ds.type))
        throw this.corrupt(n, `${at} needs id, name and type`);
      if (ids.has(ds.id)) throw this.corrupt(n, `Datastore id ${JSON.stringify(ds.id)} appears twice`);
      if (!isCount(ds.capacityBytes) || !isCountOrNull(ds.freeBytes))
        throw this.corrupt(
          n,
          `${at} needs capacityBytes and freeBytes, whole numbers ≥ 0 (freeBytes null: unknown)`,
        );
      if (ds.freeBytes !== null && ds.freeBytes > ds.capacityBytes)
        throw this.corrupt(n, `${at}.freeBytes is more than its capacityBytes`);
      if (!Array.isArray(ds.hosts) || !ds.hosts.every(isId))
        throw this.corrupt(n, `${at}.hosts must list the ids of the hosts that mount it`);
      ids.add(ds.id);
    });
    return ids;
  }

  /** v3: an entry's layer, datacenter, cluster, and for a VM its power state (runsOn is checked after every entry). */
  private readHostV3(h: Json, at: string, clusters: Set<string>, datacenters: Set<string>, n: number): void {
    if (!(ENTITY_KINDS as readonly unknown[]).includes(h.entity))
      throw this.corrupt(n, `${at}.entity must be one of ${ENTITY_KINDS.join(', ')} (required in version 3)`);
    if (!isReference(h.datacenterId, datacenters))
      throw this.corrupt(
        n,
        `${at}.datacenterId ${JSON.stringify(h.datacenterId)} names no datacenter of the header`,
      );
    if (!isReference(h.clusterId, clusters))
      throw this.corrupt(n, `${at}.clusterId ${JSON.stringify(h.clusterId)} names no cluster of the header`);
    const cpu = h.cpu as Json;
    for (const f of ['sockets', 'physicalCores'] as const)
      if (cpu[f] !== undefined && !(isCount(cpu[f]) && cpu[f] >= 1))
        throw this.corrupt(n, `${at}.cpu.${f}, when given, must be a whole number ≥ 1`);
    if (cpu.mhz !== undefined && !isMeasure(cpu.mhz))
      throw this.corrupt(n, `${at}.cpu.mhz, when given, must be a number ≥ 0`);
    if (h.entity !== 'vm') return;
    if (h.runsOn === undefined)
      throw this.corrupt(n, `${at} is a VM: runsOn (the id of its host, or null) is required`);
    if (!(POWER_STATES as readonly unknown[]).includes(h.powerState))
      throw this.corrupt(n, `${at} is a VM: powerState must be one of ${POWER_STATES.join(', ')}`);
  }

  /** v3, after every entry: a VM runs on a host entity of the file; a datastore is mounted by host entities. */
  private readReferencesV3(v: Json, n: number): void {
    const hosts = v.hosts as Json[];
    const hostEntities = new Set(hosts.filter((h) => h.entity === 'host').map((h) => h.id as string));
    hosts.forEach((h, i) => {
      if (h.entity === 'vm' && h.runsOn !== null && !(isText(h.runsOn) && hostEntities.has(h.runsOn)))
        throw this.corrupt(
          n,
          `hosts[${String(i)}].runsOn ${JSON.stringify(h.runsOn)} names no host entity (entity host) of the file`,
        );
    });
    (v.datastores as Json[]).forEach((ds, i) => {
      for (const id of ds.hosts as string[])
        if (!hostEntities.has(id))
          throw this.corrupt(
            n,
            `datastores[${String(i)}].hosts names ${JSON.stringify(id)}, no host entity (entity host) of the file`,
          );
    });
  }

  /** A v2 host's own fields: time zone, physical or virtual, file systems over its disks. */
  private readHostV2(h: Json, at: string, wholeDisks: Set<string>, n: number): void {
    if (!isTimeZone(h.timeZone))
      throw this.corrupt(n, `${at}.timeZone must be an IANA time zone name or a UTC offset such as +01:00`);
    if (h.machine !== null && !(MACHINE_KINDS as readonly unknown[]).includes(h.machine))
      throw this.corrupt(n, `${at}.machine must be physical, virtual or null (unknown)`);
    const fileSystems = h.fileSystems;
    if (!Array.isArray(fileSystems)) throw this.corrupt(n, `${at} needs fileSystems (a list, maybe empty)`);
    if (fileSystems.length > this.limits.fileSystemsPerHost)
      throw new CollectorFileError(
        'iokit_file_too_many_devices',
        `${at} lists ${String(fileSystems.length)} file systems; a host may have at most ${String(this.limits.fileSystemsPerHost)}.`,
        n,
      );
    fileSystems.forEach((f: unknown, j) => {
      const fat = `${at}.fileSystems[${String(j)}]`;
      if (!isObject(f) || !isId(f.mount) || !isText(f.device))
        throw this.corrupt(n, `${fat} needs mount and device`);
      if (!isCount(f.sizeBytes) || !isCountOrNull(f.usedBytes) || !isCountOrNull(f.freeBytes))
        throw this.corrupt(
          n,
          `${fat} needs sizeBytes, usedBytes and freeBytes, whole numbers ≥ 0 (null: unknown)`,
        );
      if (!Array.isArray(f.disks) || f.disks.length === 0)
        throw this.corrupt(n, `${fat}.disks must list the disks it sits on (at least one)`);
      for (const id of f.disks as unknown[])
        if (!isText(id) || !wholeDisks.has(id))
          throw this.corrupt(
            n,
            `${fat}.disks names ${JSON.stringify(id)}, not a whole disk (layer disk) of ${at}`,
          );
      if (f.usedBytes !== null && f.usedBytes > f.sizeBytes * PLAUSIBILITY.fileSystemShare)
        throw this.implausible(
          n,
          `${fat} (${f.mount}) has usedBytes ${String(f.usedBytes)}, more than its sizeBytes ${String(f.sizeBytes)}`,
        );
    });
  }

  private readSample(v: Json, n: number): CollectorSample {
    const host = isText(v.host) ? this.hosts.get(v.host) : undefined;
    if (host === undefined)
      throw this.corrupt(n, `The sample's host ${JSON.stringify(v.host ?? null)} is not in the header`);
    if (this.version >= 2) return this.readSampleV2(v, n, host);
    const t = v.t;
    if (!isCount(t)) throw this.corrupt(n, 'The sample needs t, whole seconds since the Unix epoch');
    if (t <= host.lastT)
      throw this.corrupt(
        n,
        `Samples of host ${String(v.host)} are out of time order (t ${String(t)} after ${String(host.lastT)})`,
      );
    host.lastT = t;
    if (!isMeasure(v.cpuPct) || v.cpuPct > 100)
      throw this.corrupt(n, 'cpuPct must be a number from 0 to 100');
    if (!isMeasure(v.memUsedBytes)) throw this.corrupt(n, 'memUsedBytes must be a finite number ≥ 0');
    if (host.memoryBytes > 0 && v.memUsedBytes > host.memoryBytes * PLAUSIBILITY.memoryShare)
      throw this.implausible(
        n,
        `memUsedBytes ${String(v.memUsedBytes)} is more than host ${String(v.host)} has (memoryBytes ${String(host.memoryBytes)})`,
      );
    const disks = v.disks;
    if (!isObject(disks)) throw this.corrupt(n, 'The sample needs disks (an object by disk id)');
    for (const id in disks) {
      if (!host.disks.has(id))
        throw this.corrupt(n, `Disk ${JSON.stringify(id)} is not in the inventory of host ${String(v.host)}`);
      const d = disks[id];
      if (
        !isObject(d) ||
        !isMeasure(d.readIops) ||
        !isMeasure(d.writeIops) ||
        !isMeasure(d.readBps) ||
        !isMeasure(d.writeBps) ||
        !isMeasure(d.latencyMs) ||
        !isMeasure(d.queueDepth)
      )
        throw this.corrupt(
          n,
          `Disk ${JSON.stringify(id)} needs readIops, writeIops, readBps, writeBps, latencyMs and queueDepth, finite numbers ≥ 0`,
        );
      this.limit(
        n,
        `Disk ${JSON.stringify(id)}`,
        d,
        ['readIops', 'writeIops'],
        PLAUSIBILITY.diskIops,
        'I/Os per second',
      );
      this.limit(
        n,
        `Disk ${JSON.stringify(id)}`,
        d,
        ['readBps', 'writeBps'],
        PLAUSIBILITY.diskBytesPerSecond,
        'bytes per second',
      );
      this.limit(n, `Disk ${JSON.stringify(id)}`, d, ['latencyMs'], PLAUSIBILITY.latencyMs, 'milliseconds');
      this.limit(
        n,
        `Disk ${JSON.stringify(id)}`,
        d,
        ['queueDepth'],
        PLAUSIBILITY.queueDepth,
        'I/Os in flight',
      );
    }
    const net = v.net;
    if (!isObject(net)) throw this.corrupt(n, 'The sample needs net (an object by interface id)');
    for (const id in net) {
      if (!host.nics.has(id))
        throw this.corrupt(
          n,
          `Interface ${JSON.stringify(id)} is not in the inventory of host ${String(v.host)}`,
        );
      const x = net[id];
      if (!isObject(x) || !isMeasure(x.rxBps) || !isMeasure(x.txBps))
        throw this.corrupt(n, `Interface ${JSON.stringify(id)} needs rxBps and txBps, finite numbers ≥ 0`);
      this.limit(
        n,
        `Interface ${JSON.stringify(id)}`,
        x,
        ['rxBps', 'txBps'],
        PLAUSIBILITY.nicBytesPerSecond,
        'bytes per second',
      );
    }
    this.counted(n);
    return v as unknown as CollectorSample;
  }

  /**
   * The scanned sample (scanSample) against the rules of readSampleV2, and its packed row as SampleReducer.reduceV2
   * computes it; false, changing nothing, when any rule fails or the line is unusual: the general reader then reads
   * it and gives its error.
   */
  private plainSample(): boolean {
    const s = this.scan;
    const host = this.hosts.get(s.host);
    const sink = this.sink;
    if (host === undefined || sink === null) return false;
    const t = s.tMs;
    if (!isCount(t) || t <= host.lastT) return false;
    const interval = s.intervalMs;
    if (!isCount(interval) || interval < 1 || interval > t || interval > PLAUSIBILITY.intervalMs)
      return false;
    const known = isMeasureOrNaN;
    if (!known(s.cpuPct) || s.cpuPct > 100 || !known(s.memUsedBytes)) return false;
    if ((s.hasCpuMhz || s.hasMemActive) && this.version !== 3) return false;
    if (!known(s.cpuMhz) || !known(s.memActiveBytes)) return false;
    if (host.memoryBytes > 0 && s.memUsedBytes > host.memoryBytes * PLAUSIBILITY.memoryShare) return false;
    if (this.samples + 1 > this.limits.samples) return false;
    const d = s.disks;
    const width = DISK_MEASURES.length;
    for (let k = 0; k < s.nDisks; k++) {
      const id = s.diskIds[k] ?? '';
      if (!host.disks.has(id)) return false;
      // A repeated id: JSON.parse keeps its last value where the first was; the general reader reads that.
      for (let j = 0; j < k; j++) if (s.diskIds[j] === id) return false;
      const o = k * width;
      for (let f = 0; f < width; f++) if (!known(d[o + f] ?? 0)) return false;
      // NaN (null) is beyond no limit.
      const iops = PLAUSIBILITY.diskIops;
      const bps = PLAUSIBILITY.diskBytesPerSecond;
      if ((d[o] ?? 0) > iops || (d[o + 1] ?? 0) > iops || (d[o + 2] ?? 0) > bps || (d[o + 3] ?? 0) > bps)
        return false;
      if ((d[o + 4] ?? 0) > PLAUSIBILITY.latencyMs || (d[o + 5] ?? 0) > PLAUSIBILITY.latencyMs) return false;
      if ((d[o + 6] ?? 0) > PLAUSIBILITY.queueDepth) return false;
    }
    for (let k = 0; k < s.nNics; k++) {
      const id = s.nicIds[k] ?? '';
      if (!host.nics.has(id)) return false;
      for (let j = 0; j < k; j++) if (s.nicIds[j] === id) return false;
      const rxBps = s.nics[k * 2] ?? 0;
      const txBps = s.nics[k * 2 + 1] ?? 0;
      if (!known(rxBps) || !known(txBps)) return false;
      if (rxBps > PLAUSIBILITY.nicBytesPerSecond || txBps > PLAUSIBILITY.nicBytesPerSecond) return false;
    }
    // The totals, added in the order SampleReducer adds them (for..in over the parsed object).
    let ri = Number.NaN;
    let wi = Number.NaN;
    let rb = Number.NaN;
    let wb = Number.NaN;
    let rLatW = 0;
    let rLatN = 0;
    let wLatW = 0;
    let wLatN = 0;
    let qd = Number.NaN;
    const order = this.order;
    forInOrder(s.diskIds, s.nDisks, order);
    for (const k of order) {
      if (!host.whole.has(s.diskIds[k] ?? '')) continue;
      const o = k * width;
      const rIops = d[o] ?? 0;
      const wIops = d[o + 1] ?? 0;
      const rLat = d[o + 4] ?? 0;
      const wLat = d[o + 5] ?? 0;
      qd = add(qd, d[o + 6] ?? 0);
      ri = add(ri, rIops);
      wi = add(wi, wIops);
      rb = add(rb, d[o + 2] ?? 0);
      wb = add(wb, d[o + 3] ?? 0);
      if (!Number.isNaN(rLat) && !Number.isNaN(rIops) && rIops > 0) {
        rLatW += rLat * rIops;
        rLatN += rIops;
      }
      if (!Number.isNaN(wLat) && !Number.isNaN(wIops) && wIops > 0) {
        wLatW += wLat * wIops;
        wLatN += wIops;
      }
    }
    let rx = Number.NaN;
    let tx = Number.NaN;
    forInOrder(s.nicIds, s.nNics, order);
    for (const k of order) {
      rx = add(rx, s.nics[k * 2] ?? 0);
      tx = add(tx, s.nics[k * 2 + 1] ?? 0);
    }
    // Every rule holds: the sample counts, and its row is written.
    host.lastT = t;
    this.samples += 1;
    const out = sink.rows;
    const r = out.rows;
    const o = out.count * PACKED;
    r[o] = host.index;
    r[o + 1] = t / 1000;
    r[o + 2] = ri;
    r[o + 3] = wi;
    r[o + 4] = rb;
    r[o + 5] = wb;
    r[o + 6] = rLatN + wLatN > 0 ? (rLatW + wLatW) / (rLatN + wLatN) : Number.NaN;
    r[o + 7] = s.cpuPct;
    r[o + 8] = s.memUsedBytes;
    r[o + 9] = rx;
    r[o + 10] = tx;
    r[o + 11] = rLatN > 0 ? rLatW / rLatN : Number.NaN;
    r[o + 12] = wLatN > 0 ? wLatW / wLatN : Number.NaN;
    r[o + 13] = interval / 1000;
    r[o + 14] = qd;
    r[o + 15] = s.cpuMhz;
    r[o + 16] = s.memActiveBytes;
    out.count += 1;
    if (out.full) sink.flush();
    return true;
  }

  private counted(n: number): void {
    this.samples += 1;
    if (this.samples > this.limits.samples)
      throw new CollectorFileError(
        'iokit_file_too_many_samples',
        `The file has more than ${String(this.limits.samples)} samples, the most a file may hold: split the collection over several files.`,
        n,
      );
  }

  /** A v2 sample: millisecond time and interval, every measure a number ≥ 0 or null (unknown). */
  private readSampleV2(v: Json, n: number, host: HostState): CollectorSample {
    const t = v.tMs;
    if (!isCount(t)) throw this.corrupt(n, 'The sample needs tMs, whole milliseconds since the Unix epoch');
    if (t <= host.lastT)
      throw this.corrupt(
        n,
        `Samples of host ${String(v.host)} are out of time order (tMs ${String(t)} after ${String(host.lastT)})`,
      );
    host.lastT = t;
    if (!isCount(v.intervalMs) || v.intervalMs < 1 || v.intervalMs > t)
      throw this.corrupt(n, 'The sample needs intervalMs, the whole milliseconds its interval lasted (≥ 1)');
    if (v.intervalMs > PLAUSIBILITY.intervalMs)
      throw this.implausible(
        n,
        `intervalMs is ${String(v.intervalMs)}, beyond ${String(PLAUSIBILITY.intervalMs)} milliseconds (one day)`,
      );
    if (!isMeasureOrNull(v.cpuPct) || (v.cpuPct !== null && v.cpuPct > 100))
      throw this.corrupt(n, 'cpuPct must be a number from 0 to 100, or null (unknown)');
    if (!isMeasureOrNull(v.memUsedBytes))
      throw this.corrupt(n, 'memUsedBytes must be a finite number ≥ 0, or null (unknown)');
    if (this.version === 3)
      for (const f of ['cpuMhz', 'memActiveBytes'] as const)
        if (v[f] !== undefined && !isMeasureOrNull(v[f]))
          throw this.corrupt(n, `${f}, when given, must be a finite number ≥ 0, or null (unknown)`);
    if (
      v.memUsedBytes !== null &&
      host.memoryBytes > 0 &&
      v.memUsedBytes > host.memoryBytes * PLAUSIBILITY.memoryShare
    )
      throw this.implausible(
        n,
        `memUsedBytes ${String(v.memUsedBytes)} is more than host ${String(v.host)} has (memoryBytes ${String(host.memoryBytes)})`,
      );
    const disks = v.disks;
    if (!isObject(disks)) throw this.corrupt(n, 'The sample needs disks (an object by disk id)');
    for (const id in disks) {
      if (!host.disks.has(id))
        throw this.corrupt(n, `Disk ${JSON.stringify(id)} is not in the inventory of host ${String(v.host)}`);
      const d = disks[id];
      if (!isObject(d) || !DISK_FIELDS_V2.every((f) => isMeasureOrNull(d[f])))
        throw this.corrupt(
          n,
          `Disk ${JSON.stringify(id)} needs ${DISK_FIELDS_V2.join(', ')}, finite numbers ≥ 0 or null (unknown)`,
        );
      const owner = `Disk ${JSON.stringify(id)}`;
      this.limit(n, owner, d, ['readIops', 'writeIops'], PLAUSIBILITY.diskIops, 'I/Os per second');
      this.limit(n, owner, d, ['readBps', 'writeBps'], PLAUSIBILITY.diskBytesPerSecond, 'bytes per second');
      this.limit(n, owner, d, ['readLatencyMs', 'writeLatencyMs'], PLAUSIBILITY.latencyMs, 'milliseconds');
      this.limit(n, owner, d, ['queueDepth'], PLAUSIBILITY.queueDepth, 'I/Os in flight');
    }
    const net = v.net;
    if (!isObject(net)) throw this.corrupt(n, 'The sample needs net (an object by interface id)');
    for (const id in net) {
      if (!host.nics.has(id))
        throw this.corrupt(
          n,
          `Interface ${JSON.stringify(id)} is not in the inventory of host ${String(v.host)}`,
        );
      const x = net[id];
      if (!isObject(x) || !isMeasureOrNull(x.rxBps) || !isMeasureOrNull(x.txBps))
        throw this.corrupt(
          n,
          `Interface ${JSON.stringify(id)} needs rxBps and txBps, finite numbers ≥ 0 or null (unknown)`,
        );
      this.limit(
        n,
        `Interface ${JSON.stringify(id)}`,
        x,
        ['rxBps', 'txBps'],
        PLAUSIBILITY.nicBytesPerSecond,
        'bytes per second',
      );
    }
    this.counted(n);
    return v as unknown as CollectorSample;
  }

  private readEnd(v: Json, n: number): CollectorEnd {
    if (!isCount(v.samples)) throw this.corrupt(n, 'The end record needs samples, a whole number ≥ 0');
    if (v.samples !== this.samples)
      throw new CollectorFileError(
        'iokit_file_truncated',
        `The end record counts ${String(v.samples)} samples but the file has ${String(this.samples)}: samples are missing (truncated) or the file is damaged.`,
        n,
      );
    return v as unknown as CollectorEnd;
  }
}

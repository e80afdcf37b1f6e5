// The streamed reader of an open collector file (format v1, docs/collector-format.md): gunzip, split into lines,
// validate each line and yield it as a CollectorRecord. Memory stays constant whatever the file's size: one
// decompressed chunk, one partial line and, per host, the last sample time are all it keeps.
import { StringDecoder } from 'node:string_decoder';
import { Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { CollectorFileError } from './errors.ts';
import {
  COLLECTOR_FORMAT_VERSION,
  type CollectorEnd,
  type CollectorHeader,
  type CollectorRecord,
  type CollectorSample,
} from './records.ts';

/** A longer line is refused (a header of a few thousand hosts is far below it): memory stays bounded. */
export const MAX_LINE_CHARS = 32 * 1024 * 1024;

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const isCount = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0;
const isMeasure = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v) && v >= 0;
const isText = (v: unknown): v is string => typeof v === 'string';
const isId = (v: unknown): v is string => typeof v === 'string' && v.length > 0;

/** What the reader knows of a host once the header is read. */
interface HostState {
  disks: Set<string>;
  nics: Set<string>;
  /** Time of the host's last sample (samples of a host come in strictly increasing time). */
  lastT: number;
}

/**
 * Reads an open collector file as it streams in and yields its records in order: the header, every sample, the
 * end record. Throws a CollectorFileError (errorKey + English reason) for a corrupt, truncated, wrong-version or
 * empty file; records yielded before the error were valid. Stopping early (break) releases the input.
 */
export async function* parseCollectorFile(
  input: Readable | AsyncIterable<Buffer | Uint8Array>,
): AsyncGenerator<CollectorRecord> {
  for await (const batch of parseCollectorFileBatches(input)) yield* batch;
}

/**
 * The same reader, yielding the records of each decompressed chunk together (a few hundred at a time): for bulk
 * consumers such as the series store, it saves the cost of one asynchronous step per record. Memory stays bounded
 * by the chunk size.
 */
export async function* parseCollectorFileBatches(
  input: Readable | AsyncIterable<Buffer | Uint8Array>,
): AsyncGenerator<CollectorRecord[]> {
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
  source.pipe(gunzip);

  const reader = new LineValidator();
  // Each decompressed chunk is decoded once (a character split across chunks waits for its other bytes) and cut at
  // its newlines; only the unfinished last line is carried over to the next chunk.
  const decoder = new StringDecoder('utf8');
  let partial = '';
  let batch: CollectorRecord[] = [];
  try {
    for await (const chunk of gunzip as AsyncIterable<Buffer>) {
      // The carried-over part has no newline: the search starts after it.
      const carried = partial.length;
      const text = partial + decoder.write(chunk);
      let start = 0;
      let nl = text.indexOf('\n', carried);
      batch = [];
      while (nl !== -1) {
        const record = reader.line(text.slice(start, nl));
        if (record !== null) batch.push(record);
        start = nl + 1;
        nl = text.indexOf('\n', start);
      }
      partial = start === 0 ? text : text.slice(start);
      if (partial.length > MAX_LINE_CHARS) throw reader.tooLong();
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
  partial += decoder.end();
  if (partial !== '') {
    const record = reader.line(partial);
    if (record !== null) yield [record];
  }
  reader.finish();
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

/** Checks the lines one by one, in order; keeps only what later lines are checked against. */
class LineValidator {
  lineNumber = 0;
  private header: CollectorHeader | null = null;
  private readonly hosts = new Map<string, HostState>();
  private samples = 0;
  private end: CollectorEnd | null = null;

  tooLong(): CollectorFileError {
    return new CollectorFileError(
      'iokit_file_corrupt',
      `A line is longer than ${String(MAX_LINE_CHARS / 1024 / 1024)} M characters (corrupt): lines end with a newline.`,
      this.lineNumber + 1,
    );
  }

  /** One line (without its newline); null for a blank line. */
  line(text: string): CollectorRecord | null {
    this.lineNumber += 1;
    if (text.charCodeAt(0) !== 0x7b && text.trim() === '') return null;
    const n = this.lineNumber;
    if (this.end !== null)
      throw new CollectorFileError('iokit_file_corrupt', 'There is data after the end record (corrupt).', n);
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
    if (this.header === null) return (this.header = this.readHeader(value, n));
    switch (value.type) {
      case 'sample':
        return this.readSample(value, n);
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

  private readHeader(v: Json, n: number): CollectorHeader {
    if (v.type !== 'header')
      throw this.corrupt(n, `The first record must be the header, not ${JSON.stringify(v.type ?? null)}`);
    if (v.format !== 'iokit')
      throw this.corrupt(n, `The header's format is ${JSON.stringify(v.format ?? null)}, not "iokit"`);
    if (typeof v.formatVersion !== 'number' || !Number.isInteger(v.formatVersion) || v.formatVersion < 1)
      throw this.corrupt(n, 'The header has no valid formatVersion');
    if (v.formatVersion !== COLLECTOR_FORMAT_VERSION)
      throw new CollectorFileError(
        'iokit_file_wrong_version',
        `The file is format version ${String(v.formatVersion)}; this server reads version ${String(COLLECTOR_FORMAT_VERSION)} only.`,
        n,
      );
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
    const clusters = new Set<string>();
    v.clusters.forEach((cl: unknown, i) => {
      if (!isObject(cl) || !isId(cl.id) || !isText(cl.name))
        throw this.corrupt(n, `clusters[${String(i)}] needs id and name`);
      if (clusters.has(cl.id)) throw this.corrupt(n, `Cluster id ${JSON.stringify(cl.id)} appears twice`);
      clusters.add(cl.id);
    });
    if (!Array.isArray(v.hosts) || v.hosts.length === 0)
      throw this.corrupt(n, 'The header needs hosts (at least one)');
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
      const disks = new Set<string>();
      h.disks.forEach((d: unknown, j) => {
        const dat = `${at}.disks[${String(j)}]`;
        if (!isObject(d) || !isId(d.id) || !isText(d.name)) throw this.corrupt(n, `${dat} needs id and name`);
        if (!isCount(d.capacityBytes))
          throw this.corrupt(n, `${dat}.capacityBytes must be a whole number ≥ 0`);
        if (d.usedBytes !== undefined && !isCount(d.usedBytes))
          throw this.corrupt(n, `${dat}.usedBytes, when given, must be a whole number ≥ 0`);
        if (d.kind !== 'local' && d.kind !== 'shared')
          throw this.corrupt(n, `${dat}.kind must be local or shared`);
        if (d.clusterId !== undefined && !(isText(d.clusterId) && clusters.has(d.clusterId)))
          throw this.corrupt(n, `${dat}.clusterId names no cluster of the header`);
        if (disks.has(d.id)) throw this.corrupt(n, `Disk id ${JSON.stringify(d.id)} appears twice on ${at}`);
        disks.add(d.id);
      });
      const nics = new Set<string>();
      h.nics.forEach((x: unknown, j) => {
        if (!isObject(x) || !isId(x.id) || !isText(x.name))
          throw this.corrupt(n, `${at}.nics[${String(j)}] needs id and name`);
        if (nics.has(x.id)) throw this.corrupt(n, `NIC id ${JSON.stringify(x.id)} appears twice on ${at}`);
        nics.add(x.id);
      });
      this.hosts.set(h.id, { disks, nics, lastT: -1 });
    });
    return v as unknown as CollectorHeader;
  }

  private readSample(v: Json, n: number): CollectorSample {
    const host = isText(v.host) ? this.hosts.get(v.host) : undefined;
    if (host === undefined)
      throw this.corrupt(n, `The sample's host ${JSON.stringify(v.host ?? null)} is not in the header`);
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
    }
    this.samples += 1;
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

// The sample store: every collector sample a host (server, vSphere host or VM) reported, as the per-host totals
// reduce.ts packs. The one module that knows its layout: the writer (store.ts), every reader and the upgrade of a
// data folder from the row-per-sample table go through here.
//
// Layout: series_chunks holds, per host, runs of up to CHUNK_SAMPLES consecutive samples as one row
// (host_id, first_t, last_t, count, data), keyed (host_id, first_t). data is the chunk's SAMPLE_FIELDS as columns,
// one after the other, each `count` values: t exactly as the collector stated it (seconds, milliseconds as
// fractions), then the values, NaN for an unknown value (format v2's null: never 0). Each column is stored in the
// narrowest of these encodings that gives back every value exactly (encodeChunk: the same doubles, bit for bit but a
// NaN's payload): one value for the whole column (an interval, a figure never stated), a first value and a step (t at
// a regular interval: v0 + i × step as decoded), 32-bit integers (bytes per second, MHz), 32-bit hundredths (a value
// written with two decimals, v = round(100 v) / 100 exactly), else the Float64 values. Little-endian (every
// platform Node runs this on): a magic NaN (never a stored t: the parser keeps t finite), a byte per column giving
// its encoding, the 8-byte parts of the columns in order, then their 4-byte parts. A vSphere VM's chunk of 128
// samples is about 8 KiB instead of 16 (128 bytes a sample written twice, to the WAL and by its checkpoint, was the
// store's largest cost). A blob of exactly count × 16 Float64 values not starting with the magic is a chunk written
// before the encodings (its columns as Float64 values), read as it is. A row per sample made SQLite's (host_id, t)
// B-tree take one random insert per sample (samples arrive time-major: every host at t, then every host at
// t + interval); a chunk is one insert per CHUNK_SAMPLES of a host, appended at the end of that host's key range.
//
// The writer buffers one open chunk per host: CHUNK_SAMPLES × SAMPLE_FIELDS doubles (16 KiB) per host that has
// samples, so about 18 MB for a 1,100-host vSphere estate, whatever the file's length.
import type { DatabaseSync, StatementSync } from 'node:sqlite';
import { endianness } from 'node:os';
import { wroteBytes } from '../store/write-turn.ts';

/** The stored fields of a sample, in the order of a packed row after its host index (reduce.ts). */
export const SAMPLE_FIELDS = [
  't',
  'read_iops',
  'write_iops',
  'read_bps',
  'write_bps',
  'latency_ms',
  'cpu_pct',
  'mem_bytes',
  'rx_bps',
  'tx_bps',
  'read_lat_ms',
  'write_lat_ms',
  'interval_s',
  'queue_depth',
  'cpu_mhz',
  'mem_active',
] as const;
export type SampleField = (typeof SAMPLE_FIELDS)[number];
const FIELDS = SAMPLE_FIELDS.length;
const FIELD_INDEX = new Map<SampleField, number>(SAMPLE_FIELDS.map((f, i) => [f, i]));

/** Samples per chunk: 128 samples at 20 s is 43 minutes of a host, 16 KiB of doubles. */
export const CHUNK_SAMPLES = 128;

// The blob is read back as a Float64Array over its own bytes.
if (endianness() !== 'LE') throw new Error('the sample store needs a little-endian platform');

export const SAMPLES_SCHEMA = `
CREATE TABLE IF NOT EXISTS series_chunks (
  host_id INTEGER NOT NULL, first_t REAL NOT NULL, last_t REAL NOT NULL, count INTEGER NOT NULL, data BLOB NOT NULL,
  PRIMARY KEY (host_id, first_t)
) WITHOUT ROWID;
`;

/** A sample's value as stored: -0 as 0 (SQLite's REAL columns gave 0 back for -0; the figures keep that). */
const stored = (v: number): number => (v === 0 ? 0 : v);

/** A column's encoding in a chunk blob (the byte per column after the magic). */
const F64 = 0;
const CONST = 1;
const STEP = 2;
const I32 = 3;
const CENTI = 4;
/** NaN in a column of 32-bit integers or hundredths (the one integer such a column never holds otherwise). */
const I32_NAN = -0x80000000;
/** The first 8 bytes of an encoded chunk: a NaN ("CHK1" in its payload), never a stored t. */
const MAGIC = [0x314b4843, 0xfff80a0d] as const;
/** Bytes before the columns' parts: the magic, one byte per column (16 fields: 16 bytes). */
const HEAD = 8 + FIELDS;
if (HEAD % 8 !== 0) throw new Error('a chunk head must keep the 8-byte parts aligned');

/** A value a 32-bit column holds exactly: an integer within int32 (not its minimum, NaN's mark), not -0. */
const isI32 = (v: number): boolean => (v | 0) === v && v !== I32_NAN && !(v === 0 && 1 / v < 0);

/** The narrowest exact encoding of col[o .. o + n) (n ≥ 1). */
function columnKind(col: Float64Array, o: number, n: number): number {
  const v0 = col[o] as number;
  let constant = true;
  for (let i = 1; i < n && constant; i++) {
    const v = col[o + i] as number;
    constant = v === v0 ? v !== 0 || 1 / v === 1 / v0 : v !== v && v0 !== v0;
  }
  if (constant) return CONST;
  if (n >= 3) {
    const step = (col[o + 1] as number) - v0;
    let regular = Number.isFinite(step);
    for (let i = 1; i < n && regular; i++) {
      const v = col[o + i] as number;
      const e = v0 + i * step;
      regular = v === e && (v !== 0 || 1 / v === 1 / e);
    }
    if (regular) return STEP;
  }
  let ints = true;
  let centis = true;
  for (let i = 0; i < n && (ints || centis); i++) {
    const v = col[o + i] as number;
    if (v !== v) continue;
    if (ints && !isI32(v)) ints = false;
    if (centis) {
      const w = Math.round(v * 100);
      centis = isI32(w) && w / 100 === v && !(v === 0 && 1 / v < 0);
    }
  }
  return ints ? I32 : centis ? CENTI : F64;
}

/** Bytes a column of n values takes in the 8-byte and the 4-byte parts. */
const eightBytes = (kind: number, n: number): number =>
  kind === CONST ? 8 : kind === STEP ? 16 : kind === F64 ? 8 * n : 0;
const fourBytes = (kind: number, n: number): number => (kind === I32 || kind === CENTI ? 4 * n : 0);

/** The largest blob of a chunk (every column Float64). */
const MAX_BLOB = HEAD + CHUNK_SAMPLES * FIELDS * 8;

/**
 * Encodes n samples of columns laid out `stride` apart in buf (column f at f × stride) into out (at least MAX_BLOB
 * bytes, 8-byte aligned); answers the blob's bytes (a view of out).
 */
export function encodeChunk(buf: Float64Array, stride: number, n: number, out: ArrayBuffer): Uint8Array {
  const bytes = new Uint8Array(out);
  const head = new Uint32Array(out, 0, 2);
  head[0] = MAGIC[0];
  head[1] = MAGIC[1];
  let eight = 0;
  for (let f = 0; f < FIELDS; f++) {
    const kind = columnKind(buf, f * stride, n);
    bytes[8 + f] = kind;
    eight += eightBytes(kind, n);
  }
  const doubles = new Float64Array(out, HEAD, eight / 8);
  let four = 0;
  for (let f = 0; f < FIELDS; f++) four += fourBytes(bytes[8 + f] as number, n);
  const ints = new Int32Array(out, HEAD + eight, four / 4);
  let d = 0;
  let k = 0;
  for (let f = 0; f < FIELDS; f++) {
    const o = f * stride;
    const kind = bytes[8 + f] as number;
    if (kind === CONST) doubles[d++] = buf[o] as number;
    else if (kind === STEP) {
      doubles[d++] = buf[o] as number;
      doubles[d++] = (buf[o + 1] as number) - (buf[o] as number);
    } else if (kind === F64) {
      doubles.set(buf.subarray(o, o + n), d);
      d += n;
    } else if (kind === I32)
      for (let i = 0; i < n; i++) {
        const v = buf[o + i] as number;
        ints[k++] = v !== v ? I32_NAN : v;
      }
    else
      for (let i = 0; i < n; i++) {
        const v = buf[o + i] as number;
        ints[k++] = v !== v ? I32_NAN : Math.round(v * 100);
      }
  }
  return new Uint8Array(out, 0, HEAD + eight + four);
}

/** Is the blob an encoded chunk (its magic first)? */
function isEncoded(data: Uint8Array): boolean {
  if (data.byteLength < HEAD) return false;
  const w = (i: number): number =>
    ((data[i] as number) |
      ((data[i + 1] as number) << 8) |
      ((data[i + 2] as number) << 16) |
      ((data[i + 3] as number) << 24)) >>>
    0;
  return w(0) === MAGIC[0] && w(4) === MAGIC[1];
}

const ALL_FIELDS: readonly number[] = SAMPLE_FIELDS.map((_, f) => f);

/**
 * A chunk's columns (count values each, column f at f × count) from its blob: the columns in `fields` (indexes into
 * SAMPLE_FIELDS, increasing, each once; all without), the others left 0. A blob from before the encodings is its own columns.
 */
export function decodeChunk(data: Uint8Array, count: number, fields?: readonly number[]): Float64Array {
  if (!isEncoded(data)) {
    if (data.byteLength !== count * FIELDS * 8) throw new Error('a sample chunk of the wrong size');
    return data.byteOffset % 8 === 0
      ? new Float64Array(data.buffer, data.byteOffset, count * FIELDS)
      : new Float64Array(data.slice().buffer);
  }
  const blob = data.byteOffset % 8 === 0 ? data : data.slice();
  const kinds = blob.subarray(8, HEAD);
  let eight = 0;
  let four = 0;
  for (let f = 0; f < FIELDS; f++) {
    eight += eightBytes(kinds[f] as number, count);
    four += fourBytes(kinds[f] as number, count);
  }
  if (blob.byteLength !== HEAD + eight + four) throw new Error('a sample chunk of the wrong size');
  const doubles = new Float64Array(blob.buffer, blob.byteOffset + HEAD, eight / 8);
  const ints = new Int32Array(blob.buffer, blob.byteOffset + HEAD + eight, four / 4);
  const out = new Float64Array(count * FIELDS);
  const sorted = fields ?? ALL_FIELDS;
  let d = 0;
  let k = 0;
  let next = 0;
  for (let f = 0; f < FIELDS; f++) {
    const kind = kinds[f] as number;
    const want = sorted[next] === f;
    if (want) next += 1;
    const o = f * count;
    if (kind === CONST) {
      if (want) out.fill(doubles[d] as number, o, o + count);
      d += 1;
    } else if (kind === STEP) {
      if (want) {
        const v0 = doubles[d] as number;
        const step = doubles[d + 1] as number;
        // The first value as it is (v0 + 0 × step would turn -0 into 0).
        out[o] = v0;
        for (let i = 1; i < count; i++) out[o + i] = v0 + i * step;
      }
      d += 2;
    } else if (kind === F64) {
      if (want) out.set(doubles.subarray(d, d + count), o);
      d += count;
    } else if (kind === I32 || kind === CENTI) {
      if (want)
        for (let i = 0; i < count; i++) {
          const w = ints[k + i] as number;
          out[o + i] = w === I32_NAN ? Number.NaN : kind === I32 ? w : w / 100;
        }
      k += count;
    } else throw new Error('a sample chunk of an unknown encoding');
  }
  return out;
}

/** One host's chunk being filled (the writer keeps one per host). */
export class OpenChunk {
  readonly hostId: number;
  buf: Float64Array | null = null;
  n = 0;
  last = -Infinity;
  constructor(hostId: number) {
    this.hostId = hostId;
  }
}

/** Writes samples into chunks, host by host; flush() writes every partly filled chunk. */
export class SampleWriter {
  private readonly ins: StatementSync;
  private readonly open = new Set<OpenChunk>();
  /** The blob being encoded (node:sqlite copies a bound blob: filled again for the next chunk). */
  private readonly blob = new ArrayBuffer(MAX_BLOB);

  private readonly db: DatabaseSync;

  constructor(db: DatabaseSync) {
    this.db = db;
    this.ins = db.prepare(
      'INSERT INTO series_chunks (host_id, first_t, last_t, count, data) VALUES (?, ?, ?, ?, ?)',
    );
  }

  chunkFor(hostId: number): OpenChunk {
    const c = new OpenChunk(hostId);
    this.open.add(c);
    return c;
  }

  /** Appends the sample at rows[o .. o + SAMPLE_FIELDS.length) (SAMPLE_FIELDS order) to the host's chunk. */
  append(c: OpenChunk, rows: ArrayLike<number>, o: number): void {
    const t = rows[o] as number;
    // A host's times are strictly increasing (the parser refuses anything else): a chunk's key and range rely on it.
    if (!(t > c.last))
      throw new Error(`sample of host ${String(c.hostId)} at t ${String(t)} is not after ${String(c.last)}`);
    c.last = t;
    const buf = (c.buf ??= new Float64Array(CHUNK_SAMPLES * FIELDS));
    const n = c.n;
    for (let f = 0; f < FIELDS; f++) buf[f * CHUNK_SAMPLES + n] = stored(rows[o + f] as number);
    c.n = n + 1;
    if (c.n === CHUNK_SAMPLES) this.write(c);
  }

  private write(c: OpenChunk): void {
    const buf = c.buf;
    const n = c.n;
    if (buf === null || n === 0) return;
    // node:sqlite copies a bound blob: the buffers are filled again at once.
    const blob = encodeChunk(buf, CHUNK_SAMPLES, n, this.blob);
    this.ins.run(c.hostId, buf[0] as number, buf[n - 1] as number, n, blob);
    wroteBytes(this.db, blob.byteLength);
    c.n = 0;
  }

  /** Writes every partly filled chunk (after a run's last sample) and lets the buffers go. */
  flush(): void {
    for (const c of this.open) {
      this.write(c);
      c.buf = null;
    }
    this.open.clear();
  }
}

/** Removes the samples of a run's hosts. */
export function deleteRunSamples(db: DatabaseSync, runId: number): void {
  db.prepare('DELETE FROM series_chunks WHERE host_id IN (SELECT id FROM series_hosts WHERE run_id = ?)').run(
    runId,
  );
}

/** Removes the samples of the hosts given. */
export function deleteHostSamples(db: DatabaseSync, hostIds: readonly number[]): void {
  db.prepare('DELETE FROM series_chunks WHERE host_id IN (SELECT value FROM json_each(?))').run(
    JSON.stringify(hostIds),
  );
}

interface Statements {
  start: StatementSync;
  chunks: StatementSync;
  extent: StatementSync;
}
const statements = new WeakMap<DatabaseSync, Statements>();

function statementsOf(db: DatabaseSync): Statements {
  let s = statements.get(db);
  if (s === undefined) {
    s = {
      // The chunk that may hold `from` (the last one starting at or before it): chunks of a host never overlap.
      start: db.prepare(
        'SELECT first_t AS t FROM series_chunks WHERE host_id = ? AND first_t <= ? ORDER BY first_t DESC LIMIT 1',
      ),
      chunks: db.prepare(
        'SELECT count, data FROM series_chunks WHERE host_id = ? AND first_t >= ? AND first_t <= ? ORDER BY first_t',
      ),
      extent: db.prepare(
        'SELECT MIN(first_t) AS first, MAX(last_t) AS last FROM series_chunks WHERE host_id = ?',
      ),
    };
    s.chunks.setReturnArrays(true);
    statements.set(db, s);
  }
  return s;
}

/** The first index of sorted `t` (length n, at offset 0) whose value is ≥ x (> x with `after`). */
function lowerBound(t: Float64Array, n: number, x: number, after: boolean): number {
  let lo = 0;
  let hi = n;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const v = t[mid] as number;
    if (after ? v <= x : v < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Samples as columns: t and the fields asked for, `length` samples each, in time order. */
export interface SampleColumns<F extends SampleField = SampleField> {
  length: number;
  columns: Record<F | 't', Float64Array>;
}

/** The range asked: t in [from, to], or (from, to] with `after`. */
export interface SampleRange {
  from: number;
  to: number;
  after?: boolean;
}

/** The fields asked with t (always read: a range and a merge go by it), each once. */
const withT = <F extends SampleField>(fields: readonly F[]): (F | 't')[] => [
  ...new Set<F | 't'>(['t', ...fields]),
];

const ALL: SampleRange = { from: -Number.MAX_VALUE, to: Number.MAX_VALUE };

function hostColumns<F extends SampleField>(
  db: DatabaseSync,
  hostId: number,
  range: SampleRange,
  fields: readonly F[],
): SampleColumns<F> {
  const { from, to } = range;
  const after = range.after === true;
  const s = statementsOf(db);
  const start = (s.start.get(hostId, from) as { t: number } | undefined)?.t ?? from;
  const parts: { cols: Float64Array; count: number; lo: number; hi: number }[] = [];
  let length = 0;
  const wanted = withT(fields)
    .map((f) => FIELD_INDEX.get(f) ?? 0)
    .sort((a, b) => a - b);
  for (const row of s.chunks.iterate(hostId, start, to) as unknown as Iterable<[number, Uint8Array]>) {
    const count = row[0];
    const cols = decodeChunk(row[1], count, wanted);
    // t is the first column: its own bounds inside the chunk.
    const lo = lowerBound(cols, count, from, after);
    const hi = lowerBound(cols, count, to, true);
    if (hi <= lo) continue;
    parts.push({ cols, count, lo, hi });
    length += hi - lo;
  }
  const columns = {} as Record<F | 't', Float64Array>;
  for (const f of withT(fields)) {
    const out = new Float64Array(length);
    const base = FIELD_INDEX.get(f) ?? 0;
    let at = 0;
    for (const p of parts) {
      const o = base * p.count;
      out.set(p.cols.subarray(o + p.lo, o + p.hi), at);
      at += p.hi - p.lo;
    }
    columns[f] = out;
  }
  return { length, columns };
}

/**
 * The samples of a host, or of an entity's rows (several runs holding the same host or VM, entities.ts), with t in
 * the range, in time order: each t once, with the values of the lowest row id holding it (the first row, as the SQL
 * readers took it: two runs holding the same sample time give it once).
 */
export function readSamples<F extends SampleField>(
  db: DatabaseSync,
  ids: number | readonly number[],
  fields: readonly F[],
  range: SampleRange = ALL,
): SampleColumns<F> {
  const list = typeof ids === 'number' ? [ids] : [...new Set(ids)].sort((a, b) => a - b);
  if (list.length === 1) return hostColumns(db, list[0] ?? 0, range, fields);
  const parts = list.map((id) => hostColumns(db, id, range, fields));
  const wanted = withT(fields);
  const total = parts.reduce((n, p) => n + p.length, 0);
  const out = Object.fromEntries(wanted.map((f) => [f, new Float64Array(total)])) as Record<
    F | 't',
    Float64Array
  >;
  const heads = new Int32Array(parts.length);
  let n = 0;
  for (;;) {
    // The smallest head t; the first part (lowest id) holding it gives the values; every part holding it moves on.
    let min = Infinity;
    let from = -1;
    for (let k = 0; k < parts.length; k++) {
      const p = parts[k] as SampleColumns<F>;
      const i = heads[k] as number;
      if (i < p.length && (p.columns.t[i] as number) < min) {
        min = p.columns.t[i] as number;
        from = k;
      }
    }
    if (from < 0) break;
    const src = parts[from] as SampleColumns<F>;
    const at = heads[from] as number;
    for (const f of wanted) (out[f] as Float64Array)[n] = src.columns[f][at] as number;
    n += 1;
    for (let k = 0; k < parts.length; k++) {
      const p = parts[k] as SampleColumns<F>;
      const i = heads[k] as number;
      if (i < p.length && p.columns.t[i] === min) heads[k] = i + 1;
    }
  }
  for (const f of wanted) out[f] = out[f].subarray(0, n);
  return { length: n, columns: out };
}

/** Is every sample time of host `id` held by one of `others`? (A re-upload of the same part repeats them all.) */
export function timesHeldBy(db: DatabaseSync, id: number, others: readonly number[]): boolean {
  const own = readSamples(db, id, ['t']).columns.t;
  if (own.length === 0) return true;
  if (others.length === 0) return false;
  const held = readSamples(db, others, ['t']).columns.t;
  let j = 0;
  for (const t of own) {
    while (j < held.length && (held[j] as number) < t) j += 1;
    if (held[j] !== t) return false;
  }
  return true;
}

/** A host's first and last sample time (null: no sample). */
export function sampleExtent(
  db: DatabaseSync,
  hostId: number,
): { first: number | null; last: number | null } {
  const r = statementsOf(db).extent.get(hostId) as { first: number | null; last: number | null } | undefined;
  return { first: r?.first ?? null, last: r?.last ?? null };
}

/** The samples stored, of the hosts given (all hosts without). */
export function storedSampleCount(db: DatabaseSync, hostIds?: readonly number[]): number {
  const r = (
    hostIds === undefined
      ? db.prepare('SELECT COALESCE(SUM(count), 0) AS n FROM series_chunks').get()
      : db
          .prepare(
            'SELECT COALESCE(SUM(count), 0) AS n FROM series_chunks WHERE host_id IN (SELECT value FROM json_each(?))',
          )
          .get(JSON.stringify(hostIds))
  ) as { n: number };
  return r.n;
}

/** Samples converted per transaction when a data folder's row-per-sample table is converted. */
const CONVERT_HOSTS_PER_TRANSACTION = 50;

/**
 * A data folder from before the chunks: its series_samples rows (either layout: a column it lacks is unknown) become
 * chunks, host by host in time order, a batch of hosts per transaction; then the table is dropped. A host's chunks
 * are replaced as it is converted, so a conversion cut short is done again whole on the next open.
 */
export function convertSampleRows(db: DatabaseSync): void {
  const have = new Set(
    (db.prepare("SELECT name FROM pragma_table_info('series_samples')").all() as { name: string }[]).map(
      (c) => c.name,
    ),
  );
  if (have.size === 0) return;
  db.exec(SAMPLES_SCHEMA);
  const select = db.prepare(
    `SELECT ${SAMPLE_FIELDS.map((f) => (have.has(f) ? f : 'NULL')).join(', ')} FROM series_samples
     WHERE host_id = ? ORDER BY t`,
  );
  select.setReturnArrays(true);
  const hosts = (
    db.prepare('SELECT DISTINCT host_id AS id FROM series_samples ORDER BY host_id').all() as {
      id: number;
    }[]
  ).map((h) => h.id);
  const clear = db.prepare('DELETE FROM series_chunks WHERE host_id = ?');
  const row = new Float64Array(FIELDS);
  const own = !db.isTransaction;
  for (let b = 0; b < hosts.length; b += CONVERT_HOSTS_PER_TRANSACTION) {
    if (own) db.exec('BEGIN IMMEDIATE');
    try {
      const writer = new SampleWriter(db);
      for (const id of hosts.slice(b, b + CONVERT_HOSTS_PER_TRANSACTION)) {
        clear.run(id);
        const chunk = writer.chunkFor(id);
        for (const r of select.iterate(id) as unknown as Iterable<(number | null)[]>) {
          for (let f = 0; f < FIELDS; f++) row[f] = r[f] ?? Number.NaN;
          writer.append(chunk, row, 0);
        }
      }
      writer.flush();
      if (own) db.exec('COMMIT');
    } catch (err) {
      if (own) db.exec('ROLLBACK');
      throw err;
    }
  }
  db.exec('DROP TABLE series_samples');
}

// The sample store: every collector sample a host (server, vSphere host or VM) reported, as the per-host totals
// reduce.ts packs. The one module that knows its layout: the writer (store.ts), every reader and the upgrade of a
// data folder from the row-per-sample table go through here.
//
// Layout: series_chunks holds, per host, runs of up to CHUNK_SAMPLES consecutive samples as one row
// (host_id, first_t, last_t, count, data), keyed (host_id, first_t). data is the chunk's SAMPLE_FIELDS as columns,
// one after the other, each `count` Float64 values (platform byte order, little-endian on every platform Node runs
// this on): t exactly as the collector stated it (seconds, milliseconds as fractions), then the values, NaN for an
// unknown value (format v2's null: never 0). A row per sample made SQLite's (host_id, t) B-tree take one random insert
// per sample (samples arrive time-major: every host at t, then every host at t + interval); a chunk is one insert per
// CHUNK_SAMPLES of a host, appended at the end of that host's key range.
//
// The writer buffers one open chunk per host: CHUNK_SAMPLES × SAMPLE_FIELDS doubles (16 KiB) per host that has
// samples, so about 18 MB for a 1,100-host vSphere estate, whatever the file's length.
import type { DatabaseSync, StatementSync } from 'node:sqlite';
import { endianness } from 'node:os';

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

  constructor(db: DatabaseSync) {
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
    let data = buf;
    if (n < CHUNK_SAMPLES) {
      data = new Float64Array(n * FIELDS);
      for (let f = 0; f < FIELDS; f++)
        data.set(buf.subarray(f * CHUNK_SAMPLES, f * CHUNK_SAMPLES + n), f * n);
    }
    // node:sqlite copies a bound blob: the buffer is filled again at once.
    this.ins.run(
      c.hostId,
      buf[0] as number,
      buf[n - 1] as number,
      n,
      new Uint8Array(data.buffer, 0, n * FIELDS * 8),
    );
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

/** A chunk's columns over its blob's bytes (copied when the blob is not 8-byte aligned). */
function decode(data: Uint8Array, count: number): Float64Array {
  if (data.byteLength !== count * FIELDS * 8) throw new Error('a sample chunk of the wrong size');
  return data.byteOffset % 8 === 0
    ? new Float64Array(data.buffer, data.byteOffset, count * FIELDS)
    : new Float64Array(data.slice().buffer);
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
  for (const row of s.chunks.iterate(hostId, start, to) as unknown as Iterable<[number, Uint8Array]>) {
    const count = row[0];
    const cols = decode(row[1], count);
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

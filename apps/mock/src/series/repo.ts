// The series repository: every read of the series store goes through here (the handlers never write SQL), so the
// store could move to a dedicated time-series database behind these functions (see apps/mock/README.md).
import type { DatabaseSync, StatementSync } from 'node:sqlite';
import { addColumns, bucketWidth, bucketizeColumns, figures } from './math.ts';
import { cachedRead, seriesChanged } from './cache.ts';
import { TOTAL_PARTS } from './schema.ts';
import { SAMPLE_FIELDS, readSamples, type SampleField } from './samples.ts';
import {
  CORES,
  CPU_PEAK,
  CPU_PEAK2,
  CPU_PEAK2_HOST,
  CPU_PEAK_HOST,
  CPU_W,
  GAP_FACTOR,
  HostAligner,
  LAT_IO,
  LAT_SUM,
  LAT_W,
  MEM,
  N_IO,
  N_CPU,
  N_LAT,
  N_RLAT,
  N_WLAT,
  PARTS,
  QD,
  RB,
  RI,
  RLAT_W,
  RX,
  R_IO,
  TX,
  WB,
  WI,
  WLAT_W,
  W_IO,
  alignHost,
  combineParts,
  emptyParts,
  isNullablePart,
  isTopPart,
  type RawSample,
} from './align.ts';
import { transaction } from '../store/db.ts';
import { ADD_PARTS_SQL, SUBTRACT_PARTS_SQL } from './store.ts';
import { entityNode, entityRows, projectEntities } from './entities.ts';

export const METRICS = [
  'readIops',
  'writeIops',
  'readThroughput',
  'writeThroughput',
  'latency',
  'cpu',
  'memory',
  'networkRx',
  'networkTx',
] as const;
export type Metric = (typeof METRICS)[number];

/**
 * Every metric the viewer serves: METRICS (the figures every total is checked on), then the queue depth (I/Os in
 * flight summed over the servers, proposed) and the busiest server's CPU % (per bucket the highest single server's
 * CPU %: the peak composite of per-server utilisation beside the core-weighted total, proposed).
 */
export const VIEWER_METRICS = [...METRICS, 'queueDepth', 'cpuPeakServer'] as const;
export type ViewerMetric = (typeof VIEWER_METRICS)[number];

export const UNITS: Record<
  ViewerMetric,
  'iops' | 'bytesPerSecond' | 'milliseconds' | 'percent' | 'bytes' | 'count'
> = {
  readIops: 'iops',
  writeIops: 'iops',
  readThroughput: 'bytesPerSecond',
  writeThroughput: 'bytesPerSecond',
  latency: 'milliseconds',
  cpu: 'percent',
  memory: 'bytes',
  networkRx: 'bytesPerSecond',
  networkTx: 'bytesPerSecond',
  queueDepth: 'count',
  cpuPeakServer: 'percent',
};

/**
 * Read and write latency apart (format v2; proposed ReadLatency / WriteLatency of the series answer): not metrics of
 * their own in the contract's SeriesMetric, served beside the latency series.
 */
export const SPLIT_LATENCY = ['readLatency', 'writeLatency'] as const;
export type SplitLatency = (typeof SPLIT_LATENCY)[number];
type Column = ViewerMetric | SplitLatency;

/** The fields of one host's samples (samples.ts): one server's busiest server is the server itself. */
const SAMPLE_COLUMN: Record<Column, SampleField> = {
  readIops: 'read_iops',
  writeIops: 'write_iops',
  readThroughput: 'read_bps',
  writeThroughput: 'write_bps',
  latency: 'latency_ms',
  cpu: 'cpu_pct',
  memory: 'mem_bytes',
  networkRx: 'rx_bps',
  networkTx: 'tx_bps',
  readLatency: 'read_lat_ms',
  writeLatency: 'write_lat_ms',
  queueDepth: 'queue_depth',
  cpuPeakServer: 'cpu_pct',
};

/** The columns of the project's totals (series_totals): a sample's names, and the busiest server's CPU % of the hosts. */
const COLUMN: Record<Column, string> = { ...SAMPLE_COLUMN, cpuPeakServer: 'cpu_peak' };

/** Latency is only meaningful with sustained I/O: buckets whose average total IOPS is under this are flagged. */
export const LATENCY_MIN_IOPS = 100;

/**
 * The latency discount, the one place it is applied: of latency values (combined, read or write), those of the
 * intervals whose total IOPS (read + write) reach LATENCY_MIN_IOPS — a 22-IOPS interval's 18 ms is no peak.
 */
export function busyIntervals(values: Float64Array, iops: ArrayLike<number>): Float64Array {
  return values.filter((_, i) => (iops[i] ?? 0) >= LATENCY_MIN_IOPS);
}

export interface SeriesHost {
  id: number;
  runId: number;
  name: string;
  nodeId: string;
  cores: number;
  intervalS: number;
  os: string;
  memoryBytes: number;
}

export interface NodeInfo {
  nodeId: string;
  name: string;
  enabled: boolean;
}

function projectRuns(db: DatabaseSync, projectId: number): number[] {
  return (
    db
      .prepare('SELECT id FROM collector_runs WHERE project_id = ? AND deleted = 0 ORDER BY id')
      .all(projectId) as { id: number }[]
  ).map((r) => r.id);
}

/**
 * The hosts with series in the project's runs: servers and hypervisor hosts, never a VM (format v3: a VM's I/O is part
 * of its host's, so it is no node, no part of a total, a grid or an extent; vms.ts reads VMs apart). A host that
 * several runs hold (entities.ts: a collection in parts) is a row per run under its entity's one node id; a row whose
 * samples an earlier row of it holds (the same file uploaded twice) is left out.
 */
export function projectHosts(db: DatabaseSync, projectId: number): SeriesHost[] {
  const entities = projectEntities(db, projectId);
  return (
    db
      .prepare(
        `SELECT h.id, h.run_id AS runId, h.name, h.node_id AS nodeId, h.cores, h.interval_s AS intervalS, h.os,
                h.memory_bytes AS memoryBytes
         FROM series_hosts h JOIN collector_runs r ON r.id = h.run_id
         WHERE r.project_id = ? AND r.deleted = 0 AND h.entity <> 'vm' ORDER BY h.id`,
      )
      .all(projectId) as unknown as SeriesHost[]
  )
    .filter((h) => !entities.duplicates.has(h.id))
    .map((h) => ({ ...h, nodeId: entityNode(entities, h.nodeId) }));
}

/** A host's rows: all the rows of its entity that count (entities.ts; a repeated row left out). */
function hostRows(db: DatabaseSync, projectId: number, hostId: number): number[] {
  const entities = projectEntities(db, projectId);
  return entityRows(entities, hostId).filter((id) => id === hostId || !entities.duplicates.has(id));
}

/** The project's hosts by node: a host that several runs hold once, with all its rows (in id order). */
export function hostsByNode(hosts: readonly SeriesHost[]): { host: SeriesHost; ids: number[] }[] {
  const byNode = new Map<string, { host: SeriesHost; ids: number[] }>();
  for (const h of hosts) {
    const n = byNode.get(h.nodeId);
    if (n) n.ids.push(h.id);
    else byNode.set(h.nodeId, { host: h, ids: [h.id] });
  }
  return [...byNode.values()];
}

/** The nodes whose state was set (no entry: enabled). */
export function nodeStates(db: DatabaseSync, projectId: number): Map<string, boolean> {
  const rows = db.prepare('SELECT node_id, enabled FROM node_state WHERE project_id = ?').all(projectId) as {
    node_id: string;
    enabled: number;
  }[];
  return new Map(rows.map((r) => [r.node_id, r.enabled === 1]));
}

/**
 * Persists a node's state. When the project's totals are current, the node's hosts are added to or subtracted from
 * them (their samples only: the sums are exact to add and subtract, and the p95 is taken at read time from the
 * per-t totals, so it stays exact); otherwise the totals are rebuilt on their next read.
 */
export function setNodeEnabled(db: DatabaseSync, projectId: number, nodeId: string, enabled: boolean): void {
  seriesChanged();
  transaction(db, () => {
    const states = nodeStates(db, projectId);
    const hosts = projectHosts(db, projectId);
    const runs = projectRuns(db, projectId);
    const was = states.get(nodeId) !== false;
    const current = totalsState(db, projectId) === signatureOf(runs, hosts, states);
    const before = projectGrid(db, projectId).grid;
    db.prepare(
      'INSERT INTO node_state (project_id, node_id, enabled) VALUES (?, ?, ?) ON CONFLICT (project_id, node_id) DO UPDATE SET enabled = excluded.enabled',
    ).run(projectId, nodeId, enabled ? 1 : 0);
    const { grid } = projectGrid(db, projectId);
    // A node that sets the grid (the slowest interval) moves every bucket: the totals are rebuilt on their next read.
    if (!current || grid !== before) {
      db.prepare('DELETE FROM series_totals_state WHERE project_id = ?').run(projectId);
      return;
    }
    const removed: Removed[] = [];
    if (was !== enabled)
      for (const h of hosts.filter((x) => x.nodeId === nodeId)) {
        const buckets = applyHost(db, projectId, h.id, enabled ? 1 : -1, grid);
        if (!enabled) removed.push({ hostId: h.id, buckets });
        settleTotals(db, projectId, h.id);
      }
    states.set(nodeId, enabled);
    // The buckets whose busiest server was taken out get the next one (the node's new state is saved above).
    if (removed.length > 0) removePeaks(db, projectId, grid, removed);
    saveTotalsState(db, projectId, signatureOf(runs, hosts, states));
  });
}

/** Series hosts without a server row of their run (uploaded collector files): extra viewer nodes. */
export function hostOnlyNodes(db: DatabaseSync, projectId: number): { nodeId: string; name: string }[] {
  return hostsByNode(projectHosts(db, projectId))
    .filter(({ host: h }) => h.nodeId.startsWith('host-'))
    .map(({ host: h }) => ({ nodeId: h.nodeId, name: h.name }));
}

/** The hosts of the project's runs whose node is not left out (in id order). */
export function enabledHosts(db: DatabaseSync, projectId: number): SeriesHost[] {
  const states = nodeStates(db, projectId);
  return projectHosts(db, projectId).filter((h) => states.get(h.nodeId) !== false);
}

/** What the project's totals are computed over: its runs and its enabled hosts. */
function totalsSignature(db: DatabaseSync, projectId: number): string {
  return signatureOf(projectRuns(db, projectId), projectHosts(db, projectId), nodeStates(db, projectId));
}

function signatureOf(runs: number[], hosts: SeriesHost[], states: Map<string, boolean>): string {
  return `${runs.join(',')}|${hosts
    .filter((h) => states.get(h.nodeId) !== false)
    .map((h) => h.id)
    .join(',')}`;
}

function totalsState(db: DatabaseSync, projectId: number): string | undefined {
  return (
    db.prepare('SELECT signature FROM series_totals_state WHERE project_id = ?').get(projectId) as
      { signature: string } | undefined
  )?.signature;
}

function saveTotalsState(db: DatabaseSync, projectId: number, signature: string): void {
  db.prepare(
    'INSERT INTO series_totals_state (project_id, signature) VALUES (?, ?) ON CONFLICT (project_id) DO UPDATE SET signature = excluded.signature',
  ).run(projectId, signature);
}

/**
 * The derived columns (latency_ms, cpu_pct, read_lat_ms, write_lat_ms) from the sums, each sum given by
 * part(column): latency IOPS-weighted over the I/O whose latency is known (a plain mean of the known latencies when
 * no host did I/O), CPU % weighted by the cores of the hosts whose CPU is known; NULL where nothing is known (by the
 * counts of the hosts that knew them, never by a sum that subtraction left near 0).
 */
function derived(part: (column: string) => string): {
  latency: string;
  cpu: string;
  readLatency: string;
  writeLatency: string;
} {
  return {
    latency: `CASE WHEN ${part('n_io')} > 0.5 THEN ${part('lat_w')} / ${part('lat_io')}
      WHEN ${part('n_lat')} > 0.5 THEN ${part('lat_sum')} / ${part('n_lat')} END`,
    cpu: `CASE WHEN ${part('cores')} > 0 THEN ${part('cpu_w')} / ${part('cores')} END`,
    readLatency: `CASE WHEN ${part('n_rlat')} > 0.5 AND ${part('r_io')} > 0 THEN ${part('rlat_w')} / ${part('r_io')} END`,
    writeLatency: `CASE WHEN ${part('n_wlat')} > 0.5 AND ${part('w_io')} > 0 THEN ${part('wlat_w')} / ${part('w_io')} END`,
  };
}

/** The derived columns after the parts, in the order derived() gives them. */
const DERIVED_COLUMNS = 'latency_ms, cpu_pct, read_lat_ms, write_lat_ms';
const derivedList = (d: ReturnType<typeof derived>): string =>
  `${d.latency}, ${d.cpu}, ${d.readLatency}, ${d.writeLatency}`;

/** A stored value as a number: NULL (unknown) as NaN, which every figure skips. */
const num = (v: number | null | undefined): number => (v === null || v === undefined ? Number.NaN : v);

/**
 * The grid the project's totals are on: its ENABLED hosts' interval when they share one, else the longest of them
 * (align.ts), so leaving the slowest server out moves the totals back to the others' finer grid (all hosts' when none
 * is enabled). `uniform`: every host of the project (enabled or not) has the same interval, so the runs' stored sums
 * (each host on its own interval) are on this grid and can be added up as they are.
 */
export function projectGrid(db: DatabaseSync, projectId: number): { grid: number; uniform: boolean } {
  // By the hosts' entity nodes (projectHosts): a host's state applies to every run that holds it.
  const states = nodeStates(db, projectId);
  const all = new Set<number>();
  const on = new Set<number>();
  for (const h of projectHosts(db, projectId)) {
    all.add(h.intervalS);
    if (states.get(h.nodeId) !== false) on.add(h.intervalS);
  }
  const grids = on.size > 0 ? [...on] : [...all];
  return { grid: Math.max(1, ...grids), uniform: all.size <= 1 };
}

/** One host's samples in time order (the columns RawSample names); with from/to those with t in (from, to]. */
export function* hostSamples(
  db: DatabaseSync,
  hostId: number,
  from = -Number.MAX_VALUE,
  to = Number.MAX_VALUE,
): Generator<RawSample> {
  const { length, columns: c } = readSamples(db, hostId, RAW_FIELDS, { from, to, after: true });
  for (let i = 0; i < length; i++) {
    const interval = c.interval_s[i] as number;
    yield {
      t: c.t[i] as number,
      readIops: c.read_iops[i] as number,
      writeIops: c.write_iops[i] as number,
      readBps: c.read_bps[i] as number,
      writeBps: c.write_bps[i] as number,
      latencyMs: c.latency_ms[i] as number,
      cpuPct: c.cpu_pct[i] as number,
      memBytes: c.mem_bytes[i] as number,
      rxBps: c.rx_bps[i] as number,
      txBps: c.tx_bps[i] as number,
      readLatencyMs: c.read_lat_ms[i],
      writeLatencyMs: c.write_lat_ms[i],
      // An unknown interval is none stated (the aligner takes the time since the previous sample).
      intervalS: Number.isNaN(interval) ? undefined : interval,
      queueDepth: c.queue_depth[i],
    };
  }
}

/** The sample fields RawSample holds: all but a vSphere entry's CPU MHz and active memory. */
type RawField = Exclude<SampleField, 'cpu_mhz' | 'mem_active'>;
const RAW_FIELDS = SAMPLE_FIELDS.filter((f): f is RawField => f !== 'cpu_mhz' && f !== 'mem_active');

/**
 * alignHost of a host's stored samples with t in (from, to], read as columns straight into the aligner (no object
 * per sample: a node change reads all of a host's samples).
 */
function alignStored(
  db: DatabaseSync,
  hostId: number,
  grid: number,
  nominal: number,
  cores: number,
  from = -Number.MAX_VALUE,
  to = Number.MAX_VALUE,
): Map<number, Float64Array> {
  const out = new Map<number, Float64Array>();
  const aligner = new HostAligner(grid, nominal, cores, (t, parts) => out.set(t, parts.slice()), hostId);
  const { length, columns: c } = readSamples(db, hostId, RAW_FIELDS, { from, to, after: true });
  for (let i = 0; i < length; i++) {
    const interval = c.interval_s[i] as number;
    aligner.push(
      c.t[i] as number,
      c.read_iops[i] as number,
      c.write_iops[i] as number,
      c.read_bps[i] as number,
      c.write_bps[i] as number,
      c.latency_ms[i] as number,
      c.cpu_pct[i] as number,
      c.mem_bytes[i] as number,
      c.rx_bps[i] as number,
      c.tx_bps[i] as number,
      c.read_lat_ms[i],
      c.write_lat_ms[i],
      Number.isNaN(interval) ? undefined : interval,
      c.queue_depth[i],
    );
  }
  aligner.flush();
  return out;
}

/** derived() of one bucket's summed parts (NaN for NULL). */
function derivedOf(v: Float64Array): number[] {
  const ratio = (w: number, n: number): number => ((v[n] ?? 0) > 0 ? (v[w] ?? 0) / (v[n] ?? 0) : Number.NaN);
  const nLat = v[N_LAT] ?? 0;
  const latency =
    (v[N_IO] ?? 0) > 0.5 ? ratio(LAT_W, LAT_IO) : nLat > 0.5 ? (v[LAT_SUM] ?? 0) / nLat : Number.NaN;
  return [latency, ratio(CPU_W, CORES), ratio(RLAT_W, R_IO), ratio(WLAT_W, W_IO)];
}

/**
 * Adds (sign 1) or subtracts (sign -1) one host's aligned buckets to or from the project's sums on its grid,
 * re-deriving latency and CPU % of the rows it touches in the same statement (the SET expressions see the row
 * before the update). The host is resampled here exactly as the store resampled it into its run's sums.
 */
function applyHost(
  db: DatabaseSync,
  projectId: number,
  hostId: number,
  sign: 1 | -1,
  grid: number,
): Map<number, Float64Array> {
  const host = db
    .prepare('SELECT cores, interval_s AS intervalS FROM series_hosts WHERE id = ?')
    .get(hostId) as { cores: number; intervalS: number } | undefined;
  if (!host) return new Map();
  const buckets = alignStored(db, hostId, grid, host.intervalS, host.cores);
  addBuckets(db, projectId, buckets, sign);
  return buckets;
}

/** Adds (or subtracts) buckets of summed parts into the project's totals. */
function addBuckets(
  db: DatabaseSync,
  projectId: number,
  buckets: Map<number, Float64Array>,
  sign: 1 | -1,
): void {
  const merged = derived((c) =>
    isNullablePart(TOTAL_PARTS.indexOf(c as (typeof TOTAL_PARTS)[number]))
      ? `COALESCE(${c} + excluded.${c}, ${c}, excluded.${c})`
      : `(${c} + excluded.${c})`,
  );
  const marks = `(?, ?, ${TOTAL_PARTS.map(() => '?').join(', ')}, ?, ?, ?, ?)`;
  const upsert = (rows: number): StatementSync =>
    db.prepare(
      `INSERT INTO series_totals (project_id, t, ${TOTAL_PARTS.join(', ')}, ${DERIVED_COLUMNS})
       VALUES ${Array.from({ length: rows }, () => marks).join(', ')}
       ON CONFLICT (project_id, t) DO UPDATE SET ${sign === 1 ? ADD_PARTS_SQL : SUBTRACT_PARTS_SQL},
         latency_ms = ${merged.latency}, cpu_pct = ${merged.cpu}, read_lat_ms = ${merged.readLatency},
         write_lat_ms = ${merged.writeLatency}`,
    );
  // UPSERT_ROWS buckets per statement (one call into SQLite per that many), the rest one at a time.
  const many = buckets.size >= UPSERT_ROWS ? upsert(UPSERT_ROWS) : null;
  const one = upsert(1);
  const args: number[] = [];
  const none = [Number.NaN, Number.NaN, Number.NaN, Number.NaN];
  let pending = 0;
  for (const [t, parts] of buckets) {
    args.push(projectId, t);
    // A peak part cannot be subtracted: a host taken out leaves the top two alone (NULL keeps the row's), and the
    // caller moves the runner-up up where the host was the busiest (removePeaks).
    for (let i = 0; i < PARTS; i++) {
      const x = parts[i] ?? Number.NaN;
      args.push(isTopPart(i) && sign === -1 ? Number.NaN : sign * x);
    }
    args.push(...(sign === 1 ? derivedOf(parts) : none));
    pending += 1;
    if (many && pending === UPSERT_ROWS) {
      many.run(...args);
      args.length = 0;
      pending = 0;
    }
  }
  const width = args.length / Math.max(1, pending);
  for (let o = 0; o < args.length; o += width) one.run(...args.slice(o, o + width));
}

/** Buckets per upsert statement when a host is added to or subtracted from the project's totals. */
const UPSERT_ROWS = 32;

/** Grid steps of samples read either side of a bucket whose busiest server is recomputed (recomputePeaks). */
const PEAK_MARGIN_STEPS = 3;

/** A host taken out of the project's totals and its aligned buckets. */
interface Removed {
  hostId: number;
  buckets: Map<number, Float64Array>;
}

/** A bucket's top two of the busiest server (NaN: none) and the count of hosts whose CPU % is known. */
interface Top {
  p1: number;
  h1: number;
  p2: number;
  h2: number;
  n: number;
}

/**
 * The busiest server's CPU % after hosts were taken out of the project's totals (their sums already subtracted): a
 * peak cannot be subtracted, but each bucket keeps its top two (value, host; align.ts combineParts). Where a removed
 * host was the busiest, the runner-up moves up (its own runner-up is then not known, at most the new busiest); where
 * it was the runner-up, the runner-up is not known any more, at most the removed host's CPU % (a host put back that
 * reaches that bound is the runner-up again, exactly). Only a bucket whose busiest server is taken out while its
 * runner-up is not known is recomputed from the samples.
 */
function removePeaks(db: DatabaseSync, projectId: number, grid: number, removed: readonly Removed[]): void {
  // The rows over the removed hosts' time range, in one range scan.
  let from = Infinity;
  let to = -Infinity;
  for (const { buckets } of removed)
    for (const t of buckets.keys()) {
      if (t < from) from = t;
      if (t > to) to = t;
    }
  const read = db.prepare(
    `SELECT t, cpu_peak, cpu_peak_host, cpu_peak2, cpu_peak2_host, n_cpu FROM series_totals
     WHERE project_id = ? AND t BETWEEN ? AND ?`,
  );
  read.setReturnArrays(true);
  const rows = new Map<number, Top>();
  if (from <= to)
    for (const x of read.iterate(projectId, from, to) as unknown as Iterable<(number | null)[]>)
      rows.set(x[0] ?? 0, { p1: num(x[1]), h1: num(x[2]), p2: num(x[3]), h2: num(x[4]), n: x[5] ?? 0 });
  const rowAt = (t: number): Top | null => rows.get(t) ?? null;
  const changed = new Set<number>();
  const stale: number[] = [];
  for (const { hostId, buckets } of removed)
    for (const [t, parts] of buckets) {
      if (Number.isNaN(parts[CPU_PEAK] ?? Number.NaN)) continue;
      const r = rowAt(t);
      if (r === null) continue;
      if (r.h1 === hostId) {
        if (!Number.isNaN(r.h2)) {
          // The runner-up moves up; its own runner-up is not known (at most the new busiest).
          r.p1 = r.p2;
          r.h1 = r.h2;
          r.p2 = Number.NaN;
          r.h2 = Number.NaN;
          changed.add(t);
        } else if (r.n < 0.5) {
          r.p1 = Number.NaN;
          r.h1 = Number.NaN;
          r.p2 = Number.NaN;
          changed.add(t);
        } else stale.push(t);
      } else if (r.h2 === hostId) {
        // The runner-up is not known any more: at most the removed host's CPU % (none with one host left).
        r.p2 = r.n > 1.5 ? r.p2 : Number.NaN;
        r.h2 = Number.NaN;
        changed.add(t);
      }
    }
  const set = db.prepare(
    `UPDATE series_totals SET cpu_peak = ?, cpu_peak_host = ?, cpu_peak2 = ?, cpu_peak2_host = ?
     WHERE project_id = ? AND t = ?`,
  );
  for (const t of changed) {
    const r = rows.get(t);
    if (r) set.run(r.p1, r.h1, r.p2, r.h2, projectId, t);
  }
  if (stale.length > 0) recomputePeaks(db, projectId, grid, stale);
}

/**
 * The top two of the busiest server in the buckets `affected`, from the enabled hosts' samples around them — each
 * host resampled onto the grid as the store resampled it, PEAK_MARGIN_STEPS grid steps either side so a sample
 * straddling a bucket's edge counts as it did.
 */
function recomputePeaks(db: DatabaseSync, projectId: number, grid: number, affected: number[]): void {
  if (affected.length === 0) return;
  affected.sort((a, b) => a - b);
  // Runs of nearby buckets, each read as one time range per host (one prepared statement for all of them).
  const ranges: [number, number][] = [];
  for (const t of affected) {
    const last = ranges[ranges.length - 1];
    if (last && t - last[1] <= grid * (2 * PEAK_MARGIN_STEPS + 1)) last[1] = t;
    else ranges.push([t, t]);
  }
  const wanted = new Set(affected);
  const states = nodeStates(db, projectId);
  const tops = new Map<number, Float64Array>();
  for (const h of projectHosts(db, projectId)) {
    if (states.get(h.nodeId) === false) continue;
    const margin = PEAK_MARGIN_STEPS * Math.max(grid, h.intervalS);
    for (const [a, b] of ranges)
      for (const [t, parts] of alignStored(
        db,
        h.id,
        grid,
        h.intervalS,
        h.cores,
        a - grid - margin,
        b + margin,
      )) {
        if (!wanted.has(t)) continue;
        let top = tops.get(t);
        if (top === undefined) {
          top = emptyParts();
          tops.set(t, top);
        }
        combineParts(top, parts);
      }
  }
  const write = topsWriter(db, projectId);
  for (const t of wanted) write(t, tops.get(t) ?? emptyParts());
}

/** Drops the sample times no enabled host has any more (over the toggled host's time range, or all). */
function settleTotals(db: DatabaseSync, projectId: number, hostId?: number): void {
  const range = (
    hostId === undefined
      ? { first: -Number.MAX_VALUE, last: Number.MAX_VALUE }
      : db.prepare('SELECT first_t AS first, last_t AS last FROM series_hosts WHERE id = ?').get(hostId)
  ) as { first: number | null; last: number | null } | undefined;
  if (range?.first == null || range.last == null) return;
  // A host's buckets reach up to one grid step past its samples (a sample off the grid spills into the next one).
  const { grid } = projectGrid(db, projectId);
  db.prepare('DELETE FROM series_totals WHERE project_id = ? AND t BETWEEN ? AND ? AND hosts < 0.5').run(
    projectId,
    range.first - grid,
    range.last + grid,
  );
}

/**
 * Makes series_totals hold the project's aggregate over its enabled hosts. When the runs changed (or the state is
 * unknown) it is rebuilt from the runs' per-t sums (series_run_totals, written while the files were stored) less
 * the disabled hosts — never from every sample.
 */
/** The meta key marking a data folder whose run sums are on the time grid (align.ts). */
const ALIGNED_LAYOUT = 'series_aligned';

/** Marks the folder's run sums as written on the time grid (a store that wrote them itself: the seed). */
export function markRunsAligned(db: DatabaseSync): void {
  db.prepare('INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)').run(ALIGNED_LAYOUT, '1');
}

/**
 * A data folder written before the time grid kept its runs' sums per sample time: they are recomputed from the
 * stored samples once (each host resampled as the store now does while a file streams in), and every project's
 * totals are rebuilt on their next read. Nothing collected is lost.
 */
export function alignStoredRuns(db: DatabaseSync): void {
  const done = db.prepare('SELECT value FROM meta WHERE key = ?').get(ALIGNED_LAYOUT) as
    { value: string } | undefined;
  if (done) return;
  transaction(db, () => {
    const hosts = db
      .prepare(
        "SELECT id, run_id AS runId, cores, interval_s AS intervalS FROM series_hosts WHERE entity <> 'vm' ORDER BY run_id, id",
      )
      .all() as { id: number; runId: number; cores: number; intervalS: number }[];
    db.exec('DELETE FROM series_run_totals; DELETE FROM series_totals; DELETE FROM series_totals_state');
    const add = db.prepare(
      `INSERT INTO series_run_totals (run_id, t, ${TOTAL_PARTS.join(', ')})
       VALUES (?, ?, ${TOTAL_PARTS.map(() => '?').join(', ')})
       ON CONFLICT (run_id, t) DO UPDATE SET ${ADD_PARTS_SQL}`,
    );
    const setGaps = db.prepare('UPDATE series_hosts SET gap_count = ?, gap_seconds = ? WHERE id = ?');
    for (const h of hosts) {
      let prev: number | null = null;
      let gaps = 0;
      let missing = 0;
      const samples = function* (): Generator<RawSample> {
        for (const s of hostSamples(db, h.id)) {
          if (prev !== null && s.t - prev > GAP_FACTOR * h.intervalS) {
            gaps += 1;
            missing += s.t - prev - h.intervalS;
          }
          prev = s.t;
          yield s;
        }
      };
      for (const [t, parts] of alignHost(samples(), h.intervalS, h.intervalS, h.cores, h.id))
        add.run(h.runId, t, ...parts);
      setGaps.run(gaps, missing, h.id);
    }
    markRunsAligned(db);
  });
  seriesChanged();
}

/** Writes a bucket's busiest server and runner-up (CPU % and host of each) into the project's totals row at t. */
function topsWriter(db: DatabaseSync, projectId: number): (t: number, top: Float64Array) => void {
  const set = db.prepare(
    `UPDATE series_totals SET cpu_peak = ?, cpu_peak_host = ?, cpu_peak2 = ?, cpu_peak2_host = ?
     WHERE project_id = ? AND t = ?`,
  );
  return (t, top) => {
    set.run(
      top[CPU_PEAK] ?? null,
      top[CPU_PEAK_HOST] ?? null,
      top[CPU_PEAK2] ?? null,
      top[CPU_PEAK2_HOST] ?? null,
      projectId,
      t,
    );
  };
}

/** The project's top two of the busiest server per bucket from its runs' top two (each run's hosts apart). */
function combineRunTops(db: DatabaseSync, projectId: number, runs: number[]): void {
  const read = db.prepare(
    `SELECT t, cpu_peak, cpu_peak_host, cpu_peak2, cpu_peak2_host, n_cpu FROM series_run_totals
     WHERE run_id IN (SELECT value FROM json_each(?)) ORDER BY t`,
  );
  read.setReturnArrays(true);
  const write = topsWriter(db, projectId);
  let at = Number.NaN;
  let top = emptyParts();
  const one = emptyParts();
  for (const r of read.iterate(JSON.stringify(runs)) as unknown as Iterable<(number | null)[]>) {
    const t = r[0] ?? 0;
    if (t !== at) {
      if (!Number.isNaN(at)) write(at, top);
      at = t;
      top = emptyParts();
    }
    one[CPU_PEAK] = num(r[1]);
    one[CPU_PEAK_HOST] = num(r[2]);
    one[CPU_PEAK2] = num(r[3]);
    one[CPU_PEAK2_HOST] = num(r[4]);
    one[N_CPU] = r[5] ?? 0;
    combineParts(top, one);
  }
  if (!Number.isNaN(at)) write(at, top);
}

export function ensureTotals(db: DatabaseSync, projectId: number): void {
  const signature = totalsSignature(db, projectId);
  if (totalsState(db, projectId) === signature) return;
  transaction(db, () => {
    db.prepare('DELETE FROM series_totals WHERE project_id = ?').run(projectId);
    const { grid, uniform } = projectGrid(db, projectId);
    const states = nodeStates(db, projectId);
    const hosts = projectHosts(db, projectId);
    const runs = projectRuns(db, projectId);
    if (uniform) {
      // A run each of whose hosts another run already holds at the same times (entities.ts: the same file uploaded
      // twice) is left out of the sum whole, so the figures are one upload's to the last bit; a duplicated row of a
      // run that holds others is subtracted below.
      const { duplicates } = projectEntities(db, projectId);
      const repeated = duplicates.size === 0 ? new Set<number>() : repeatedRuns(db, runs, duplicates);
      const summed = runs.filter((r) => !repeated.has(r));
      const sum = derived((c) => `SUM(${c})`);
      db.prepare(
        `INSERT INTO series_totals (project_id, t, ${TOTAL_PARTS.join(', ')}, ${DERIVED_COLUMNS})
         SELECT ?, t, ${TOTAL_PARTS.map((c, i) => `${isTopPart(i) ? 'MAX' : 'SUM'}(${c})`).join(', ')}, ${derivedList(sum)}
         FROM series_run_totals WHERE run_id IN (SELECT value FROM json_each(?)) GROUP BY t`,
      ).run(projectId, JSON.stringify(summed));
      // One run: its top two are the project's (MAX of one row). Several: the runs' top two combined per bucket.
      if (summed.length > 1) combineRunTops(db, projectId, summed);
      // The runs' sums hold every row: the disabled hosts and the rows another run already holds at the same times
      // (entities.ts duplicates: the same file uploaded twice) are taken out again.
      const removed = [
        ...hosts.filter((h) => states.get(h.nodeId) === false).map((h) => h.id),
        ...[...duplicates].filter((id) => !repeated.has(runOf(db, id))),
      ].map((id) => ({ hostId: id, buckets: applyHost(db, projectId, id, -1, grid) }));
      if (removed.length > 0) removePeaks(db, projectId, grid, removed);
    } else {
      // Runs sampled at different intervals: each enabled host resampled onto the longest of them.
      const totals = new Map<number, Float64Array>();
      for (const h of hosts) {
        if (states.get(h.nodeId) === false) continue;
        for (const [t, parts] of alignHost(hostSamples(db, h.id), grid, h.intervalS, h.cores, h.id)) {
          let v = totals.get(t);
          if (v === undefined) {
            v = emptyParts();
            totals.set(t, v);
          }
          combineParts(v, parts);
        }
      }
      addBuckets(db, projectId, totals, 1);
    }
    settleTotals(db, projectId);
    saveTotalsState(db, projectId, signature);
  });
}

/** The runs among `runs` that hold servers or hosts and whose every server and host is a duplicate (entities.ts). */
function repeatedRuns(
  db: DatabaseSync,
  runs: readonly number[],
  duplicates: ReadonlySet<number>,
): Set<number> {
  const rows = db
    .prepare(
      `SELECT id, run_id AS runId FROM series_hosts
       WHERE run_id IN (SELECT value FROM json_each(?)) AND entity <> 'vm'`,
    )
    .all(JSON.stringify(runs)) as { id: number; runId: number }[];
  const kept = new Set(rows.filter((r) => !duplicates.has(r.id)).map((r) => r.runId));
  return new Set(rows.filter((r) => !kept.has(r.runId)).map((r) => r.runId));
}

function runOf(db: DatabaseSync, hostId: number): number {
  return (db.prepare('SELECT run_id AS r FROM series_hosts WHERE id = ?').get(hostId) as { r: number }).r;
}

export interface Extent {
  first: number;
  last: number;
  intervalS: number;
}

/** The time extent of the project's series (null without series): from each host's first and last time. */
export function extentOf(db: DatabaseSync, projectId: number): Extent | null {
  const row = db
    .prepare(
      `SELECT MIN(h.first_t) AS first, MAX(h.last_t) AS last
       FROM series_hosts h JOIN collector_runs r ON r.id = h.run_id
       WHERE r.project_id = ? AND r.deleted = 0 AND h.entity <> 'vm'`,
    )
    .get(projectId) as { first: number | null; last: number | null };
  if (row.first === null || row.last === null) return null;
  // The shortest bucket is the totals' grid (the enabled hosts' longest interval).
  return { first: row.first, last: row.last, intervalS: projectGrid(db, projectId).grid };
}

interface Rows {
  /** Each row's label: the END of the interval it measured (a grid label of the totals, a server's sample time). */
  t: Float64Array;
  cols: Partial<Record<Column, Float64Array>>;
  iops: Float64Array;
  /** The seconds a row measured: the totals' grid, or one server's own sampling interval (series_hosts). */
  step: number;
}

/**
 * The labels of the aligned totals a period from `from` to `to` reads: every grid bucket holding part of a sample
 * timed in the period. A sample at t covering (t − G, t] lands in the buckets labelled ⌊t / G⌋·G and ⌈t / G⌉·G (bucket
 * k·G covers (k·G − G, k·G], align.ts), so off the grid the first sample's larger part sits under a label before
 * `from` and the last sample's rest under a label after `to`. Read only from `from` to `to`, every collection sampled
 * off the grid showed an empty interval at its end and lost part of its first and last samples from its figures.
 */
function totalsSpan(db: DatabaseSync, projectId: number, from: number, to: number): [number, number] {
  const { grid } = projectGrid(db, projectId);
  return [Math.floor(from / grid) * grid, Math.ceil(to / grid) * grid];
}

/**
 * The rows of the aggregate (scope null) or of one host in [from, to]: t, total IOPS and the wanted metrics. The
 * aggregate's buckets at the period's edges (totalsSpan), whose labels can lie just outside it, are read with their
 * own labels (the time they measured).
 */
function rowsFor(
  db: DatabaseSync,
  projectId: number,
  hostId: number | null,
  from: number,
  to: number,
  metrics: readonly Column[],
  cluster: ClusterScope | null = null,
): Rows {
  if (hostId === null && cluster !== null) return clusterRows(db, projectId, cluster, from, to, metrics);
  if (hostId === null) ensureTotals(db, projectId);
  const wanted = [...VIEWER_METRICS, ...SPLIT_LATENCY].filter((m) => metrics.includes(m));
  // A server's own series is on its own interval, not the totals' grid.
  if (hostId !== null) {
    // A host that several runs hold (entities.ts): the samples of all its rows, each t once.
    const fields = wanted.map((m) => SAMPLE_COLUMN[m]);
    const { columns: c } = readSamples(
      db,
      hostRows(db, projectId, hostId),
      [...new Set<SampleField>(['read_iops', 'write_iops', ...fields])],
      { from, to },
    );
    const iops = addColumns(c.read_iops, c.write_iops);
    const cols: Partial<Record<Column, Float64Array>> = {};
    wanted.forEach((m, k) => (cols[m] = c[fields[k] as SampleField]));
    const step =
      (
        db.prepare('SELECT interval_s AS s FROM series_hosts WHERE id = ?').get(hostId) as
          { s: number } | undefined
      )?.s ?? 1;
    return { t: c.t, cols, iops, step };
  }
  const stmt = db.prepare(
    `SELECT t, read_iops + write_iops${wanted.map((m) => `, ${COLUMN[m]}`).join('')}
     FROM series_totals WHERE project_id = ? AND t BETWEEN ? AND ? ORDER BY t`,
  );
  // Rows as arrays (t, IOPS, then the metric columns): no object per row.
  stmt.setReturnArrays(true);
  const [since, until] = totalsSpan(db, projectId, from, to);
  const rows = stmt.all(projectId, since, until) as unknown as (number | null)[][];
  const step = projectGrid(db, projectId).grid;
  const n = rows.length;
  const t = new Float64Array(n);
  const iops = new Float64Array(n);
  const columns = wanted.map(() => new Float64Array(n));
  for (let i = 0; i < n; i++) {
    const r = rows[i] as (number | null)[];
    t[i] = r[0] as number;
    // An unknown value (NULL) is NaN: the figures skip it, none takes it for 0.
    iops[i] = num(r[1]);
    for (let c = 0; c < columns.length; c++) (columns[c] as Float64Array)[i] = num(r[c + 2]);
  }
  const cols: Partial<Record<Column, Float64Array>> = {};
  wanted.forEach((m, c) => (cols[m] = columns[c]));
  return { t, cols, iops, step };
}

/**
 * One vSphere cluster of the project (format v3): its hosts (series host ids; entity 'host', never a VM) and the
 * datastores they mount, as `${run id}:${host key}` of those hosts (series_datastores.hosts names hosts by key).
 */
export interface ClusterScope {
  clusterKey: string;
  hostIds: readonly number[];
  mounts: readonly string[];
}

/** The scope of a cluster of the project: its hosts (of the runs not deleted) and their mount keys. */
export function clusterScope(db: DatabaseSync, projectId: number, clusterKey: string): ClusterScope {
  const hosts = db
    .prepare(
      `SELECT h.id, h.run_id AS runId, h.host_key AS hostKey
       FROM series_hosts h JOIN collector_runs r ON r.id = h.run_id
       WHERE r.project_id = ? AND r.deleted = 0 AND h.entity = 'host' AND h.cluster_key = ? ORDER BY h.id`,
    )
    .all(projectId, clusterKey) as { id: number; runId: number; hostKey: string }[];
  const { duplicates } = projectEntities(db, projectId);
  // Every run's hosts name the datastores they mount (a datastore's latest part may be a duplicated run's).
  return {
    clusterKey,
    hostIds: hosts.filter((h) => !duplicates.has(h.id)).map((h) => h.id),
    mounts: hosts.map((h) => `${String(h.runId)}:${h.hostKey}`),
  };
}

/** A value of the derived columns (derived()) from one bucket's summed parts, as SQLite computes it (NaN: NULL). */
function derivedValue(m: 'latency' | 'cpu' | 'readLatency' | 'writeLatency', v: Float64Array): number {
  // SQLite's x / 0 is NULL.
  const ratio = (a: number, b: number): number => (b === 0 ? Number.NaN : a / b);
  const at = (i: number): number => v[i] ?? 0;
  switch (m) {
    case 'latency':
      return at(N_IO) > 0.5
        ? ratio(at(LAT_W), at(LAT_IO))
        : at(N_LAT) > 0.5
          ? at(LAT_SUM) / at(N_LAT)
          : Number.NaN;
    case 'cpu':
      return at(CORES) > 0 ? at(CPU_W) / at(CORES) : Number.NaN;
    case 'readLatency':
      return at(N_RLAT) > 0.5 && at(R_IO) > 0 ? at(RLAT_W) / at(R_IO) : Number.NaN;
    case 'writeLatency':
      return at(N_WLAT) > 0.5 && at(W_IO) > 0 ? at(WLAT_W) / at(W_IO) : Number.NaN;
  }
}

/** The part each summed column of the totals is (the derived ones are computed by derivedValue). */
const PART_OF: Partial<Record<Column, number>> = {
  readIops: RI,
  writeIops: WI,
  readThroughput: RB,
  writeThroughput: WB,
  memory: MEM,
  networkRx: RX,
  networkTx: TX,
  queueDepth: QD,
  cpuPeakServer: CPU_PEAK,
};

/**
 * The rows of one cluster's total in [from, to]: its enabled hosts resampled onto the project's grid exactly as the
 * project's totals are (alignStored, PEAK_MARGIN_STEPS grid steps of samples either side, so a sample straddling the
 * period's edges counts as it does there) and added bucket by bucket — the same parts and derived columns as
 * series_totals, over the cluster's hosts only. Computed at read time (the viewer's cache keeps it): no stored
 * totals per cluster to keep in step with node changes.
 */
function clusterRows(
  db: DatabaseSync,
  projectId: number,
  cluster: ClusterScope,
  from: number,
  to: number,
  metrics: readonly Column[],
): Rows {
  const { grid } = projectGrid(db, projectId);
  const [since, until] = totalsSpan(db, projectId, from, to);
  const states = nodeStates(db, projectId);
  const members = new Set(cluster.hostIds);
  const totals = new Map<number, Float64Array>();
  for (const h of projectHosts(db, projectId)) {
    if (!members.has(h.id) || states.get(h.nodeId) === false) continue;
    const margin = PEAK_MARGIN_STEPS * Math.max(grid, h.intervalS);
    const buckets = alignStored(db, h.id, grid, h.intervalS, h.cores, since - grid - margin, until + margin);
    for (const [t, parts] of buckets) {
      if (t < since || t > until) continue;
      let v = totals.get(t);
      if (v === undefined) {
        v = emptyParts();
        totals.set(t, v);
      }
      combineParts(v, parts);
    }
  }
  const wanted = [...VIEWER_METRICS, ...SPLIT_LATENCY].filter((m) => metrics.includes(m));
  const times = [...totals.keys()].sort((a, b) => a - b);
  const n = times.length;
  const t = new Float64Array(n);
  const iops = new Float64Array(n);
  const cols: Partial<Record<Column, Float64Array>> = {};
  for (const m of wanted) cols[m] = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const at = times[i] ?? 0;
    const v = totals.get(at) ?? emptyParts();
    t[i] = at;
    iops[i] = (v[RI] ?? Number.NaN) + (v[WI] ?? Number.NaN);
    for (const m of wanted) {
      const part = PART_OF[m];
      (cols[m] as Float64Array)[i] =
        part === undefined
          ? derivedValue(m as 'latency' | 'cpu' | 'readLatency' | 'writeLatency', v)
          : (v[part] ?? Number.NaN);
    }
  }
  return { t, cols, iops, step: grid };
}

export interface SeriesQuery {
  from: number;
  to: number;
  points: number;
  metrics: readonly ViewerMetric[];
  /** A host's node id, or null for the aggregate over enabled nodes. */
  hostId: number | null;
  /**
   * The totals' grid as the caller knows it (extentOf). Not what the buckets are cut on: they take the interval of
   * the rows read (the grid, or one server's own interval: rowsFor).
   */
  intervalS: number;
  /** Also read and write latency apart (format v2 files; null where no read or write latency is known). */
  splitLatency?: boolean;
  /** The total over one vSphere cluster's enabled hosts instead of the project's (with hostId null). */
  cluster?: ClusterScope | null;
}

export interface BucketFigures {
  max: (number | null)[];
  avg: (number | null)[];
  p95: (number | null)[];
}

export interface SeriesResult {
  bucketSeconds: number;
  /**
   * Bucket starts: bucket b spans [times[b], times[b] + bucketSeconds) and holds the intervals that measured that
   * time (labels — interval ends — in (times[b], times[b] + bucketSeconds]).
   */
  times: number[];
  /** Per bucket the intervals (or one server's samples) whose total IOPS is known. */
  counts: number[];
  series: {
    metric: ViewerMetric;
    max: (number | null)[];
    avg: (number | null)[];
    p95: (number | null)[];
  }[];
  /** Per bucket: its average total IOPS is under LATENCY_MIN_IOPS (latency not meaningful). */
  lowIops: boolean[];
  /** With splitLatency: read and write latency per bucket. */
  split?: Record<SplitLatency, BucketFigures>;
  /** Read + write IOPS per aligned interval, then per bucket (the sizing's IOPS basis). */
  totalIops: BucketFigures;
}

/** What a project's view depends on besides the query: its runs, enabled hosts and disabled nodes (disks too). */
function viewKey(db: DatabaseSync, projectId: number): string {
  const states = nodeStates(db, projectId);
  const off = [...states].filter(([, on]) => !on).map(([id]) => id);
  return `${String(projectId)}|${signatureOf(projectRuns(db, projectId), projectHosts(db, projectId), states)}|${off.join(',')}`;
}

export function querySeries(db: DatabaseSync, projectId: number, q: SeriesQuery): SeriesResult {
  return cachedRead(db, `series|${viewKey(db, projectId)}|${JSON.stringify(q)}`, () =>
    computeSeries(db, projectId, q),
  );
}

/**
 * Where the buckets of rows read over [from, to] start and end: on the rows' own grid (their labels every `step`
 * seconds from the first row), continued back and forth to the range in whole steps. The first bucket starts where
 * the first interval read began (its label − step) — the totals' label ⌊from ÷ G⌋·G that holds part of the first
 * sample, or one server's first sample — and the last ends at the last label read, so a collection without gaps has
 * no empty bucket at either end; a range reaching past the data has empty buckets there.
 */
function bucketBounds(rows: Rows, from: number, to: number): { start: number; end: number } {
  const g = rows.step;
  const first = rows.t[0] ?? from;
  const last = rows.t[rows.t.length - 1] ?? first;
  const lo = first > from ? first - Math.floor((first - from) / g) * g : first;
  const hi = last < to ? last + Math.floor((to - last) / g) * g : last;
  return { start: lo - g, end: Math.max(hi, lo) };
}

function computeSeries(db: DatabaseSync, projectId: number, q: SeriesQuery): SeriesResult {
  const columns: readonly Column[] = q.splitLatency ? [...q.metrics, ...SPLIT_LATENCY] : q.metrics;
  const rows = rowsFor(db, projectId, q.hostId, q.from, q.to, columns, q.cluster ?? null);
  const { start, end } = bucketBounds(rows, q.from, q.to);
  // A whole number of the rows' intervals per bucket: every full bucket holds as many of them.
  const width = bucketWidth(start, end, q.points, rows.step);
  const empty = new Float64Array(rows.t.length);
  const [iops, ...buckets] = bucketizeColumns(
    rows.t,
    [rows.iops, ...columns.map((m) => rows.cols[m] ?? empty)],
    start,
    end,
    width,
  );
  if (!iops) throw new Error('no buckets');
  const n = q.metrics.length;
  const figuresOf = (b: (typeof buckets)[number] | undefined): BucketFigures => ({
    max: b?.max ?? [],
    avg: b?.avg ?? [],
    p95: b?.p95 ?? [],
  });
  return {
    ...(q.splitLatency
      ? { split: { readLatency: figuresOf(buckets[n]), writeLatency: figuresOf(buckets[n + 1]) } }
      : {}),
    bucketSeconds: width,
    times: iops.times,
    counts: iops.counts,
    totalIops: figuresOf(iops),
    series: q.metrics.map((m, i) => {
      const b = buckets[i] ?? iops;
      return { metric: m, max: b.max, avg: b.avg, p95: b.p95 };
    }),
    lowIops: iops.avg.map((v) => v !== null && v < LATENCY_MIN_IOPS),
  };
}

export interface HostFigure {
  nodeId: string;
  name: string;
  peak: number;
  average: number;
}

export interface CapacityRow {
  nodeId: string | null;
  name: string;
  kind: 'server' | 'clusterDisk';
  capacityBytes: number;
  /** Null when the used space of one of its disks is not known (the collector did not say): unknown, never 0. */
  usedBytes: number | null;
  /**
   * Free space as the file systems reported it (format v2's fileSystems[].freeBytes), else capacity − used; null
   * when one of its disks' is not known.
   */
  freeBytes: number | null;
}

export interface SummaryFigures {
  peak: number | null;
  p95: number | null;
  average: number | null;
}

export interface HostGaps {
  nodeId: string;
  name: string;
  /** Missing intervals: consecutive samples further apart than 1.5 intervals. */
  count: number;
  /** Seconds without samples over those gaps. */
  seconds: number;
}

export interface SummaryResult {
  /** Per metric over the aligned totals; latency over the intervals with at least LATENCY_MIN_IOPS only. */
  metrics: ({ metric: ViewerMetric } & SummaryFigures)[];
  /** Read and write latency apart (format v2), over the intervals with at least LATENCY_MIN_IOPS only. */
  readLatency: SummaryFigures;
  writeLatency: SummaryFigures;
  /** Read + write IOPS and read + write throughput per interval of the aligned totals. */
  totalIops: SummaryFigures;
  totalThroughput: SummaryFigures;
  /** Latency over every interval, the low-IOPS ones included (the discounted figure is in metrics). */
  latencyAllIntervals: SummaryFigures;
  /** The enabled hosts with gaps in their collection (over the whole collection). */
  gaps: HostGaps[];
  topByIops: HostFigure[];
  topByCpu: HostFigure[];
  capacity: CapacityRow[];
  /**
   * Runs of intervals under LATENCY_MIN_IOPS total IOPS, as the time they measured: from the first interval's start
   * to the last one's end.
   */
  lowIopsPeriods: { from: number; to: number }[];
  enabledHosts: number;
  /** The grid of the totals and what a slower server's interval costs them (null for one server's summary). */
  grid: GridNotice | null;
}

/**
 * The grid the totals are on, and — when enabled servers sample at different intervals — which of them set it (those
 * at the longest interval) and what it costs: the total IOPS peak of the scope on that grid against the peak of the
 * scope's other servers on the grid they would share without them (the longest of their intervals).
 */
export interface GridNotice {
  seconds: number;
  /** The enabled servers whose interval is the grid while others sample faster (none: they all share one). */
  setBy: { nodeId: string; name: string; intervalS: number }[];
  finerSeconds: number | null;
  peakIops: number | null;
  finerPeakIops: number | null;
}

/** What a summary is asked for: the range, the top lists' length, and one server or one cluster (none: the total). */
export interface SummaryQuery {
  from: number;
  to: number;
  top: number;
  intervalS: number;
  hostId?: number | null;
  cluster?: ClusterScope | null;
}

export function querySummary(db: DatabaseSync, projectId: number, q: SummaryQuery): SummaryResult {
  return cachedRead(db, `summary|${viewKey(db, projectId)}|${JSON.stringify(q)}`, () =>
    computeSummary(db, projectId, q),
  );
}

function computeSummary(db: DatabaseSync, projectId: number, q: SummaryQuery): SummaryResult {
  const hostId = q.hostId ?? null;
  // With one server the cluster is not applied (the contract's `node` wins).
  const cluster = hostId === null ? (q.cluster ?? null) : null;
  const rows = rowsFor(db, projectId, hostId, q.from, q.to, [...VIEWER_METRICS, ...SPLIT_LATENCY], cluster);
  const of = (values: ArrayLike<number>): SummaryFigures => {
    const f = figures(values);
    return { peak: f?.peak ?? null, p95: f?.p95 ?? null, average: f?.average ?? null };
  };
  const latency = rows.cols.latency ?? new Float64Array(0);
  // Latency only means something under sustained I/O: its figures leave out the intervals under the minimum.
  const busyLatency = busyIntervals(latency, rows.iops);
  const metrics = VIEWER_METRICS.map((m) => ({
    metric: m,
    ...of(m === 'latency' ? busyLatency : (rows.cols[m] ?? [])),
  }));
  const both = (a: Metric, b: Metric): Float64Array => {
    const x = rows.cols[a] ?? new Float64Array(0);
    const y = rows.cols[b] ?? new Float64Array(0);
    return x.map((v, i) => v + (y[i] ?? 0));
  };
  const members = cluster === null ? null : new Set(cluster.hostIds);
  const own = hostId === null ? null : new Set(hostRows(db, projectId, hostId));
  const hosts = enabledHosts(db, projectId).filter(
    (h) => (own === null || own.has(h.id)) && (members === null || members.has(h.id)),
  );
  const perHost = db
    .prepare(
      // From the hourly roll-up (hours overlapping the range), not the samples: a few rows per host and day.
      // Each figure over the samples that knew it: NULL (no data) for a server whose IOPS are never known (no disks).
      `SELECT host_id AS id, MAX(CASE WHEN n > 0 THEN max_iops END) AS peakIops,
         SUM(sum_iops) AS sumIops, SUM(n) AS n,
         MAX(CASE WHEN n_cpu > 0 THEN max_cpu END) AS peakCpu, SUM(sum_cpu) AS sumCpu, SUM(n_cpu) AS nCpu
       FROM series_host_hours WHERE host_id IN (SELECT value FROM json_each(?)) AND hour BETWEEN ? AND ?
       GROUP BY host_id`,
    )
    .all(JSON.stringify(hosts.map((h) => h.id)), Math.floor(q.from / 3600) * 3600, q.to) as (HourRollup & {
    id: number;
  })[];
  const byId = new Map(hosts.map((h) => [h.id, h]));
  // A host that several runs hold (entities.ts) is ranked once, over the hours of all its rows.
  const named = perNode(
    perHost.flatMap((r) => {
      const h = byId.get(r.id);
      return h ? [{ ...r, nodeId: h.nodeId, name: h.name }] : [];
    }),
  );
  // A server with no figure of the metric (IOPS of a server without disks) is not ranked by it: no data, not 0.
  const top = (peak: 'peakIops' | 'peakCpu', avg: 'avgIops' | 'avgCpu'): HostFigure[] =>
    named
      .flatMap((r) => {
        const p = r[peak];
        return p === null ? [] : [{ nodeId: r.nodeId, name: r.name, peak: p, average: r[avg] ?? p }];
      })
      .sort((a, b) => b.peak - a.peak || a.name.localeCompare(b.name))
      .slice(0, q.top);
  // A host's capacity is its latest part's (entities.ts): one row per node.
  const entities = projectEntities(db, projectId);
  const { superseded, datastoresSuperseded } = entities;
  const serverCapacity = db
    .prepare(
      `SELECT h.node_id AS nodeId, h.name, SUM(d.capacity_bytes) AS capacityBytes,
         CASE WHEN COUNT(d.used_bytes) = COUNT(*) THEN SUM(d.used_bytes) END AS usedBytes,
         CASE WHEN COUNT(d.free_bytes) = COUNT(*) THEN SUM(d.free_bytes) END AS freeBytes
       FROM series_disks d JOIN series_hosts h ON h.id = d.host_id
       WHERE d.host_id IN (SELECT value FROM json_each(?)) GROUP BY h.id ORDER BY h.name`,
    )
    .all(JSON.stringify(hosts.filter((h) => !superseded.has(h.id)).map((h) => h.id))) as unknown as Omit<
    CapacityRow,
    'kind'
  >[];
  for (const c of serverCapacity) if (c.nodeId !== null) c.nodeId = entityNode(entities, c.nodeId);
  const states = nodeStates(db, projectId);
  const mounts = cluster === null ? null : new Set(cluster.mounts);
  // A cluster's view: the shared disks of the cluster and every datastore one of its hosts mounts (each once, even
  // when hosts of other clusters mount it too).
  const ofCluster = (d: { runId: number; clusterKey: string | null; mountedBy: string | null }): boolean =>
    cluster === null ||
    d.clusterKey === cluster.clusterKey ||
    (d.mountedBy !== null &&
      (JSON.parse(d.mountedBy) as string[]).some((key) => mounts?.has(`${String(d.runId)}:${key}`)));
  const clusterCapacity = (
    db
      .prepare(
        `SELECT d.node_id AS nodeId, d.name, d.capacity_bytes AS capacityBytes, d.used_bytes AS usedBytes,
           d.free_bytes AS freeBytes, d.run_id AS runId, d.cluster_key AS clusterKey, s.hosts AS mountedBy,
           s.id AS storeId
         FROM series_disks d JOIN collector_runs r ON r.id = d.run_id
         LEFT JOIN series_datastores s ON s.disk_id = d.id
         WHERE r.project_id = ? AND r.deleted = 0 AND d.kind = 'shared' ORDER BY d.name`,
      )
      .all(projectId) as unknown as (Omit<CapacityRow, 'kind'> & {
      runId: number;
      clusterKey: string | null;
      mountedBy: string | null;
      storeId: number | null;
    })[]
  )
    // A datastore that several runs hold counts once, its latest part's capacity under its first node.
    .filter((d) => d.storeId === null || !datastoresSuperseded.has(d.storeId))
    .map((d) => ({ ...d, nodeId: d.nodeId === null ? null : entityNode(entities, d.nodeId) }))
    .filter((d) => (d.nodeId === null || states.get(d.nodeId) !== false) && ofCluster(d))
    .map(({ nodeId, name, capacityBytes, usedBytes, freeBytes }) => ({
      nodeId,
      name,
      capacityBytes,
      usedBytes,
      freeBytes,
    }));
  // Periods (runs of consecutive samples) whose total IOPS is under the minimum for meaningful latency, as the time
  // they measured: from the start of the first interval (its label − its length) to the end of the last.
  const lowIopsPeriods: { from: number; to: number }[] = [];
  let start: number | null = null;
  let prev = 0;
  for (let i = 0; i < rows.t.length; i++) {
    const t = rows.t[i] ?? 0;
    const low = (rows.iops[i] ?? 0) < LATENCY_MIN_IOPS;
    if (low && start === null) start = t - rows.step;
    if (!low && start !== null) {
      lowIopsPeriods.push({ from: start, to: prev });
      start = null;
    }
    prev = t;
  }
  if (start !== null) lowIopsPeriods.push({ from: start, to: prev });
  const totalIops = of(rows.iops);
  return {
    grid: hostId === null ? gridNotice(db, projectId, hosts, totalIops.peak, q.from, q.to) : null,
    metrics,
    topByIops: top('peakIops', 'avgIops'),
    topByCpu: top('peakCpu', 'avgCpu'),
    capacity: [
      ...serverCapacity.map((c) => ({ ...c, kind: 'server' as const })),
      ...clusterCapacity.map((c) => ({ ...c, kind: 'clusterDisk' as const })),
    ],
    lowIopsPeriods,
    enabledHosts: new Set(hosts.map((h) => h.nodeId)).size,
    totalIops,
    totalThroughput: of(both('readThroughput', 'writeThroughput')),
    latencyAllIntervals: of(latency),
    readLatency: of(busyIntervals(rows.cols.readLatency ?? new Float64Array(0), rows.iops)),
    writeLatency: of(busyIntervals(rows.cols.writeLatency ?? new Float64Array(0), rows.iops)),
    gaps: hostGaps(db, hosts),
  };
}

/**
 * The grid notice of a total over `scope` (the enabled hosts it adds up) whose total IOPS peak on the project's grid
 * is `peakIops`: the servers that set the grid are the enabled ones of the project at its interval while others
 * sample faster; without them the scope's other hosts are resampled onto their own grid here (as clusterRows
 * resamples, each host's samples around the period) and their total IOPS peak taken over the same period.
 */
function gridNotice(
  db: DatabaseSync,
  projectId: number,
  scope: readonly SeriesHost[],
  peakIops: number | null,
  from: number,
  to: number,
): GridNotice {
  const { grid } = projectGrid(db, projectId);
  const enabled = enabledHosts(db, projectId);
  const faster = enabled.filter((h) => h.intervalS < grid);
  const none = { seconds: grid, setBy: [], finerSeconds: null, peakIops, finerPeakIops: null };
  if (faster.length === 0) return none;
  const setBy = new Map<string, { nodeId: string; name: string; intervalS: number }>();
  for (const h of enabled)
    if (h.intervalS === grid) setBy.set(h.nodeId, { nodeId: h.nodeId, name: h.name, intervalS: h.intervalS });
  const finer = Math.max(...faster.map((h) => h.intervalS));
  const others = scope.filter((h) => !setBy.has(h.nodeId));
  return {
    seconds: grid,
    setBy: [...setBy.values()].sort((a, b) => a.name.localeCompare(b.name)),
    finerSeconds: finer,
    peakIops,
    finerPeakIops: others.length === 0 ? null : totalIopsPeak(db, others, finer, from, to),
  };
}

/** The peak of read + write IOPS of `hosts` added up on the grid `grid` over the period (null: never known). */
function totalIopsPeak(
  db: DatabaseSync,
  hosts: readonly SeriesHost[],
  grid: number,
  from: number,
  to: number,
): number | null {
  const since = Math.floor(from / grid) * grid;
  const until = Math.ceil(to / grid) * grid;
  const totals = new Map<number, Float64Array>();
  for (const h of hosts) {
    const margin = PEAK_MARGIN_STEPS * Math.max(grid, h.intervalS);
    for (const [t, parts] of alignStored(
      db,
      h.id,
      grid,
      h.intervalS,
      h.cores,
      since - grid - margin,
      until + margin,
    )) {
      if (t < since || t > until) continue;
      let v = totals.get(t);
      if (v === undefined) {
        v = emptyParts();
        totals.set(t, v);
      }
      combineParts(v, parts);
    }
  }
  let peak: number | null = null;
  for (const v of totals.values()) {
    // Read + write as the totals add them (SQL NULL + x is NULL): a bucket with either unknown has no total.
    const x = (v[RI] ?? Number.NaN) + (v[WI] ?? Number.NaN);
    if (!Number.isNaN(x) && (peak === null || x > peak)) peak = x;
  }
  return peak;
}

/** A host's hourly figures rolled up over a range (series_host_hours): peaks, and sums and counts for averages. */
// A type literal, not an interface: node:sqlite's rows (records) convert to it.
type HourRollup = {
  peakIops: number | null;
  sumIops: number;
  n: number;
  peakCpu: number | null;
  sumCpu: number;
  nCpu: number;
};

/** Each node's hours rolled up over its rows (a host that several runs hold, entities.ts), averages from the sums. */
function perNode(rows: readonly (HourRollup & { nodeId: string; name: string })[]): {
  nodeId: string;
  name: string;
  peakIops: number | null;
  avgIops: number | null;
  peakCpu: number | null;
  avgCpu: number | null;
}[] {
  const max = (a: number | null, b: number | null): number | null =>
    a === null ? b : b === null ? a : Math.max(a, b);
  const byNode = new Map<string, (typeof rows)[number]>();
  for (const r of rows) {
    const o = byNode.get(r.nodeId);
    byNode.set(
      r.nodeId,
      o === undefined
        ? { ...r }
        : {
            ...o,
            peakIops: max(o.peakIops, r.peakIops),
            sumIops: o.sumIops + r.sumIops,
            n: o.n + r.n,
            peakCpu: max(o.peakCpu, r.peakCpu),
            sumCpu: o.sumCpu + r.sumCpu,
            nCpu: o.nCpu + r.nCpu,
          },
    );
  }
  return [...byNode.values()].map((r) => ({
    nodeId: r.nodeId,
    name: r.name,
    peakIops: r.peakIops,
    avgIops: r.n > 0 ? r.sumIops / r.n : null,
    peakCpu: r.peakCpu,
    avgCpu: r.nCpu > 0 ? r.sumCpu / r.nCpu : null,
  }));
}

/**
 * The hosts' gaps, as the store counted them while their files were stored (hosts without gaps left out); a host that
 * several runs hold, its parts' gaps added up under its node.
 */
function hostGaps(db: DatabaseSync, hosts: SeriesHost[]): HostGaps[] {
  const rows = db
    .prepare(
      `SELECT id, gap_count AS count, gap_seconds AS seconds FROM series_hosts
       WHERE id IN (SELECT value FROM json_each(?)) AND gap_count > 0`,
    )
    .all(JSON.stringify(hosts.map((h) => h.id))) as { id: number; count: number; seconds: number }[];
  const byId = new Map(hosts.map((h) => [h.id, h]));
  const byNode = new Map<string, HostGaps>();
  for (const r of rows) {
    const h = byId.get(r.id);
    if (!h) continue;
    const o = byNode.get(h.nodeId);
    if (o) {
      o.count += r.count;
      o.seconds += r.seconds;
    } else byNode.set(h.nodeId, { nodeId: h.nodeId, name: h.name, count: r.count, seconds: r.seconds });
  }
  return [...byNode.values()].sort((a, b) => b.seconds - a.seconds || a.name.localeCompare(b.name));
}

/**
 * Per interval of the aligned totals over the enabled hosts in [from, to] (sizing/compute.ts): total IOPS, total
 * bytes per second, cores used (Σ CPU % × cores ÷ 100, in the source servers' cores) and memory bytes.
 */
export function sizingColumns(
  db: DatabaseSync,
  projectId: number,
  from: number,
  to: number,
): { iops: Float64Array; throughput: Float64Array; coresUsed: Float64Array; memory: Float64Array } {
  ensureTotals(db, projectId);
  const stmt = db.prepare(
    `SELECT read_iops + write_iops, read_bps + write_bps, cpu_w / 100, mem_bytes
     FROM series_totals WHERE project_id = ? AND t BETWEEN ? AND ? ORDER BY t`,
  );
  stmt.setReturnArrays(true);
  const rows = stmt.all(projectId, ...totalsSpan(db, projectId, from, to)) as unknown as number[][];
  // NULL (format v2's unknown) stays NaN, so the sizing's percentiles skip it instead of counting a 0.
  const cols = [0, 1, 2, 3].map((c) => Float64Array.from(rows, (r) => r[c] ?? Number.NaN));
  const [iops, throughput, coresUsed, memory] = cols as [
    Float64Array,
    Float64Array,
    Float64Array,
    Float64Array,
  ];
  return { iops, throughput, coresUsed, memory };
}

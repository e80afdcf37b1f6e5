// The series repository: every read of the series store goes through here (the handlers never write SQL), so the
// store could move to a dedicated time-series database behind these functions (see apps/mock/README.md).
import type { DatabaseSync } from 'node:sqlite';
import { bucketWidth, bucketize, figures } from './math.ts';

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

export const UNITS: Record<Metric, 'iops' | 'bytesPerSecond' | 'milliseconds' | 'percent' | 'bytes'> = {
  readIops: 'iops',
  writeIops: 'iops',
  readThroughput: 'bytesPerSecond',
  writeThroughput: 'bytesPerSecond',
  latency: 'milliseconds',
  cpu: 'percent',
  memory: 'bytes',
  networkRx: 'bytesPerSecond',
  networkTx: 'bytesPerSecond',
};

const COLUMN: Record<Metric, string> = {
  readIops: 'read_iops',
  writeIops: 'write_iops',
  readThroughput: 'read_bps',
  writeThroughput: 'write_bps',
  latency: 'latency_ms',
  cpu: 'cpu_pct',
  memory: 'mem_bytes',
  networkRx: 'rx_bps',
  networkTx: 'tx_bps',
};

/** Latency is only meaningful with sustained I/O: buckets whose average total IOPS is under this are flagged. */
export const LATENCY_MIN_IOPS = 100;

export interface SeriesHost {
  id: number;
  runId: number;
  name: string;
  nodeId: string;
  cores: number;
  intervalS: number;
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

/** The hosts with series in the project's runs. */
export function projectHosts(db: DatabaseSync, projectId: number): SeriesHost[] {
  return (
    db
      .prepare(
        `SELECT h.id, h.run_id AS runId, h.name, h.node_id AS nodeId, h.cores, h.interval_s AS intervalS
         FROM series_hosts h JOIN collector_runs r ON r.id = h.run_id
         WHERE r.project_id = ? AND r.deleted = 0 ORDER BY h.id`,
      )
      .all(projectId) as unknown as SeriesHost[]
  ).map((h) => ({ ...h }));
}

/** The nodes whose state was set (no entry: enabled). */
export function nodeStates(db: DatabaseSync, projectId: number): Map<string, boolean> {
  const rows = db.prepare('SELECT node_id, enabled FROM node_state WHERE project_id = ?').all(projectId) as {
    node_id: string;
    enabled: number;
  }[];
  return new Map(rows.map((r) => [r.node_id, r.enabled === 1]));
}

/** Persists a node's state; the project's aggregates are recomputed on their next read. */
export function setNodeEnabled(db: DatabaseSync, projectId: number, nodeId: string, enabled: boolean): void {
  db.prepare(
    'INSERT INTO node_state (project_id, node_id, enabled) VALUES (?, ?, ?) ON CONFLICT (project_id, node_id) DO UPDATE SET enabled = excluded.enabled',
  ).run(projectId, nodeId, enabled ? 1 : 0);
  db.prepare('DELETE FROM series_totals_state WHERE project_id = ?').run(projectId);
}

/** Series hosts without a server row of their run (uploaded collector files): extra viewer nodes. */
export function hostOnlyNodes(db: DatabaseSync, projectId: number): { nodeId: string; name: string }[] {
  return projectHosts(db, projectId)
    .filter((h) => h.nodeId.startsWith('host-'))
    .map((h) => ({ nodeId: h.nodeId, name: h.name }));
}

function enabledHosts(db: DatabaseSync, projectId: number): SeriesHost[] {
  const states = nodeStates(db, projectId);
  return projectHosts(db, projectId).filter((h) => states.get(h.nodeId) !== false);
}

/**
 * Makes series_totals hold the project's aggregate over its enabled hosts (recomputed when the runs, the hosts or
 * the node states changed since the last computation).
 */
export function ensureTotals(db: DatabaseSync, projectId: number): void {
  const hosts = enabledHosts(db, projectId);
  const signature = `${projectRuns(db, projectId).join(',')}|${hosts.map((h) => h.id).join(',')}`;
  const state = db
    .prepare('SELECT signature FROM series_totals_state WHERE project_id = ?')
    .get(projectId) as { signature: string } | undefined;
  if (state?.signature === signature) return;
  const own = !db.isTransaction;
  if (own) db.exec('BEGIN');
  try {
    db.prepare('DELETE FROM series_totals WHERE project_id = ?').run(projectId);
    if (hosts.length > 0) {
      // Totals over enabled hosts per sample time: sums, IOPS-weighted latency, core-weighted CPU %.
      db.prepare(
        `INSERT INTO series_totals (project_id, t, read_iops, write_iops, read_bps, write_bps, latency_ms, cpu_pct,
           mem_bytes, rx_bps, tx_bps)
         SELECT ?, s.t, SUM(s.read_iops), SUM(s.write_iops), SUM(s.read_bps), SUM(s.write_bps),
           CASE WHEN SUM(s.read_iops + s.write_iops) > 0
             THEN SUM(s.latency_ms * (s.read_iops + s.write_iops)) / SUM(s.read_iops + s.write_iops)
             ELSE AVG(s.latency_ms) END,
           SUM(s.cpu_pct * h.cores) / SUM(h.cores), SUM(s.mem_bytes), SUM(s.rx_bps), SUM(s.tx_bps)
         FROM series_samples s JOIN series_hosts h ON h.id = s.host_id
         WHERE s.host_id IN (SELECT value FROM json_each(?))
         GROUP BY s.t`,
      ).run(projectId, JSON.stringify(hosts.map((h) => h.id)));
    }
    db.prepare(
      'INSERT INTO series_totals_state (project_id, signature) VALUES (?, ?) ON CONFLICT (project_id) DO UPDATE SET signature = excluded.signature',
    ).run(projectId, signature);
    if (own) db.exec('COMMIT');
  } catch (err) {
    if (own) db.exec('ROLLBACK');
    throw err;
  }
}

export interface Extent {
  first: number;
  last: number;
  intervalS: number;
}

/** The time extent of the project's series (null without series). */
export function extentOf(db: DatabaseSync, projectId: number): Extent | null {
  const hosts = projectHosts(db, projectId);
  if (hosts.length === 0) return null;
  // Per host through the (host_id, t) key: two index lookups each instead of a scan of the samples.
  const row = db
    .prepare(
      `SELECT MIN(first) AS first, MAX(last) AS last FROM (
         SELECT (SELECT MIN(t) FROM series_samples WHERE host_id = h.value) AS first,
                (SELECT MAX(t) FROM series_samples WHERE host_id = h.value) AS last
         FROM json_each(?) h)`,
    )
    .get(JSON.stringify(hosts.map((h) => h.id))) as { first: number | null; last: number | null };
  if (row.first === null || row.last === null) return null;
  return { first: row.first, last: row.last, intervalS: Math.min(...hosts.map((h) => h.intervalS)) };
}

interface Rows {
  t: Float64Array;
  cols: Record<Metric, Float64Array>;
  iops: Float64Array;
}

function readRows(db: DatabaseSync, sql: string, args: (number | string)[]): Rows {
  const stmt = db.prepare(sql);
  // Rows as arrays (t, then the metric columns in METRICS order): no object per row.
  stmt.setReturnArrays(true);
  const rows = stmt.all(...args) as unknown as number[][];
  const n = rows.length;
  const t = new Float64Array(n);
  const cols = Object.fromEntries(METRICS.map((m) => [m, new Float64Array(n)])) as Record<
    Metric,
    Float64Array
  >;
  const columns = METRICS.map((m) => cols[m]);
  const iops = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const r = rows[i] ?? [];
    t[i] = r[0] ?? 0;
    for (let c = 0; c < columns.length; c++) (columns[c] as Float64Array)[i] = r[c + 1] ?? 0;
    iops[i] = (r[1] ?? 0) + (r[2] ?? 0);
  }
  return { t, cols, iops };
}

const ALL_COLUMNS = `t, ${METRICS.map((m) => COLUMN[m]).join(', ')}`;

/** The rows of the aggregate (scope null) or of one host, in [from, to]. */
function rowsFor(db: DatabaseSync, projectId: number, hostId: number | null, from: number, to: number): Rows {
  if (hostId === null) {
    ensureTotals(db, projectId);
    return readRows(
      db,
      `SELECT ${ALL_COLUMNS} FROM series_totals WHERE project_id = ? AND t BETWEEN ? AND ? ORDER BY t`,
      [projectId, from, to],
    );
  }
  return readRows(
    db,
    `SELECT ${ALL_COLUMNS} FROM series_samples WHERE host_id = ? AND t BETWEEN ? AND ? ORDER BY t`,
    [hostId, from, to],
  );
}

export interface SeriesQuery {
  from: number;
  to: number;
  points: number;
  metrics: readonly Metric[];
  /** A host's node id, or null for the aggregate over enabled nodes. */
  hostId: number | null;
  intervalS: number;
}

export interface SeriesResult {
  bucketSeconds: number;
  times: number[];
  series: {
    metric: Metric;
    max: (number | null)[];
    avg: (number | null)[];
    p95: (number | null)[];
  }[];
  /** Per bucket: its average total IOPS is under LATENCY_MIN_IOPS (latency not meaningful). */
  lowIops: boolean[];
}

export function querySeries(db: DatabaseSync, projectId: number, q: SeriesQuery): SeriesResult {
  const width = bucketWidth(q.from, q.to, q.points, q.intervalS);
  const rows = rowsFor(db, projectId, q.hostId, q.from, q.to);
  const iops = bucketize(rows.t, rows.iops, q.from, q.to, width);
  return {
    bucketSeconds: width,
    times: iops.times,
    series: q.metrics.map((m) => {
      const b = bucketize(rows.t, rows.cols[m], q.from, q.to, width);
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
  usedBytes: number;
}

export interface SummaryResult {
  metrics: { metric: Metric; peak: number | null; p95: number | null; average: number | null }[];
  topByIops: HostFigure[];
  topByCpu: HostFigure[];
  capacity: CapacityRow[];
  lowIopsPeriods: { from: number; to: number }[];
  enabledHosts: number;
}

export function querySummary(
  db: DatabaseSync,
  projectId: number,
  q: { from: number; to: number; top: number; intervalS: number; hostId?: number | null },
): SummaryResult {
  const rows = rowsFor(db, projectId, q.hostId ?? null, q.from, q.to);
  const metrics = METRICS.map((m) => {
    const f = figures(rows.cols[m]);
    return { metric: m, peak: f?.peak ?? null, p95: f?.p95 ?? null, average: f?.average ?? null };
  });
  const hosts = enabledHosts(db, projectId).filter((h) => q.hostId == null || h.id === q.hostId);
  const perHost = db
    .prepare(
      // From the hourly roll-up (hours overlapping the range), not the samples: a few rows per host and day.
      `SELECT host_id AS id, MAX(max_iops) AS peakIops, SUM(sum_iops) / SUM(n) AS avgIops,
         MAX(max_cpu) AS peakCpu, SUM(sum_cpu) / SUM(n) AS avgCpu
       FROM series_host_hours WHERE host_id IN (SELECT value FROM json_each(?)) AND hour BETWEEN ? AND ?
       GROUP BY host_id`,
    )
    .all(JSON.stringify(hosts.map((h) => h.id)), Math.floor(q.from / 3600) * 3600, q.to) as {
    id: number;
    peakIops: number;
    avgIops: number;
    peakCpu: number;
    avgCpu: number;
  }[];
  const byId = new Map(hosts.map((h) => [h.id, h]));
  const named = perHost.flatMap((r) => {
    const h = byId.get(r.id);
    return h ? [{ ...r, nodeId: h.nodeId, name: h.name }] : [];
  });
  const top = (peak: 'peakIops' | 'peakCpu', avg: 'avgIops' | 'avgCpu'): HostFigure[] =>
    [...named]
      .sort((a, b) => b[peak] - a[peak] || a.name.localeCompare(b.name))
      .slice(0, q.top)
      .map((r) => ({ nodeId: r.nodeId, name: r.name, peak: r[peak], average: r[avg] }));
  const serverCapacity = db
    .prepare(
      `SELECT h.node_id AS nodeId, h.name, SUM(d.capacity_bytes) AS capacityBytes,
         SUM(COALESCE(d.used_bytes, 0)) AS usedBytes
       FROM series_disks d JOIN series_hosts h ON h.id = d.host_id
       WHERE d.host_id IN (SELECT value FROM json_each(?)) GROUP BY h.id ORDER BY h.name`,
    )
    .all(JSON.stringify(hosts.map((h) => h.id))) as unknown as Omit<CapacityRow, 'kind'>[];
  const states = nodeStates(db, projectId);
  const clusterCapacity = (
    db
      .prepare(
        `SELECT d.node_id AS nodeId, d.name, d.capacity_bytes AS capacityBytes, COALESCE(d.used_bytes, 0) AS usedBytes
         FROM series_disks d JOIN collector_runs r ON r.id = d.run_id
         WHERE r.project_id = ? AND r.deleted = 0 AND d.kind = 'shared' ORDER BY d.name`,
      )
      .all(projectId) as unknown as Omit<CapacityRow, 'kind'>[]
  ).filter((d) => d.nodeId === null || states.get(d.nodeId) !== false);
  // Periods (runs of consecutive samples) whose total IOPS is under the minimum for meaningful latency.
  const lowIopsPeriods: { from: number; to: number }[] = [];
  let start: number | null = null;
  let prev = 0;
  for (let i = 0; i < rows.t.length; i++) {
    const t = rows.t[i] ?? 0;
    const low = (rows.iops[i] ?? 0) < LATENCY_MIN_IOPS;
    if (low && start === null) start = t;
    if (!low && start !== null) {
      lowIopsPeriods.push({ from: start, to: prev });
      start = null;
    }
    prev = t;
  }
  if (start !== null) lowIopsPeriods.push({ from: start, to: prev });
  return {
    metrics,
    topByIops: top('peakIops', 'avgIops'),
    topByCpu: top('peakCpu', 'avgCpu'),
    capacity: [
      ...serverCapacity.map((c) => ({ ...c, kind: 'server' as const })),
      ...clusterCapacity.map((c) => ({ ...c, kind: 'clusterDisk' as const })),
    ],
    lowIopsPeriods,
    enabledHosts: hosts.length,
  };
}

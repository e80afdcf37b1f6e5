// Per-host statistics for the reports: peak and 95th percentile (nearest rank, as math.ts computes it) of every
// report metric per ENABLED host over the collection period (or a range), and the aggregated series the PowerPoint
// charts. The hosts come from the repo (enabledHosts), the samples through hostSampleRows, so the store's
// internals can change behind them.
import type { DatabaseSync } from 'node:sqlite';
import { addColumns, figures } from './math.ts';
import { entitySamples } from './entities.ts';
import {
  busyIntervals,
  enabledHosts,
  extentOf,
  hostsByNode,
  querySeries,
  querySummary,
  type Metric,
} from './repo.ts';

/** The report's per-server metrics: IOPS read/write/total, throughput read/write/total, latency, CPU %, memory. */
export const HOST_STAT_METRICS = [
  'readIops',
  'writeIops',
  'totalIops',
  'readThroughput',
  'writeThroughput',
  'totalThroughput',
  'latency',
  'cpu',
  'memory',
] as const;
export type HostStatMetric = (typeof HOST_STAT_METRICS)[number];

export interface PeakP95 {
  peak: number;
  p95: number;
}

export interface HostStats {
  hostId: number;
  /** The viewer node (srv-N for a host with an inventory server, host-N for an uploaded file's host). */
  nodeId: string;
  name: string;
  os: string;
  cores: number;
  memoryBytes: number;
  /** Samples inside the range. */
  samples: number;
  /** Null for a host without samples in the range. */
  stats: Record<HostStatMetric, PeakP95 | null>;
}

/**
 * Column arrays of one host's samples in [from, to]: read/write IOPS, read/write bytes/s, latency, CPU, memory. Given
 * several rows (an entity several runs hold, entities.ts), their samples in time order, each t once.
 */
export function hostSampleRows(
  db: DatabaseSync,
  hostId: number | readonly number[],
  from: number,
  to: number,
): {
  readIops: Float64Array;
  writeIops: Float64Array;
  readBps: Float64Array;
  writeBps: Float64Array;
  latency: Float64Array;
  cpu: Float64Array;
  memory: Float64Array;
  /** The samples' times, increasing. */
  t: Float64Array;
} {
  // An unknown value (format v2's null) is NaN: the figures skip it, none takes it for 0.
  const { columns: c } = entitySamples(
    db,
    hostId,
    ['read_iops', 'write_iops', 'read_bps', 'write_bps', 'latency_ms', 'cpu_pct', 'mem_bytes'],
    from,
    to,
  );
  return {
    readIops: c.read_iops,
    writeIops: c.write_iops,
    readBps: c.read_bps,
    writeBps: c.write_bps,
    latency: c.latency_ms,
    cpu: c.cpu_pct,
    memory: c.mem_bytes,
    t: c.t,
  };
}

/** The values of the samples whose read + write IOPS reach LATENCY_MIN_IOPS (repo.ts busyIntervals). */
function busy(values: Float64Array, read: Float64Array, write: Float64Array): Float64Array {
  return busyIntervals(values, addColumns(read, write));
}

function peakP95(values: Float64Array): PeakP95 | null {
  const f = figures(values);
  return f ? { peak: f.peak, p95: f.p95 } : null;
}

/**
 * Peak and 95th percentile per enabled host of the project over [from, to] (default: the whole collection period).
 * Total IOPS and total throughput are per sample (read + write), then their peak and p95 — not the sums of the
 * read and write figures.
 */
export function hostStats(
  db: DatabaseSync,
  projectId: number,
  range: { from: number; to: number } | null = null,
): HostStats[] {
  // By name (then id), as the reports list servers; a server that several runs hold once, over all its rows.
  const hosts = hostsByNode(enabledHosts(db, projectId)).sort(({ host: a }, { host: b }) =>
    a.name === b.name ? a.id - b.id : a.name < b.name ? -1 : 1,
  );
  const from = range?.from ?? Number.MIN_SAFE_INTEGER;
  const to = range?.to ?? Number.MAX_SAFE_INTEGER;
  return hosts.map(({ host: h, ids }) => {
    const s = hostSampleRows(db, ids, from, to);
    const stats: Record<HostStatMetric, PeakP95 | null> = {
      readIops: peakP95(s.readIops),
      writeIops: peakP95(s.writeIops),
      totalIops: peakP95(addColumns(s.readIops, s.writeIops)),
      readThroughput: peakP95(s.readBps),
      writeThroughput: peakP95(s.writeBps),
      totalThroughput: peakP95(addColumns(s.readBps, s.writeBps)),
      // Latency only where the host did sustained I/O (as the viewer's figures): a 22-IOPS interval's 18 ms is no peak.
      latency: peakP95(busy(s.latency, s.readIops, s.writeIops)),
      cpu: peakP95(s.cpu),
      memory: peakP95(s.memory),
    };
    return {
      hostId: h.id,
      nodeId: h.nodeId,
      name: h.name,
      os: h.os,
      cores: h.cores,
      memoryBytes: h.memoryBytes,
      samples: s.cpu.length,
      stats,
    };
  });
}

/** The metrics the PowerPoint charts, aggregated over the enabled hosts. */
export const CHART_METRICS = [
  'readIops',
  'writeIops',
  'readThroughput',
  'writeThroughput',
  'latency',
  'cpu',
  'memory',
] as const satisfies readonly Metric[];

export interface AggregatedChart {
  metric: (typeof CHART_METRICS)[number];
  /** Bucket starts (Unix seconds): the start of the time each bucket's intervals measured (querySeries). */
  times: number[];
  /** Per bucket the peak of the aggregate (peaks survive downsampling); null for a gap. */
  max: (number | null)[];
  /** Per bucket the p95 of the aggregate. */
  p95: (number | null)[];
  /**
   * CPU only: per bucket the busiest single server's CPU % (the viewer's cpuPeakServer), drawn beside the
   * core-weighted total — a server at 100 % hides in a total of many idle cores.
   */
  busiestServer?: (number | null)[];
  /**
   * Latency only: the peak the viewer names, over the intervals of at least LATENCY_MIN_IOPS total IOPS (null: none
   * reached it). A bucket's peak takes every interval, so the drawn line may rise above it at low I/O.
   */
  busyPeak?: number | null;
}

/** The aggregated series over enabled hosts for the whole collection period, at most `points` buckets each. */
export function aggregatedCharts(db: DatabaseSync, projectId: number, points = 120): AggregatedChart[] {
  const extent = extentOf(db, projectId);
  if (!extent) return [];
  const r = querySeries(db, projectId, {
    from: extent.first,
    to: extent.last,
    points,
    metrics: [...CHART_METRICS, 'cpuPeakServer'],
    hostId: null,
    intervalS: extent.intervalS,
  });
  const busiest = r.series[CHART_METRICS.length]?.max ?? [];
  // The viewer's latency peak (its summary over the whole period): the deck's title names the same figure.
  const summary = querySummary(db, projectId, {
    from: extent.first,
    to: extent.last,
    top: 1,
    intervalS: extent.intervalS,
  });
  const busyPeak = summary.metrics.find((m) => m.metric === 'latency')?.peak ?? null;
  return CHART_METRICS.map((metric, i) => {
    const s = r.series[i];
    return {
      metric,
      times: r.times,
      max: s?.max ?? [],
      p95: s?.p95 ?? [],
      ...(metric === 'cpu' ? { busiestServer: busiest } : {}),
      ...(metric === 'latency' ? { busyPeak } : {}),
    };
  });
}

/** Peak and p95 of total IOPS of the aligned totals over the enabled hosts, over the whole collection period. */
export function aggregatedIops(db: DatabaseSync, projectId: number): PeakP95 | null {
  const extent = extentOf(db, projectId);
  if (!extent) return null;
  const s = querySummary(db, projectId, {
    from: extent.first,
    to: extent.last,
    top: 1,
    intervalS: extent.intervalS,
  });
  const { peak, p95 } = s.totalIops;
  return peak === null || p95 === null ? null : { peak, p95 };
}

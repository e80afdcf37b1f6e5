import type {
  MetricFigures,
  ProjectSeries,
  ProjectSeriesSummary,
  SeriesMetric,
  SeriesUnit,
} from '@assessment/sdk';
import type { TextId } from '@/lib/i18n/i18n';
import { formatNumber } from '@/lib/i18n/i18n';
import type { DerivedMetric } from './derived';

/**
 * Read and write latency apart: not metrics of the contract's SeriesMetric but the series answer's proposed
 * ReadLatency / WriteLatency (and the summary's), drawn in the latency chart beside the combined latency.
 */
export const SPLIT_LATENCY_METRICS = ['readLatency', 'writeLatency'] as const;
export type SplitLatencyMetric = (typeof SPLIT_LATENCY_METRICS)[number];

export function isSplitLatency(metric: string): metric is SplitLatencyMetric {
  return (SPLIT_LATENCY_METRICS as readonly string[]).includes(metric);
}

/**
 * The total IOPS the sizing uses: read + write per interval of the aligned totals (the summary's TotalIops, which
 * getProjectSizing takes its IOPS basis from), drawn in a chart of its own.
 */
export const TOTAL_IOPS = 'totalIops';
export type TotalIopsMetric = typeof TOTAL_IOPS;

/**
 * A figure a chart draws: a series of the contract, read or write latency apart, the total IOPS, or one the portal
 * derives from the series (see derived.ts).
 */
export type ChartMetric = SeriesMetric | SplitLatencyMetric | TotalIopsMetric | DerivedMetric;

/** The unit of a chart's values: the contract's, plus the average I/O size's KiB per I/O (computed in the portal). */
export type ChartUnit = SeriesUnit | 'kibibytes';

/**
 * The viewer's charts: one per kind of figure, each with the metrics drawn in it (in the contract's order); after
 * the throughput, the two the portal derives from IOPS and throughput (average I/O size, read ratio). The latency
 * chart draws read and write latency beside the combined line; the queue depth (I/Os in flight) follows it; the CPU
 * chart draws the busiest server's CPU (the highest single server's per interval) beside the total's.
 */
export const CHARTS = [
  { id: 'iops', metrics: ['readIops', 'writeIops'] },
  { id: 'totalIops', metrics: [TOTAL_IOPS] },
  { id: 'throughput', metrics: ['readThroughput', 'writeThroughput'] },
  { id: 'ioSize', metrics: ['ioSize'] },
  { id: 'readRatio', metrics: ['readRatio'] },
  { id: 'latency', metrics: ['latency', 'readLatency', 'writeLatency'] },
  { id: 'queueDepth', metrics: ['queueDepth'] },
  { id: 'cpu', metrics: ['cpu', 'cpuPeakServer'] },
  { id: 'memory', metrics: ['memory'] },
  { id: 'network', metrics: ['networkRx', 'networkTx'] },
] as const satisfies readonly { id: string; metrics: readonly ChartMetric[] }[];

export type ChartId = (typeof CHARTS)[number]['id'];

export const CHART_TEXT = {
  iops: 'performance.chart.iops',
  totalIops: 'performance.chart.totalIops',
  throughput: 'performance.chart.throughput',
  ioSize: 'performance.chart.ioSize',
  readRatio: 'performance.chart.readRatio',
  latency: 'performance.chart.latency',
  queueDepth: 'performance.chart.queueDepth',
  cpu: 'performance.chart.cpu',
  memory: 'performance.chart.memory',
  network: 'performance.chart.network',
} as const satisfies Record<ChartId, TextId>;

/** The unit of each chart's values (known before the data arrives, so the card is laid out at once). */
export const CHART_UNIT = {
  iops: 'iops',
  totalIops: 'iops',
  throughput: 'bytesPerSecond',
  ioSize: 'kibibytes',
  readRatio: 'percent',
  latency: 'milliseconds',
  queueDepth: 'count',
  cpu: 'percent',
  memory: 'bytes',
  network: 'bytesPerSecond',
} as const satisfies Record<ChartId, ChartUnit>;

/**
 * A chart's title with its unit, the unit once: "Throughput (MB/s)", but "IOPS" and not "IOPS (IOPS)", and "Total
 * IOPS the sizing uses" (a name that already says its unit).
 */
export function chartTitle(name: string, unit: string): string {
  return name.trim().toLocaleLowerCase().includes(unit.trim().toLocaleLowerCase())
    ? name
    : `${name} (${unit})`;
}

export const METRIC_TEXT = {
  readIops: 'performance.metric.readIops',
  totalIops: 'performance.metric.totalIops',
  writeIops: 'performance.metric.writeIops',
  readThroughput: 'performance.metric.readThroughput',
  writeThroughput: 'performance.metric.writeThroughput',
  latency: 'performance.metric.latency',
  cpu: 'performance.metric.cpu',
  memory: 'performance.metric.memory',
  networkRx: 'performance.metric.networkRx',
  networkTx: 'performance.metric.networkTx',
  ioSize: 'performance.metric.ioSize',
  readRatio: 'performance.metric.readRatio',
  queueDepth: 'performance.metric.queueDepth',
  cpuPeakServer: 'performance.metric.cpuPeakServer',
  readLatency: 'performance.metric.readLatency',
  writeLatency: 'performance.metric.writeLatency',
} as const satisfies Record<ChartMetric, TextId>;

export const UNIT_TEXT = {
  iops: 'performance.unit.iops',
  bytesPerSecond: 'performance.unit.megabytesPerSecond',
  milliseconds: 'performance.unit.milliseconds',
  percent: 'performance.unit.percent',
  bytes: 'performance.unit.gibibytes',
  kibibytes: 'performance.unit.kibibytes',
  count: 'performance.unit.iosInFlight',
} as const satisfies Record<ChartUnit, TextId>;

/**
 * Throughput in decimal megabytes per second (as disks and networks are rated); memory and capacity in binary
 * gibibytes (GiB = 2^30 bytes), labelled as such — the one unit rule the reports follow too (issue #28). The
 * average I/O size comes already in KiB (derived.ts).
 */
const SCALE: Record<ChartUnit, number> = {
  iops: 1,
  bytesPerSecond: 1e6,
  milliseconds: 1,
  percent: 1,
  bytes: 2 ** 30,
  kibibytes: 1,
  count: 1,
};
const DIGITS: Record<ChartUnit, number> = {
  iops: 0,
  bytesPerSecond: 1,
  milliseconds: 2,
  percent: 1,
  bytes: 1,
  kibibytes: 1,
  count: 1,
};

/** The data units in one display unit (2^30 bytes in a GiB): a chart's axis ticks at round display values. */
export function unitScale(unit: ChartUnit): number {
  return SCALE[unit];
}

/** A value in its display unit, formatted for the culture (without the unit word). */
export function formatValue(value: number | null | undefined, unit: ChartUnit, culture?: string): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '—';
  return formatNumber(value / SCALE[unit], culture, { maximumFractionDigits: DIGITS[unit] });
}

/** The chart line colors: custom properties of viewer.css, defined on the kit's tokens (follow the theme). */
export const LINE_COLORS = ['--viewer-series-1', '--viewer-series-2', '--viewer-series-3'] as const;
export const FLAG_COLOR = '--viewer-flag';

/** The range presets of the time-range selector, in seconds before the last sample (null: the whole collection). */
export const RANGE_PRESETS = { all: null, week: 7 * 86_400, day: 86_400, hours6: 6 * 3600 } as const;
export type RangePreset = keyof typeof RANGE_PRESETS;

/** The from/to of a preset, given the last sample (undefined: let the server take the whole extent). */
export function presetRange(
  preset: RangePreset,
  last: number | null | undefined,
): { from?: number; to?: number } {
  const span = RANGE_PRESETS[preset];
  if (span === null || last === null || last === undefined) return {};
  return { from: Math.max(0, last - span), to: last };
}

/** A latency line split in two: real where the bucket had enough IOPS, flagged where it had not. */
export function splitLatency(
  values: readonly (number | null)[],
  lowIops: readonly boolean[],
): { real: (number | null)[]; flagged: (number | null)[] } {
  return {
    real: values.map((v, i) => (lowIops[i] ? null : v)),
    flagged: values.map((v, i) => (lowIops[i] ? v : null)),
  };
}

/** A row of a chart's figures table: a metric's peak, 95th percentile and average over the range. */
export type ChartFigures = Pick<MetricFigures, 'Peak' | 'P95' | 'Average'> & { Metric: ChartMetric };

/**
 * The figures of every charted metric the summary has: its Metrics, and read and write latency apart (proposed
 * ReadLatency / WriteLatency; left out when the server does not send them, so their rows read "—"). Latency, read
 * and write alike, is over the intervals with at least LatencyMinIops IOPS: the server applies the one rule.
 */
export function chartFigures(
  summary: Pick<ProjectSeriesSummary, 'Metrics' | 'ReadLatency' | 'WriteLatency'> & {
    TotalIops?: ProjectSeriesSummary['TotalIops'];
  },
): ChartFigures[] {
  const figures = (
    metric: SplitLatencyMetric | TotalIopsMetric,
    f: ProjectSeriesSummary['ReadLatency'],
  ): ChartFigures[] => (f ? [{ Metric: metric, Peak: f.Peak, P95: f.P95, Average: f.Average }] : []);
  return [
    ...summary.Metrics,
    ...figures('readLatency', summary.ReadLatency),
    ...figures('writeLatency', summary.WriteLatency),
    ...figures(TOTAL_IOPS, summary.TotalIops),
  ];
}

/**
 * The total IOPS to draw per bucket: the peaks of the series' own TotalIops (read + write summed per interval, then
 * the bucket's maximum — the series the sizing's basis comes from). Never read peak + write peak: in a bucket of
 * several intervals they can fall in different ones. Without TotalIops (a server that does not serve the proposed
 * field) nothing is drawn rather than a figure no interval had.
 */
export function totalIopsLine(series: ProjectSeries | null): (number | null)[] {
  if (!series) return [];
  return series.TotalIops?.Max ?? series.Times.map(() => null);
}

/**
 * The values of read or write latency to draw: the bucket peaks of the series' ReadLatency / WriteLatency where the
 * bucket had enough IOPS, null where it did not (the combined latency's flagged line marks those buckets; read and
 * write latency follow the same rule, splitLatency). Empty when the series has no split latency (format-v1 data).
 */
export function splitLatencyLine(
  metric: SplitLatencyMetric,
  series: Pick<ProjectSeries, 'LowIops' | 'ReadLatency' | 'WriteLatency'> | null,
): (number | null)[] {
  const s = metric === 'readLatency' ? series?.ReadLatency : series?.WriteLatency;
  return splitLatency(s?.Max ?? [], series?.LowIops ?? []).real;
}

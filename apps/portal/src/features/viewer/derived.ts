/**
 * The viewer's derived figures (pure: no React, no uPlot), computed in the portal from the series the API returns:
 * the average I/O size and the read ratio, per bucket, from the buckets' averages (`Avg`) of read/write IOPS and
 * read/write throughput.
 *
 * - Average I/O size, KiB per I/O: (readThroughput + writeThroughput) / (readIops + writeIops) / 1024.
 * - Read ratio, %: readIops / (readIops + writeIops) × 100.
 *
 * A bucket without I/O (0 IOPS, or a missing value) has no derived value: null, a gap in the line — never 0 or NaN.
 *
 * Both are ratios, so they are taken bucket by bucket from the same bucket's averages and never from peaks: the
 * ratio of the peaks (peak throughput / peak IOPS) mixes moments that need not coincide and can be a size no bucket
 * ever had. The figures of the range follow the same rule: the peak and the 95th percentile are those of the
 * per-bucket values (the max of the ratios, not the ratio of the maxes), and the average is the ratio of the range's
 * totals (Σ throughput / Σ IOPS, Σ read IOPS / Σ IOPS over the buckets with I/O): weighted by the I/O of each bucket,
 * as a quiet bucket's ratio should not count as much as a busy one's.
 */
import type { Figures, ProjectSeries, SeriesMetric } from '@assessment/sdk';

export const DERIVED_METRICS = ['ioSize', 'readRatio'] as const;
export type DerivedMetric = (typeof DERIVED_METRICS)[number];

export function isDerived(metric: string): metric is DerivedMetric {
  return (DERIVED_METRICS as readonly string[]).includes(metric);
}

/** Bytes in a KiB (binary, as the unit label says). */
const KIB = 1024;

type Values = readonly (number | null | undefined)[];

/** A finite number, or null (a missing or broken sample). */
function finite(value: number | null | undefined): number | null {
  return value === null || value === undefined || !Number.isFinite(value) ? null : value;
}

/** The four per-bucket inputs of the derived figures (the buckets' averages). */
export interface IoBuckets {
  readIops: Values;
  writeIops: Values;
  readThroughput: Values;
  writeThroughput: Values;
}

/**
 * Total IOPS of a bucket: null when either half is missing or the total is not above 0 (no I/O: nothing to divide
 * by).
 */
function totalIops(io: IoBuckets, i: number): number | null {
  const read = finite(io.readIops[i]);
  const write = finite(io.writeIops[i]);
  if (read === null || write === null) return null;
  const total = read + write;
  return total > 0 ? total : null;
}

function totalThroughput(io: IoBuckets, i: number): number | null {
  const read = finite(io.readThroughput[i]);
  const write = finite(io.writeThroughput[i]);
  return read === null || write === null ? null : read + write;
}

const bucketCount = (io: IoBuckets) => io.readIops.length;

/** Average I/O size per bucket, KiB per I/O; null where the bucket has no I/O or a missing input. */
export function ioSizeKiB(io: IoBuckets): (number | null)[] {
  return Array.from({ length: bucketCount(io) }, (_, i) => {
    const iops = totalIops(io, i);
    const bytes = totalThroughput(io, i);
    return iops === null || bytes === null ? null : bytes / iops / KIB;
  });
}

/** Read ratio per bucket, % of the I/Os that are reads; null where the bucket has no I/O or a missing input. */
export function readRatioPercent(io: IoBuckets): (number | null)[] {
  return Array.from({ length: bucketCount(io) }, (_, i) => {
    const iops = totalIops(io, i);
    const read = finite(io.readIops[i]);
    return iops === null || read === null ? null : (read / iops) * 100;
  });
}

/** The figures of a derived metric over the range (null when no bucket has a value). */
export type DerivedFigures = Pick<Figures, 'Peak' | 'P95' | 'Average'>;

/** The nearest-rank 95th percentile of the present values. */
function p95(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil(0.95 * sorted.length) - 1)] ?? null;
}

/**
 * Peak, 95th percentile and average of a derived metric over the buckets: peak and P95 of the per-bucket values,
 * the average as the ratio of the totals over the buckets with a value (see the module's comment).
 */
export function derivedFigures(metric: DerivedMetric, io: IoBuckets): DerivedFigures {
  const values = derivedValues(metric, io).filter((v): v is number => v !== null);
  if (values.length === 0) return { Peak: null, P95: null, Average: null };
  let numerator = 0;
  let denominator = 0;
  for (let i = 0; i < bucketCount(io); i++) {
    const iops = totalIops(io, i);
    const top = metric === 'ioSize' ? totalThroughput(io, i) : finite(io.readIops[i]);
    if (iops === null || top === null) continue;
    numerator += top;
    denominator += iops;
  }
  const average = metric === 'ioSize' ? numerator / denominator / KIB : (numerator / denominator) * 100;
  return { Peak: Math.max(...values), P95: p95(values), Average: average };
}

/** The bucket averages of the four inputs from a series response (missing metrics: no buckets). */
export function ioBuckets(series: ProjectSeries | null | undefined): IoBuckets {
  const avg = (metric: SeriesMetric): Values => series?.Series.find((s) => s.Metric === metric)?.Avg ?? [];
  const times = series?.Times.length ?? 0;
  // Every input as long as the times (a missing metric is all gaps).
  const padded = (values: Values): Values => Array.from({ length: times }, (_, i) => values[i] ?? null);
  return {
    readIops: padded(avg('readIops')),
    writeIops: padded(avg('writeIops')),
    readThroughput: padded(avg('readThroughput')),
    writeThroughput: padded(avg('writeThroughput')),
  };
}

/** A derived metric's per-bucket values. */
export function derivedValues(metric: DerivedMetric, io: IoBuckets): (number | null)[] {
  return metric === 'ioSize' ? ioSizeKiB(io) : readRatioPercent(io);
}

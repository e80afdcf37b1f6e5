// Series math: downsampling into buckets that carry max / avg / p95, so peaks survive downsampling.
//
// The 95th percentile is the NEAREST-RANK percentile: the values sorted ascending, the value at 1-based rank
// ceil(0.95 × n). It is always one of the measured values (no interpolation): for n = 20 it is the 19th smallest,
// for n = 10 the 10th (the maximum), for n = 1 the value itself.

export const P95 = 0.95;

/** Nearest-rank percentile of `values` (not modified). NaN for no values. */
export function percentile(values: ArrayLike<number>, p: number = P95): number {
  const n = values.length;
  if (n === 0) return Number.NaN;
  const sorted = Float64Array.from(values).sort();
  const rank = Math.max(1, Math.ceil(p * n));
  return sorted[rank - 1] ?? Number.NaN;
}

export interface Figures {
  peak: number;
  p95: number;
  average: number;
}

/** Peak, p95 and average of values (null for none). */
export function figures(values: ArrayLike<number>): Figures | null {
  const n = values.length;
  if (n === 0) return null;
  let max = -Infinity;
  let sum = 0;
  for (let i = 0; i < n; i++) {
    const v = values[i] ?? 0;
    if (v > max) max = v;
    sum += v;
  }
  return { peak: max, p95: percentile(values), average: sum / n };
}

export interface Buckets {
  /** Bucket starts (Unix seconds), one per bucket. */
  times: number[];
  max: (number | null)[];
  avg: (number | null)[];
  p95: (number | null)[];
  /** Samples per bucket (0 for a gap: its figures are null). */
  counts: number[];
}

/**
 * The bucket width for a range and a maximum number of points: at least the sampling interval, and a whole
 * multiple of it, so buckets never split a sample grid unevenly.
 */
export function bucketWidth(from: number, to: number, points: number, intervalS: number): number {
  const span = Math.max(1, to - from);
  const step = Math.max(1, intervalS);
  const raw = Math.ceil(span / Math.max(1, points));
  return Math.max(step, Math.ceil(raw / step) * step);
}

/**
 * Buckets of `width` seconds from `from` (inclusive) to `to` (exclusive of t > to) over samples (t, value) sorted
 * by t. Every bucket of the range is present; a bucket without samples has null figures.
 */
export function bucketize(
  ts: ArrayLike<number>,
  values: ArrayLike<number>,
  from: number,
  to: number,
  width: number,
): Buckets {
  const count = Math.max(1, Math.ceil((to - from + 1) / width));
  const out: Buckets = {
    times: new Array<number>(count),
    max: new Array<number | null>(count).fill(null),
    avg: new Array<number | null>(count).fill(null),
    p95: new Array<number | null>(count).fill(null),
    counts: new Array<number>(count).fill(0),
  };
  for (let b = 0; b < count; b++) out.times[b] = from + b * width;
  let i = 0;
  const n = ts.length;
  while (i < n && (ts[i] ?? 0) < from) i++;
  const scratch: number[] = [];
  while (i < n) {
    const t = ts[i] ?? 0;
    if (t > to) break;
    const b = Math.floor((t - from) / width);
    scratch.length = 0;
    let j = i;
    while (j < n && (ts[j] ?? 0) <= to && Math.floor(((ts[j] ?? 0) - from) / width) === b) {
      scratch.push(values[j] ?? 0);
      j++;
    }
    const f = figures(scratch);
    if (f && b < count) {
      out.max[b] = f.peak;
      out.avg[b] = f.average;
      out.p95[b] = f.p95;
      out.counts[b] = scratch.length;
    }
    i = j;
  }
  return out;
}

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
  return select(Float64Array.from(values), nearestRank(p, n) - 1);
}

/** The 1-based rank (from the smallest) of the nearest-rank p-th percentile of n values (n ≥ 1). */
export const nearestRank = (p: number, n: number): number => Math.max(1, Math.ceil(p * n));

/**
 * The k-th smallest (0-based) of a (reordered in place): what sorting and indexing would give, in linear time
 * (Hoare's quickselect, median-of-three pivots).
 */
export function select(a: Float64Array, k: number): number {
  let lo = 0;
  let hi = a.length - 1;
  while (hi > lo) {
    if (hi - lo < 16) {
      a.subarray(lo, hi + 1).sort();
      break;
    }
    const mid = (lo + hi) >>> 1;
    const x = a[lo] as number;
    const y = a[mid] as number;
    const z = a[hi] as number;
    const pivot = x < y ? (y < z ? y : x < z ? z : x) : x < z ? x : y < z ? z : y;
    let i = lo;
    let j = hi;
    while (i <= j) {
      while ((a[i] as number) < pivot) i++;
      while ((a[j] as number) > pivot) j--;
      if (i <= j) {
        const tmp = a[i] as number;
        a[i] = a[j] as number;
        a[j] = tmp;
        i++;
        j--;
      }
    }
    if (k <= j) hi = j;
    else if (k >= i) lo = i;
    else break;
  }
  return a[k] as number;
}

/** a + b value by value (read + write): unknown (NaN) where either is, as SQL's NULL + x. */
export function addColumns(a: Float64Array, b: Float64Array): Float64Array {
  const out = new Float64Array(a.length);
  for (let i = 0; i < a.length; i++) out[i] = (a[i] as number) + (b[i] as number);
  return out;
}

export interface Figures {
  peak: number;
  p95: number;
  average: number;
}

/** The values without NaN (an unknown value: format v2's null), or the values themselves when none is NaN. */
export function knownValues(values: ArrayLike<number>): ArrayLike<number> {
  for (let i = 0; i < values.length; i++)
    if (Number.isNaN(values[i])) return Float64Array.from(values).filter((v) => !Number.isNaN(v));
  return values;
}

/** Peak, p95 and average of values (null for none); NaN values (unknown) are skipped, never taken for 0. */
export function figures(all: ArrayLike<number>): Figures | null {
  const values = knownValues(all);
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
  /** Bucket starts (Unix seconds), one per bucket: the start of the time its samples measured. */
  times: number[];
  max: (number | null)[];
  avg: (number | null)[];
  p95: (number | null)[];
  /** Samples per bucket (0 for a gap: its figures are null). */
  counts: number[];
}

/**
 * The bucket width for a span (the seconds from the first bucket's start to the last one's end) and a maximum number
 * of points: at least the sampling interval, and a whole multiple of it, so every bucket holds the same number of
 * samples of a regular series and there are never more than `points` buckets.
 */
export function bucketWidth(start: number, end: number, points: number, intervalS: number): number {
  const span = Math.max(1, end - start);
  const step = Math.max(1, intervalS);
  const raw = Math.ceil(span / Math.max(1, points));
  return Math.max(step, Math.ceil(raw / step) * step);
}

/**
 * Buckets of `width` seconds over samples (t, value) sorted by t. A sample is labelled by the END of the interval it
 * measured (a sample at t covers (t − interval, t]), so bucket b is said to start at start + b·width and holds the
 * samples with t in (start + b·width, start + (b + 1)·width]: the samples that measured that time. Every bucket
 * from `start` to `end` is present (⌈(end − start) ÷ width⌉, at least one); one without samples has null figures.
 */
export function bucketize(
  ts: ArrayLike<number>,
  values: ArrayLike<number>,
  start: number,
  end: number,
  width: number,
): Buckets {
  const [out] = bucketizeColumns(ts, [values], start, end, width);
  if (!out) throw new Error('no buckets');
  return out;
}

/**
 * bucketize for several value columns over the same times: the bucket bounds are found once, and each bucket's
 * p95 is taken from a reused scratch array (no allocation per bucket).
 */
export function bucketizeColumns(
  ts: ArrayLike<number>,
  columns: readonly ArrayLike<number>[],
  start: number,
  end: number,
  width: number,
): Buckets[] {
  const count = Math.max(1, Math.ceil((end - start) / width));
  const times = new Array<number>(count);
  for (let b = 0; b < count; b++) times[b] = start + b * width;
  // The bucket of a sample ending at t: the one whose (start, end] holds t.
  const bucketOf = (t: number): number => Math.ceil((t - start) / width) - 1;
  // The samples of bucket b are [starts[b], ends[b]).
  const starts = new Int32Array(count);
  const ends = new Int32Array(count);
  const n = ts.length;
  let i = 0;
  let longest = 0;
  while (i < n && (ts[i] ?? 0) <= start) i++;
  while (i < n) {
    const t = ts[i] ?? 0;
    if (t > end) break;
    const b = bucketOf(t);
    let j = i + 1;
    while (j < n && (ts[j] ?? 0) <= end && bucketOf(ts[j] ?? 0) === b) j++;
    if (b < count) {
      starts[b] = i;
      ends[b] = j;
      longest = Math.max(longest, j - i);
    }
    i = j;
  }
  const scratch = new Float64Array(longest);
  return columns.map((values) => {
    const out: Buckets = {
      times: times.slice(),
      max: new Array<number | null>(count).fill(null),
      avg: new Array<number | null>(count).fill(null),
      p95: new Array<number | null>(count).fill(null),
      counts: new Array<number>(count).fill(0),
    };
    for (let b = 0; b < count; b++) {
      const s = starts[b] ?? 0;
      const len = (ends[b] ?? 0) - s;
      if (len <= 0) continue;
      let max = -Infinity;
      let sum = 0;
      // Unknown values (NaN) are skipped: a bucket of only unknown values has null figures, like a gap.
      let m = 0;
      for (let k = 0; k < len; k++) {
        const v = values[s + k] ?? 0;
        if (Number.isNaN(v)) continue;
        scratch[m++] = v;
        if (v > max) max = v;
        sum += v;
      }
      if (m === 0) continue;
      const sorted = scratch.subarray(0, m).sort();
      out.max[b] = max;
      out.avg[b] = sum / m;
      out.p95[b] = sorted[Math.max(1, Math.ceil(P95 * m)) - 1] ?? null;
      out.counts[b] = m;
    }
    return out;
  });
}

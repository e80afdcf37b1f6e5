/**
 * Pure pieces of the viewer's charts (no uPlot, no DOM): the time axis of a short collection, the gaps of a series,
 * the points a line cannot draw, the width of the value axis and the resolution asked of the server.
 */

/**
 * The padding of a time axis around a single sample: at least half an hour each side, so the axis is one of minutes
 * (a bucket of a few seconds either side made uPlot tick in milliseconds and cut its date label).
 */
const SINGLE_SAMPLE_PAD = 1800;

/**
 * The x range (Unix seconds) a chart shows: the data's own range, or, for a single sample (min === max), a bucket
 * and at least half an hour either side of it — never uPlot's default of years around one time.
 */
export function timeRange(min: number | null, max: number | null, bucketSeconds: number): [number, number] {
  if (min === null || max === null) return [0, 1];
  if (max > min) return [min, max];
  const pad = Math.max(bucketSeconds, SINGLE_SAMPLE_PAD);
  return [min - pad, max + pad];
}

/** The one time of a series that holds a single sample time (null: none, or several). */
export function singleTime(times: readonly number[]): number | null {
  const first = times[0];
  if (first === undefined) return null;
  return times.every((t) => t === first) ? first : null;
}

/**
 * Times and values with a null bucket wherever the times jump by more than a bucket (a server that leaves out empty
 * buckets): the line breaks there instead of joining across the missing interval.
 */
export function withGaps(
  times: readonly number[],
  lines: readonly (readonly (number | null)[])[],
  bucketSeconds: number,
): { times: number[]; lines: (number | null)[][] } {
  const outTimes: number[] = [];
  const outLines: (number | null)[][] = lines.map(() => []);
  for (let i = 0; i < times.length; i++) {
    const t = times[i] ?? 0;
    const prev = times[i - 1];
    if (prev !== undefined && bucketSeconds > 0 && t - prev > bucketSeconds * 1.5) {
      outTimes.push(prev + bucketSeconds);
      outLines.forEach((line) => line.push(null));
    }
    outTimes.push(t);
    lines.forEach((line, index) => outLines[index]?.push(line[i] ?? null));
  }
  return { times: outTimes, lines: outLines };
}

/** Indices of values a line cannot draw: present, with no present neighbour on either side (one-sample runs). */
export function isolatedPoints(values: readonly (number | null)[]): number[] {
  const out: number[] = [];
  for (let i = 0; i < values.length; i++) {
    if (values[i] === null || values[i] === undefined) continue;
    const before = i > 0 ? values[i - 1] : null;
    const after = i < values.length - 1 ? values[i + 1] : null;
    if ((before === null || before === undefined) && (after === null || after === undefined)) out.push(i);
  }
  return out;
}

/** What is missing from a series: the buckets without a sample, as a count and a length of time (seconds). */
export interface Missing {
  /** Runs of consecutive empty buckets (each one break in the lines). */
  gaps: number;
  /** Seconds without samples. */
  seconds: number;
  /** The share of the range without samples, 0–1. */
  share: number;
}

/**
 * The missing intervals of a series: buckets where no metric has a value, plus jumps in the times longer than a
 * bucket. Null when nothing is missing.
 */
export function missingIntervals(
  times: readonly number[],
  lines: readonly (readonly (number | null)[])[],
  bucketSeconds: number,
): Missing | null {
  if (times.length === 0 || bucketSeconds <= 0) return null;
  const filled = withGaps(times, lines, bucketSeconds);
  const real = new Set(times);
  let gaps = 0;
  let seconds = 0;
  let inGap = false;
  for (let i = 0; i < filled.times.length; i++) {
    const empty = filled.lines.every((line) => line[i] === null || line[i] === undefined);
    if (empty) {
      // A filled-in gap stands for the whole jump; a null bucket for one bucket.
      const next = filled.times[i + 1];
      const t = filled.times[i] ?? 0;
      const isFilled = !real.has(t);
      seconds += isFilled && next !== undefined ? next - t : bucketSeconds;
      if (!inGap) gaps++;
    }
    inGap = empty;
  }
  if (gaps === 0) return null;
  const first = filled.times[0] ?? 0;
  const last = filled.times[filled.times.length - 1] ?? first;
  const span = last - first + bucketSeconds;
  return { gaps, seconds, share: span > 0 ? Math.min(1, seconds / span) : 0 };
}

/** The axis label's measure: a canvas context's text width, in device pixels. */
export type MeasureText = (text: string) => number;

/**
 * The width (CSS pixels) of a value axis that fits its longest label: the label's measured width plus the tick and
 * the gap beside it, so "100,000" is never clipped to "00,000".
 */
export function axisWidth(
  labels: readonly string[] | null | undefined,
  measure: MeasureText,
  { tick = 10, gap = 5, pixelRatio = 1 }: { tick?: number; gap?: number; pixelRatio?: number } = {},
): number {
  const widest = Math.max(0, ...(labels ?? []).map((label) => measure(label) / pixelRatio));
  return Math.ceil(widest + tick + gap + 2);
}

/** The steps of the resolution asked of the server (a few pixels of resize do not load the series again). */
const POINT_STEP = 50;
const MIN_POINTS = 50;

/**
 * How many buckets to ask for a chart `width` CSS pixels wide: never more than it has pixels (rounded down to a
 * step), at least a few; null while the width is unknown.
 */
export function pointsFor(width: number, max = 1000): number | null {
  if (!Number.isFinite(width) || width <= 0) return null;
  const stepped = Math.floor(width / POINT_STEP) * POINT_STEP;
  return Math.min(max, Math.max(Math.min(MIN_POINTS, Math.floor(width)), stepped));
}

/**
 * A chart's value axis: from 0 (or a lower value) up to the first tick at or above the highest value, its ticks at 1,
 * 2, 2.5 or 5 × 10^n of the display unit. The peak is never above the top tick, and a memory axis in GiB reads 0, 20,
 * 40 rather than byte-round steps shown as 18.6, 37.3. `unit`: the data units in one display unit (2^30 for GiB).
 */
export function valueAxis(
  min: number | null,
  max: number | null,
  unit = 1,
  count = 4,
): { range: [number, number]; ticks: number[] } {
  const lo = Math.min(0, min ?? 0) / unit;
  const hi = Math.max(0, max ?? 0) / unit;
  // Nothing but zeros (or no data): an axis of 0 to 1.
  if (!(hi > lo)) return { range: [0, unit], ticks: [0, unit] };
  const raw = (hi - lo) / count;
  const pow = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * pow).find((s) => s >= raw * (1 - 1e-9)) ?? 10 * pow;
  // The binary noise of a division (0.30000000000000004 steps) is not a step more.
  const start = Math.floor(lo / step + 1e-9) * step;
  const end = Math.ceil(hi / step - 1e-9) * step;
  const ticks: number[] = [];
  for (let i = 0; start + i * step <= end + step * 1e-9; i++)
    ticks.push(Number((start + i * step).toPrecision(12)) * unit);
  return { range: [start * unit, end * unit], ticks };
}

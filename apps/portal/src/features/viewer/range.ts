/**
 * The viewer's time range: kept in the route's search params (`from` / `to`, Unix seconds) so a reload or a link
 * keeps it, always inside the collection period [First, Last] of the project's series.
 */
import type { TimeRange } from '@/lib/search/time-range';
import { RANGE_PRESETS, presetRange, type RangePreset } from './metrics';

export type { TimeRange };

/** The collection period: the first and the last sample (Unix seconds). */
export interface Period {
  first: number;
  last: number;
}

/** A drag across a chart narrower than this is not a zoom (a click, or less than a minute of samples). */
export const MIN_ZOOM_SECONDS = 60;

/**
 * The range the viewer shows: the asked range inside the period (a link may carry times outside it); the whole
 * period ({}) when nothing of it is left, or when it covers the whole period.
 */
export function rangeInPeriod(range: TimeRange, period: Period): TimeRange {
  if (range.from === undefined && range.to === undefined) return {};
  const from = Math.max(period.first, Math.min(range.from ?? period.first, period.last));
  const to = Math.min(period.last, Math.max(range.to ?? period.last, period.first));
  if (from >= to || (from === period.first && to === period.last)) return {};
  return { from, to };
}

/** Which preset the range is (after {@link rangeInPeriod}), or 'custom'. */
export function presetOf(range: TimeRange, period: Period): RangePreset | 'custom' {
  if (range.from === undefined && range.to === undefined) return 'all';
  const presets = Object.keys(RANGE_PRESETS) as RangePreset[];
  const match = presets.find((preset) => {
    const r = presetInPeriod(preset, period);
    return r.from === range.from && r.to === range.to;
  });
  return match ?? 'custom';
}

/** A preset's range inside the period (the whole period: {}). */
export function presetInPeriod(preset: RangePreset, period: Period): TimeRange {
  return rangeInPeriod(presetRange(preset, period.last), period);
}

/**
 * A drag across a chart from `min` to `max` (uPlot's x values, Unix seconds) as a range: whole seconds inside the
 * period; null when it is narrower than {@link MIN_ZOOM_SECONDS}.
 */
export function zoomRange(min: number, max: number, period: Period): TimeRange | null {
  const from = Math.max(period.first, Math.floor(Math.min(min, max)));
  const to = Math.min(period.last, Math.ceil(Math.max(min, max)));
  if (to - from < MIN_ZOOM_SECONDS) return null;
  return rangeInPeriod({ from, to }, period);
}

/** Why a custom range of days is refused (the translated message is the caller's). */
export type DaysRangeError = 'order' | 'outside';

/** Local midnight of a day (year, month 1–12, day) in Unix seconds. */
function dayStart(day: { year: number; month: number; day: number }): number {
  return Math.floor(new Date(day.year, day.month - 1, day.day).getTime() / 1000);
}

/**
 * A range of whole days (both included, in the browser's time zone) as the viewer's range: from the first day's
 * start to the last day's end, inside the period. Refused when the first day is after the last ('order') or a day
 * lies outside the period's days or holds nothing of it ('outside').
 */
export function rangeOfDays(
  start: { year: number; month: number; day: number },
  end: { year: number; month: number; day: number },
  period: Period,
): { range: TimeRange } | { error: DaysRangeError } {
  const from = dayStart(start);
  const to = dayStart({ ...end, day: end.day + 1 }) - 1;
  if (from > to) return { error: 'order' };
  const firstDay = dayStart(dayOf(period.first));
  const lastDayEnd = dayStart({ ...dayOf(period.last), day: dayOf(period.last).day + 1 }) - 1;
  if (from < firstDay || to > lastDayEnd) return { error: 'outside' };
  // Days of the period that hold no stretch of it (the last day when the last sample is at its midnight).
  if (Math.min(to, period.last) <= Math.max(from, period.first)) return { error: 'outside' };
  return { range: rangeInPeriod({ from, to }, period) };
}

/** The local day (year, month 1–12, day) of a Unix time. */
export function dayOf(time: number): { year: number; month: number; day: number } {
  const date = new Date(time * 1000);
  return { year: date.getFullYear(), month: date.getMonth() + 1, day: date.getDate() };
}

/**
 * The charts' time axis in the portal's culture (issue #40 item 3). uPlot's own labels are English templates ("Jan",
 * "12/4", "3pm"); these are Intl's, their fields chosen by the tick spacing as uPlot's defaults choose them, 12- or
 * 24-hour as the culture says. Pure (no uPlot, no DOM): the chart gives the culture; a test also gives a time zone
 * (the chart leaves it to the browser's, the zone uPlot places its ticks in).
 */
const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const MONTH = 30 * DAY;
const YEAR = 365 * DAY;

/**
 * The tick spacings (seconds) of the time axis: uPlot's own from a second up, set on the axis so that the spacing
 * {@link timeSpace} picks is one uPlot takes.
 */
export const TIME_INCRS: readonly number[] = [
  1,
  5,
  10,
  15,
  30,
  MINUTE,
  5 * MINUTE,
  10 * MINUTE,
  15 * MINUTE,
  30 * MINUTE,
  HOUR,
  2 * HOUR,
  3 * HOUR,
  4 * HOUR,
  6 * HOUR,
  8 * HOUR,
  12 * HOUR,
  DAY,
  2 * DAY,
  3 * DAY,
  4 * DAY,
  5 * DAY,
  6 * DAY,
  7 * DAY,
  8 * DAY,
  9 * DAY,
  10 * DAY,
  15 * DAY,
  MONTH,
  2 * MONTH,
  3 * MONTH,
  4 * MONTH,
  6 * MONTH,
  YEAR,
  2 * YEAR,
  5 * YEAR,
  10 * YEAR,
  25 * YEAR,
  50 * YEAR,
  100 * YEAR,
];

/**
 * What a tick says at a spacing: its own fields, and the wider context (the date, the year) on a line below it on the
 * first tick and wherever that context changes — as uPlot's templates do.
 */
interface TickFormat {
  tick: Intl.DateTimeFormatOptions;
  context?: Intl.DateTimeFormatOptions;
}

const DATE: Intl.DateTimeFormatOptions = { dateStyle: 'short' };
const YEAR_ONLY: Intl.DateTimeFormatOptions = { year: 'numeric' };

/** The fields for a spacing, by uPlot's thresholds (28 days and up is months). */
function tickFormat(incr: number): TickFormat {
  if (incr >= YEAR) return { tick: YEAR_ONLY };
  if (incr >= 28 * DAY) return { tick: { year: 'numeric', month: 'short' } };
  if (incr >= DAY) return { tick: { month: 'numeric', day: 'numeric' }, context: YEAR_ONLY };
  if (incr >= MINUTE) return { tick: { timeStyle: 'short' }, context: DATE };
  return { tick: { timeStyle: 'medium' }, context: DATE };
}

// Making an Intl format is the slow part: one per culture, zone and set of fields.
const formats = new Map<string, Intl.DateTimeFormat>();
function intl(culture: string, options: Intl.DateTimeFormatOptions, timeZone: string | undefined) {
  const key = `${culture}|${timeZone ?? ''}|${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(culture, timeZone === undefined ? options : { ...options, timeZone });
    formats.set(key, format);
  }
  return format;
}

/**
 * The labels of time-axis ticks (Unix seconds) `incr` seconds apart: seconds as h:mm:ss, minutes and hours as h:mm
 * with the date below the first tick of each day, days as the date with the year below its first tick, months as
 * month and year, years as the year.
 */
export function timeTicks(
  ticks: readonly number[],
  incr: number,
  culture: string,
  timeZone?: string,
): string[] {
  const { tick, context } = tickFormat(incr);
  const own = intl(culture, tick, timeZone);
  const wider = context && intl(culture, context, timeZone);
  let previous: string | null = null;
  return ticks.map((seconds) => {
    const label = own.format(seconds * 1000);
    if (!wider) return label;
    const around = wider.format(seconds * 1000);
    const changed = around !== previous;
    previous = around;
    return changed ? `${label}\n${around}` : label;
  });
}

/** The least room between two ticks (CSS pixels): uPlot's own for a time axis. */
const MIN_SPACE = 50;
/** The room kept between two neighbouring labels. */
const LABEL_PAD = 12;

/**
 * The room between ticks (CSS pixels) for a time axis from `min` to `max` (Unix seconds) over `dim` pixels: the
 * spacing of the finest of {@link TIME_INCRS} whose labels, measured in this culture, fit beside each other ("3:00 PM"
 * needs more than "15:00"), and never under uPlot's 50 px. uPlot, given it as the axis' space, ticks at that spacing.
 */
export function timeSpace(
  min: number,
  max: number,
  dim: number,
  culture: string,
  measure: (text: string) => number,
  timeZone?: string,
): number {
  const delta = max - min;
  if (!(delta > 0) || !(dim > 0)) return MIN_SPACE;
  for (const incr of TIME_INCRS) {
    // The very expression uPlot finds its spacing with, so that the two agree to the bit.
    const space = (dim * incr) / delta;
    if (space < MIN_SPACE) continue;
    const lines = timeTicks([min, min + delta / 2, max], incr, culture, timeZone).flatMap((label) =>
      label.split('\n'),
    );
    if (space >= Math.max(...lines.map(measure)) + LABEL_PAD) return space;
  }
  return MIN_SPACE;
}

const PERIOD: Intl.DateTimeFormatOptions = { dateStyle: 'short', timeStyle: 'medium' };

/**
 * The period a chart bucket measured, as the culture writes a range ("12/4/26, 3:00:00 – 3:01:00 PM"): a bucket
 * labelled `start` holds the intervals that ended after `start` and by `start + seconds` (docs/collector-format.md).
 * A bucket of no width (a single sample) is its time alone.
 */
export function bucketPeriod(start: number, seconds: number, culture: string, timeZone?: string): string {
  const format = intl(culture, PERIOD, timeZone);
  if (seconds <= 0) return format.format(start * 1000);
  return format.formatRange(start * 1000, (start + seconds) * 1000);
}

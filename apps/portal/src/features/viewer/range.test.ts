import { describe, expect, it } from 'vitest';
import {
  MIN_ZOOM_SECONDS,
  dayOf,
  presetInPeriod,
  presetOf,
  rangeInPeriod,
  rangeOfDays,
  zoomRange,
} from './range';

// A week of samples: Monday 2 March 2025 00:00 to Sunday 9 March 2025 00:00 in the test's time zone.
const FIRST = new Date(2025, 2, 2, 0, 0, 0).getTime() / 1000;
const LAST = new Date(2025, 2, 9, 0, 0, 0).getTime() / 1000;
const PERIOD = { first: FIRST, last: LAST };

describe('the range inside the collection period', () => {
  it('clamps into the period; nothing left or all of it is the whole period', () => {
    expect(rangeInPeriod({}, PERIOD)).toEqual({});
    expect(rangeInPeriod({ from: FIRST - 100, to: FIRST + 3600 }, PERIOD)).toEqual({
      from: FIRST,
      to: FIRST + 3600,
    });
    expect(rangeInPeriod({ from: LAST - 60 }, PERIOD)).toEqual({ from: LAST - 60, to: LAST });
    expect(rangeInPeriod({ from: LAST + 10, to: LAST + 100 }, PERIOD)).toEqual({});
    expect(rangeInPeriod({ from: FIRST - 1, to: LAST + 1 }, PERIOD)).toEqual({});
  });

  it('knows the presets (counted back from the last sample) and calls anything else custom', () => {
    expect(presetOf({}, PERIOD)).toBe('all');
    expect(presetInPeriod('day', PERIOD)).toEqual({ from: LAST - 86_400, to: LAST });
    expect(presetOf(presetInPeriod('day', PERIOD), PERIOD)).toBe('day');
    expect(presetOf(presetInPeriod('hours6', PERIOD), PERIOD)).toBe('hours6');
    // The week preset is the whole of a week-long collection.
    expect(presetInPeriod('week', PERIOD)).toEqual({});
    expect(presetOf({ from: FIRST + 10, to: FIRST + 7200 }, PERIOD)).toBe('custom');
  });
});

describe('drag to zoom', () => {
  it('takes whole seconds inside the period, either direction', () => {
    expect(zoomRange(FIRST + 100.4, FIRST + 7200.2, PERIOD)).toEqual({ from: FIRST + 100, to: FIRST + 7201 });
    expect(zoomRange(FIRST + 7200, FIRST - 500, PERIOD)).toEqual({ from: FIRST, to: FIRST + 7200 });
  });

  it(`ignores a drag narrower than ${String(MIN_ZOOM_SECONDS)} s`, () => {
    expect(MIN_ZOOM_SECONDS).toBe(60);
    expect(zoomRange(FIRST + 100, FIRST + 159, PERIOD)).toBeNull();
    expect(zoomRange(FIRST + 100, FIRST + 160, PERIOD)).toEqual({ from: FIRST + 100, to: FIRST + 160 });
  });
});

describe('a custom range of days', () => {
  const day = (d: number) => ({ year: 2025, month: 3, day: d });

  it('runs from the first day’s start to the last day’s end, inside the period', () => {
    expect(rangeOfDays(day(3), day(4), PERIOD)).toEqual({
      range: { from: new Date(2025, 2, 3).getTime() / 1000, to: new Date(2025, 2, 5).getTime() / 1000 - 1 },
    });
    // One day is a range too; the last day ends at the last sample; all days are the whole period.
    expect(rangeOfDays(day(8), day(9), PERIOD)).toEqual({
      range: { from: new Date(2025, 2, 8).getTime() / 1000, to: LAST },
    });
    expect(rangeOfDays(day(2), day(9), PERIOD)).toEqual({ range: {} });
  });

  it('refuses a first day after the last, and days outside the period', () => {
    expect(rangeOfDays(day(5), day(4), PERIOD)).toEqual({ error: 'order' });
    expect(rangeOfDays(day(1), day(4), PERIOD)).toEqual({ error: 'outside' });
    expect(rangeOfDays(day(3), day(10), PERIOD)).toEqual({ error: 'outside' });
    // The last day holds only the last sample (its midnight): nothing to show.
    expect(rangeOfDays(day(9), day(9), PERIOD)).toEqual({ error: 'outside' });
    expect(dayOf(FIRST)).toEqual(day(2));
  });
});

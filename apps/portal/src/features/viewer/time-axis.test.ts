import { describe, expect, it } from 'vitest';
import { TIME_INCRS, timeSpace, timeTicks } from './time-axis';

const MINUTE = 60;
const HOUR = 3600;
const DAY = 86_400;
const MONTH = 30 * DAY;

/** Unix seconds of an ISO time. */
const at = (iso: string) => Date.parse(iso) / 1000;
/** Ticks `incr` seconds apart from `from`. */
const every = (from: string, incr: number, count: number) =>
  Array.from({ length: count }, (_, i) => at(from) + i * incr);

// Intl's own words in this Node: V8 writes a plain space before en-US's AM/PM, not ICU's U+202F.
const PM = ' PM';
const AM = ' AM';

/** Each spacing's ticks (in UTC) and what each culture writes under them. */
const CASES: {
  spacing: string;
  ticks: number[];
  incr: number;
  labels: Record<'en-US' | 'de-DE' | 'ja-JP', string[]>;
}[] = [
  {
    spacing: 'seconds: h:mm:ss, the date under the first tick',
    ticks: every('2026-12-04T15:00:00Z', 15, 3),
    incr: 15,
    labels: {
      'en-US': [`3:00:00${PM}\n12/4/26`, `3:00:15${PM}`, `3:00:30${PM}`],
      'de-DE': ['15:00:00\n04.12.26', '15:00:15', '15:00:30'],
      'ja-JP': ['15:00:00\n2026/12/04', '15:00:15', '15:00:30'],
    },
  },
  {
    spacing: 'minutes: h:mm, the date under the first tick of each day',
    ticks: every('2026-12-04T23:50:00Z', 5 * MINUTE, 3),
    incr: 5 * MINUTE,
    labels: {
      'en-US': [`11:50${PM}\n12/4/26`, `11:55${PM}`, `12:00${AM}\n12/5/26`],
      'de-DE': ['23:50\n04.12.26', '23:55', '00:00\n05.12.26'],
      'ja-JP': ['23:50\n2026/12/04', '23:55', '0:00\n2026/12/05'],
    },
  },
  {
    spacing: 'hours: h:mm, the date under the first tick of each day',
    ticks: every('2026-12-04T20:00:00Z', 2 * HOUR, 4),
    incr: 2 * HOUR,
    labels: {
      'en-US': [`8:00${PM}\n12/4/26`, `10:00${PM}`, `12:00${AM}\n12/5/26`, `2:00${AM}`],
      'de-DE': ['20:00\n04.12.26', '22:00', '00:00\n05.12.26', '02:00'],
      'ja-JP': ['20:00\n2026/12/04', '22:00', '0:00\n2026/12/05', '2:00'],
    },
  },
  {
    spacing: 'days: the date, the year under its first tick',
    ticks: every('2026-12-30T00:00:00Z', DAY, 4),
    incr: DAY,
    labels: {
      'en-US': ['12/30\n2026', '12/31', '1/1\n2027', '1/2'],
      'de-DE': ['30.12.\n2026', '31.12.', '1.1.\n2027', '2.1.'],
      'ja-JP': ['12/30\n2026年', '12/31', '1/1\n2027年', '1/2'],
    },
  },
  {
    spacing: 'months: month and year',
    ticks: ['2026-03-01', '2026-06-01', '2026-09-01', '2026-12-01'].map((day) => at(`${day}T00:00:00Z`)),
    incr: 3 * MONTH,
    labels: {
      'en-US': ['Mar 2026', 'Jun 2026', 'Sep 2026', 'Dec 2026'],
      'de-DE': ['März 2026', 'Juni 2026', 'Sept. 2026', 'Dez. 2026'],
      'ja-JP': ['2026年3月', '2026年6月', '2026年9月', '2026年12月'],
    },
  },
];

/** English month names, short and long, as whole words ("Juni" is no "Jun"). */
const ENGLISH_MONTH =
  /\b(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec|January|February|March|April|June|July|August|September|October|November|December)\b/;

describe('timeTicks', () => {
  for (const { spacing, ticks, incr, labels } of CASES) {
    for (const culture of ['en-US', 'de-DE', 'ja-JP'] as const) {
      it(`${culture}, ${spacing}`, () => {
        expect(timeTicks(ticks, incr, culture, 'UTC')).toEqual(labels[culture]);
      });
    }
  }

  it('writes no English month name and no AM/PM in German or Japanese, at any spacing', () => {
    for (const culture of ['de-DE', 'ja-JP']) {
      const all = CASES.flatMap(({ ticks, incr }) => timeTicks(ticks, incr, culture, 'UTC')).join(' ');
      expect(all).not.toMatch(ENGLISH_MONTH);
      expect(all).not.toMatch(/AM|PM/);
    }
    // The check would see them: English writes them.
    const english = CASES.flatMap(({ ticks, incr }) => timeTicks(ticks, incr, 'en-US', 'UTC')).join(' ');
    expect(english).toMatch(ENGLISH_MONTH);
    expect(english).toMatch(/PM/);
  });

  it('writes years alone at a spacing of years', () => {
    const ticks = every('2026-01-01T00:00:00Z', 365 * DAY, 2);
    expect(timeTicks(ticks, 365 * DAY, 'de-DE', 'UTC')).toEqual(['2026', '2027']);
    expect(timeTicks(ticks, 365 * DAY, 'ja-JP', 'UTC')).toEqual(['2026年', '2027年']);
  });
});

describe('timeSpace', () => {
  /** 7 px a character (the chart test's measure). */
  const measure = (text: string) => text.length * 7;
  const day = at('2026-12-04T00:00:00Z');

  it('gives the spacing of the finest increment whose labels fit, one uPlot takes as it is (its own arithmetic)', () => {
    // A day over 600 px: 2 hours is 50 px, under the widest label ("12:00 AM", "04.12.26": 56 px) and the gap.
    for (const culture of ['en-US', 'de-DE']) {
      const space = timeSpace(day, day + DAY, 600, culture, measure, 'UTC');
      expect(space).toBe((600 * 3 * HOUR) / DAY);
      expect(TIME_INCRS.map((incr) => (600 * incr) / DAY)).toContain(space);
    }
  });

  it('spaces wider labels further apart, and never under 50 px', () => {
    expect(timeSpace(day, day + DAY, 600, 'de-DE', () => 30, 'UTC')).toBe(50);
    expect(timeSpace(day, day + DAY, 600, 'de-DE', () => 40, 'UTC')).toBe(75);
    expect(timeSpace(day, day + DAY, 600, 'de-DE', () => 80, 'UTC')).toBe(100);
  });

  it('gives a 12-hour culture more room than a 24-hour one: its labels are wider', () => {
    // Two minutes over 600 px (5 px a second), the times measured only: "3:00:00 PM" needs 70 + 12 px, so 15 s
    // (75 px) is too close and 30 s it is; "15:00:00" needs 56 + 12 px, and 15 s fits.
    const timesOnly = (text: string) => (/\d:\d\d:\d\d/.test(text) ? measure(text) : 0);
    const from = at('2026-12-04T15:00:00Z');
    expect(timeSpace(from, from + 2 * MINUTE, 600, 'en-US', timesOnly, 'UTC')).toBe(150);
    expect(timeSpace(from, from + 2 * MINUTE, 600, 'de-DE', timesOnly, 'UTC')).toBe(75);
  });

  it('falls back to 50 px on an empty range or plot', () => {
    expect(timeSpace(day, day, 600, 'en-US', measure)).toBe(50);
    expect(timeSpace(day, day + DAY, 0, 'en-US', measure)).toBe(50);
  });
});

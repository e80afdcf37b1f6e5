import { describe, expect, it } from 'vitest';
import {
  axisWidth,
  isolatedPoints,
  missingIntervals,
  pointsFor,
  singleTime,
  timeRange,
  withGaps,
  valueAxis,
} from './chart-data';

describe('timeRange', () => {
  it('puts at least half an hour either side of a single sample (an axis of minutes, not milliseconds)', () => {
    // A 1 s or 20 s bucket either side made an axis of milliseconds: half an hour each side instead.
    expect(timeRange(1_800_000_000, 1_800_000_000, 1)).toEqual([1_799_998_200, 1_800_001_800]);
    expect(timeRange(1_800_000_000, 1_800_000_000, 20)).toEqual([1_799_998_200, 1_800_001_800]);
    // Bucket width unknown: half an hour each side.
    expect(timeRange(1_800_000_000, 1_800_000_000, 0)).toEqual([1_799_998_200, 1_800_001_800]);
    // A bucket wider than that: the bucket.
    expect(timeRange(1_800_000_000, 1_800_000_000, 7200)).toEqual([1_799_992_800, 1_800_007_200]);
  });
  it('keeps a real extent', () => {
    expect(timeRange(100, 200, 60)).toEqual([100, 200]);
  });
});

describe('singleTime', () => {
  it('is the one time of a single-sample series', () => {
    expect(singleTime([1_800_000_000])).toBe(1_800_000_000);
    expect(singleTime([1_800_000_000, 1_800_000_000])).toBe(1_800_000_000);
  });
  it('is null for several times or none', () => {
    expect(singleTime([1, 2])).toBeNull();
    expect(singleTime([])).toBeNull();
  });
});

describe('withGaps', () => {
  it('adds a null bucket where the times jump by more than a bucket', () => {
    expect(withGaps([0, 60, 300], [[1, 2, 3]], 60)).toEqual({
      times: [0, 60, 120, 300],
      lines: [[1, 2, null, 3]],
    });
  });
  it('leaves regular times alone', () => {
    expect(withGaps([0, 60, 120], [[1, null, 3]], 60)).toEqual({
      times: [0, 60, 120],
      lines: [[1, null, 3]],
    });
  });
});

describe('isolatedPoints', () => {
  it('finds values with no neighbour to draw a line to', () => {
    expect(isolatedPoints([5])).toEqual([0]);
    expect(isolatedPoints([1, 2, null, 4, null, 6, 7])).toEqual([3]);
    expect(isolatedPoints([null, null])).toEqual([]);
  });
});

describe('missingIntervals', () => {
  it('counts the runs of empty buckets and their time', () => {
    // Four hourly buckets, the middle two empty in every metric: one gap of 2 h, half of the 4 h range.
    expect(
      missingIntervals(
        [0, 3600, 7200, 10_800],
        [
          [10, null, null, 20],
          [1, null, null, 2],
        ],
        3600,
      ),
    ).toEqual({ gaps: 1, seconds: 7200, share: 0.5 });
  });
  it('counts a jump in the times as the time it skips', () => {
    // Buckets of 60 s at 0, 60, then 300: 120..300 is missing (180 s) of 360 s.
    expect(missingIntervals([0, 60, 300], [[1, 2, 3]], 60)).toEqual({ gaps: 1, seconds: 180, share: 0.5 });
  });
  it('a bucket is missing only when no metric has a value', () => {
    expect(
      missingIntervals(
        [0, 60, 120],
        [
          [1, null, 3],
          [1, 2, 3],
        ],
        60,
      ),
    ).toBeNull();
  });
});

describe('axisWidth', () => {
  it('fits the widest label plus the tick and the gap', () => {
    const measure = (text: string) => text.length * 7;
    expect(axisWidth(['0', '50,000', '100,000'], measure)).toBe(49 + 10 + 5 + 2);
    // Device pixels measured on a 2× screen: the same CSS width.
    expect(axisWidth(['100,000'], (t) => t.length * 14, { pixelRatio: 2 })).toBe(66);
    expect(axisWidth(null, measure)).toBe(17);
  });
});

describe('pointsFor', () => {
  it('never asks for more buckets than the chart has pixels', () => {
    expect(pointsFor(320)).toBe(300);
    expect(pointsFor(799.5)).toBe(750);
    expect(pointsFor(2400)).toBe(1000);
    expect(pointsFor(30)).toBe(30);
    expect(pointsFor(0)).toBeNull();
  });
});

describe('valueAxis', () => {
  const GIB = 2 ** 30;
  it('a memory peak of 37.3 GiB: round GiB ticks, the top one at or above the peak', () => {
    const axis = valueAxis(20 * GIB, 37.3 * GIB, GIB);
    expect(axis.ticks.map((v) => v / GIB)).toEqual([0, 10, 20, 30, 40]);
    expect(axis.range).toEqual([0, 40 * GIB]);
  });
  it('a peak on a tick is the top tick; IOPS in 2.5 × 10^n steps', () => {
    expect(valueAxis(0, 10_000).ticks).toEqual([0, 2500, 5000, 7500, 10_000]);
    expect(valueAxis(0, 0.3).ticks).toEqual([0, 0.1, 0.2, 0.3]);
  });
  it('a one-sample or all-zero series still gets an axis from 0', () => {
    expect(valueAxis(3.2, 3.2).ticks).toEqual([0, 1, 2, 3, 4]);
    expect(valueAxis(0, 0)).toEqual({ range: [0, 1], ticks: [0, 1] });
    expect(valueAxis(null, null, GIB)).toEqual({ range: [0, GIB], ticks: [0, GIB] });
  });
});

// The deck's line charts keep every bucket of the period on their time axis: an unknown value is a blank point (a gap,
// as in the viewer), never 0, and the peaks in a slide's title are taken over the known values only.
import { describe, expect, it } from 'vitest';
import { deckChartSeries } from '../src/reports/generate.ts';

const HOUR = 3600;
// 2026-01-01 00:00 UTC
const START = 1_767_225_600;

describe('deckChartSeries', () => {
  it('keeps a bucket without samples as a gap and names the peaks of the known values (hand-computed)', () => {
    const series = deckChartSeries({
      metric: 'cpu',
      times: [START, START + HOUR, START + 2 * HOUR, START + 3 * HOUR],
      max: [12.345, null, 30, 20.004],
      p95: [10, null, 25.555, null],
      busiestServer: [55.5, null, null, 40],
    });
    expect(series).toEqual({
      labels: ['01-01 00:00', '01-01 01:00', '01-01 02:00', '01-01 03:00'],
      max: [12.35, null, 30, 20],
      p95: [10, null, 25.56, null],
      busiest: [55.5, null, null, 40],
      peak: 30,
      busiestPeak: 55.5,
    });
  });

  it('scales to the report units: memory in GiB, throughput in MB/s', () => {
    const memory = deckChartSeries({ metric: 'memory', times: [START], max: [3 * 2 ** 30], p95: [2 ** 29] });
    expect(memory).toMatchObject({ max: [3], p95: [0.5], busiest: null, peak: 3, busiestPeak: null });
    const throughput = deckChartSeries({
      metric: 'readThroughput',
      times: [START],
      max: [12_500_000],
      p95: [null],
    });
    expect(throughput).toMatchObject({ max: [12.5], p95: [null], peak: 12.5 });
  });

  it('names no busiest-server peak when that series knows no bucket', () => {
    const cpu = deckChartSeries({
      metric: 'cpu',
      times: [START],
      max: [40],
      p95: [35],
      busiestServer: [null],
    });
    expect(cpu).toMatchObject({ busiest: [null], peak: 40, busiestPeak: null });
  });

  it('the latency title names the viewer’s peak (intervals of at least 100 IOPS), not a bucket’s peak at low I/O', () => {
    // The 18.25 ms bucket held only intervals under 100 IOPS: its line is drawn, the title says 9.98 as the viewer.
    const latency = deckChartSeries({
      metric: 'latency',
      times: [START, START + HOUR],
      max: [18.25, 9.98],
      p95: [12, 9],
      busyPeak: 9.981,
    });
    expect(latency).toMatchObject({ max: [18.25, 9.98], peak: 9.98 });
    // No interval reached 100 IOPS: no peak to name.
    expect(
      deckChartSeries({ metric: 'latency', times: [START], max: [18.25], p95: [12], busyPeak: null }),
    ).toMatchObject({ max: [18.25], peak: null });
  });

  it('draws no chart for a series that knows no bucket', () => {
    expect(
      deckChartSeries({
        metric: 'latency',
        times: [START, START + HOUR],
        max: [null, null],
        p95: [null, null],
      }),
    ).toBe(null);
  });
});

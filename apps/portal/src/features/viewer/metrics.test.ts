import type { ProjectSeries } from '@assessment/sdk';
import { describe, expect, it } from 'vitest';
import {
  CHARTS,
  CHART_TEXT,
  CHART_UNIT,
  LINE_COLORS,
  METRIC_TEXT,
  UNIT_TEXT,
  chartFigures,
  chartTitle,
  formatValue,
  presetRange,
  splitLatency,
  splitLatencyLine,
  totalIopsLine,
} from './metrics';

describe('viewer metrics', () => {
  it('draws every metric of the contract once, the total IOPS the sizing uses after the IOPS, the two derived ones after the throughput, read and write latency in the latency chart, the queue depth after it and the busiest server in the CPU chart', () => {
    expect(CHARTS.map((c) => c.id)).toEqual([
      'iops',
      'totalIops',
      'throughput',
      'ioSize',
      'readRatio',
      'latency',
      'queueDepth',
      'cpu',
      'memory',
      'network',
    ]);
    expect(CHARTS.flatMap((c) => c.metrics)).toEqual([
      'readIops',
      'writeIops',
      'totalIops',
      'readThroughput',
      'writeThroughput',
      'ioSize',
      'readRatio',
      'latency',
      'readLatency',
      'writeLatency',
      'queueDepth',
      'cpu',
      'cpuPeakServer',
      'memory',
      'networkRx',
      'networkTx',
    ]);
    // Every line of a chart has a color of its own.
    expect(Math.max(...CHARTS.map((c) => c.metrics.length))).toBe(LINE_COLORS.length);
  });

  it('names the new charts, lines and unit in words (message keys), the queue depth in I/Os in flight', () => {
    expect(CHART_TEXT.queueDepth).toBe('performance.chart.queueDepth');
    expect(CHART_UNIT.queueDepth).toBe('count');
    expect(UNIT_TEXT.count).toBe('performance.unit.iosInFlight');
    expect(METRIC_TEXT.queueDepth).toBe('performance.metric.queueDepth');
    expect(METRIC_TEXT.cpuPeakServer).toBe('performance.metric.cpuPeakServer');
    expect(METRIC_TEXT.readLatency).toBe('performance.metric.readLatency');
    expect(METRIC_TEXT.writeLatency).toBe('performance.metric.writeLatency');
    expect(formatValue(3.14159, 'count', 'en-US')).toBe('3.1');
  });

  it('draws read and write latency only where the bucket had enough IOPS (the latency line’s rule)', () => {
    const series = {
      LowIops: [false, true, false],
      ReadLatency: { Unit: 'milliseconds' as const, Max: [1, 9, null], Avg: [1, 9, null], P95: [1, 9, null] },
      WriteLatency: { Unit: 'milliseconds' as const, Max: [2, 8, 3], Avg: [2, 8, 3], P95: [2, 8, 3] },
    };
    expect(splitLatencyLine('readLatency', series)).toEqual([1, null, null]);
    expect(splitLatencyLine('writeLatency', series)).toEqual([2, null, 3]);
    // Format-v1 data (no split latency): nothing to draw.
    expect(splitLatencyLine('readLatency', { LowIops: [false] })).toEqual([]);
    expect(splitLatencyLine('readLatency', null)).toEqual([]);
  });

  it('the figures tables get read and write latency from the summary, when it sends them', () => {
    const Metrics = [
      { Metric: 'latency' as const, Unit: 'milliseconds' as const, Peak: 5, P95: 4, Average: 2 },
    ];
    expect(
      chartFigures({
        Metrics,
        ReadLatency: { Unit: 'milliseconds', Peak: 3, P95: 2, Average: 1 },
        WriteLatency: { Unit: 'milliseconds', Peak: 7, P95: 6, Average: 4 },
      }),
    ).toEqual([
      { Metric: 'latency', Unit: 'milliseconds', Peak: 5, P95: 4, Average: 2 },
      { Metric: 'readLatency', Peak: 3, P95: 2, Average: 1 },
      { Metric: 'writeLatency', Peak: 7, P95: 6, Average: 4 },
    ]);
    expect(chartFigures({ Metrics })).toEqual(Metrics);
  });

  it('the total IOPS chart’s figures are the summary’s TotalIops (the aligned totals the sizing takes)', () => {
    expect(
      chartFigures({ Metrics: [], TotalIops: { Unit: 'iops', Peak: 900, P95: 700, Average: 300 } }),
    ).toEqual([{ Metric: 'totalIops', Peak: 900, P95: 700, Average: 300 }]);
  });

  it('draws the total IOPS from the series’ own total, never from read + write peaks (nothing without it)', () => {
    const series = (extra: Partial<ProjectSeries> = {}): ProjectSeries => ({
      From: 0,
      To: 120,
      First: 0,
      Last: 120,
      BucketSeconds: 60,
      Node: null,
      Times: [0, 60, 120],
      LowIops: [false, false, false],
      Series: [
        { Metric: 'readIops', Unit: 'iops', Max: [100, null, 5], Avg: [50, null, 5], P95: [90, null, 5] },
        { Metric: 'writeIops', Unit: 'iops', Max: [40, 7, null], Avg: [20, 7, null], P95: [30, 7, null] },
      ],
      ...extra,
    });
    // Read peak 100 and write peak 40 of the first bucket may lie in different intervals: 140 is drawn nowhere.
    expect(totalIopsLine(series())).toEqual([null, null, null]);
    expect(
      totalIopsLine(
        series({ TotalIops: { Unit: 'iops', Max: [120, 7, 5], Avg: [70, 7, 5], P95: [110, 7, 5] } }),
      ),
    ).toEqual([120, 7, 5]);
    expect(totalIopsLine(null)).toEqual([]);
  });

  it('names a chart’s unit once: "IOPS", not "IOPS (IOPS)"', () => {
    expect(chartTitle('IOPS', 'IOPS')).toBe('IOPS');
    expect(chartTitle('Throughput', 'MB/s')).toBe('Throughput (MB/s)');
    expect(chartTitle('CPU', '%')).toBe('CPU (%)');
    expect(chartTitle('Total IOPS the sizing uses', 'IOPS')).toBe('Total IOPS the sizing uses');
  });

  it('formats values in their display unit for the culture', () => {
    expect(formatValue(1234.4, 'iops', 'en-US')).toBe('1,234');
    expect(formatValue(12_345_678, 'bytesPerSecond', 'en-US')).toBe('12.3');
    expect(formatValue(12_345_678, 'bytesPerSecond', 'de-DE')).toBe('12,3');
    // Binary units for memory and capacity: a 256 GiB disk is 256 GiB (274.9 GB in decimal units).
    expect(formatValue(256 * 2 ** 30, 'bytes', 'en-US')).toBe('256');
    expect(formatValue(256e9, 'bytes', 'en-US')).toBe('238.4');
    expect(formatValue(1.2345, 'milliseconds', 'en-US')).toBe('1.23');
    expect(formatValue(null, 'percent', 'en-US')).toBe('—');
    // The queue depth: I/Os in flight with one decimal; the average I/O size already in KiB; CPU % with one.
    expect(formatValue(2.345, 'count', 'en-US')).toBe('2.3');
    expect(formatValue(1234.56, 'count', 'de-DE')).toBe('1.234,6');
    expect(formatValue(63.96, 'kibibytes', 'en-US')).toBe('64');
    expect(formatValue(8.04, 'kibibytes', 'en-US')).toBe('8');
    expect(formatValue(93.46, 'percent', 'en-US')).toBe('93.5');
  });

  it('ranges count back from the last sample; the whole collection leaves the range to the server', () => {
    expect(presetRange('all', 1_000_000)).toEqual({});
    expect(presetRange('day', 1_000_000)).toEqual({ from: 1_000_000 - 86_400, to: 1_000_000 });
    expect(presetRange('week', 100)).toEqual({ from: 0, to: 100 });
    expect(presetRange('hours6', null)).toEqual({});
  });

  it('splits latency into real and flagged (under 100 IOPS) buckets', () => {
    expect(splitLatency([1, 2, 3, null], [false, true, false, true])).toEqual({
      real: [1, null, 3, null],
      flagged: [null, 2, null, null],
    });
  });
});

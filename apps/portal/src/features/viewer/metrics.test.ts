import { describe, expect, it } from 'vitest';
import { CHARTS, chartTitle, formatValue, presetRange, splitLatency } from './metrics';

describe('viewer metrics', () => {
  it('draws every metric of the contract once, in six charts, and the two derived ones after the throughput', () => {
    expect(CHARTS.map((c) => c.id)).toEqual([
      'iops',
      'throughput',
      'ioSize',
      'readRatio',
      'latency',
      'cpu',
      'memory',
      'network',
    ]);
    expect(CHARTS.flatMap((c) => c.metrics)).toEqual([
      'readIops',
      'writeIops',
      'readThroughput',
      'writeThroughput',
      'ioSize',
      'readRatio',
      'latency',
      'cpu',
      'memory',
      'networkRx',
      'networkTx',
    ]);
  });

  it('names a chart’s unit once: "IOPS", not "IOPS (IOPS)"', () => {
    expect(chartTitle('IOPS', 'IOPS')).toBe('IOPS');
    expect(chartTitle('Throughput', 'MB/s')).toBe('Throughput (MB/s)');
    expect(chartTitle('CPU', '%')).toBe('CPU (%)');
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

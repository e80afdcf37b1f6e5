import { describe, expect, it } from 'vitest';
import { durationParts, formatDuration, headlineOf, serverGaps, type SummaryLike } from './headline';

const summary: SummaryLike = {
  From: 0,
  To: 86_400,
  First: 0,
  Last: 6 * 86_400 + 4 * 3600,
  EnabledNodes: 12,
  LatencyMinIops: 100,
  Metrics: [
    { Metric: 'readIops', Unit: 'iops', Peak: 3000, P95: 2000, Average: 900 },
    { Metric: 'writeIops', Unit: 'iops', Peak: 1500, P95: 1000, Average: 400 },
    { Metric: 'readThroughput', Unit: 'bytesPerSecond', Peak: 200e6, P95: 100e6, Average: 1 },
    { Metric: 'writeThroughput', Unit: 'bytesPerSecond', Peak: 50e6, P95: null, Average: 1 },
    { Metric: 'cpu', Unit: 'percent', Peak: 93.5, P95: 71.25, Average: 1 },
    { Metric: 'cpuPeakServer', Unit: 'percent', Peak: 100, P95: 97.5, Average: 1 },
    { Metric: 'memory', Unit: 'bytes', Peak: 512e9, P95: 480e9, Average: 1 },
    { Metric: 'networkRx', Unit: 'bytesPerSecond', Peak: null, P95: null, Average: null },
    { Metric: 'networkTx', Unit: 'bytesPerSecond', Peak: null, P95: null, Average: null },
  ],
  TopByIops: [],
  LatencyAllIntervals: { Unit: 'milliseconds', Peak: 9, P95: 5, Average: 2 },
  TopByCpu: [],
  Capacity: [
    { NodeId: 'srv-1', Name: 'A', Kind: 'server', CapacityBytes: 2e12, UsedBytes: 5e11, FreeBytes: 1.5e12 },
    {
      NodeId: 'csv-1',
      Name: 'B',
      Kind: 'clusterDisk',
      CapacityBytes: 8e12,
      UsedBytes: 2e12,
      FreeBytes: 6e12,
    },
  ],
  LowIopsPeriods: [],
};

describe('headlineOf', () => {
  it('adds read and write into totals, sums capacity, counts servers and takes the collection period', () => {
    const h = headlineOf(summary);
    // Without the server's aligned totals: read and write added.
    expect(h.iops).toEqual({ peak: 4500, p95: 3000, unit: 'iops' });
    // A figure one side lacks is the other side's alone.
    expect(h.throughput).toEqual({ peak: 250e6, p95: 100e6, unit: 'bytesPerSecond' });
    expect(h.cpu).toEqual({ peak: 93.5, p95: 71.25, unit: 'percent' });
    // The busiest server's CPU is its own figure, never added to the total's.
    expect(h.cpuBusiest).toEqual({ peak: 100, p95: 97.5, unit: 'percent' });
    expect(h.memory).toEqual({ peak: 512e9, p95: 480e9, unit: 'bytes' });
    expect(h.network).toEqual({ peak: null, p95: null, unit: 'bytesPerSecond' });
    expect(h.capacity).toEqual({ used: 2.5e12, total: 10e12, unknown: 0 });
    expect(h.servers).toBe(12);
    expect(h.period).toEqual({ first: 0, last: 6 * 86_400 + 4 * 3600 });
  });
  it('takes the aligned totals when the server sends them, and sums the servers\u2019 gaps', () => {
    const h = headlineOf({
      ...summary,
      TotalIops: { Unit: 'iops', Peak: 4200, P95: 2800, Average: 1000 },
      TotalThroughput: { Unit: 'bytesPerSecond', Peak: 230e6, P95: 90e6, Average: 1 },
    });
    expect(h.iops).toEqual({ peak: 4200, p95: 2800, unit: 'iops' });
    expect(h.throughput).toEqual({ peak: 230e6, p95: 90e6, unit: 'bytesPerSecond' });
    expect(
      serverGaps({
        ...summary,
        Gaps: [
          { NodeId: 'a', Name: 'A', Count: 2, Seconds: 600 },
          { NodeId: 'b', Name: 'B', Count: 0, Seconds: 0 },
          { NodeId: 'c', Name: 'C', Count: 1, Seconds: 3000 },
        ],
      }),
    ).toEqual({ servers: 2, seconds: 3600 });
    expect(serverGaps({ ...summary, Gaps: [] })).toBeNull();
    expect(serverGaps(summary)).toBeNull();
  });

  it('leaves the used space unknown when one server or disk does not say it (never 0 used)', () => {
    const [server, disk] = summary.Capacity;
    if (!server || !disk) throw new Error('fixture');
    const h = headlineOf({ ...summary, Capacity: [server, { ...disk, UsedBytes: null, FreeBytes: null }] });
    expect(h.capacity).toEqual({ used: null, total: 10e12, unknown: 1 });
  });

  it('has no busiest server figure (unknown, never 0) when the server does not send one', () => {
    const h = headlineOf({
      ...summary,
      Metrics: summary.Metrics.filter((m) => m.Metric !== 'cpuPeakServer'),
    });
    expect(h.cpuBusiest).toEqual({ peak: null, p95: null, unit: 'percent' });
  });

  it('is all empty while loading', () => {
    const h = headlineOf(null);
    expect(h.iops.peak).toBeNull();
    expect(h.cpuBusiest.peak).toBeNull();
    expect(h.capacity).toBeNull();
    expect(h.servers).toBeNull();
    expect(h.period).toBeNull();
  });
});

describe('durationParts', () => {
  it('keeps the two largest parts', () => {
    expect(durationParts(6 * 86_400 + 4 * 3600 + 59)).toEqual({ days: 6, hours: 4, minutes: 0, seconds: 0 });
    expect(durationParts(3 * 3600 + 20 * 60)).toEqual({ days: 0, hours: 3, minutes: 20, seconds: 0 });
  });
  it('says a length under a minute in seconds, never 0 minutes', () => {
    expect(durationParts(10)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 10 });
    expect(durationParts(59.4)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 59 });
    expect(durationParts(0)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0 });
    // 59.5 s rounds to a whole minute.
    expect(durationParts(59.5)).toEqual({ days: 0, hours: 0, minutes: 1, seconds: 0 });
  });
});

describe('formatDuration (Intl units, no catalogue plurals)', () => {
  it('says the two largest parts in the culture, each with its own plural', () => {
    expect(formatDuration(6 * 86_400 + 4 * 3600, 'en-US')).toBe('6 days 4 hours');
    expect(formatDuration(6000, 'en-US')).toBe('1 hour 40 minutes');
    expect(formatDuration(86_400, 'en-US')).toBe('1 day');
    expect(formatDuration(6 * 86_400 + 4 * 3600, 'de-DE')).toBe('6 Tage, 4 Stunden');
    expect(formatDuration(86_400, 'de-DE')).toBe('1 Tag');
    expect(formatDuration(6000, 'zh-CN')).toBe('1小时40分钟');
  });
  it('says under a minute in seconds, and nothing at all as 0 seconds', () => {
    expect(formatDuration(10, 'en-US')).toBe('10 seconds');
    expect(formatDuration(1, 'de-DE')).toBe('1 Sekunde');
    expect(formatDuration(0, 'en-US')).toBe('0 seconds');
  });
});

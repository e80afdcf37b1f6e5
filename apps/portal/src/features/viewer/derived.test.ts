import type { ProjectSeries } from '@assessment/sdk';
import { describe, expect, it } from 'vitest';
import { derivedFigures, derivedValues, ioBuckets, ioSizeKiB, isDerived, readRatioPercent } from './derived';

const KIB = 1024;

describe('derived figures', () => {
  it('average I/O size: total throughput over total IOPS, in KiB', () => {
    const io = {
      // 100 + 300 = 400 IOPS moving 4096 + 405_504 = 409_600 B/s: 1024 B = 1 KiB per I/O.
      // 50 + 50 = 100 IOPS moving 819_200 B/s: 8192 B = 8 KiB per I/O.
      readIops: [100, 50],
      writeIops: [300, 50],
      readThroughput: [4096, 409_600],
      writeThroughput: [405_504, 409_600],
    };
    expect(ioSizeKiB(io)).toEqual([1, 8]);
  });

  it('read ratio: read IOPS over total IOPS, in %', () => {
    const io = { readIops: [100, 3, 0], writeIops: [300, 1, 5], readThroughput: [], writeThroughput: [] };
    expect(readRatioPercent(io)).toEqual([25, 75, 0]);
  });

  it('a bucket with 0 IOPS or a missing input has no value (a gap), never 0 or NaN', () => {
    const io = {
      readIops: [0, null, 10, 10, 10],
      writeIops: [0, 10, null, 10, 10],
      readThroughput: [0, 1000, 1000, null, 10 * KIB],
      writeThroughput: [0, 1000, 1000, 10 * KIB, 10 * KIB],
    };
    expect(ioSizeKiB(io)).toEqual([null, null, null, null, 1]);
    expect(readRatioPercent(io)).toEqual([null, null, null, 50, 50]);
    // Shorter inputs (a missing metric) are gaps too.
    expect(ioSizeKiB({ ...io, writeThroughput: [] })).toEqual([null, null, null, null, null]);
  });

  it('the peak is the max of the per-bucket ratios, not the ratio of the peaks', () => {
    // Bucket 1: 1000 IOPS of 4 KiB (busy, small I/O); bucket 2: 10 IOPS of 64 KiB (quiet, large I/O).
    const io = {
      readIops: [500, 10],
      writeIops: [500, 0],
      readThroughput: [2000 * KIB, 640 * KIB],
      writeThroughput: [2000 * KIB, 0],
    };
    expect(ioSizeKiB(io)).toEqual([4, 64]);
    const figures = derivedFigures('ioSize', io);
    // Max of the ratios: 64 KiB. The ratio of the maxes (4000 KiB/s ÷ 1000 IOPS = 4 KiB) would hide the big I/O.
    expect(figures.Peak).toBe(64);
    // The range's average is weighted by the I/O: (4000 + 640) KiB/s ÷ (1000 + 10) IOPS ≈ 4.594 KiB, not (4 + 64) / 2.
    expect(figures.Average).toBeCloseTo(4640 / 1010, 10);
    expect(figures.P95).toBe(64);
    // Read ratio: 50 % then 100 %; over the range 510 of 1010 I/Os are reads.
    const ratio = derivedFigures('readRatio', io);
    expect(ratio.Peak).toBe(100);
    expect(ratio.Average).toBeCloseTo((510 / 1010) * 100, 10);
  });

  it('the figures of a range without any I/O are empty', () => {
    const io = { readIops: [0, null], writeIops: [0, 3], readThroughput: [0, 1], writeThroughput: [0, 1] };
    expect(derivedFigures('ioSize', io)).toEqual({ Peak: null, P95: null, Average: null });
    expect(derivedFigures('readRatio', io)).toEqual({ Peak: null, P95: null, Average: null });
  });

  it('the 95th percentile is the nearest rank of the per-bucket values', () => {
    // 20 buckets, read ratios 5 %, 10 %, … 100 %: the 19th of 20 is 95 %.
    const reads = Array.from({ length: 20 }, (_, i) => i + 1);
    const io = {
      readIops: reads,
      writeIops: reads.map((r) => 20 - r),
      readThroughput: [],
      writeThroughput: [],
    };
    expect(derivedFigures('readRatio', io).P95).toBe(95);
  });

  it('reads the bucket averages (Avg) of a series response, as long as its times', () => {
    const series = {
      From: 0,
      To: 120,
      BucketSeconds: 60,
      Times: [0, 60, 120],
      LowIops: [false, false, false],
      Series: [
        { Metric: 'readIops', Unit: 'iops', Max: [999, 999, 999], Avg: [30, 0, 1], P95: [0, 0, 0] },
        { Metric: 'writeIops', Unit: 'iops', Max: [999, 999, 999], Avg: [10, 0, 1], P95: [0, 0, 0] },
        {
          Metric: 'readThroughput',
          Unit: 'bytesPerSecond',
          Max: [1, 1, 1],
          Avg: [30 * KIB, 0, KIB],
          P95: [0, 0, 0],
        },
        {
          Metric: 'writeThroughput',
          Unit: 'bytesPerSecond',
          Max: [1, 1, 1],
          Avg: [10 * KIB, 0],
          P95: [0, 0, 0],
        },
      ],
    } as unknown as ProjectSeries;
    const io = ioBuckets(series);
    expect(derivedValues('readRatio', io)).toEqual([75, null, 50]);
    expect(derivedValues('ioSize', io)).toEqual([1, null, null]);
    expect(ioBuckets(null).readIops).toEqual([]);
  });

  it('tells the derived metrics from the series metrics', () => {
    expect(isDerived('ioSize')).toBe(true);
    expect(isDerived('readRatio')).toBe(true);
    expect(isDerived('readIops')).toBe(false);
  });
});

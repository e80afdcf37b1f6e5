// The whole collection period as the viewer reads it (extentOf → series and summary) when the samples are off the
// time grid. A sample at t covers (t − G, t] and lands in the grid buckets labelled ⌊t / G⌋·G and ⌈t / G⌉·G, so the
// first sample sits mostly under a label before its own time and the last sample's rest under a label after its
// time. Reading the totals only from the first sample's time to the last's lost both: the viewer showed "1 interval
// without samples" at the end of every collection not sampled on the grid, and a peak in the first or last sample
// was understated. Hand-computed below.
import type { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import type { CollectorRecord, CollectorSampleV1 } from '../src/collector-file/records.ts';
import { storeCollectorFile } from '../src/series/store.ts';
import { extentOf, querySeries, querySummary, sizingColumns } from '../src/series/repo.ts';
import { freshStore, oneHostHeader } from './helpers.ts';

const RUN = 1;
const PROJECT = 1;
const G = 60;
const T0 = 1_700_000_040; // a multiple of 60
const OFFSET = 17; // the collector wakes 17 s after each whole minute
const N = 10;
/** Rising: sample k reads 100·(k + 1) read IOPS (the last, 1000, the highest); falling: the first the highest. */
const RISING = (k: number): number => 100 * (k + 1);
const FALLING = (k: number): number => 100 * (N - k);

function collection(readIops: (k: number) => number): CollectorRecord[] {
  const samples: CollectorSampleV1[] = Array.from({ length: N }, (_, k) => ({
    type: 'sample',
    t: T0 + OFFSET + G * k,
    host: 'a',
    cpuPct: 10,
    memUsedBytes: 1000,
    disks: {
      sda: { readIops: readIops(k), writeIops: 0, readBps: 0, writeBps: 0, latencyMs: 1, queueDepth: 1 },
    },
    net: {},
  }));
  return [
    oneHostHeader('ALPHA', G, T0 + OFFSET, T0 + OFFSET + G * (N - 1)),
    ...samples,
    { type: 'end', samples: N },
  ];
}

describe('the whole period of a collection sampled off the grid', () => {
  let db: DatabaseSync;
  freshStore((opened) => (db = opened), { run: RUN, project: PROJECT });

  it.each([
    ['rising', RISING],
    ['falling', FALLING],
  ] as const)(
    '%s: no empty interval at its end, and its figures include the first and the last sample',
    async (_, readIops) => {
      await storeCollectorFile(db, RUN, collection(readIops));
      const extent = extentOf(db, PROJECT);
      expect(extent).toEqual({ first: T0 + OFFSET, last: T0 + OFFSET + G * (N - 1), intervalS: G });
      const whole = { from: extent?.first ?? 0, to: extent?.last ?? 0, intervalS: G };

      // One bucket per grid minute the samples touched: N + 1 buckets, every one known, one interval each.
      const series = querySeries(db, PROJECT, {
        ...whole,
        points: 1000,
        metrics: ['readIops'],
        hostId: null,
      });
      expect(series.bucketSeconds).toBe(G);
      const max = series.series[0]?.max ?? [];
      expect(max).toHaveLength(N + 1);
      expect(max.every((v) => v !== null)).toBe(true);
      expect(series.counts).toEqual(Array.from({ length: N + 1 }, () => 1));
      // Grid label T0 + 60j covers (T0 + 60j − 60, T0 + 60j]: the last 17 s of sample j − 1 and the first 43 s of
      // sample j (hand-computed); label T0 holds only sample 0 and label T0 + 60N only sample N − 1. Bucket b holds
      // label T0 + 60b and is said to start when that minute began, T0 + 60b − 60 (the first before the first
      // sample's time, the last ending after the last sample's time).
      expect(series.times).toEqual(Array.from({ length: N + 1 }, (_, b) => T0 + G * b - G));
      const label = (j: number): number =>
        j === 0 ? readIops(0) : j === N ? readIops(N - 1) : (17 * readIops(j - 1) + 43 * readIops(j)) / 60;
      max.forEach((v, b) => expect(v).toBeCloseTo(label(b), 6));

      // The peak over the whole period is the highest sample's 1000 (rising: was 971.67, the last label unread;
      // falling: was 971.67 too, the first label unread).
      const summary = querySummary(db, PROJECT, { ...whole, top: 1 });
      expect(summary.metrics.find((m) => m.metric === 'readIops')?.peak).toBeCloseTo(1000, 6);
      // The sizing reads the same totals.
      expect(Math.max(...sizingColumns(db, PROJECT, whole.from, whole.to).iops)).toBeCloseTo(1000, 6);
    },
  );
});

// The whole collection period as the viewer reads it (extentOf → series and summary) when the samples are off the
// time grid. A sample at t covers (t − G, t] and lands in the grid buckets labelled ⌊t / G⌋·G and ⌈t / G⌉·G, so the
// totals of the last sample sit mostly under a label after the last sample's time. Reading the totals only up to
// that time lost the last interval: the viewer showed "1 interval without samples" at the end of every collection
// not sampled on the grid, and the figures missed the last sample. Hand-computed below.
import type { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import type { CollectorRecord, CollectorSampleV1 } from '../src/collector-file/records.ts';
import { storeCollectorFile } from '../src/series/store.ts';
import { extentOf, querySeries, querySummary, sizingColumns } from '../src/series/repo.ts';
import { freshStore } from './helpers.ts';

const RUN = 1;
const PROJECT = 1;
const G = 60;
const T0 = 1_700_000_040; // a multiple of 60
const OFFSET = 17; // the collector wakes 17 s after each whole minute
const N = 10;
/** Sample k at T0 + 17 + 60k reads 100·(k + 1) read IOPS: 100 … 1000, the last the highest. */
const readIops = (k: number): number => 100 * (k + 1);

function collection(): CollectorRecord[] {
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
    {
      type: 'header',
      format: 'iokit',
      formatVersion: 1,
      collector: { name: 'test', version: '1' },
      start: new Date((T0 + OFFSET) * 1000).toISOString(),
      end: new Date((T0 + OFFSET + G * (N - 1)) * 1000).toISOString(),
      intervalSeconds: G,
      hosts: [
        {
          id: 'a',
          name: 'ALPHA',
          os: 'Linux',
          cpu: { model: 'x', cores: 4 },
          memoryBytes: 2000,
          disks: [{ id: 'sda', name: 'sda', capacityBytes: 1000, kind: 'local' }],
          nics: [],
        },
      ],
      clusters: [],
    },
    ...samples,
    { type: 'end', samples: N },
  ];
}

describe('the whole period of a collection sampled off the grid', () => {
  let db: DatabaseSync;
  freshStore((opened) => (db = opened), { run: RUN, project: PROJECT });

  it('has no empty interval at its end, and its figures include the last sample', async () => {
    await storeCollectorFile(db, RUN, collection());
    const extent = extentOf(db, PROJECT);
    expect(extent).toEqual({ first: T0 + OFFSET, last: T0 + OFFSET + G * (N - 1), intervalS: G });
    const whole = { from: extent?.first ?? 0, to: extent?.last ?? 0, intervalS: G };

    // One bucket per minute from the first sample: N buckets, every one known.
    const series = querySeries(db, PROJECT, { ...whole, points: 1000, metrics: ['readIops'], hostId: null });
    expect(series.bucketSeconds).toBe(G);
    const max = series.series[0]?.max ?? [];
    expect(max).toHaveLength(N);
    expect(max.every((v) => v !== null)).toBe(true);
    // Bucket b holds the grid label T0 + 60(b + 1), covering (T0 + 60b, T0 + 60b + 60]: the last 17 s of sample b
    // and the first 43 s of sample b + 1 (hand-computed) — and the last bucket the label after the last sample,
    // whose first 17 s only the last sample covers.
    const expected = Array.from({ length: N }, (_, b) =>
      b === N - 1 ? readIops(N - 1) : (17 * readIops(b) + 43 * readIops(b + 1)) / 60,
    );
    max.forEach((v, b) => expect(v).toBeCloseTo(expected[b] ?? Number.NaN, 6));

    // The peak over the whole period is the last sample's 1000 (was 971.67: the last label was not read).
    const summary = querySummary(db, PROJECT, { ...whole, top: 1 });
    expect(summary.metrics.find((m) => m.metric === 'readIops')?.peak).toBeCloseTo(readIops(N - 1), 6);
    // The sizing reads the same totals.
    expect(Math.max(...sizingColumns(db, PROJECT, whole.from, whole.to).iops)).toBeCloseTo(
      readIops(N - 1),
      6,
    );
  });
});

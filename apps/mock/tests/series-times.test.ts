// The series' bucket times say the time their contents measured (issue #40). A sample at t measured (t − d, t], and a
// grid label kG of the totals covers (kG − G, kG]: a bucket said to span [S, S + w) holds the labels in (S, S + w].
// The buckets were [from + b·w, from + (b + 1)·w) over the labels, so a bucket said to start at S held what was
// measured over (S − G, S + w − G]: on a 5 s grid the spike in 10:00:55–10:01:00 was drawn in the bucket said to
// span 10:01:00–10:02:00. Every bucket holds as many intervals (no double-sized first or last bucket), none of a
// collection without gaps is empty, and one server's series is on its own interval. Hand-computed below.
import type { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import type { CollectorRecord, CollectorSampleV1 } from '../src/collector-file/records.ts';
import { storeCollectorFile } from '../src/series/store.ts';
import { extentOf, projectHosts, querySeries, querySummary } from '../src/series/repo.ts';
import { freshStore, oneHostHeader } from './helpers.ts';

const PROJECT = 1;
const M = 1_700_000_040; // a whole minute (a multiple of 60): "10:00:00" below

/** One host's collection: read IOPS per sample time, the header's interval. */
function collection(name: string, interval: number, times: number[], readIops: (t: number) => number) {
  const samples: CollectorSampleV1[] = times.map((t) => ({
    type: 'sample',
    t,
    host: 'a',
    cpuPct: 10,
    memUsedBytes: 1000,
    disks: {
      sda: { readIops: readIops(t), writeIops: 0, readBps: 0, writeBps: 0, latencyMs: 1, queueDepth: 1 },
    },
    net: {},
  }));
  const records: CollectorRecord[] = [
    oneHostHeader(name, interval, M - 60, M + 3600),
    ...samples,
    { type: 'end', samples: samples.length },
  ];
  return records;
}

/** A second run of the project (each run has one sampling interval). */
function addRun(db: DatabaseSync, run: number): void {
  db.prepare(
    "INSERT INTO collector_runs (id, name, owner_id, project_id, kind, started_at, planned_duration_s) VALUES (?, 'r', 1, ?, 'server', 0, 0)",
  ).run(run, PROJECT);
}

const range = (n: number, at: (k: number) => number): number[] => Array.from({ length: n }, (_, k) => at(k));

/** The project's whole collection as the viewer reads it (the extent), at most `points` buckets. */
function whole(db: DatabaseSync, points: number, hostId: number | null = null) {
  const extent = extentOf(db, PROJECT);
  if (!extent) throw new Error('no extent');
  return querySeries(db, PROJECT, {
    from: extent.first,
    to: extent.last,
    points,
    metrics: ['readIops'],
    hostId,
    intervalS: extent.intervalS,
  });
}

describe('the series buckets and the time they measured', () => {
  let db: DatabaseSync;
  freshStore((opened) => (db = opened), { run: 1, project: PROJECT });

  // One 5 s host on the grid, a spike of 1,000 read IOPS in the interval 10:00:55–10:01:00 (label 10:01:00), 10
  // elsewhere; 60 s buckets (2 points over the 120 s the samples measured).
  it.each([
    [
      // The first sample measured 10:00:00–10:00:05: the buckets are the whole minutes, the spike in the first,
      // 10:00:00–10:01:00 (it was said to be in 10:00:05–10:01:05).
      'the first interval starting on the minute',
      range(24, (k) => M + 5 * (k + 1)),
      [M, M + 60],
      [1000, 10],
    ],
    [
      // The first sample taken at 10:00:00 measured 09:59:55–10:00:00: the buckets start 5 s before the minutes and
      // the spike is in 10:00:55–10:01:55 (it was in the bucket said to span 10:01:00–10:02:00).
      'the first sample taken on the minute',
      range(24, (k) => M + 5 * k),
      [M - 5, M + 55],
      [10, 1000],
    ],
  ] as const)('%s: the spike in the bucket of its time', async (_, times, expectedTimes, expectedMax) => {
    await storeCollectorFile(
      db,
      1,
      collection('FIVE', 5, [...times], (t) => (t === M + 60 ? 1000 : 10)),
    );
    const s = whole(db, 2);
    expect(s.bucketSeconds).toBe(60);
    expect(s.times).toEqual(expectedTimes);
    expect(s.series[0]?.max).toEqual(expectedMax);
    // Twelve 5 s intervals in each bucket.
    expect(s.counts).toEqual([12, 12]);
  });

  describe('a 2 s and a 5 s server, neither on the 5 s grid, without gaps', () => {
    // FAST every 2 s at M + 1, M + 3, … M + 593 (its first covers M − 1 … M + 1); MID every 5 s at M + 3 … M + 593.
    // The totals are on the 5 s grid: labels M (FAST's first second before the minute) to M + 595 (FAST's last 2 s
    // and MID's last 3 s), 120 intervals measured from M − 5 to M + 595.
    const fast = range(297, (k) => M + 1 + 2 * k);
    const mid = range(119, (k) => M + 3 + 5 * k);
    const store = async (): Promise<void> => {
      await storeCollectorFile(
        db,
        1,
        collection('FAST', 2, fast, (t) => 100 + (t % 7)),
      );
      addRun(db, 2);
      await storeCollectorFile(
        db,
        2,
        collection('MID', 5, mid, (t) => (t === M + 298 ? 5000 : 200)),
      );
    };

    it.each([
      [2000, 5, 120],
      [10, 60, 10],
    ])(
      '%i points: %i s buckets from M − 5, no empty one, the same intervals in each',
      async (points, w, n) => {
        await store();
        const s = whole(db, points);
        expect(s.bucketSeconds).toBe(w);
        expect(s.times).toEqual(range(n, (b) => M - 5 + w * b));
        // Every bucket holds w / 5 grid intervals (the first and the last held one more and one fewer).
        expect(s.counts).toEqual(range(n, () => w / 5));
        expect(s.series[0]?.max.every((v) => v !== null)).toBe(true);
        // The range's peak is the summary's: the buckets hold every label the summary reads (MID's 5,000 included).
        const peak = querySummary(db, PROJECT, {
          from: M + 1,
          to: M + 593,
          top: 1,
          intervalS: 5,
        }).metrics.find((m) => m.metric === 'readIops')?.peak;
        expect(Math.max(...(s.series[0]?.max ?? []).map((v) => v ?? -Infinity))).toBeCloseTo(
          peak ?? Number.NaN,
          9,
        );
      },
    );

    it("one server's series is on its own interval: FAST's 2 s, MID's first sample 2 s after the range's start", async () => {
      await store();
      const [fastHost, midHost] = ['FAST', 'MID'].map((name) =>
        projectHosts(db, PROJECT).find((h) => h.name === name),
      );
      // FAST: 297 buckets of 2 s, the first 2 s before its first sample (not 5, the totals' grid), one sample each.
      const f = whole(db, 2000, fastHost?.id ?? -1);
      expect(f.bucketSeconds).toBe(2);
      expect(f.times).toEqual(fast.map((t) => t - 2));
      expect(f.counts).toEqual(fast.map(() => 1));
      // 30 of its samples in each minute from M − 1 (the last bucket ends with its last sample, 27 of them).
      const minutes = whole(db, 10, fastHost?.id ?? -1);
      expect(minutes.bucketSeconds).toBe(60);
      expect(minutes.times).toEqual(range(10, (b) => M - 1 + 60 * b));
      expect(minutes.counts).toEqual([...range(9, () => 30), 27]);
      // MID from M + 1 (the range's start, FAST's first sample): its first sample at M + 3 measured M − 2 … M + 3, so
      // its first bucket starts at M − 2 and holds it (none before it is empty).
      const m = whole(db, 2000, midHost?.id ?? -1);
      expect(m.bucketSeconds).toBe(5);
      expect(m.times).toEqual(mid.map((t) => t - 5));
      expect(m.counts).toEqual(mid.map(() => 1));
    });
  });
});

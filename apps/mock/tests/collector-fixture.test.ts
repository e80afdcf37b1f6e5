// A recorded real run (tests/fixtures/collector/linux-dd.iokit; how it was recorded: tests/collector-dd.test.ts):
// iokit-collect.sh 2.0.0 on this project's machine, every second for 8 s, while dd wrote 1 GiB with O_DIRECT
// (linux-dd.json: its bytes and when it ran). Its figures are recomputed here plainly from the raw lines — gunzip,
// JSON.parse, arithmetic — and compared with what the demo API's reader and store make of the file.
import { readFileSync } from 'node:fs';
import type { DatabaseSync } from 'node:sqlite';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { zCollectorFileRecord } from '@assessment/sdk';
import { readCollectorFile, type CollectorRecord } from '../src/collector-file/index.ts';
import { storeCollectorFile } from '../src/series/store.ts';
import { querySeries, querySummary } from '../src/series/repo.ts';
import { freshStore } from './helpers.ts';

const FIXTURE = new URL('./fixtures/collector/linux-dd.iokit', import.meta.url);
const DD = JSON.parse(
  readFileSync(new URL('./fixtures/collector/linux-dd.json', import.meta.url), 'utf8'),
) as {
  ddBytes: number;
  ddStartMs: number;
  ddEndMs: number;
  disks: string[];
};

/** The raw lines, parsed without the demo API's reader. */
interface RawSample {
  tMs: number;
  intervalMs: number;
  cpuPct: number | null;
  memUsedBytes: number | null;
  disks: Record<string, { writeIops: number | null; writeBps: number | null; readIops: number | null }>;
}
const lines = gunzipSync(readFileSync(FIXTURE))
  .toString('utf8')
  .split('\n')
  .filter((l) => l !== '')
  .map((l) => JSON.parse(l) as { type: string });
const raw = lines.filter((l) => l.type === 'sample') as unknown as RawSample[];

/** Σ over the whole disks of a sample (null when one of them is unknown). */
const sum = (s: RawSample, f: 'writeIops' | 'writeBps' | 'readIops'): number | null => {
  let total = 0;
  for (const d of Object.values(s.disks)) {
    const x = d[f];
    if (x === null) return null;
    total += x;
  }
  return total;
};

describe('the recorded real run under a known dd load', () => {
  it('is a valid v2 file of this machine, read by the reader and valid for the contract', async () => {
    const records: CollectorRecord[] = [];
    for await (const r of readCollectorFile(FIXTURE.pathname)) records.push(r);
    expect(records).toEqual(lines);
    for (const r of records) expect(zCollectorFileRecord.safeParse(r).success).toBe(true);
    expect(lines[0]).toMatchObject({
      formatVersion: 2,
      collector: { name: 'iokit-collect.sh', version: '2.0.0' },
      intervalSeconds: 1,
      hosts: [
        {
          timeZone: 'Etc/UTC',
          machine: 'virtual',
          disks: [{ id: 'vda', layer: 'disk' }],
          fileSystems: [expect.objectContaining({ mount: '/', device: '/dev/vda', disks: ['vda'] })],
        },
      ],
    });
    expect(raw).toHaveLength(8);
    // Measured intervals that join up, to the 10 ms of /proc/uptime.
    raw.forEach((s, i) => {
      const before = raw[i - 1];
      if (before) expect(s.tMs - s.intervalMs).toBe(before.tMs);
    });
  });

  it('shows dd’s 1 GiB: 1024 direct writes of 1 MiB in the interval dd ran in, and the bytes within 1 % net of the background', () => {
    // dd ran within one sample's interval (both clocks are this machine's wall clock).
    const during = raw.filter((s) => s.tMs - s.intervalMs < DD.ddEndMs && s.tMs > DD.ddStartMs);
    expect(during).toHaveLength(1);
    const [busy] = during as [RawSample];
    expect(((sum(busy, 'writeIops') ?? 0) * busy.intervalMs) / 1000).toBe(DD.ddBytes / 1024 ** 2);
    const quiet = raw.filter((s) => !during.includes(s)).map((s) => sum(s, 'writeBps') ?? 0);
    const median = [...quiet].sort((a, b) => a - b)[Math.floor(quiet.length / 2)] ?? 0;
    const bytes = ((sum(busy, 'writeBps') ?? 0) * busy.intervalMs) / 1000;
    expect(Math.abs((bytes - (median * busy.intervalMs) / 1000) / DD.ddBytes - 1)).toBeLessThan(0.01);
  });

  describe('in the store', () => {
    let db: DatabaseSync;
    freshStore((opened) => (db = opened), { run: 1, project: 1 });

    /** Plainly: each 1 s bucket (k − 1 s, k] as the mean of the samples over its milliseconds they cover. */
    function buckets(f: (s: RawSample) => number | null): Map<number, number> {
      const perMs = new Map<number, number>();
      for (const s of raw) {
        const v = f(s);
        if (v === null) continue;
        for (let ms = s.tMs - s.intervalMs + 1; ms <= s.tMs; ms++) perMs.set(ms, v);
      }
      const acc = new Map<number, { sum: number; n: number }>();
      for (const [ms, v] of perMs) {
        const k = Math.ceil(ms / 1000);
        const a = acc.get(k) ?? { sum: 0, n: 0 };
        a.sum += v;
        a.n += 1;
        acc.set(k, a);
      }
      return new Map([...acc].map(([k, a]) => [k, a.sum / a.n]));
    }

    it('gives the plainly recomputed 1 s buckets and their peak, p95 and average', async () => {
      const records: CollectorRecord[] = [];
      for await (const r of readCollectorFile(FIXTURE.pathname)) records.push(r);
      await storeCollectorFile(db, 1, records);
      const expected = {
        writeThroughput: buckets((s) => sum(s, 'writeBps')),
        writeIops: buckets((s) => sum(s, 'writeIops')),
        readIops: buckets((s) => sum(s, 'readIops')),
        memory: buckets((s) => s.memUsedBytes),
        cpu: buckets((s) => s.cpuPct),
      };
      const labels = [...expected.writeThroughput.keys()].sort((a, b) => a - b);
      const from = labels[0] ?? 0;
      const to = labels.at(-1) ?? 0;
      const series = querySeries(db, 1, {
        from,
        to,
        points: labels.length,
        metrics: ['writeThroughput', 'writeIops', 'readIops', 'memory', 'cpu'],
        hostId: null,
        intervalS: 1,
      });
      // One 1 s bucket per label, said to start at the second it measured (label − 1).
      expect(series.times).toEqual(labels.map((k) => k - 1));
      const summary = querySummary(db, 1, { from, to, top: 5, intervalS: 1 });
      for (const [metric, want] of Object.entries(expected)) {
        const got = series.series.find((x) => x.metric === metric)?.avg ?? [];
        labels.forEach((k, i) => {
          const w = want.get(k) ?? Number.NaN;
          expect(Math.abs((got[i] ?? Number.NaN) - w), `${metric} at ${String(k)}`).toBeLessThanOrEqual(
            1e-6 * Math.max(1, w),
          );
        });
        const values = labels.map((k) => want.get(k) ?? 0).sort((a, b) => a - b);
        const figures = summary.metrics.find((x) => x.metric === metric);
        const plain = {
          peak: values.at(-1) ?? 0,
          p95: values[Math.ceil(0.95 * values.length) - 1] ?? 0,
          average: values.reduce((a, b) => a + b, 0) / values.length,
        };
        for (const k of ['peak', 'p95', 'average'] as const)
          expect(Math.abs((figures?.[k] ?? Number.NaN) - plain[k]), `${metric} ${k}`).toBeLessThanOrEqual(
            1e-6 * Math.max(1, plain[k]),
          );
      }
      // The second dd ran in holds its gigabyte, spread over the two buckets it straddles.
      const peak = summary.metrics.find((x) => x.metric === 'writeThroughput')?.peak ?? 0;
      expect(peak).toBeGreaterThan(DD.ddBytes / 2);
    });
  });
});

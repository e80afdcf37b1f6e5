// Per-host report statistics (series/host-stats.ts): known series give known peaks and nearest-rank p95s, only the
// enabled hosts count, a range narrows the samples, and the aggregated charts follow the enabled hosts.
import type { DatabaseSync } from 'node:sqlite';
import { beforeEach, describe, expect, it } from 'vitest';
import type { CollectorRecord } from '../src/collector-file/records.ts';
import { storeCollectorFile } from '../src/series/store.ts';
import { setNodeEnabled } from '../src/series/repo.ts';
import { aggregatedCharts, hostStats, HOST_STAT_METRICS } from '../src/series/host-stats.ts';
import { freshStore } from './helpers.ts';

const RUN = 1;
const PROJECT = 1;
// On the 60 s grid (a multiple of 60), so the aggregate adds the hosts' own samples.
const T0 = 1_000_020;
const N = 20;
/** 1..20 in a shuffled order: peak 20, nearest-rank p95 = the 19th smallest = 19 (not an interpolated 19.05). */
const SHUFFLED = [7, 19, 3, 20, 1, 14, 9, 2, 18, 11, 5, 16, 4, 13, 8, 17, 6, 12, 10, 15];

function* fixture(): Generator<CollectorRecord> {
  yield {
    type: 'header',
    format: 'iokit',
    formatVersion: 1,
    collector: { name: 'test', version: '1' },
    start: '2026-11-23T00:00:00Z',
    end: '2026-11-23T00:20:00Z',
    intervalSeconds: 60,
    hosts: [
      {
        id: 'a',
        name: 'ALPHA',
        os: 'Linux',
        cpu: { model: 'x', cores: 4 },
        memoryBytes: 1000,
        disks: [{ id: 'sda', name: 'sda', capacityBytes: 1000, usedBytes: 400, kind: 'local' }],
        nics: [],
      },
      {
        id: 'b',
        name: 'BRAVO',
        os: 'Linux',
        cpu: { model: 'x', cores: 4 },
        memoryBytes: 1000,
        disks: [{ id: 'sdb', name: 'sdb', capacityBytes: 1000, usedBytes: 400, kind: 'local' }],
        nics: [],
      },
    ],
    clusters: [],
  };
  for (let i = 0; i < N; i++) {
    const v = SHUFFLED[i] ?? 0;
    const t = T0 + i * 60;
    yield {
      type: 'sample',
      t,
      host: 'a',
      cpuPct: v * 5, // 5..100
      memUsedBytes: v * 10,
      disks: {
        sda: {
          readIops: v * 100,
          writeIops: 50,
          readBps: v * 1e6,
          writeBps: 1e6,
          latencyMs: v / 2,
          queueDepth: 1,
        },
      },
      net: {},
    };
    yield {
      type: 'sample',
      t,
      host: 'b',
      cpuPct: 1,
      memUsedBytes: 1,
      disks: {
        sdb: { readIops: 10_000, writeIops: 0, readBps: 0, writeBps: 0, latencyMs: 1, queueDepth: 1 },
      },
      net: {},
    };
  }
  yield { type: 'end', samples: 2 * N };
}

describe('host statistics for the reports', () => {
  let db: DatabaseSync;
  freshStore((opened) => (db = opened), { run: RUN, project: PROJECT });
  beforeEach(async () => {
    await storeCollectorFile(db, RUN, fixture());
  });

  it('gives every metric peak and nearest-rank p95 per host over the collection period', () => {
    const stats = hostStats(db, PROJECT);
    expect(stats.map((h) => h.name)).toEqual(['ALPHA', 'BRAVO']);
    const a = stats[0];
    expect(a?.samples).toBe(N);
    expect(a?.nodeId).toMatch(/^host-\d+$/);
    expect(Object.keys(a?.stats ?? {})).toEqual([...HOST_STAT_METRICS]);
    expect(a?.stats).toEqual({
      readIops: { peak: 2000, p95: 1900 },
      writeIops: { peak: 50, p95: 50 },
      // Per sample read + write, then the figures: 2050 and 1950.
      totalIops: { peak: 2050, p95: 1950 },
      readThroughput: { peak: 20e6, p95: 19e6 },
      writeThroughput: { peak: 1e6, p95: 1e6 },
      totalThroughput: { peak: 21e6, p95: 20e6 },
      latency: { peak: 10, p95: 9.5 },
      cpu: { peak: 100, p95: 95 },
      memory: { peak: 200, p95: 190 },
    });
  });

  it('counts enabled hosts only', () => {
    const bravo = hostStats(db, PROJECT).find((h) => h.name === 'BRAVO');
    setNodeEnabled(db, PROJECT, bravo?.nodeId ?? '', false);
    expect(hostStats(db, PROJECT).map((h) => h.name)).toEqual(['ALPHA']);
    setNodeEnabled(db, PROJECT, bravo?.nodeId ?? '', true);
    expect(hostStats(db, PROJECT).map((h) => h.name)).toEqual(['ALPHA', 'BRAVO']);
  });

  it('a range narrows the samples; a host without samples in it has no figures', () => {
    // The first 10 samples of ALPHA: 7 19 3 20 1 14 9 2 18 11 → peak 20, p95 rank ceil(9.5) = 10 → 20.
    const first = hostStats(db, PROJECT, { from: T0, to: T0 + 9 * 60 })[0];
    expect(first?.samples).toBe(10);
    expect(first?.stats.readIops).toEqual({ peak: 2000, p95: 2000 });
    const none = hostStats(db, PROJECT, { from: 0, to: 10 })[0];
    expect(none?.samples).toBe(0);
    expect(none?.stats.cpu).toBeNull();
  });

  it('the aggregated charts are the totals over the enabled hosts', () => {
    const both = aggregatedCharts(db, PROJECT, 1);
    const readBoth = both.find((c) => c.metric === 'readIops');
    const peak = (max: (number | null)[] | undefined) => Math.max(...(max ?? []).map((v) => v ?? 0));
    expect(peak(readBoth?.max)).toBe(12_000);
    const bravo = hostStats(db, PROJECT).find((h) => h.name === 'BRAVO');
    setNodeEnabled(db, PROJECT, bravo?.nodeId ?? '', false);
    const alpha = aggregatedCharts(db, PROJECT, 1).find((c) => c.metric === 'readIops');
    expect(peak(alpha?.max)).toBe(2000);
  });

  it('the CPU chart carries per bucket the busiest single server beside the total (hand-computed)', () => {
    // One bucket per sample: ALPHA's CPU is 5 × SHUFFLED[i] %, BRAVO's 1 % — the busiest is ALPHA's every time.
    const cpu = aggregatedCharts(db, PROJECT, N).find((c) => c.metric === 'cpu');
    expect(cpu?.busiestServer).toEqual(SHUFFLED.map((v) => v * 5));
    expect(
      aggregatedCharts(db, PROJECT, N).find((c) => c.metric === 'memory')?.busiestServer,
    ).toBeUndefined();
    // ALPHA left out: BRAVO alone is the busiest, at 1 %.
    const alpha = hostStats(db, PROJECT).find((h) => h.name === 'ALPHA');
    setNodeEnabled(db, PROJECT, alpha?.nodeId ?? '', false);
    const bravoOnly = aggregatedCharts(db, PROJECT, N).find((c) => c.metric === 'cpu');
    expect(bravoOnly?.busiestServer).toEqual(SHUFFLED.map(() => 1));
  });
});

// The totals' grid told truthfully (issue #40): servers sampling every 2 s and 5 s share the 5 s grid, and one
// server sampling every 60 s moves the totals onto 60 s buckets, whose averages hide the others' short peaks. The
// summary's proposed Grid names that server and what it costs (the total IOPS peak on the 60 s grid against the
// others' peak on their 5 s grid); the grid is taken over the ENABLED servers, so leaving the slow one out (the node
// toggle) puts the totals back on 5 s, and putting it back moves them to 60 s again. Hand-computed below, and checked
// against a deliberately plain second computation (every host laid out second by second, each bucket's seconds
// averaged per host, the hosts added up).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectSeries, ProjectSeriesSummary } from '@assessment/sdk';
import type { CollectorHeader, CollectorRecord, CollectorSampleV1 } from '../src/collector-file/index.ts';
import { insertRunInventory } from '../src/series/inventory.ts';
import { storeCollectorRecordsSync } from '../src/series/store.ts';
import { Client, oneHostHeader, signedIn, startServer, type TestServer } from './helpers.ts';

const OWNER = 'enduser@adventure-works.example';
const T0 = 1_700_000_040; // a multiple of 60: every sample below ends on its grid
const SPAN = 600; // ten minutes

/** One host's read IOPS per sample k (1-based) of a collection every `interval` seconds from T0. */
interface Host {
  name: string;
  interval: number;
  readIops: (k: number) => number;
}

// FAST: 100 IOPS, 1,000 in its 6th sample (T0 + 10 … T0 + 12). MID: 200, 500 in its 3rd (T0 + 10 … T0 + 15).
// SLOW: 50 throughout, every minute.
const FAST: Host = { name: 'FAST01', interval: 2, readIops: (k) => (k === 6 ? 1000 : 100) };
const MID: Host = { name: 'MID01', interval: 5, readIops: (k) => (k === 3 ? 500 : 200) };
const SLOW: Host = { name: 'SLOW01', interval: 60, readIops: () => 50 };

function records(h: Host): CollectorRecord[] {
  const n = SPAN / h.interval;
  const samples: CollectorSampleV1[] = Array.from({ length: n }, (_, i) => ({
    type: 'sample',
    t: T0 + h.interval * (i + 1),
    host: 'a',
    cpuPct: 10,
    memUsedBytes: 1000,
    disks: {
      sda: {
        readIops: h.readIops(i + 1),
        writeIops: 0,
        readBps: 0,
        writeBps: 0,
        latencyMs: 1,
        queueDepth: 1,
      },
    },
    net: {},
  }));
  const header = oneHostHeader(h.name, h.interval, T0, T0 + SPAN);
  return [header, ...samples, { type: 'end', samples: n }];
}

/**
 * The plain second computation: each host's read IOPS second by second over (T0, T0 + SPAN] (a sample ending at t
 * covers its interval before t), each bucket of `grid` seconds the mean of its seconds per host, the hosts added up;
 * the peak over the buckets.
 */
function plainPeak(hosts: readonly Host[], grid: number): number {
  const perSecond = (h: Host, s: number): number => h.readIops(Math.ceil(s / h.interval));
  let peak = -Infinity;
  for (let start = 0; start < SPAN; start += grid) {
    let total = 0;
    for (const h of hosts) {
      let sum = 0;
      for (let s = start + 1; s <= start + grid; s++) sum += perSecond(h, s);
      total += sum / grid;
    }
    peak = Math.max(peak, total);
  }
  return peak;
}

let t: TestServer;
let owner: Client;
let project = 0;
let slowNode = '';
let anonymous = 0;

beforeAll(async () => {
  t = await startServer();
  owner = await signedIn(t, OWNER);
  const repo = t.server.ctx.repo;
  const ownerId = repo.userByEmail(OWNER)?.id ?? 0;
  const runs = () =>
    [FAST, MID, SLOW].map((h) => {
      const run = repo.createRun(`${h.name} run`, ownerId, 'server', Date.now(), true, undefined, false);
      const file = records(h);
      insertRunInventory(repo.db, run, file[0] as CollectorHeader);
      storeCollectorRecordsSync(repo.db, run, file);
      return run;
    });
  project = repo.createProject('Mixed intervals', ownerId, runs(), Date.now());
  anonymous = repo.createProject('Mixed intervals, anonymized', ownerId, runs(), Date.now(), {
    anonymous: true,
  });
  const slowServer = repo.serversOfProject(project).find((s) => s.name === SLOW.name);
  slowNode = `srv-${String(slowServer?.id)}`;
});
afterAll(async () => {
  await t.close();
});

const base = (): string => `/api/projects/${String(project)}`;
const summary = () => owner.json<ProjectSeriesSummary>('GET', `${base()}/series/summary`);
const series = () => owner.json<ProjectSeries>('GET', `${base()}/series?points=2000`);
const setSlow = (enabled: boolean) =>
  owner.json('PUT', `${base()}/viewer/nodes/${slowNode}?enabled=${String(enabled)}`);

describe('the grid of the totals and what a slower server costs', () => {
  it('the hand-computed peaks agree with the plain computation', () => {
    // 60 s buckets: FAST (29 × 100 + 1,000) / 30 = 130, MID (11 × 200 + 500) / 12 = 225, SLOW 50: 405.
    expect(plainPeak([FAST, MID, SLOW], 60)).toBeCloseTo(405, 9);
    // 5 s buckets without SLOW: the bucket (T0 + 10, T0 + 15] holds FAST's 1,000 for 2 s and 100 for 3 s (460) and
    // MID's 500: 960.
    expect(plainPeak([FAST, MID], 5)).toBeCloseTo(960, 9);
    // 2 s buckets, FAST alone: its 1,000.
    expect(plainPeak([FAST], 2)).toBeCloseTo(1000, 9);
  });

  it('one 60 s server among 2 s and 5 s ones: the totals on 60 s, the server named, the peak it hides', async () => {
    const s = await summary();
    expect(s.status).toBe(200);
    expect(s.body.TotalIops.Peak).toBe(405);
    expect(s.body.Grid).toEqual({
      Seconds: 60,
      SetBy: [{ NodeId: slowNode, Name: SLOW.name, IntervalSeconds: 60 }],
      FinerSeconds: 5,
      PeakIops: 405,
      FinerPeakIops: 960,
    });
    // The series' buckets are no finer than the grid.
    expect((await series()).body.BucketSeconds).toBe(60);
  });

  it('leaving the slow server out puts the totals back on 5 s; putting it back moves them to 60 s again', async () => {
    expect((await setSlow(false)).status).toBe(200);
    const without = await summary();
    expect(without.body.TotalIops.Peak).toBe(960);
    // Now the 5 s server sets the grid over the 2 s one, and says so: FAST alone on 2 s peaks at 1,000.
    expect(without.body.Grid).toEqual({
      Seconds: 5,
      SetBy: [{ NodeId: expect.stringMatching(/^srv-/) as unknown, Name: MID.name, IntervalSeconds: 5 }],
      FinerSeconds: 2,
      PeakIops: 960,
      FinerPeakIops: 1000,
    });
    expect((await series()).body.BucketSeconds).toBe(5);
    expect((await setSlow(true)).status).toBe(200);
    const back = await summary();
    expect(back.body.TotalIops.Peak).toBe(405);
    expect(back.body.Grid?.SetBy.map((h) => h.Name)).toEqual([SLOW.name]);
    expect((await series()).body.BucketSeconds).toBe(60);
  });

  it("the series' TotalIops (read + write per interval, then per bucket) peaks where the plain computation does", async () => {
    const peak = (xs: readonly (number | null)[]) => Math.max(...xs.filter((x): x is number => x !== null));
    const onSixty = (await series()).body.TotalIops;
    expect(onSixty?.Unit).toBe('iops');
    expect(peak(onSixty?.Max ?? [])).toBeCloseTo(plainPeak([FAST, MID, SLOW], 60), 6);
    expect((await setSlow(false)).status).toBe(200);
    try {
      const onFive = (await series()).body;
      expect(peak(onFive.TotalIops?.Max ?? [])).toBeCloseTo(plainPeak([FAST, MID], 5), 6);
      // Every bucket's total is the sum of its interval's servers, so over the whole range it averages as the
      // plain computation's 5 s totals do: (FAST's 100 × 299 + 1,000) / 300 + (MID's 200 × 119 + 500) / 120.
      const avg = onFive.TotalIops?.Avg.filter((x): x is number => x !== null) ?? [];
      const plainMean = (100 * 299 + 1000) / 300 + (200 * 119 + 500) / 120;
      expect(avg.reduce((a, b) => a + b, 0) / avg.length).toBeCloseTo(plainMean, 1);
    } finally {
      await setSlow(true);
    }
  });

  it('an anonymized project names the server as it names it everywhere (Server N)', async () => {
    const s = await owner.json<ProjectSeriesSummary>(
      'GET',
      `/api/projects/${String(anonymous)}/series/summary`,
    );
    const slow = s.body.Grid?.SetBy[0];
    expect(slow?.Name).toBe(`Server ${slow?.NodeId.replace('srv-', '') ?? ''}`);
    expect(JSON.stringify(s.body)).not.toContain('SLOW01');
  });

  it("one server's summary has no grid notice (its own samples are not resampled)", async () => {
    const one = await owner.json<ProjectSeriesSummary>('GET', `${base()}/series/summary?node=${slowNode}`);
    expect(one.status).toBe(200);
    expect(one.body.Grid).toBeUndefined();
  });
});

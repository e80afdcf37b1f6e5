// Queue depth and the busiest server's CPU % of the aligned totals, checked against a deliberately plain second
// implementation (the oracle below, sharing no code with src/series/align.ts): every host's samples laid out second
// by second (a sample ending at t with interval d holds its values over the seconds t − d + 1 … t), then per grid
// bucket (kG − G, kG] each host's mean over the seconds where the value is known; the queue depth (I/Os in flight)
// is summed over the hosts that know it, the busiest server's CPU % is the largest host mean. A value unknown (null)
// over the whole bucket gives nothing from that host — never a 0. Then hand-computed cases, the latency discount of
// read and write latency apart, a data folder from before these columns, and the seeded demo (format v2).
import type { DatabaseSync } from 'node:sqlite';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  zProjectSeries,
  zProjectSeriesSummary,
  type ProjectSeries,
  type ProjectSeriesSummary,
} from '@assessment/sdk';
import type { CollectorRecord } from '../src/collector-file/records.ts';
import { openDatabase } from '../src/store/db.ts';
import { seriesChanged } from '../src/series/cache.ts';
import { storeCollectorFile } from '../src/series/store.ts';
import { SEED_FORMAT_VERSION } from '../src/series/seed.ts';
import {
  LATENCY_MIN_IOPS,
  UNITS,
  VIEWER_METRICS,
  alignStoredRuns,
  projectHosts,
  querySeries,
  querySummary,
  setNodeEnabled,
} from '../src/series/repo.ts';
import { SAMPLE_FIELDS } from '../src/series/samples.ts';
import {
  freshStore,
  sampleRows,
  signedIn,
  startServer,
  v2File,
  writeLegacySamples,
  type TestServer,
  type V2Sample,
} from './helpers.ts';

const RUN = 1;
const PROJECT = 1;

interface Host {
  cores: number;
  samples: V2Sample[];
}

/** A format-v2 collector file of these hosts (one whole disk, one NIC each), samples in time order. */
const file = (hosts: Host[], interval: number): CollectorRecord[] => v2File(hosts, interval);

interface Composite {
  queueDepth: number | null;
  cpuPeakServer: number | null;
}

/** The oracle: per bucket label kG, the summed queue depth and the busiest host's CPU % (null: known nowhere). */
function oracle(hosts: Host[], grid: number): Map<number, Composite> {
  // host → second → its sample (the seconds t − d + 1 … t).
  const perSecond = hosts.map((h) => {
    const at = new Map<number, V2Sample>();
    for (const s of h.samples) for (let x = s.t - s.d + 1; x <= s.t; x++) at.set(x, s);
    return at;
  });
  const labels = new Set<number>();
  for (const at of perSecond) for (const x of at.keys()) labels.add(Math.ceil(x / grid) * grid);
  const out = new Map<number, Composite>();
  for (const k of [...labels].sort((a, b) => a - b)) {
    let queue: number | null = null;
    let peak: number | null = null;
    for (const at of perSecond) {
      const mean = (pick: (s: V2Sample) => number | null): number | null => {
        let sum = 0;
        let n = 0;
        for (let x = k - grid + 1; x <= k; x++) {
          const s = at.get(x);
          const v = s === undefined ? null : pick(s);
          if (v === null) continue;
          sum += v;
          n += 1;
        }
        return n === 0 ? null : sum / n;
      };
      const q = mean((s) => s.queue);
      if (q !== null) queue = (queue ?? 0) + q;
      const c = mean((s) => s.cpu);
      if (c !== null) peak = peak === null ? c : Math.max(peak, c);
    }
    out.set(k, { queueDepth: queue, cpuPeakServer: peak });
  }
  return out;
}

/** Nearest-rank figures, written out plainly. */
function plainFigures(values: number[]): { peak: number; p95: number; average: number } | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return {
    peak: sorted[sorted.length - 1] ?? Number.NaN,
    p95: sorted[Math.ceil(0.95 * sorted.length) - 1] ?? Number.NaN,
    average: values.reduce((a, b) => a + b, 0) / values.length,
  };
}

const close = (actual: number | null | undefined, expected: number | null, what: string): void => {
  if (expected === null) {
    if (actual !== null && actual !== undefined)
      throw new Error(`${what}: store ${String(actual)}, oracle null`);
    return;
  }
  if (actual == null || Math.abs(actual - expected) > 1e-9 * Math.max(1, Math.abs(expected)))
    throw new Error(`${what}: store ${String(actual)}, oracle ${String(expected)}`);
};

/**
 * The store's buckets of the two composite metrics (aggregate, or one host), keyed by grid label (or sample time): a
 * bucket of one interval starts at Times[i] and holds the label ending it, Times[i] + the interval.
 */
function stored(db: DatabaseSync, grid: number, from: number, to: number, hostId: number | null = null) {
  const r = querySeries(db, PROJECT, {
    from,
    to,
    points: Math.ceil((to - from + 1) / grid) + 1,
    metrics: ['queueDepth', 'cpuPeakServer', 'cpu'],
    hostId,
    intervalS: grid,
  });
  expect(r.bucketSeconds).toBe(grid);
  const col = (m: string) => r.series.find((s) => s.metric === m)?.avg ?? [];
  const out = new Map<number, Composite & { cpu: number | null }>();
  r.times.forEach((t, i) => {
    const row = {
      queueDepth: col('queueDepth')[i] ?? null,
      cpuPeakServer: col('cpuPeakServer')[i] ?? null,
      cpu: col('cpu')[i] ?? null,
    };
    if (row.queueDepth !== null || row.cpuPeakServer !== null) out.set(t + r.bucketSeconds, row);
  });
  return out;
}

describe('queue depth and the busiest server, against the plain oracle', () => {
  let db: DatabaseSync;
  freshStore((opened) => (db = opened), { run: RUN, project: PROJECT });

  const GRID = 60;
  const T0 = 1_800_000_000 - (1_800_000_000 % GRID);
  const maybe = (arb: fc.Arbitrary<number>) => fc.option(arb, { freq: 6, nil: null });
  const host = fc.record({
    cores: fc.integer({ min: 1, max: 32 }),
    offset: fc.integer({ min: 0, max: GRID - 1 }),
    steps: fc.array(
      fc.record({
        // Drift (a little under or over the interval) and now and then a gap before the sample.
        d: fc.integer({ min: GRID - 3, max: GRID + 3 }),
        gap: fc.oneof(
          fc.constant(0),
          fc.constant(0),
          fc.constant(0),
          fc.integer({ min: GRID, max: 4 * GRID }),
        ),
        cpu: maybe(fc.integer({ min: 0, max: 10_000 }).map((x) => x / 100)),
        queue: maybe(fc.integer({ min: 0, max: 6400 }).map((x) => x / 64)),
      }),
      { minLength: 1, maxLength: 12 },
    ),
  });

  type HostSpec = typeof host extends fc.Arbitrary<infer T> ? T : never;
  const hostsOf = (specs: HostSpec[]): Host[] =>
    specs.map((h) => {
      let t = T0 + h.offset;
      return {
        cores: h.cores,
        samples: h.steps.map((s) => {
          t += s.gap + s.d;
          return { t, d: s.d, cpu: s.cpu, queue: s.queue };
        }),
      };
    });

  it('sums queue depth and takes the busiest host’s CPU per bucket (series and summary), a host taken out and back', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(host, { minLength: 1, maxLength: 4 }), async (specs) => {
        const hosts = hostsOf(specs);
        db.exec('DELETE FROM node_state');
        await storeCollectorFile(db, RUN, file(hosts, GRID));
        seriesChanged();
        const last = Math.max(...hosts.flatMap((h) => h.samples.map((s) => s.t)));
        const to = Math.ceil(last / GRID) * GRID + GRID;
        // After a host is taken out, a value only that host knew is unknown again (null, never 0): the same check.
        const check = (expected: Map<number, Composite>): void => {
          const actual = stored(db, GRID, T0, to);
          const want = [...expected].filter(([, v]) => v.queueDepth !== null || v.cpuPeakServer !== null);
          expect([...actual.keys()]).toEqual(want.map(([k]) => k));
          for (const [k, v] of want) {
            close(actual.get(k)?.queueDepth, v.queueDepth, `queue depth at ${String(k)}`);
            close(actual.get(k)?.cpuPeakServer, v.cpuPeakServer, `busiest server at ${String(k)}`);
          }
          const summary = querySummary(db, PROJECT, { from: T0, to, top: 5, intervalS: GRID });
          for (const m of ['queueDepth', 'cpuPeakServer'] as const) {
            const f = plainFigures(want.map(([, v]) => v[m]).filter((x): x is number => x !== null));
            const got = summary.metrics.find((x) => x.metric === m);
            close(got?.peak, f?.peak ?? null, `${m} peak`);
            close(got?.p95, f?.p95 ?? null, `${m} p95`);
            close(got?.average, f?.average ?? null, `${m} average`);
          }
        };
        check(oracle(hosts, GRID));
        // The first host taken out: the peaks are those of the others (a peak cannot be subtracted).
        const nodes = projectHosts(db, PROJECT);
        const first = nodes[0];
        if (first && nodes.length > 1) {
          setNodeEnabled(db, PROJECT, first.nodeId, false);
          seriesChanged();
          check(oracle(hosts.slice(1), GRID));
          setNodeEnabled(db, PROJECT, first.nodeId, true);
          seriesChanged();
          check(oracle(hosts, GRID));
        }
      }),
      { numRuns: 40 },
    );
  });

  // Taking servers out one after another reaches buckets whose runner-up is no longer known (the busiest and the
  // runner-up both taken out): those are recomputed from the samples; every step must equal the oracle of the
  // servers still enabled.
  it('any sequence of servers taken out and put back gives the oracle of the servers left', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(host, { minLength: 2, maxLength: 4 }),
        fc.array(fc.record({ host: fc.nat(3), enabled: fc.boolean() }), { minLength: 1, maxLength: 8 }),
        async (specs, toggles) => {
          const hosts = hostsOf(specs);
          db.exec('DELETE FROM node_state');
          await storeCollectorFile(db, RUN, file(hosts, GRID));
          seriesChanged();
          const last = Math.max(...hosts.flatMap((h) => h.samples.map((s) => s.t)));
          const to = Math.ceil(last / GRID) * GRID + GRID;
          const nodes = projectHosts(db, PROJECT).sort((a, b) => a.name.localeCompare(b.name));
          const on = hosts.map(() => true);
          for (const { host: k, enabled } of toggles) {
            const index = k % hosts.length;
            const node = nodes[index];
            if (!node) throw new Error('no node');
            setNodeEnabled(db, PROJECT, node.nodeId, enabled);
            seriesChanged();
            on[index] = enabled;
            const want = [
              ...oracle(
                hosts.filter((_, x) => on[x]),
                GRID,
              ),
            ].filter(([, v]) => v.queueDepth !== null || v.cpuPeakServer !== null);
            const actual = stored(db, GRID, T0, to);
            expect([...actual.keys()]).toEqual(want.map(([t]) => t));
            for (const [t, v] of want) {
              close(actual.get(t)?.queueDepth, v.queueDepth, `queue depth at ${String(t)}`);
              close(actual.get(t)?.cpuPeakServer, v.cpuPeakServer, `busiest server at ${String(t)}`);
            }
          }
        },
      ),
      { numRuns: 40 },
    );
  });
});

describe('hand-computed cases', () => {
  let db: DatabaseSync;
  freshStore((opened) => (db = opened), { run: RUN, project: PROJECT });

  // Host A reports on the minute, host B half a minute later; A's queue depth at 2:00 is unknown.
  //   bucket (0:00, 1:00]: A q 2, cpu 50 · B (0:30–1:00) q 4, cpu 80 → queue 6, busiest 80
  //   bucket (1:00, 2:00]: A q unknown, cpu 50 · B half q 4 / cpu 80, half q 0 / cpu 10 → queue 2, busiest 50 (A)
  //   bucket (2:00, 3:00]: B (2:00–2:30) q 0, cpu 10 → queue 0, busiest 10
  const T = 1_800_000_000 - (1_800_000_000 % 60);
  const hosts: Host[] = [
    {
      cores: 4,
      samples: [
        { t: T + 60, d: 60, cpu: 50, queue: 2 },
        { t: T + 120, d: 60, cpu: 50, queue: null },
      ],
    },
    {
      cores: 16,
      samples: [
        { t: T + 90, d: 60, cpu: 80, queue: 4 },
        { t: T + 150, d: 60, cpu: 10, queue: 0 },
      ],
    },
  ];

  it('queue depth adds the hosts (unknown skipped, never 0); the busiest server is the highest host, not the mean', async () => {
    await storeCollectorFile(db, RUN, file(hosts, 60));
    const rows = stored(db, 60, T, T + 240);
    expect([...rows.keys()]).toEqual([T + 60, T + 120, T + 180]);
    expect(rows.get(T + 60)).toEqual({ queueDepth: 6, cpuPeakServer: 80, cpu: (50 * 4 + 80 * 16) / 20 });
    expect(rows.get(T + 120)?.queueDepth).toBe(2);
    expect(rows.get(T + 120)?.cpuPeakServer).toBe(50);
    // The core-weighted total is below the busiest server: B's 16 cores at 45 % outweigh A's 4 at 50 %.
    expect(rows.get(T + 120)?.cpu).toBeCloseTo((50 * 4 + 45 * 16) / 20, 9);
    expect(rows.get(T + 180)).toEqual({ queueDepth: 0, cpuPeakServer: 10, cpu: 10 });
    const s = querySummary(db, PROJECT, { from: T, to: T + 240, top: 5, intervalS: 60 });
    expect(s.metrics.find((m) => m.metric === 'queueDepth')).toEqual({
      metric: 'queueDepth',
      peak: 6,
      p95: 6,
      average: 8 / 3,
    });
    expect(s.metrics.find((m) => m.metric === 'cpuPeakServer')).toEqual({
      metric: 'cpuPeakServer',
      peak: 80,
      p95: 80,
      average: 140 / 3,
    });
  });

  it('one server’s own series: its busiest server is itself, its queue depth its own', async () => {
    await storeCollectorFile(db, RUN, file(hosts, 60));
    const b = projectHosts(db, PROJECT).find((h) => h.name === 'HOST-1');
    if (!b) throw new Error('no HOST-1');
    const rows = stored(db, 60, T, T + 240, b.id);
    for (const row of rows.values()) expect(row.cpuPeakServer).toBe(row.cpu);
    expect([...rows.values()].map((r) => r.queueDepth)).toEqual([4, 0]);
  });

  it('taking the busiest server out leaves the next one; putting it back restores it', async () => {
    await storeCollectorFile(db, RUN, file(hosts, 60));
    const b = projectHosts(db, PROJECT).find((h) => h.name === 'HOST-1');
    if (!b) throw new Error('no HOST-1');
    setNodeEnabled(db, PROJECT, b.nodeId, false);
    seriesChanged();
    const without = stored(db, 60, T, T + 240);
    expect([...without.keys()]).toEqual([T + 60, T + 120]);
    expect(without.get(T + 60)).toEqual({ queueDepth: 2, cpuPeakServer: 50, cpu: 50 });
    expect(without.get(T + 120)?.cpuPeakServer).toBe(50);
    setNodeEnabled(db, PROJECT, b.nodeId, true);
    seriesChanged();
    expect(stored(db, 60, T, T + 240).get(T + 60)?.cpuPeakServer).toBe(80);
    // A rebuild from the runs' sums with the host out gives the same (the totals recomputed from scratch).
    setNodeEnabled(db, PROJECT, b.nodeId, false);
    db.exec('DELETE FROM series_totals_state');
    seriesChanged();
    expect(stored(db, 60, T, T + 240).get(T + 60)?.cpuPeakServer).toBe(50);
  });

  it('a bucket only the server taken out knew reads unknown (null, never 0); putting it back restores its values', async () => {
    // Both hosts on the minute. (0:00, 1:00]: A q 2, cpu 50 (4 cores) · B q 5, cpu 70 (16 cores).
    // (1:00, 2:00]: A q 3, cpu 30 · B reports, but its queue depth and CPU are unknown.
    const two: Host[] = [
      {
        cores: 4,
        samples: [
          { t: T + 60, d: 60, cpu: 50, queue: 2 },
          { t: T + 120, d: 60, cpu: 30, queue: 3 },
        ],
      },
      {
        cores: 16,
        samples: [
          { t: T + 60, d: 60, cpu: 70, queue: 5 },
          { t: T + 120, d: 60, cpu: null, queue: null },
        ],
      },
    ];
    await storeCollectorFile(db, RUN, file(two, 60));
    const a = projectHosts(db, PROJECT).find((h) => h.name === 'HOST-0');
    if (!a) throw new Error('no HOST-0');
    const all = stored(db, 60, T, T + 180);
    expect(all.get(T + 60)).toEqual({ queueDepth: 7, cpuPeakServer: 70, cpu: (50 * 4 + 70 * 16) / 20 });
    expect(all.get(T + 120)).toEqual({ queueDepth: 3, cpuPeakServer: 30, cpu: 30 });
    setNodeEnabled(db, PROJECT, a.nodeId, false);
    seriesChanged();
    const series = querySeries(db, PROJECT, {
      from: T,
      to: T + 180,
      points: 4,
      metrics: ['queueDepth', 'cpuPeakServer', 'cpu', 'readIops'],
      hostId: null,
      intervalS: 60,
    });
    // The minute labelled T + 120 is the bucket said to start at T + 60 (the minute it measured).
    const at = (m: string): (number | null)[] => {
      const i = series.times.indexOf(T + 60);
      return [series.series.find((x) => x.metric === m)?.avg[i] ?? null];
    };
    // B still reported at 2:00 (its I/O is known: 200 read IOPS), but nobody left knows the queue depth or CPU there.
    expect(series.times).toContain(T + 60);
    expect(at('readIops')).toEqual([200]);
    expect(at('queueDepth')).toEqual([null]);
    expect(at('cpu')).toEqual([null]);
    expect(at('cpuPeakServer')).toEqual([null]);
    expect(stored(db, 60, T, T + 180).get(T + 60)).toEqual({ queueDepth: 5, cpuPeakServer: 70, cpu: 70 });
    // The summary skips the unknown bucket: queue depth average 5 (a 0 would make it 2.5).
    const s = querySummary(db, PROJECT, { from: T, to: T + 180, top: 5, intervalS: 60 });
    expect(s.metrics.find((m) => m.metric === 'queueDepth')).toEqual({
      metric: 'queueDepth',
      peak: 5,
      p95: 5,
      average: 5,
    });
    setNodeEnabled(db, PROJECT, a.nodeId, true);
    seriesChanged();
    const back = stored(db, 60, T, T + 180);
    expect(back.get(T + 120)).toEqual({ queueDepth: 3, cpuPeakServer: 30, cpu: 30 });
    expect(back.get(T + 60)).toEqual({ queueDepth: 7, cpuPeakServer: 70, cpu: (50 * 4 + 70 * 16) / 20 });
  });

  it(`read and write latency apart leave out the intervals under ${String(LATENCY_MIN_IOPS)} IOPS, as latency does`, async () => {
    await storeCollectorFile(
      db,
      RUN,
      file(
        [
          {
            cores: 1,
            samples: [
              { t: T + 60, d: 60, cpu: 1, queue: 1, readIops: 500, readLatencyMs: 2 },
              { t: T + 120, d: 60, cpu: 1, queue: 1, readIops: 22, readLatencyMs: 18.25 },
              { t: T + 180, d: 60, cpu: 1, queue: 1, readIops: 100, readLatencyMs: 4 },
            ],
          },
        ],
        60,
      ),
    );
    const s = querySummary(db, PROJECT, { from: T, to: T + 240, top: 5, intervalS: 60 });
    expect(s.readLatency).toEqual({ peak: 4, p95: 4, average: 3 });
    expect(s.latencyAllIntervals.peak).toBe(18.25);
    expect(s.metrics.find((m) => m.metric === 'latency')?.peak).toBe(4);
    // No write completed: unknown, never 0 ms.
    expect(s.writeLatency).toEqual({ peak: null, p95: null, average: null });
  });

  it('units: the queue depth is a count of I/Os in flight, the busiest server a percentage', () => {
    expect(VIEWER_METRICS.slice(-2)).toEqual(['queueDepth', 'cpuPeakServer']);
    expect(UNITS.queueDepth).toBe('count');
    expect(UNITS.cpuPeakServer).toBe('percent');
  });
});

describe('a data folder from before queue depth was stored', () => {
  let dir = '';
  let db: DatabaseSync;
  freshStore(
    (opened, folder) => {
      db = opened;
      dir = folder;
    },
    { run: 1, project: 1 },
  );

  it('gets the columns in place: the samples kept, queue depth unknown, the busiest server recomputed', async () => {
    const T = 1_800_000_000 - (1_800_000_000 % 60);
    await storeCollectorFile(
      db,
      1,
      file(
        [
          { cores: 2, samples: [{ t: T + 60, d: 60, cpu: 30, queue: 3 }] },
          { cores: 2, samples: [{ t: T + 60, d: 60, cpu: 70, queue: 5 }] },
        ],
        60,
      ),
    );
    const samples = sampleRows(db);
    // The row-per-sample table of before queue depth was kept.
    writeLegacySamples(
      db,
      SAMPLE_FIELDS.filter((f) => f !== 't' && f !== 'queue_depth'),
    );
    db.exec(`ALTER TABLE series_run_totals DROP COLUMN queue_depth; ALTER TABLE series_run_totals DROP COLUMN cpu_peak;
      ALTER TABLE series_totals DROP COLUMN queue_depth; ALTER TABLE series_totals DROP COLUMN cpu_peak;`);
    db.close();
    db = openDatabase(dir);
    const columns = (table: string) =>
      (db.prepare(`SELECT name FROM pragma_table_info('${table}')`).all() as { name: string }[]).map(
        (c) => c.name,
      );
    expect(columns('series_samples')).toEqual([]);
    expect(columns('series_run_totals')).toEqual(expect.arrayContaining(['queue_depth', 'cpu_peak']));
    expect(columns('series_totals')).toEqual(expect.arrayContaining(['queue_depth', 'cpu_peak']));
    // Converted into chunks: the same samples, the queue depth unknown.
    expect(sampleRows(db)).toEqual(samples.map((r) => ({ ...r, queue_depth: null })));
    expect(samples.map((r) => r.queue_depth)).toEqual([3, 5]);
    expect(db.prepare("SELECT value FROM meta WHERE key = 'series_aligned'").get()).toBeUndefined();
    alignStoredRuns(db);
    seriesChanged();
    const rows = stored(db, 60, T, T + 120);
    expect(rows.get(T + 60)).toEqual({ queueDepth: null, cpuPeakServer: 70, cpu: 50 });
    db.close();
  });
});

describe('the seeded demo (format v2)', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startServer();
  });
  afterAll(async () => {
    await t.close();
  });

  it('shows read and write latency apart, queue depth and a busiest server never below the total', async () => {
    expect(SEED_FORMAT_VERSION).toBe(2);
    const row = t.server.ctx.repo.db
      .prepare(
        `SELECT p.id, u.email FROM projects p JOIN users u ON u.id = p.owner_id
         WHERE p.anonymous = 0 AND p.deleted = 0 AND p.archive_state IS NULL AND (
           SELECT COUNT(*) FROM series_hosts h JOIN collector_runs r ON r.id = h.run_id WHERE r.project_id = p.id) > 1
         ORDER BY p.id LIMIT 1`,
      )
      .get() as { id: number; email: string };
    const c = await signedIn(t, row.email);
    const series = await c.json<ProjectSeries>('GET', `/api/projects/${String(row.id)}/series?points=50`);
    expect(series.status).toBe(200);
    expect(zProjectSeries.safeParse(series.body).success).toBe(true);
    const of = (m: string) => series.body.Series.find((s) => s.Metric === m);
    expect(of('queueDepth')?.Unit).toBe('count');
    expect(of('cpuPeakServer')?.Unit).toBe('percent');
    expect(of('queueDepth')?.Avg.some((x) => x !== null && x > 0)).toBe(true);
    expect(series.body.ReadLatency?.Avg.some((x) => x !== null)).toBe(true);
    expect(series.body.WriteLatency?.Avg.some((x) => x !== null)).toBe(true);
    // Per bucket the busiest server's CPU is at least the core-weighted total's (rounded to 0.01 each).
    const cpu = of('cpu')?.Avg ?? [];
    const busiest = of('cpuPeakServer')?.Avg ?? [];
    let compared = 0;
    cpu.forEach((x, i) => {
      const y = busiest[i];
      if (x === null || y === null || y === undefined) return;
      expect(y).toBeGreaterThanOrEqual(x - 0.01);
      compared += 1;
    });
    expect(compared).toBeGreaterThan(3);
    expect((of('cpuPeakServer')?.Max ?? []).some((y, i) => y !== null && y > (of('cpu')?.Max[i] ?? 0))).toBe(
      true,
    );
    const summary = await c.json<ProjectSeriesSummary>(
      'GET',
      `/api/projects/${String(row.id)}/series/summary`,
    );
    expect(summary.status).toBe(200);
    expect(zProjectSeriesSummary.safeParse(summary.body).success).toBe(true);
    expect(summary.body.ReadLatency?.Unit).toBe('milliseconds');
    expect(summary.body.ReadLatency?.Peak).toBeGreaterThan(0);
    expect(summary.body.WriteLatency?.Peak).toBeGreaterThan(0);
    const peakOf = (m: string) => summary.body.Metrics.find((f) => f.Metric === m)?.Peak ?? null;
    expect(peakOf('cpuPeakServer')).toBeGreaterThanOrEqual(peakOf('cpu') ?? Infinity);
    expect(peakOf('queueDepth')).toBeGreaterThan(0);
  });
});

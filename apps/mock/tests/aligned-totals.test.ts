// The project's totals across hosts that do not report at the same instants, checked against a deliberately plain
// second implementation (the oracle below): every host's samples laid out second by second, then each grid bucket's
// seconds averaged per host and the hosts added up. It shares no code with the store (src/series/align.ts); the
// rules it follows are the ones docs/collector-format.md states for collector writers:
// - a sample ending at t covers (t − d, t], d being the time since the host's previous sample when that is at most
//   1.5 × the nominal interval, else the nominal interval (the first sample, or after a gap);
// - grid bucket k covers (kG − G, kG], G the sampling interval, anchored at the Unix epoch;
// - a host's value in a bucket is its mean over the seconds of the bucket it covers; IOPS, throughput, memory and
//   network are summed over hosts, latency is IOPS-weighted, CPU % core-weighted.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { DatabaseSync } from 'node:sqlite';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CollectorRecord, CollectorSample } from '../src/collector-file/records.ts';
import { openDatabase } from '../src/store/db.ts';
import { seriesChanged } from '../src/series/cache.ts';
import { storeCollectorFile } from '../src/series/store.ts';
import {
  METRICS,
  type Metric,
  projectHosts,
  querySeries,
  querySummary,
  setNodeEnabled,
} from '../src/series/repo.ts';

const RUN = 1;
const PROJECT = 1;

interface HostSpec {
  cores: number;
  /** Sample times (whole seconds, increasing) and each sample's values. */
  samples: { t: number; v: Values }[];
}
interface Values {
  readIops: number;
  writeIops: number;
  readBps: number;
  writeBps: number;
  latencyMs: number;
  cpuPct: number;
  memBytes: number;
  rxBps: number;
  txBps: number;
}

/** The collector file of these hosts (one disk, one NIC each), samples in time order across hosts. */
function records(hosts: HostSpec[], interval: number): CollectorRecord[] {
  const samples: CollectorSample[] = hosts.flatMap((h, i) =>
    h.samples.map(({ t, v }) => ({
      type: 'sample' as const,
      t,
      host: `h${String(i)}`,
      cpuPct: v.cpuPct,
      memUsedBytes: v.memBytes,
      disks: {
        d: {
          readIops: v.readIops,
          writeIops: v.writeIops,
          readBps: v.readBps,
          writeBps: v.writeBps,
          latencyMs: v.latencyMs,
          queueDepth: 1,
        },
      },
      net: { n: { rxBps: v.rxBps, txBps: v.txBps } },
    })),
  );
  samples.sort((a, b) => a.t - b.t);
  return [
    {
      type: 'header',
      format: 'iokit',
      formatVersion: 1,
      collector: { name: 'oracle', version: '1' },
      start: new Date(0).toISOString(),
      end: new Date(0).toISOString(),
      intervalSeconds: interval,
      hosts: hosts.map((h, i) => ({
        id: `h${String(i)}`,
        name: `HOST-${String(i)}`,
        os: 'Linux',
        cpu: { model: 'x', cores: h.cores },
        memoryBytes: 1,
        disks: [{ id: 'd', name: 'sda', capacityBytes: 1, kind: 'local' as const }],
        nics: [{ id: 'n', name: 'eth0' }],
      })),
      clusters: [],
    },
    ...samples,
    { type: 'end', samples: samples.length },
  ];
}

/** The oracle: per bucket label, the total of every metric (as the viewer names them). */
function oracle(hosts: HostSpec[], grid: number): Map<number, Record<Metric, number>> {
  // Per host, second s (covering (s − 1, s]) → the values of the sample covering it.
  const perHost = hosts.map((h) => {
    const seconds = new Map<number, Values>();
    let prev: number | null = null;
    for (const { t, v } of h.samples) {
      const d = prev !== null && t - prev <= 1.5 * grid ? t - prev : grid;
      for (let s = t - d + 1; s <= t; s++) seconds.set(s, v);
      prev = t;
    }
    return seconds;
  });
  const labels = new Set<number>();
  for (const seconds of perHost) for (const s of seconds.keys()) labels.add(Math.ceil(s / grid) * grid);
  const out = new Map<number, Record<Metric, number>>();
  for (const k of [...labels].sort((a, b) => a - b)) {
    const total = { ri: 0, wi: 0, rb: 0, wb: 0, mem: 0, rx: 0, tx: 0, latW: 0, latSum: 0, cpuW: 0, cores: 0 };
    let hostsIn = 0;
    let withIo = 0;
    perHost.forEach((seconds, i) => {
      const covered: Values[] = [];
      for (let s = k - grid + 1; s <= k; s++) {
        const v = seconds.get(s);
        if (v) covered.push(v);
      }
      if (covered.length === 0) return;
      const mean = (f: (v: Values) => number): number =>
        covered.reduce((sum, v) => sum + f(v), 0) / covered.length;
      const ri = mean((v) => v.readIops);
      const wi = mean((v) => v.writeIops);
      total.ri += ri;
      total.wi += wi;
      total.rb += mean((v) => v.readBps);
      total.wb += mean((v) => v.writeBps);
      total.mem += mean((v) => v.memBytes);
      total.rx += mean((v) => v.rxBps);
      total.tx += mean((v) => v.txBps);
      total.latW += mean((v) => v.latencyMs * (v.readIops + v.writeIops));
      total.latSum += mean((v) => v.latencyMs);
      const cores = hosts[i]?.cores ?? 0;
      total.cpuW += mean((v) => v.cpuPct) * cores;
      total.cores += cores;
      hostsIn += 1;
      if (ri + wi > 0) withIo += 1;
    });
    out.set(k, {
      readIops: total.ri,
      writeIops: total.wi,
      readThroughput: total.rb,
      writeThroughput: total.wb,
      latency: withIo > 0 ? total.latW / (total.ri + total.wi) : total.latSum / hostsIn,
      cpu: total.cores > 0 ? total.cpuW / total.cores : 0,
      memory: total.mem,
      networkRx: total.rx,
      networkTx: total.tx,
    });
  }
  return out;
}

/** Nearest-rank p95, peak and mean, written out plainly. */
function plainFigures(values: number[]): { peak: number; p95: number; average: number } {
  const sorted = [...values].sort((a, b) => a - b);
  return {
    peak: sorted[sorted.length - 1] ?? Number.NaN,
    p95: sorted[Math.ceil(0.95 * sorted.length) - 1] ?? Number.NaN,
    average: values.reduce((a, b) => a + b, 0) / values.length,
  };
}

const close = (actual: number | null | undefined, expected: number, what: string): void => {
  const tolerance = 1e-9 * Math.max(1, Math.abs(expected));
  if (actual == null || Math.abs(actual - expected) > tolerance)
    throw new Error(`${what}: store ${String(actual)}, oracle ${String(expected)}`);
};

describe('totals aligned in time across hosts', () => {
  let dir: string;
  let db: DatabaseSync;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'aligned-'));
    db = openDatabase(dir);
    db.prepare(
      "INSERT INTO collector_runs (id, name, owner_id, project_id, kind, started_at, planned_duration_s) VALUES (?, 'r', 1, ?, 'server', 0, 0)",
    ).run(RUN, PROJECT);
  });
  afterEach(() => {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** The aggregate of every bucket the store holds, read through the viewer's series query. */
  function storeTotals(grid: number, from: number, to: number): Map<number, Record<Metric, number | null>> {
    const r = querySeries(db, PROJECT, {
      from,
      to,
      points: Math.ceil((to - from + 1) / grid) + 1,
      metrics: METRICS,
      hostId: null,
      intervalS: grid,
    });
    expect(r.bucketSeconds).toBe(grid);
    const out = new Map<number, Record<Metric, number | null>>();
    r.times.forEach((t, i) => {
      const row = Object.fromEntries(r.series.map((s) => [s.metric, s.avg[i] ?? null])) as Record<
        Metric,
        number | null
      >;
      if (row.readIops !== null) out.set(t, row);
    });
    return out;
  }

  const values = fc.record({
    readIops: fc.integer({ min: 0, max: 5000 }),
    writeIops: fc.integer({ min: 0, max: 5000 }),
    readBps: fc.integer({ min: 0, max: 1e9 }),
    writeBps: fc.integer({ min: 0, max: 1e9 }),
    latencyMs: fc.integer({ min: 0, max: 400 }).map((x) => x / 4),
    cpuPct: fc.integer({ min: 0, max: 100 }),
    memBytes: fc.integer({ min: 0, max: 2 ** 40 }),
    rxBps: fc.integer({ min: 0, max: 1e9 }),
    txBps: fc.integer({ min: 0, max: 1e9 }),
  });
  /** A host: start offset, then per sample a step (the interval, drifting by a second, or a gap) and its values. */
  const host = (grid: number) =>
    fc
      .record({
        cores: fc.integer({ min: 1, max: 64 }),
        offset: fc.integer({ min: 0, max: 4 * grid }),
        steps: fc.array(
          fc.record({
            step: fc.oneof(
              { weight: 8, arbitrary: fc.constant(grid) },
              { weight: 2, arbitrary: fc.constant(grid + 1) }, // drift
              { weight: 1, arbitrary: fc.integer({ min: 2 * grid, max: 6 * grid }) }, // a gap
            ),
            v: values,
          }),
          { minLength: 1, maxLength: 30 },
        ),
      })
      .map(({ cores, offset, steps }): HostSpec => {
        let t = 1_700_000_000 + offset;
        return {
          cores,
          samples: steps.map(({ step, v }) => {
            t += step;
            return { t, v };
          }),
        };
      });

  it('equal the oracle for random start offsets, drift, gaps and missing hosts (viewer series and summary)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc
          .constantFrom(2, 5, 60)
          .chain((grid) => fc.tuple(fc.constant(grid), fc.array(host(grid), { minLength: 1, maxLength: 4 }))),
        async ([grid, hosts]) => {
          await storeCollectorFile(db, RUN, records(hosts, grid));
          seriesChanged();
          const expected = oracle(hosts, grid);
          const labels = [...expected.keys()];
          const from = Math.min(...labels);
          const to = Math.max(...labels);
          const actual = storeTotals(grid, from, to);
          expect([...actual.keys()]).toEqual(labels);
          for (const [t, row] of expected)
            for (const m of METRICS) close(actual.get(t)?.[m], row[m], `${m} at ${String(t)}`);
          // The summary's figures are taken over the same aligned totals.
          const summary = querySummary(db, PROJECT, { from, to, top: 5, intervalS: grid });
          for (const m of METRICS) {
            if (m === 'latency') continue; // discounted below LATENCY_MIN_IOPS: its own test
            const f = plainFigures([...expected.values()].map((row) => row[m]));
            const got = summary.metrics.find((x) => x.metric === m);
            close(got?.peak, f.peak, `${m} peak`);
            close(got?.p95, f.p95, `${m} p95`);
            close(got?.average, f.average, `${m} average`);
          }
        },
      ),
      { numRuns: 60 },
    );
  });

  it('a disabled host is taken out exactly as a rebuild without it gives', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc
          .constantFrom(2, 60)
          .chain((grid) => fc.tuple(fc.constant(grid), fc.array(host(grid), { minLength: 2, maxLength: 4 }))),
        async ([grid, hosts]) => {
          db.prepare('DELETE FROM node_state').run();
          await storeCollectorFile(db, RUN, records(hosts, grid));
          seriesChanged();
          const all = oracle(hosts, grid);
          const from = Math.min(...all.keys());
          const to = Math.max(...all.keys());
          storeTotals(grid, from, to); // totals built
          const second = projectHosts(db, PROJECT)[1];
          setNodeEnabled(db, PROJECT, second?.nodeId ?? '', false);
          const expected = oracle(
            hosts.filter((_, i) => i !== 1),
            grid,
          );
          const actual = storeTotals(grid, from, to);
          expect([...actual.keys()]).toEqual([...expected.keys()].filter((t) => t >= from && t <= to));
          for (const [t, row] of expected)
            for (const m of ['readIops', 'memory', 'cpu'] as const)
              close(actual.get(t)?.[m], row[m], `${m} at ${String(t)} without host 1`);
        },
      ),
      { numRuns: 30 },
    );
  });
});

describe('the same workload on two hosts that do not report together', () => {
  let dir: string;
  let db: DatabaseSync;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'aligned-'));
    db = openDatabase(dir);
    db.prepare(
      "INSERT INTO collector_runs (id, name, owner_id, project_id, kind, started_at, planned_duration_s) VALUES (?, 'r', 1, ?, 'server', 0, 0)",
    ).run(RUN, PROJECT);
  });
  afterEach(() => {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** A real-looking load: a day's cycle plus a slower swell, read at time t (seconds). */
  const load = (t: number): Values => {
    const x = 0.6 + 0.3 * Math.sin((t / 86_400) * 2 * Math.PI) + 0.1 * Math.sin((t / 20_000) * 2 * Math.PI);
    return {
      readIops: 20_000 * x,
      writeIops: 14_000 * x,
      readBps: 400e6 * x,
      writeBps: 300e6 * x,
      latencyMs: 2 + x,
      cpuPct: 80 * x,
      memBytes: 7e9 * x,
      rxBps: 100e6 * x,
      txBps: 50e6 * x,
    };
  };
  const T0 = 1_700_000_000; // a multiple of 2 and of 60

  /** Host A every `interval` s from T0; host B the same workload read at its own times. */
  function twoHosts(interval: number, bTimes: number[]): HostSpec[] {
    const aTimes = Array.from({ length: bTimes.length }, (_, i) => T0 + (i + 1) * interval);
    return [
      { cores: 8, samples: aTimes.map((t) => ({ t, v: load(t) })) },
      { cores: 8, samples: bTimes.map((t) => ({ t, v: load(t) })) },
    ];
  }

  const cases: [string, number, (i: number) => number][] = [
    ['1 s later, every 2 s', 2, (i) => T0 + 1 + (i + 1) * 2],
    ['17 s later, every 60 s', 60, (i) => T0 + 17 + (i + 1) * 60],
    // 2.04 s per 2 s interval, as measured on this machine: B's whole-second times slip a second every ~25 samples.
    ['drifting 2.04 s per 2 s interval', 2, (i) => T0 + Math.round((i + 1) * 2.04)],
  ];

  it.each(cases)(
    '%s: the total is twice one host within one percent (peak, p95, average)',
    async (_, interval, bAt) => {
      const n = interval === 2 ? 20_000 : 2_000;
      const hosts = twoHosts(
        interval,
        Array.from({ length: n }, (_, i) => bAt(i)),
      );
      await storeCollectorFile(db, RUN, records(hosts, interval));
      const first = T0 + interval;
      const last = T0 + n * interval;
      const summary = querySummary(db, PROJECT, { from: first, to: last, top: 5, intervalS: interval });
      const one = plainFigures(hosts[0]?.samples.map((s) => s.v.memBytes) ?? []);
      const oneWrite = plainFigures(hosts[0]?.samples.map((s) => s.v.writeIops) ?? []);
      const mem = summary.metrics.find((m) => m.metric === 'memory');
      const write = summary.metrics.find((m) => m.metric === 'writeIops');
      for (const [got, want] of [
        [mem?.peak, 2 * one.peak],
        [mem?.p95, 2 * one.p95],
        [mem?.average, 2 * one.average],
        [write?.peak, 2 * oneWrite.peak],
        [write?.p95, 2 * oneWrite.p95],
        [write?.average, 2 * oneWrite.average],
      ] as const)
        expect(Math.abs((got ?? 0) / want - 1)).toBeLessThan(0.01);
      // CPU is core-weighted: two hosts at the same utilisation are at that utilisation.
      const cpu = summary.metrics.find((m) => m.metric === 'cpu');
      const oneCpu = plainFigures(hosts[0]?.samples.map((s) => s.v.cpuPct) ?? []);
      expect(Math.abs((cpu?.peak ?? 0) / oneCpu.peak - 1)).toBeLessThan(0.01);
    },
  );
});

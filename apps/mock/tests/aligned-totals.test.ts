// The project's totals across hosts that do not report at the same instants, checked against a deliberately plain
// second implementation (the oracle below): every host's samples laid out second by second, then each grid bucket's
// seconds averaged per host and the hosts added up. It shares no code with the store (src/series/align.ts); the
// rules it follows are the ones docs/collector-format.md states for collector writers:
// - a sample ending at t covers (t − d, t], d being the time since the host's previous sample when that is at most
//   1.5 × the nominal interval, else the nominal interval (the first sample, or after a gap);
// - grid bucket k covers (kG − G, kG], G the sampling interval, anchored at the Unix epoch;
// - a host's value in a bucket is its mean over the seconds of the bucket it covers; IOPS, throughput, memory and
//   network are summed over hosts, latency is IOPS-weighted, CPU % core-weighted.
// Format v2 (a second oracle below): millisecond times, each sample's interval as it states it, and null values that
// are no data — a host's mean per metric is over the time that metric is known, and never a 0.
import type { DatabaseSync } from 'node:sqlite';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type {
  CollectorRecord,
  CollectorSample,
  CollectorSampleV1,
  CollectorSampleV2,
  HostInventory,
} from '../src/collector-file/records.ts';
import { seriesChanged } from '../src/series/cache.ts';
import { storeCollectorFile } from '../src/series/store.ts';
import { fillRunPeakIops } from '../src/series/inventory.ts';
import {
  METRICS,
  type Metric,
  type SummaryFigures,
  alignStoredRuns,
  projectHosts,
  querySeries,
  querySummary,
  setNodeEnabled,
} from '../src/series/repo.ts';
import { freshStore, sampleRows } from './helpers.ts';

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

/** Host i of a file both oracles write: `h<i>` named HOST-<i>, with one local disk `d` and one NIC `n`. */
const inventory = (i: number, cores: number): Omit<HostInventory, 'memoryBytes'> => ({
  id: `h${String(i)}`,
  name: `HOST-${String(i)}`,
  os: 'Linux',
  cpu: { model: 'x', cores },
  disks: [{ id: 'd', name: 'sda', capacityBytes: 1, kind: 'local' }],
  nics: [{ id: 'n', name: 'eth0' }],
});

/**
 * What a sample of host i says alike in both formats: its CPU and memory, disk `d`'s IOPS and throughput (`disk`,
 * completed by each format's latency fields) and NIC `n`'s traffic.
 */
function sampleOf<N extends number | null>(
  i: number,
  v: Record<'cpuPct' | 'memBytes' | 'readIops' | 'writeIops' | 'readBps' | 'writeBps' | 'rxBps' | 'txBps', N>,
) {
  return {
    host: `h${String(i)}`,
    cpuPct: v.cpuPct,
    memUsedBytes: v.memBytes,
    disk: { readIops: v.readIops, writeIops: v.writeIops, readBps: v.readBps, writeBps: v.writeBps },
    net: { n: { rxBps: v.rxBps, txBps: v.txBps } },
  };
}

/** A collector file of format `formatVersion`: its header (these hosts, no cluster), the samples and the end. */
function collectorFile(
  formatVersion: 1 | 2,
  interval: number,
  hosts: HostInventory[],
  samples: CollectorSample[],
): CollectorRecord[] {
  return [
    {
      type: 'header',
      format: 'iokit',
      formatVersion,
      collector: { name: 'oracle', version: String(formatVersion) },
      start: new Date(0).toISOString(),
      end: new Date(0).toISOString(),
      intervalSeconds: interval,
      hosts,
      clusters: [],
    },
    ...samples,
    { type: 'end', samples: samples.length },
  ];
}

/** The collector file of these hosts (one disk, one NIC each), samples in time order across hosts. */
function records(hosts: HostSpec[], interval: number): CollectorRecord[] {
  const samples: CollectorSampleV1[] = hosts.flatMap((h, i) =>
    h.samples.map(({ t, v }) => {
      const { disk, ...sample } = sampleOf(i, v);
      return {
        type: 'sample' as const,
        t,
        ...sample,
        disks: { d: { ...disk, latencyMs: v.latencyMs, queueDepth: 1 } },
      };
    }),
  );
  samples.sort((a, b) => a.t - b.t);
  return collectorFile(
    1,
    interval,
    hosts.map((h, i) => ({ ...inventory(i, h.cores), memoryBytes: 1 })),
    samples,
  );
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

const close = (actual: number | null | undefined, expected: number, what: string, scale = 0): void => {
  const tolerance = 1e-9 * Math.max(1, Math.abs(expected), Math.abs(scale));
  if (actual == null || Math.abs(actual - expected) > tolerance)
    throw new Error(`${what}: store ${String(actual)}, oracle ${String(expected)}`);
};

/** The summary's figures (peak, p95, average) equal the plain ones of these values; all null for none. */
function same(got: SummaryFigures | undefined, values: number[], what: string): void {
  if (values.length === 0) {
    expect(got).toMatchObject({ peak: null, p95: null, average: null });
    return;
  }
  const f = plainFigures(values);
  close(got?.peak, f.peak, `${what} peak`);
  close(got?.p95, f.p95, `${what} p95`);
  close(got?.average, f.average, `${what} average`);
}

/**
 * The project's buckets from `from` to `to` on a grid of `grid` seconds, read through the viewer's series query
 * (every metric's mean; null where the store has none), those `keep` accepts, keyed by grid label: a bucket of one
 * grid interval starts at Times[i] and holds the label ending it, Times[i] + grid.
 */
function storedBuckets(
  db: DatabaseSync,
  grid: number,
  from: number,
  to: number,
  keep: (row: Record<Metric, number | null>) => boolean,
): Map<number, Record<Metric, number | null>> {
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
    if (keep(row)) out.set(t + r.bucketSeconds, row);
  });
  return out;
}

/** A random host's makings: its cores, a start offset (0 to maxOffset) and 1 to 30 samples, each a step and values. */
const hostMakings = <S, V>(maxOffset: number, step: fc.Arbitrary<S>, values: fc.Arbitrary<V>) =>
  fc.record({
    cores: fc.integer({ min: 1, max: 64 }),
    offset: fc.integer({ min: 0, max: maxOffset }),
    steps: fc.array(fc.record({ step, v: values }), { minLength: 1, maxLength: 30 }),
  });

/** A grid (one of `grids`, in seconds) and `minLength` to 4 random hosts on it. */
const gridAndHosts = <H>(
  grids: number[],
  host: (grid: number) => fc.Arbitrary<H>,
  minLength: number,
): fc.Arbitrary<[number, H[]]> =>
  fc
    .constantFrom(...grids)
    .chain((grid) => fc.tuple(fc.constant(grid), fc.array(host(grid), { minLength, maxLength: 4 })));

describe('totals aligned in time across hosts', () => {
  let db: DatabaseSync;
  freshStore((opened) => (db = opened), { run: RUN, project: PROJECT });

  /** The aggregate of every bucket the store holds, read through the viewer's series query. */
  const storeTotals = (grid: number, from: number, to: number): Map<number, Record<Metric, number | null>> =>
    storedBuckets(db, grid, from, to, (row) => row.readIops !== null);

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
    hostMakings(
      4 * grid,
      fc.oneof(
        { weight: 8, arbitrary: fc.constant(grid) },
        { weight: 2, arbitrary: fc.constant(grid + 1) }, // drift
        { weight: 1, arbitrary: fc.integer({ min: 2 * grid, max: 6 * grid }) }, // a gap
      ),
      values,
    ).map(({ cores, offset, steps }): HostSpec => {
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
      fc.asyncProperty(gridAndHosts([2, 5, 60], host, 1), async ([grid, hosts]) => {
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
        const rows = [...expected.values()];
        for (const m of METRICS)
          same(
            summary.metrics.find((x) => x.metric === m),
            // Latency over the intervals with at least 100 IOPS only.
            m === 'latency'
              ? rows.filter((r) => r.readIops + r.writeIops >= 100).map((r) => r.latency)
              : rows.map((r) => r[m]),
            m,
          );
        same(
          summary.latencyAllIntervals,
          rows.map((r) => r.latency),
          'latency over every interval',
        );
        same(
          summary.totalIops,
          rows.map((r) => r.readIops + r.writeIops),
          'total IOPS',
        );
        same(
          summary.totalThroughput,
          rows.map((r) => r.readThroughput + r.writeThroughput),
          'total throughput',
        );
      }),
      { numRuns: 60 },
    );
  });

  it('a disabled host is taken out exactly as a rebuild without it gives', async () => {
    await fc.assert(
      fc.asyncProperty(gridAndHosts([2, 60], host, 2), async ([grid, hosts]) => {
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
        // Taking a host out subtracts its share from the sums: the rounding is relative to the sum it came out of.
        for (const [t, row] of expected)
          for (const m of ['readIops', 'memory', 'cpu'] as const)
            close(actual.get(t)?.[m], row[m], `${m} at ${String(t)} without host 1`, all.get(t)?.[m]);
      }),
      { numRuns: 30 },
    );
  });
});

// Format v2 (docs/collector-format.md, "Version 2"): times in milliseconds, each sample's interval stated, null for an
// unknown value. The oracle below lays every host out in quarter seconds (the random times are multiples of 250 ms),
// takes each bucket's mean per host and metric over the quarter seconds where that metric is known, and adds the
// hosts up; a metric no host knows in a bucket has no total (null), never 0.
interface V2Values {
  readIops: number | null;
  writeIops: number | null;
  readBps: number | null;
  writeBps: number | null;
  readLatencyMs: number | null;
  writeLatencyMs: number | null;
  cpuPct: number | null;
  memBytes: number | null;
  rxBps: number | null;
  txBps: number | null;
}
interface V2Host {
  cores: number;
  samples: { tMs: number; intervalMs: number; v: V2Values }[];
}

function recordsV2(hosts: V2Host[], interval: number): CollectorRecord[] {
  const samples: CollectorSampleV2[] = hosts.flatMap((h, i) =>
    h.samples.map(({ tMs, intervalMs, v }) => {
      const { disk, ...sample } = sampleOf(i, v);
      return {
        type: 'sample' as const,
        tMs,
        intervalMs,
        ...sample,
        disks: {
          d: { ...disk, readLatencyMs: v.readLatencyMs, writeLatencyMs: v.writeLatencyMs, queueDepth: null },
        },
      };
    }),
  );
  samples.sort((a, b) => a.tMs - b.tMs);
  return collectorFile(
    2,
    interval,
    hosts.map((h, i) => {
      const host = inventory(i, h.cores);
      return {
        ...host,
        memoryBytes: 0,
        timeZone: 'UTC',
        machine: null,
        disks: host.disks.map((d) => ({ ...d, layer: 'disk' as const })),
        fileSystems: [],
      };
    }),
    samples,
  );
}

const QUARTER = 250;

/** The v2 oracle: per bucket label, every metric's total (null where no host knows it). */
function oracleV2(hosts: V2Host[], grid: number): Map<number, Record<Metric, number | null>> {
  // Per host, quarter second q (covering (q − 250 ms, q]) → the values of the sample covering it.
  const perHost = hosts.map((h) => {
    const quarters = new Map<number, V2Values>();
    for (const { tMs, intervalMs, v } of h.samples)
      for (let q = tMs - intervalMs + QUARTER; q <= tMs; q += QUARTER) quarters.set(q, v);
    return quarters;
  });
  const labels = new Set<number>();
  for (const quarters of perHost)
    for (const q of quarters.keys()) labels.add(Math.ceil(q / 1000 / grid) * grid);
  const out = new Map<number, Record<Metric, number | null>>();
  for (const k of [...labels].sort((a, b) => a - b)) {
    const sums = new Map<string, number>();
    const add = (key: string, x: number): void => {
      sums.set(key, (sums.get(key) ?? 0) + x);
    };
    let latW = 0;
    let latIo = 0;
    let latSum = 0;
    let nLat = 0;
    let cpuW = 0;
    let cores = 0;
    perHost.forEach((quarters, i) => {
      const covered: V2Values[] = [];
      for (let q = (k - grid) * 1000 + QUARTER; q <= k * 1000; q += QUARTER) {
        const v = quarters.get(q);
        if (v) covered.push(v);
      }
      if (covered.length === 0) return;
      /** The mean over the quarters where f is known; null where it is known in none. */
      const mean = (f: (v: V2Values) => number | null): number | null => {
        const known = covered.map(f).filter((x): x is number => x !== null);
        return known.length === 0 ? null : known.reduce((a, b) => a + b, 0) / known.length;
      };
      for (const key of [
        'readIops',
        'writeIops',
        'readBps',
        'writeBps',
        'memBytes',
        'rxBps',
        'txBps',
      ] as const) {
        const m = mean((v) => v[key]);
        if (m !== null) add(key, m);
      }
      // The host's latency in one sample: IOPS-weighted over reads and writes whose latency is known, weighing by
      // those IOPS (each direction by its own: reads unknown leave the writes' weight).
      const hostLatency = (v: V2Values): { lat: number | null; io: number } => {
        let w = 0;
        let n = 0;
        if (v.readLatencyMs !== null && v.readIops !== null && v.readIops > 0) {
          w += v.readLatencyMs * v.readIops;
          n += v.readIops;
        }
        if (v.writeLatencyMs !== null && v.writeIops !== null && v.writeIops > 0) {
          w += v.writeLatencyMs * v.writeIops;
          n += v.writeIops;
        }
        return n > 0 ? { lat: w / n, io: n } : { lat: null, io: 0 };
      };
      // Over every covered quarter, unknown counting 0 (the ratio weighs only the known I/O).
      latW += covered.reduce((a, v) => a + (hostLatency(v).lat ?? 0) * hostLatency(v).io, 0) / covered.length;
      latIo +=
        covered.reduce((a, v) => a + (hostLatency(v).lat === null ? 0 : hostLatency(v).io), 0) /
        covered.length;
      const lat = mean((v) => hostLatency(v).lat);
      if (lat !== null) {
        latSum += lat;
        nLat += 1;
      }
      const cpu = mean((v) => v.cpuPct);
      if (cpu !== null) {
        cpuW += cpu * (hosts[i]?.cores ?? 0);
        cores += hosts[i]?.cores ?? 0;
      }
    });
    const get = (key: string): number | null => sums.get(key) ?? null;
    out.set(k, {
      readIops: get('readIops'),
      writeIops: get('writeIops'),
      readThroughput: get('readBps'),
      writeThroughput: get('writeBps'),
      latency: latIo > 0 ? latW / latIo : nLat > 0 ? latSum / nLat : null,
      cpu: cores > 0 ? cpuW / cores : null,
      memory: get('memBytes'),
      networkRx: get('rxBps'),
      networkTx: get('txBps'),
    });
  }
  return out;
}
describe('totals aligned in time across hosts, format v2 (milliseconds, stated intervals, null values)', () => {
  let db: DatabaseSync;
  freshStore((opened) => (db = opened), { run: RUN, project: PROJECT });

  /** Every bucket where the store has a figure of any metric (null where it has none). */
  const storeRows = (grid: number, from: number, to: number): Map<number, Record<Metric, number | null>> =>
    storedBuckets(db, grid, from, to, (row) => METRICS.some((m) => row[m] !== null));

  /** A value, or null (unknown) about one time in five. */
  const maybe = (arb: fc.Arbitrary<number>): fc.Arbitrary<number | null> =>
    fc.option(arb, { nil: null, freq: 5 });
  const values: fc.Arbitrary<V2Values> = fc.record({
    readIops: maybe(fc.integer({ min: 0, max: 5000 })),
    writeIops: maybe(fc.integer({ min: 0, max: 5000 })),
    readBps: maybe(fc.integer({ min: 0, max: 1e9 })),
    writeBps: maybe(fc.integer({ min: 0, max: 1e9 })),
    readLatencyMs: maybe(fc.integer({ min: 0, max: 400 }).map((x) => x / 4)),
    writeLatencyMs: maybe(fc.integer({ min: 0, max: 400 }).map((x) => x / 4)),
    cpuPct: maybe(fc.integer({ min: 0, max: 100 })),
    memBytes: maybe(fc.integer({ min: 0, max: 2 ** 40 })),
    rxBps: maybe(fc.integer({ min: 0, max: 1e9 })),
    txBps: maybe(fc.integer({ min: 0, max: 1e9 })),
  });
  /** A host: a start offset in quarter seconds, then per sample its step and values; a gap's interval is nominal. */
  const host = (grid: number): fc.Arbitrary<V2Host> =>
    hostMakings(
      16 * grid,
      fc.oneof(
        { weight: 8, arbitrary: fc.constant({ ms: grid * 1000, gap: false }) },
        // drift: up to 2 s longer, in quarter seconds
        {
          weight: 2,
          arbitrary: fc
            .integer({ min: 1, max: 8 })
            .map((q) => ({ ms: grid * 1000 + q * QUARTER, gap: false })),
        },
        // a gap: the time between is covered by no interval
        {
          weight: 1,
          arbitrary: fc.integer({ min: 2, max: 6 }).map((g) => ({ ms: g * grid * 1000, gap: true })),
        },
      ),
      values,
    ).map(({ cores, offset, steps }): V2Host => {
      let tMs = 1_700_000_000_000 + offset * QUARTER;
      return {
        cores,
        samples: steps.map(({ step, v }, i) => {
          tMs += step.ms;
          return { tMs, intervalMs: i === 0 || step.gap ? grid * 1000 : step.ms, v };
        }),
      };
    });

  it('equal the oracle for random offsets in milliseconds, drift, gaps, nulls and missing hosts (series and summary)', async () => {
    await fc.assert(
      fc.asyncProperty(gridAndHosts([2, 5, 60], host, 1), async ([grid, hosts]) => {
        await storeCollectorFile(db, RUN, recordsV2(hosts, grid));
        seriesChanged();
        const expected = new Map(
          [...oracleV2(hosts, grid)].filter(([, row]) => METRICS.some((m) => row[m] !== null)),
        );
        if (expected.size === 0) return;
        const labels = [...expected.keys()];
        const from = Math.min(...labels);
        const to = Math.max(...labels);
        const actual = storeRows(grid, from, to);
        expect([...actual.keys()]).toEqual(labels);
        for (const [t, row] of expected)
          for (const m of METRICS) {
            const want = row[m];
            const got = actual.get(t)?.[m];
            if (want === null) expect(got, `${m} at ${String(t)}: unknown, not a figure`).toBeNull();
            else close(got, want, `${m} at ${String(t)}`);
          }
        // The summary's figures over the same totals, the unknown ones left out (never counted as 0).
        const summary = querySummary(db, PROJECT, { from, to, top: 5, intervalS: grid });
        const rows = [...expected.values()];
        const known = (xs: (number | null)[]): number[] => xs.filter((x): x is number => x !== null);
        const iops = rows.map((r) =>
          r.readIops === null || r.writeIops === null ? null : r.readIops + r.writeIops,
        );
        for (const m of METRICS)
          same(
            summary.metrics.find((x) => x.metric === m),
            m === 'latency'
              ? known(rows.map((r, i) => ((iops[i] ?? 0) >= 100 ? r.latency : null)))
              : known(rows.map((r) => r[m])),
            m,
          );
        same(summary.latencyAllIntervals, known(rows.map((r) => r.latency)), 'latency over every interval');
        same(summary.totalIops, known(iops), 'total IOPS');
        same(
          summary.totalThroughput,
          known(
            rows.map((r) =>
              r.readThroughput === null || r.writeThroughput === null
                ? null
                : r.readThroughput + r.writeThroughput,
            ),
          ),
          'total throughput',
        );
      }),
      { numRuns: 60 },
    );
  });
});

describe('gaps, the latency discount and a data folder of the earlier layout', () => {
  let db: DatabaseSync;
  freshStore((opened) => (db = opened), { run: RUN, project: PROJECT });

  const v = (iops: number, latencyMs: number): Values => ({
    readIops: iops,
    writeIops: 0,
    readBps: 0,
    writeBps: 0,
    latencyMs,
    cpuPct: 10,
    memBytes: 1,
    rxBps: 0,
    txBps: 0,
  });
  const T = 1_700_000_040; // a multiple of 60

  it('counts the gaps of a host (samples further apart than 1.5 intervals) and the seconds missing', async () => {
    const times = [60, 120, 180, 420, 480, 540, 900].map((x) => T + x);
    await storeCollectorFile(
      db,
      RUN,
      records([{ cores: 2, samples: times.map((t) => ({ t, v: v(500, 1) })) }], 60),
    );
    const summary = querySummary(db, PROJECT, { from: T, to: T + 900, top: 5, intervalS: 60 });
    // 180 → 420 misses 3 intervals (180 s), 540 → 900 misses 5 (300 s).
    expect(summary.gaps).toEqual([expect.objectContaining({ name: 'HOST-0', count: 2, seconds: 480 })]);
    // The file says nothing of the disk's used space: unknown, never 0 used (nor all free).
    expect(summary.capacity).toEqual([
      {
        nodeId: expect.any(String) as string,
        name: 'HOST-0',
        kind: 'server',
        capacityBytes: 1,
        usedBytes: null,
        freeBytes: null,
      },
    ]);
  });

  it('takes latency figures over intervals with at least 100 IOPS; every interval beside it', async () => {
    // 22 IOPS at 18.25 ms (the low-IOPS peak the issue found), then busy intervals at 2, 3 and 4 ms.
    const samples = [v(22, 18.25), v(400, 2), v(1000, 3), v(99, 40), v(100, 4)].map((x, i) => ({
      t: T + (i + 1) * 60,
      v: x,
    }));
    await storeCollectorFile(db, RUN, records([{ cores: 2, samples }], 60));
    const summary = querySummary(db, PROJECT, { from: T, to: T + 300, top: 5, intervalS: 60 });
    expect(summary.metrics.find((m) => m.metric === 'latency')).toEqual({
      metric: 'latency',
      peak: 4,
      p95: 4,
      average: 3,
    });
    expect(summary.latencyAllIntervals).toEqual({ peak: 40, p95: 40, average: (18.25 + 2 + 3 + 40 + 4) / 5 });
  });

  it("a server's inventory IOPS is its peak rounded, never truncated", async () => {
    db.prepare(
      "INSERT INTO servers (run_id, name, role, iops, capacity_gb, local_disk_count, os, cpu_cores, memory_gb) VALUES (?, 'HOST-0', 'Server', 0, 1, 1, 'Linux', 2, 1)",
    ).run(RUN);
    const samples = [v(22.4, 1), v(1234.6, 1), v(9.5, 1)].map((x, i) => ({ t: T + (i + 1) * 60, v: x }));
    await storeCollectorFile(db, RUN, records([{ cores: 2, samples }], 60));
    fillRunPeakIops(db, RUN);
    expect((db.prepare('SELECT iops FROM servers WHERE run_id = ?').get(RUN) as { iops: number }).iops).toBe(
      1235,
    );
  });

  it('a folder whose run sums were kept per sample time is realigned once, gaps counted, nothing lost', async () => {
    const hosts: HostSpec[] = [
      { cores: 4, samples: [60, 120, 180, 500].map((x) => ({ t: T + x, v: v(200, 1) })) },
      { cores: 4, samples: [77, 137, 197].map((x) => ({ t: T + x, v: v(300, 2) })) },
    ];
    await storeCollectorFile(db, RUN, records(hosts, 60));
    const want = querySummary(db, PROJECT, { from: T, to: T + 600, top: 5, intervalS: 60 });
    // The earlier layout: sums per sample time, no gaps counted, no layout mark (summed in SQL over the samples).
    const fields = ['read_iops', 'write_iops', 'read_bps', 'write_bps', 'latency_ms', 'cpu_pct', 'mem_bytes'];
    db.exec(
      `CREATE TEMP TABLE samples_now (t INTEGER, ${[...fields, 'rx_bps', 'tx_bps'].join(' REAL, ')} REAL)`,
    );
    const insert = db.prepare(
      `INSERT INTO samples_now VALUES (${Array.from({ length: 10 }, () => '?').join(', ')})`,
    );
    for (const r of sampleRows(db))
      insert.run(...['t', ...fields, 'rx_bps', 'tx_bps'].map((f) => r[f] ?? null));
    db.exec(`DELETE FROM series_run_totals; DELETE FROM series_totals_state; DELETE FROM meta;
      UPDATE series_hosts SET gap_count = 0, gap_seconds = 0;
      INSERT INTO series_run_totals SELECT 1, t, SUM(read_iops), SUM(write_iops), SUM(read_bps), SUM(write_bps),
        SUM(mem_bytes), SUM(rx_bps), SUM(tx_bps), SUM(latency_ms * (read_iops + write_iops)), SUM(latency_ms),
        SUM(read_iops + write_iops > 0), SUM(cpu_pct * 4), 4 * COUNT(*), COUNT(*),
        SUM(read_iops + write_iops), COUNT(*), 0, 0, 0, 0, NULL, NULL, COUNT(read_iops), COUNT(write_iops),
        COUNT(read_bps), COUNT(write_bps), COUNT(mem_bytes), COUNT(rx_bps), COUNT(tx_bps), 0, 0, 0,
        NULL, NULL, NULL, COUNT(cpu_pct) FROM samples_now GROUP BY t`);
    seriesChanged();
    const unaligned = querySummary(db, PROJECT, { from: T, to: T + 600, top: 5, intervalS: 60 });
    expect(unaligned.totalIops.peak).toBe(300); // the two hosts never coincide
    alignStoredRuns(db);
    expect(querySummary(db, PROJECT, { from: T, to: T + 600, top: 5, intervalS: 60 })).toEqual(want);
    expect(want.totalIops.peak).toBe(500);
    expect(want.gaps).toEqual([expect.objectContaining({ count: 1, seconds: 260 })]);
  });
});

describe('the same workload on two hosts that do not report together', () => {
  let db: DatabaseSync;
  freshStore((opened) => (db = opened), { run: RUN, project: PROJECT });

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

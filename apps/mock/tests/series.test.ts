// The series store: bucketing math (max / avg / p95 exact on small fixtures), storing a collector file in batches,
// the aggregate over enabled hosts, the synthetic generator's determinism.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { DatabaseSync } from 'node:sqlite';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CollectorRecord } from '../src/collector-file/records.ts';
import { bucketWidth, bucketize, figures, percentile } from '../src/series/math.ts';
import { diurnalLoad, generateCollectorRecords, sampleCount } from '../src/collector-file/generate.ts';
import { CollectorFileError } from '../src/collector-file/errors.ts';
import { saveCollectorFile } from '../src/collector-file/write.ts';
import { seriesChanged } from '../src/series/cache.ts';
import { storeCollectorFileAt } from '../src/series/ingest.ts';
import { storeCollectorFile } from '../src/series/store.ts';
import {
  LATENCY_MIN_IOPS,
  METRICS,
  extentOf,
  projectHosts,
  querySeries,
  querySummary,
  setNodeEnabled,
} from '../src/series/repo.ts';
import { storedSampleCount } from '../src/series/samples.ts';
import { freshStore, sampleRows } from './helpers.ts';

describe('percentile (nearest rank)', () => {
  it('is the value at rank ceil(0.95 n) of the sorted values', () => {
    const twenty = Array.from({ length: 20 }, (_, i) => 20 - i); // 20..1, unsorted on purpose
    expect(percentile(twenty)).toBe(19);
    expect(percentile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10])).toBe(10);
    expect(percentile([7])).toBe(7);
    expect(Number.isNaN(percentile([]))).toBe(true);
    const hundred = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(hundred)).toBe(95);
    expect(percentile(hundred, 0.5)).toBe(50);
  });

  it('selects exactly what sorting gives (any values, any percentile)', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(
            fc.integer({ min: -5, max: 5 }),
            fc.double({ noNaN: true, noDefaultInfinity: true }).map((v) => v + 0),
          ),
          {
            minLength: 1,
            maxLength: 300,
          },
        ),
        fc.double({ min: 0.01, max: 1, noNaN: true }),
        (values, p) => {
          const sorted = Float64Array.from(values).sort();
          expect(percentile(values, p)).toBe(sorted[Math.max(1, Math.ceil(p * values.length)) - 1]);
        },
      ),
    );
  });

  it('figures give peak, p95 and average', () => {
    expect(figures([2, 4, 6, 8])).toEqual({ peak: 8, p95: 8, average: 5 });
    expect(figures([])).toBeNull();
  });
});

describe('bucketing', () => {
  it('keeps the peak, the average and the p95 of every bucket; gaps are null', () => {
    // 60 s samples labelled by the end of the minute they measured, 3-minute buckets from t=0, each holding the
    // samples ending in (start, start + 180]: [60,120,180] [240,300,360] [420] [gap] [780].
    const ts = [60, 120, 180, 240, 300, 360, 420, 780];
    const vs = [1, 9, 2, 5, 5, 8, 3, 4];
    const b = bucketize(ts, vs, 0, 780, 180);
    expect(b.times).toEqual([0, 180, 360, 540, 720]);
    expect(b.max).toEqual([9, 8, 3, null, 4]);
    expect(b.avg).toEqual([4, 6, 3, null, 4]);
    expect(b.p95).toEqual([9, 8, 3, null, 4]);
    expect(b.counts).toEqual([3, 3, 1, 0, 1]);
  });

  it('p95 of a bucket of 20 samples is its 19th smallest (a single spike is the max, not the p95)', () => {
    const ts = Array.from({ length: 20 }, (_, i) => (i + 1) * 60);
    const vs = [...Array.from({ length: 19 }, (_, i) => i + 1), 1000];
    const b = bucketize(ts, vs, 0, 20 * 60, 20 * 60);
    expect(b.max).toEqual([1000]);
    expect(b.p95).toEqual([19]);
    expect(b.avg[0]).toBeCloseTo((190 + 1000) / 20, 10);
  });

  it('ignores samples outside the range: a sample at its start measured the time before it', () => {
    const b = bucketize([0, 60, 120, 180], [100, 1, 2, 100], 0, 120, 60);
    expect(b.times).toEqual([0, 60]);
    expect(b.max).toEqual([1, 2]);
  });

  it('a sample ending on a bucket edge is in the bucket before it (the time it measured)', () => {
    // A 5 s grid, 60 s buckets from 10:00:00: the spike in the interval 10:00:55–10:01:00 (label 10:01:00) is drawn
    // in the bucket of 10:00:00–10:01:00, 12 intervals in each bucket.
    const ten = 36_000;
    const ts = Array.from({ length: 24 }, (_, i) => ten + 5 * (i + 1));
    const vs = ts.map((t) => (t === ten + 60 ? 1000 : 1));
    const b = bucketize(ts, vs, ten, ten + 120, 60);
    expect(b.times).toEqual([ten, ten + 60]);
    expect(b.max).toEqual([1000, 1]);
    expect(b.counts).toEqual([12, 12]);
  });

  it('bucket width: at least the interval, a whole multiple of it, ≤ points buckets', () => {
    expect(bucketWidth(0, 7 * 86_400, 500, 60)).toBe(1260);
    expect(Math.ceil((7 * 86_400) / 1260)).toBeLessThanOrEqual(500);
    expect(bucketWidth(0, 3600, 500, 300)).toBe(300);
  });
});

describe('the synthetic generator (one for the seed, the tests and the benches)', () => {
  it('is deterministic, diurnal, and ends with the sample count', () => {
    const opts = { seed: 7, start: 1_763_337_600, durationSeconds: 86_400, intervalSeconds: 3600, hosts: 3 };
    const a = [...generateCollectorRecords(opts)];
    const b = [...generateCollectorRecords(opts)];
    expect(a).toEqual(b);
    expect(a[0]?.type).toBe('header');
    const end = a.at(-1);
    expect(end).toEqual({ type: 'end', samples: 24 * 3 });
    // Office hours are busier than the small hours (UTC).
    expect(diurnalLoad(13 * 3600 + 1_763_337_600)).toBeGreaterThan(diurnalLoad(4 * 3600 + 1_763_337_600));
  });

  it("serves the seed: hosts by name with their figures, shared disks on every host, disks' usedBytes", () => {
    const [header] = generateCollectorRecords({
      seed: 1,
      start: 1_763_337_600,
      durationSeconds: 4 * 3600,
      intervalSeconds: 3600,
      hosts: [{ name: 'SQL-01', os: 'Windows Server 2022', cores: 24, memoryGb: 96 }, { name: 'WEB-01' }],
      sharedDisks: [{ name: 'CSV-01', capacityGb: 1024 }],
    });
    if (header?.type !== 'header') throw new Error('no header');
    expect(header.start).toBe('2025-11-17T00:00:00.000Z');
    expect(header.hosts.map((h) => h.name)).toEqual(['SQL-01', 'WEB-01']);
    expect(header.hosts[0]).toMatchObject({
      os: 'Windows Server 2022',
      cpu: { cores: 24 },
      memoryBytes: 96 * 1024 ** 3,
    });
    expect(header.clusters).toHaveLength(1);
    for (const h of header.hosts) {
      expect(h.disks.filter((d) => d.kind === 'shared').map((d) => d.name)).toEqual(['CSV-01']);
      for (const d of h.disks) {
        expect(d.usedBytes).toBeGreaterThan(0);
        expect(d.usedBytes).toBeLessThanOrEqual(d.capacityBytes);
      }
    }
  });
});

describe('the series store', () => {
  let dir: string;
  let db: DatabaseSync;
  const RUN = 1;
  const PROJECT = 1;
  freshStore(
    (opened, folder) => {
      db = opened;
      dir = folder;
    },
    { run: RUN, project: PROJECT },
  );

  const disk = (readIops: number, writeIops: number, latencyMs: number) => ({
    readIops,
    writeIops,
    readBps: readIops * 1000,
    writeBps: writeIops * 1000,
    latencyMs,
    queueDepth: 1,
  });

  /** Two hosts, 4 samples each at 60 s; host A has two disks. */
  async function* fixture(): AsyncGenerator<CollectorRecord> {
    await Promise.resolve(); // a stream: records arrive over awaits
    yield {
      type: 'header',
      format: 'iokit',
      formatVersion: 1,
      collector: { name: 'test', version: '1' },
      start: '2026-11-23T00:00:00Z',
      end: '2026-11-23T00:04:00Z',
      intervalSeconds: 60,
      hosts: [
        {
          id: 'a',
          name: 'ALPHA',
          os: 'Linux',
          cpu: { model: 'x', cores: 4 },
          memoryBytes: 100,
          disks: [
            { id: 'sda', name: 'sda', capacityBytes: 1000, usedBytes: 400, kind: 'local' },
            { id: 'sdb', name: 'sdb', capacityBytes: 500, usedBytes: 100, kind: 'local' },
            {
              id: 'csv1',
              name: 'CSV-1',
              capacityBytes: 9000,
              usedBytes: 3000,
              kind: 'shared',
              clusterId: 'c',
            },
          ],
          nics: [{ id: 'eth0', name: 'eth0' }],
        },
        {
          id: 'b',
          name: 'BRAVO',
          os: 'Linux',
          cpu: { model: 'x', cores: 12 },
          memoryBytes: 100,
          disks: [
            {
              id: 'csv1',
              name: 'CSV-1',
              capacityBytes: 9000,
              usedBytes: 3000,
              kind: 'shared',
              clusterId: 'c',
            },
          ],
          nics: [],
        },
      ],
      clusters: [{ id: 'c', name: 'CLUSTER' }],
    };
    for (let i = 1; i <= 4; i++) {
      // On the 60 s grid (multiples of 60): the aggregate is the hosts' own samples added up.
      const t = 1_000_020 + i * 60;
      yield {
        type: 'sample',
        t,
        host: 'a',
        cpuPct: 10 * i,
        memUsedBytes: 10,
        disks: { sda: disk(10 * i, 10, 2), sdb: disk(0, 0, 50) },
        net: { eth0: { rxBps: 5, txBps: 1 } },
      };
      yield {
        type: 'sample',
        t,
        host: 'b',
        cpuPct: 50,
        memUsedBytes: 20,
        disks: { csv1: disk(100, 0, 4) },
        net: {},
      };
    }
    yield { type: 'end', samples: 8 };
  }

  it('stores hosts, disks and per-host totals in batches', async () => {
    const r = await storeCollectorFile(db, RUN, fixture(), { batch: 3 });
    expect(r).toEqual({ hosts: 2, samples: 8 });
    const hosts = projectHosts(db, PROJECT);
    expect(hosts.map((h) => h.name)).toEqual(['ALPHA', 'BRAVO']);
    expect(hosts.every((h) => h.nodeId.startsWith('host-'))).toBe(true);
    const row = sampleRows(db, [hosts[0]?.id ?? 0]).find((r) => r.t === 1_000_080) ?? {};
    // IOPS summed over disks; latency IOPS-weighted (the idle disk's 50 ms does not count).
    expect(row.read_iops).toBe(10);
    expect(row.write_iops).toBe(10);
    expect(row.latency_ms).toBe(2);
    // The shared disk is one capacity however many hosts see it.
    expect(
      (db.prepare("SELECT COUNT(*) AS n FROM series_disks WHERE kind = 'shared'").get() as { n: number }).n,
    ).toBe(1);
    expect(extentOf(db, PROJECT)).toEqual({ first: 1_000_080, last: 1_000_260, intervalS: 60 });
  });

  it('aggregates over enabled hosts and recomputes when a node is disabled', async () => {
    await storeCollectorFile(db, RUN, fixture());
    const q = {
      from: 1_000_080,
      to: 1_000_260,
      points: 500,
      metrics: ['readIops', 'cpu', 'latency'] as const,
      hostId: null,
      intervalS: 60,
    };
    const all = querySeries(db, PROJECT, { ...q, metrics: [...q.metrics] });
    expect(all.bucketSeconds).toBe(60);
    // Each bucket starts where its minute began: the sample at 1_000_080 measured 1_000_020 to 1_000_080.
    expect(all.times).toEqual([1_000_020, 1_000_080, 1_000_140, 1_000_200]);
    expect(all.series[0]?.max).toEqual([110, 120, 130, 140]);
    // CPU core-weighted: (10·4 + 50·12) / 16 = 40 at the first sample.
    expect(all.series[1]?.max[0]).toBe(40);
    const summary = querySummary(db, PROJECT, { from: q.from, to: q.to, top: 5, intervalS: 60 });
    expect(summary.metrics.find((m) => m.metric === 'readIops')).toEqual({
      metric: 'readIops',
      peak: 140,
      p95: 140,
      average: 125,
    });
    // BRAVO peaks at 100 IOPS, ALPHA at 40 + 10.
    expect(summary.topByIops.map((h) => [h.name, h.peak])).toEqual([
      ['BRAVO', 100],
      ['ALPHA', 50],
    ]);
    expect(summary.capacity).toEqual([
      expect.objectContaining({ name: 'ALPHA', kind: 'server', capacityBytes: 1500, usedBytes: 500 }),
      expect.objectContaining({ name: 'CSV-1', kind: 'clusterDisk', capacityBytes: 9000, usedBytes: 3000 }),
    ]);
    const bravo = projectHosts(db, PROJECT)[1];
    setNodeEnabled(db, PROJECT, bravo?.nodeId ?? '', false);
    const alpha = querySeries(db, PROJECT, { ...q, metrics: [...q.metrics] });
    expect(alpha.series[0]?.max).toEqual([10, 20, 30, 40]);
    expect(alpha.series[1]?.max[0]).toBe(10);
    // ALPHA alone does 20..50 IOPS: every bucket is under the latency minimum.
    expect(LATENCY_MIN_IOPS).toBe(100);
    expect(alpha.lowIops).toEqual([true, true, true, true]);
    expect(all.lowIops).toEqual([false, false, false, false]);
    const low = querySummary(db, PROJECT, { from: q.from, to: q.to, top: 5, intervalS: 60 });
    // The time those intervals measured, as the series' buckets say it: 1_000_020 to 1_000_260.
    expect(low.lowIopsPeriods).toEqual([{ from: 1_000_020, to: 1_000_260 }]);
    expect(low.topByIops.map((h) => h.name)).toEqual(['ALPHA']);
  });

  it('a node toggle adds or subtracts that host only, and gives what a rebuild from the runs gives', async () => {
    await storeCollectorFile(
      db,
      RUN,
      generateCollectorRecords({ seed: 9, hosts: 5, durationSeconds: 86_400, intervalSeconds: 900 }),
    );
    const ext = extentOf(db, PROJECT);
    if (!ext) throw new Error('no extent');
    const q = {
      from: ext.first,
      to: ext.last,
      points: 20,
      metrics: [...METRICS],
      hostId: null,
      intervalS: 900,
    };
    const read = (): ReturnType<typeof querySeries> => querySeries(db, PROJECT, q);
    const rebuilt = (): ReturnType<typeof querySeries> => {
      db.prepare('DELETE FROM series_totals_state').run();
      seriesChanged(); // not the cached read
      return read();
    };
    const close = (a: ReturnType<typeof querySeries>, b: ReturnType<typeof querySeries>): void => {
      expect(a.times).toEqual(b.times);
      expect(a.lowIops).toEqual(b.lowIops);
      a.series.forEach((s, i) => {
        const o = b.series[i];
        for (const k of ['max', 'avg', 'p95'] as const)
          s[k].forEach((v, j) => expect(v).toBeCloseTo(o?.[k][j] ?? Number.NaN, 6));
      });
    };
    const before = read();
    const totalsRows = (): number =>
      (db.prepare('SELECT COUNT(*) AS n FROM series_totals').get() as { n: number }).n;
    const rows = totalsRows();
    const third = projectHosts(db, PROJECT)[2];
    setNodeEnabled(db, PROJECT, third?.nodeId ?? '', false);
    // Incremental: the state stays current (no rebuild on the next read).
    const state = db.prepare('SELECT signature FROM series_totals_state').get() as { signature: string };
    expect(state.signature).not.toContain(`,${String(third?.id)},`);
    const without = read();
    expect(without.series[0]?.max).not.toEqual(before.series[0]?.max);
    close(without, rebuilt());
    setNodeEnabled(db, PROJECT, third?.nodeId ?? '', false); // no change: nothing subtracted twice
    close(read(), without);
    setNodeEnabled(db, PROJECT, third?.nodeId ?? '', true);
    close(read(), before);
    expect(totalsRows()).toBe(rows);
    // Every host disabled: no totals rows, empty buckets.
    for (const h of projectHosts(db, PROJECT)) setNodeEnabled(db, PROJECT, h.nodeId, false);
    expect(totalsRows()).toBe(0);
    expect(read().series[0]?.max.every((v) => v === null)).toBe(true);
  });

  it('never answers from the cache after the series changed (a run stored again reuses its host ids)', async () => {
    const opts = { hosts: 2, durationSeconds: 3 * 3600, intervalSeconds: 300 };
    await storeCollectorFile(db, RUN, generateCollectorRecords({ ...opts, seed: 1 }));
    const ext = extentOf(db, PROJECT);
    if (!ext) throw new Error('no extent');
    const q = {
      from: ext.first,
      to: ext.last,
      points: 10,
      metrics: ['readIops' as const],
      hostId: null,
      intervalS: 300,
    };
    const ids = projectHosts(db, PROJECT).map((h) => h.id);
    const first = querySeries(db, PROJECT, q);
    expect(querySeries(db, PROJECT, q)).toBe(first); // the cached result
    await storeCollectorFile(db, RUN, generateCollectorRecords({ ...opts, seed: 2 }));
    expect(projectHosts(db, PROJECT).map((h) => h.id)).toEqual(ids);
    expect(querySeries(db, PROJECT, q).series[0]?.max).not.toEqual(first.series[0]?.max);
  });

  it('stores a file from disk with a parsing worker: the same rows as in one thread; a bad file removes its part', async () => {
    const file = path.join(dir, 'f.iokit');
    const opts = { seed: 4, hosts: 3, durationSeconds: 6 * 3600, intervalSeconds: 60 };
    await saveCollectorFile(file, generateCollectorRecords(opts));
    const dump = (): unknown[] => [
      sampleRows(db),
      db.prepare('SELECT * FROM series_run_totals ORDER BY t').all(),
      db.prepare('SELECT * FROM series_host_hours ORDER BY host_id, hour').all(),
      db.prepare('SELECT first_t, last_t, peak_iops FROM series_hosts ORDER BY id').all(),
    ];
    expect(await storeCollectorFileAt(db, RUN, file)).toEqual({ hosts: 3, samples: sampleCount(opts) });
    const threaded = dump();
    await storeCollectorFileAt(db, RUN, file, { worker: false });
    expect(JSON.stringify(dump()).replace(/"host_id":\d+/g, '')).toEqual(
      JSON.stringify(threaded).replace(/"host_id":\d+/g, ''),
    );
    // Cut short: the valid part was stored, then the error removes it.
    const bytes = readFileSync(file);
    writeFileSync(file, bytes.subarray(0, Math.floor(bytes.length / 2)));
    const error = await storeCollectorFileAt(db, RUN, file).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CollectorFileError);
    expect((error as CollectorFileError).errorKey).toBe('iokit_file_truncated');
    expect(storedSampleCount(db)).toBe(0);
    expect((db.prepare('SELECT COUNT(*) AS n FROM series_run_totals').get() as { n: number }).n).toBe(0);
  });

  it('removes the partial series of a file that fails midway', async () => {
    async function* broken(): AsyncGenerator<CollectorRecord> {
      let n = 0;
      for await (const r of fixture()) {
        if (n++ === 4) throw new Error('truncated');
        yield r;
      }
    }
    await expect(storeCollectorFile(db, RUN, broken(), { batch: 2 })).rejects.toThrow('truncated');
    expect(storedSampleCount(db)).toBe(0);
    expect(projectHosts(db, PROJECT)).toEqual([]);
  });
});

// Per-VM sizing bases precomputed at ingest (issue #41 item 4; sizing/vm-bases.ts): the per-VM sizing answered from
// the bases kept when the run was stored equals the one computed from the raw samples (which sizing-vms.test.ts checks
// against a plain recomputation) for any samples — fractions, unknown values, VMs without samples — every basis and
// any settings; a period that does not hold all of a VM's samples is read from the samples; the kept bases answer even
// with the samples gone (so they, not a second read, made the answer); a file stored through the ingest workers keeps
// a row for each of its VMs, and clearing the run's series removes them. A VM two runs hold (a collection in parts) is
// sized from the runs' kept tops exactly as from all its samples (mergedPercentile against percentile over the union;
// the sizing answer with and without the samples), and read from its samples when the runs overlap in time.
import { DatabaseSync } from 'node:sqlite';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QueuedUploadEnvelope, Sizing } from '@assessment/sdk';
import type {
  CollectorHeader,
  CollectorRecord,
  CollectorSampleV2,
  HostInventory,
} from '../src/collector-file/index.ts';
import { seriesChanged } from '../src/series/cache.ts';
import { sampleExtent } from '../src/series/samples.ts';
import { createSeriesSchema } from '../src/series/schema.ts';
import { insertRunInventory } from '../src/series/inventory.ts';
import { extentOf } from '../src/series/repo.ts';
import { clearRunSeries, storeCollectorRecordsSync } from '../src/series/store.ts';
import { percentile } from '../src/series/math.ts';
import { BASIS_PERCENTILE, SIZING_BASES, type SizingBasis } from '../src/sizing/arithmetic.ts';
import { shippedCatalogue } from '../src/sizing/catalogue.ts';
import {
  keptVmBases,
  mergedPercentile,
  packBases,
  packTops,
  precomputeRunVmBases,
  topOf,
  unpackBases,
  unpackTops,
} from '../src/sizing/vm-bases.ts';
import { projectVmSizing } from '../src/sizing/vms.ts';
import {
  backgroundIngestServers,
  signedIn,
  startServer,
  uploadIokit,
  uploadModel,
  type TestServer,
  removeSamples,
} from './helpers.ts';
import { STEP, T0, lines, vsphereHeader, vsphereRecords } from './vsphere-fixture.ts';

const OWNER = 'enduser@adventure-works.example';

let t: TestServer;
beforeAll(async () => {
  t = await startServer();
});
afterAll(async () => {
  await t.close();
});

interface GenVm {
  on: boolean;
  vcpus: number;
  samples: { cpu: number | null; mem: number | null; r: number; w: number; rb: number; wb: number }[];
}

const measure = fc.double({ min: 0, max: 1e7, noNaN: true, noDefaultInfinity: true });
const genVm = fc.record({
  on: fc.boolean(),
  vcpus: fc.integer({ min: 1, max: 64 }),
  samples: fc.array(
    fc.record({
      cpu: fc.option(fc.double({ min: 0, max: 100, noNaN: true }), { freq: 6 }),
      mem: fc.option(measure, { freq: 6 }),
      r: measure,
      w: measure,
      rb: measure,
      wb: measure,
    }),
    { maxLength: 30 },
  ),
});

function header(vms: GenVm[]): CollectorHeader {
  const h = vsphereHeader();
  const template = h.hosts.find((x) => x.id === 'vm-42') as HostInventory;
  return {
    ...h,
    hosts: [
      ...h.hosts.filter((x) => x.entity !== 'vm'),
      ...vms.map((v, i): HostInventory => ({
        ...template,
        id: `vm-${String(100 + i)}`,
        name: `vm${String(100 + i)}`,
        cpu: { model: '', cores: v.vcpus },
        powerState: v.on ? 'poweredOn' : 'poweredOff',
      })),
    ],
  };
}

const sample = (host: string, k: number, s: GenVm['samples'][number] | null): CollectorSampleV2 => ({
  type: 'sample',
  tMs: T0 + (k + 1) * STEP,
  intervalMs: STEP,
  host,
  cpuPct: s === null ? 10 : s.cpu,
  memUsedBytes: s === null ? 2 ** 30 : s.mem,
  disks:
    s === null
      ? {}
      : {
          'datastore-61': {
            readIops: s.r,
            writeIops: s.w,
            readBps: s.rb,
            writeBps: s.wb,
            readLatencyMs: null,
            writeLatencyMs: null,
            queueDepth: null,
          },
        },
  net: {},
});

/** The most samples of a powered-on VM (at least 1): the hosts are sampled as long. */
/** The series ids of the VMs (of one run, or of all). */
const vmIds = (db: DatabaseSync, run?: number): number[] =>
  (
    db
      .prepare(`SELECT id FROM series_hosts WHERE entity = 'vm' AND (? IS NULL OR run_id = ?)`)
      .all(run ?? null, run ?? null) as { id: number }[]
  ).map((r) => r.id);

const longest = (vms: GenVm[]): number =>
  Math.max(1, ...vms.filter((v) => v.on).map((v) => v.samples.length));

/** A project of one run holding the VMs' samples (the hosts sampled over the longest VM's period). */
function storeProject(vms: GenVm[]): { project: number; run: number } {
  const repo = t.server.ctx.repo;
  const ownerId = repo.userByEmail(OWNER)?.id ?? 0;
  const run = repo.createRun('vSphere bases run', ownerId, 'server', Date.now(), true, undefined, false);
  const project = repo.createProject('vSphere bases', ownerId, [run], Date.now());
  const n = longest(vms);
  const samples = [
    ...Array.from({ length: n }, (_, k) =>
      ['host-21', 'host-22', 'srv-1'].map((h) => sample(h, k, null)),
    ).flat(),
    ...vms.flatMap((v, i) => (v.on ? v.samples.map((s, k) => sample(`vm-${String(100 + i)}`, k, s)) : [])),
  ];
  const records: CollectorRecord[] = [header(vms), ...samples, { type: 'end', samples: samples.length }];
  insertRunInventory(repo.db, run, records[0] as CollectorHeader);
  storeCollectorRecordsSync(repo.db, run, records);
  return { project, run };
}

/**
 * A project of two runs holding the same VMs (and hosts): run 1 their samples before `split`, run 2 from `split`
 * (from `split - 1` when `overlap`: one time in both runs), at the same times as storeProject gives them. `again`:
 * run 1 holds all the VMs' samples and run 2 the same values again after them (the same load in both parts).
 */
function storeTwoRuns(
  vms: GenVm[],
  split: number,
  overlap: boolean,
  again: boolean,
): { project: number; runs: [number, number] } {
  const repo = t.server.ctx.repo;
  const ownerId = repo.userByEmail(OWNER)?.id ?? 0;
  const runs = [1, 2].map((i) =>
    repo.createRun(`vSphere part ${String(i)}`, ownerId, 'server', Date.now(), true, undefined, false),
  ) as [number, number];
  const project = repo.createProject('vSphere in parts', ownerId, runs, Date.now());
  const parts: [number, number][] = [
    [0, split],
    [overlap ? split - 1 : split, Infinity],
  ];
  const n = longest(vms);
  runs.forEach((run, i) => {
    const [from, until] = parts[i] as [number, number];
    const at = (k: number): boolean => k >= from && k < until;
    // Again: run 2 holds each VM's values once more, from time n on (the hosts sampled as long).
    const vmSamples = (v: GenVm): [number, GenVm['samples'][number]][] =>
      again && i === 1
        ? v.samples.map((s, k) => [n + k, s])
        : v.samples.flatMap((s, k): [number, GenVm['samples'][number]][] => (at(k) ? [[k, s]] : []));
    const samples = [
      ...Array.from({ length: again ? 2 * n : n }, (_, k) =>
        at(k) ? ['host-21', 'host-22', 'srv-1'].map((h) => sample(h, k, null)) : [],
      ).flat(),
      ...vms.flatMap((v, j) =>
        v.on ? vmSamples(v).map(([k, s]) => sample(`vm-${String(100 + j)}`, k, s)) : [],
      ),
    ];
    const records: CollectorRecord[] = [header(vms), ...samples, { type: 'end', samples: samples.length }];
    insertRunInventory(repo.db, run, records[0] as CollectorHeader);
    storeCollectorRecordsSync(repo.db, run, records);
  });
  return { project, runs };
}

describe('the tops kept of a run', () => {
  // Ties matter (many equal values), as do fractions; -0 is never stored (samples.ts keeps it as 0).
  const value = fc.oneof(
    fc.integer({ min: 0, max: 9 }),
    fc.double({ min: -1e9, max: 1e9, noNaN: true }).map((v) => (v === 0 ? 0 : v)),
  );

  it('are the largest fifth of the values (at least one), ascending, with the count of them all', () => {
    fc.assert(
      fc.property(fc.array(value, { maxLength: 300 }), (values) => {
        const { known, top } = topOf(values);
        const sorted = [...values].sort((a, b) => a - b);
        const keep = Math.min(values.length, Math.ceil(values.length * 0.2) + 1);
        expect(known).toBe(values.length);
        expect([...top]).toEqual(sorted.slice(values.length - keep));
        expect(
          unpackTops(
            packTops({
              cores: topOf(values),
              memoryGiB: topOf([]),
              iops: topOf([1]),
              throughputMBps: topOf(values),
            }),
          ).cores.top,
        ).toEqual(top);
      }),
    );
  });

  it('give each basis of several runs taken together exactly, or nothing; always for runs of the same values', () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(value, { maxLength: 200 }), { minLength: 1, maxLength: 4 }),
        fc.constantFrom(...SIZING_BASES),
        (runs, basis) => {
          const p = BASIS_PERCENTILE[basis];
          const union = runs.flat();
          const merged = mergedPercentile(
            runs.map((r) => topOf(r)),
            p,
          );
          if (union.length === 0) expect(merged).toBeNull();
          else if (merged !== undefined) expect(merged).toBe(percentile(union, p));
          const same = runs.map(() => runs[0] ?? []);
          const sameUnion = same.flat();
          expect(
            mergedPercentile(
              same.map((r) => topOf(r)),
              p,
            ),
          ).toBe(sameUnion.length === 0 ? null : percentile(sameUnion, p));
        },
      ),
      { numRuns: 500 },
    );
  });

  it('always give it for a collection in two parts of equal length, whatever their loads', () => {
    const equalParts = fc
      .integer({ min: 0, max: 200 })
      .chain((n) =>
        fc.tuple(
          fc.array(value, { minLength: n, maxLength: n }),
          fc.array(value, { minLength: n, maxLength: n }),
        ),
      );
    const both = (a: number[], b: number[], p: number): number | null | undefined =>
      mergedPercentile([topOf(a), topOf(b)], p);
    fc.assert(
      fc.property(equalParts, fc.constantFrom(...SIZING_BASES), ([a, b], basis) => {
        const p = BASIS_PERCENTILE[basis];
        expect(both(a, b, p)).toBe(a.length === 0 ? null : percentile([...a, ...b], p));
      }),
      { numRuns: 500 },
    );
    // One part's values all above the other's: p90 of both is the first part's p80.
    const low = Array.from({ length: 100 }, (_, i) => i);
    const high = low.map((v) => v + 1000);
    for (const basis of SIZING_BASES)
      expect(both(high, low, BASIS_PERCENTILE[basis])).toBe(
        percentile([...high, ...low], BASIS_PERCENTILE[basis]),
      );
  });
});

describe('the per-VM sizing from bases kept at ingest', () => {
  it('keeps the bases bit for bit: fractions, -0, the largest double and unknown (null) figures', () => {
    const bases = {
      peak: { cores: 0.1 + 0.2, memoryGiB: -0, iops: Number.MAX_VALUE, throughputMBps: null },
      p99: { cores: null, memoryGiB: null, iops: null, throughputMBps: null },
      p95: { cores: 1 / 3, memoryGiB: 5e-324, iops: 0, throughputMBps: 123.456 },
      p90: { cores: 2, memoryGiB: 2 ** -30, iops: 1e21, throughputMBps: 0.30000000000000004 },
    };
    const back = unpackBases(packBases(bases));
    expect(back).toEqual(bases);
    expect(Object.is(back.peak.memoryGiB, -0)).toBe(true);
  });

  it('equals the sizing from the raw samples for any samples, basis and settings, and answers without the samples', () => {
    const shapes = shippedCatalogue().shapes;
    const db = t.server.ctx.repo.db;
    fc.assert(
      fc.property(
        fc.array(genVm, { minLength: 1, maxLength: 4 }),
        fc.integer({ min: 0, max: 200 }),
        fc.integer({ min: -50, max: 200 }),
        fc.integer({ min: 0, max: 10 }),
        (vms, headroom, growth, horizon) => {
          const { project, run } = storeProject(vms);
          const extent = extentOf(db, project);
          const from = extent?.first ?? 0;
          const to = extent?.last ?? -1;
          const size = (basis: SizingBasis, until = to) =>
            projectVmSizing(
              db,
              project,
              { basis, headroomPercent: headroom, growthPercent: growth, horizonYears: horizon },
              shapes,
              from,
              until,
            );
          // The last interval left out: a VM sampled until then is read from its samples.
          const partialTo = to - STEP / 1000;
          const fromSamples = SIZING_BASES.map((b) => [size(b), size(b, partialTo)]);
          expect(precomputeRunVmBases(db, run)).toBe(vms.length);
          // Each VM's first and last time kept (from its samples read) are its chunks' extent.
          for (const k of keptVmBases(db, project).values())
            expect({ first: k.first, last: k.last }).toEqual(sampleExtent(db, k.hostId));
          expect([...keptVmBases(db, project).values()].map((k) => k.samples).sort()).toEqual(
            vms.map((v) => (v.on ? v.samples.length : 0)).sort(),
          );
          seriesChanged();
          expect(SIZING_BASES.map((b) => [size(b), size(b, partialTo)])).toEqual(fromSamples);
          // The VMs' samples gone: the whole period is still answered (from the kept bases), a part of it is not.
          removeSamples(db, vmIds(db, run));
          seriesChanged();
          expect(SIZING_BASES.map((b) => size(b))).toEqual(fromSamples.map(([whole]) => whole));
          if (longest(vms) > 1) expect(size('peak', partialTo)).not.toEqual(fromSamples[0]?.[1]);
          clearRunSeries(db, run);
          expect(keptVmBases(db, project).size).toBe(0);
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe('the per-VM sizing of VMs two runs hold', () => {
  const shapes = shippedCatalogue().shapes;
  const sizeAll = (project: number) => {
    const db = t.server.ctx.repo.db;
    const extent = extentOf(db, project);
    return SIZING_BASES.map((basis) =>
      projectVmSizing(
        db,
        project,
        { basis, headroomPercent: 20, growthPercent: 10, horizonYears: 3 },
        shapes,
        extent?.first ?? 0,
        extent?.last ?? -1,
      ),
    );
  };
  const vmsOfProject = (project: number): number[] =>
    (
      t.server.ctx.repo.db
        .prepare(
          `SELECT h.id FROM series_hosts h JOIN collector_runs r ON r.id = h.run_id
           WHERE r.project_id = ? AND h.entity = 'vm'`,
        )
        .all(project) as { id: number }[]
    ).map((r) => r.id);

  it("equals the sizing from all their samples, from the runs' tops when both parts have the same load", () => {
    const db = t.server.ctx.repo.db;
    fc.assert(
      fc.property(
        fc.array(genVm, { minLength: 1, maxLength: 3 }),
        fc.nat(),
        fc.boolean(),
        (vms, cut, again) => {
          const n = longest(vms);
          const { project, runs } = storeTwoRuns(vms, again ? n : 1 + (cut % n), false, again);
          seriesChanged();
          const fromSamples = sizeAll(project);
          // One VM each, whatever the runs holding it (entities.ts).
          expect(fromSamples[0]?.vms).toHaveLength(vms.length);
          for (const run of runs) precomputeRunVmBases(db, run);
          seriesChanged();
          expect(sizeAll(project)).toEqual(fromSamples);
          // The same load in both parts: the tops answer, the samples gone or not.
          if (again) {
            removeSamples(db, vmsOfProject(project));
            seriesChanged();
            expect(sizeAll(project)).toEqual(fromSamples);
          }
          for (const run of runs) clearRunSeries(db, run);
        },
      ),
      { numRuns: 40 },
    );
  });

  it('keeps no tops for the rows of a data folder from before them (those VMs are read from their samples)', () => {
    const db = new DatabaseSync(':memory:');
    db.exec(
      'CREATE TABLE sizing_vm_bases (host_id INTEGER PRIMARY KEY, run_id INTEGER NOT NULL, samples INTEGER NOT NULL, first_t REAL, last_t REAL, bases BLOB NOT NULL)',
    );
    db.prepare('INSERT INTO sizing_vm_bases VALUES (1, 1, 3, 0, 40, ?)').run(new Uint8Array(128));
    createSeriesSchema(db);
    expect(db.prepare('SELECT host_id, tops FROM sizing_vm_bases').all()).toEqual([
      { host_id: 1, tops: null },
    ]);
    db.close();
  });

  it('reads the samples when the runs overlap in time (one sample per time is kept of both)', () => {
    const db = t.server.ctx.repo.db;
    const vm: GenVm = {
      on: true,
      vcpus: 4,
      samples: Array.from({ length: 20 }, (_, k) => ({
        cpu: 5 * k,
        mem: 2 ** 30,
        r: k,
        w: 1,
        rb: 1e6,
        wb: 0,
      })),
    };
    const { project, runs } = storeTwoRuns([vm], 10, true, false);
    for (const run of runs) precomputeRunVmBases(db, run);
    seriesChanged();
    const fromSamples = sizeAll(project);
    expect(fromSamples[0]?.vms[0]?.sizedBy).toBe('samples');
    expect(fromSamples[0]?.vms[0]?.samples).toBe(20);
    removeSamples(db, vmsOfProject(project));
    seriesChanged();
    // Not answered from the kept rows: the VM has no sample left.
    expect(sizeAll(project)[0]?.vms[0]?.sizedBy).toBe('allocation');
    for (const run of runs) clearRunSeries(db, run);
  });
});

describe('a vSphere file stored by the ingest workers', { timeout: 120_000 }, () => {
  const servers = backgroundIngestServers();

  it('keeps the bases of each of its VMs, and the sizing answer is theirs', async () => {
    const s = await servers();
    const c = await signedIn(s, OWNER);
    const uploaded = await uploadIokit(c, lines(...vsphereRecords(30)), 'vcenter.iokit');
    const q = await c.json<QueuedUploadEnvelope>('POST', '/upload-service/api/iokitqueue', {
      json: uploadModel([uploaded], { newProjectName: 'Kept bases' }),
    });
    expect(q.status).toBe(200);
    await s.server.ctx.ingest.idle();
    const db = s.server.ctx.repo.db;
    const kept = db
      .prepare(
        `SELECT h.name, b.samples FROM sizing_vm_bases b JOIN series_hosts h ON h.id = b.host_id
         JOIN collector_runs r ON r.id = b.run_id WHERE r.project_id = ? ORDER BY h.name`,
      )
      .all(q.body.Data.Id);
    expect(kept).toEqual([
      { name: 'app01', samples: 30 },
      { name: 'old01', samples: 0 },
      { name: 'sql01', samples: 30 },
      { name: 'web01', samples: 30 },
    ]);
    const path = `/api/projects/${String(q.body.Data.Id)}/sizing?basis=p90`;
    const before = await c.json<Sizing>('GET', path);
    expect(before.status).toBe(200);
    expect(before.body.Vms?.filter((v) => v.SizedBy === 'samples')).toHaveLength(3);
    removeSamples(db, vmIds(db));
    seriesChanged();
    const after = await c.json<Sizing>('GET', path);
    expect(after.body.Vms).toEqual(before.body.Vms);
  });
});

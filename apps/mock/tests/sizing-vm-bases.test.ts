// Per-VM sizing bases precomputed at ingest (issue #41 item 4; sizing/vm-bases.ts): the per-VM sizing answered from
// the bases kept when the run was stored equals the one computed from the raw samples (which sizing-vms.test.ts checks
// against a plain recomputation) for any samples — fractions, unknown values, VMs without samples — every basis and
// any settings; a period that does not hold all of a VM's samples is read from the samples; the kept bases answer even
// with the samples gone (so they, not a second read, made the answer); a file stored through the ingest workers keeps
// a row for each of its VMs, and clearing the run's series removes them.
import type { DatabaseSync } from 'node:sqlite';
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
import { insertRunInventory } from '../src/series/inventory.ts';
import { extentOf } from '../src/series/repo.ts';
import { clearRunSeries, storeCollectorRecordsSync } from '../src/series/store.ts';
import { SIZING_BASES, type SizingBasis } from '../src/sizing/arithmetic.ts';
import { shippedCatalogue } from '../src/sizing/catalogue.ts';
import { keptVmBases, packBases, precomputeRunVmBases, unpackBases } from '../src/sizing/vm-bases.ts';
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

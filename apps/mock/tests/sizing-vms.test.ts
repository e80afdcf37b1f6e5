// Per-VM right-sizing (issue #41; docs/sizing.md "Per-VM right-sizing (vSphere)"): getProjectSizing's Vms, Clusters
// and VmShapeTotals for a project with VMs. Hand-computed cases (a VM at known CPU, memory, IOPS and throughput →
// its required figures and shape; a powered-off VM and a powered-on VM without samples sized by their allocation and
// marked), the cluster's figures as the sum of its VMs', the answer of a project without VMs unchanged (no Vms keys,
// the same totals and servers as the same estate's host layer alone), and a fast-check property comparing every VM's
// required figures with an exact recomputation from its raw samples written plainly here (nearest rank by sorting,
// rounding and the factors in integer arithmetic with BigInt).
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { zSizing, type ProjectVms, type Sizing, type SizingVm } from '@assessment/sdk';
import type {
  CollectorHeader,
  CollectorRecord,
  CollectorSampleV2,
  HostInventory,
} from '../src/collector-file/index.ts';
import { insertRunInventory } from '../src/series/inventory.ts';
import { storeCollectorRecordsSync } from '../src/series/store.ts';
import { extentOf } from '../src/series/repo.ts';
import { shippedCatalogue } from '../src/sizing/catalogue.ts';
import { projectVmSizing } from '../src/sizing/vms.ts';
import type { SizingBasis } from '../src/sizing/arithmetic.ts';
import { VSPHERE_DEMO_PROJECT } from '../src/series/seed.ts';
import { Client, signedIn, startServer, type TestServer } from './helpers.ts';
import { GIB, STEP, T0, vsphereHeader, vsphereRecords } from './vsphere-fixture.ts';

const OWNER = 'enduser@adventure-works.example';
const N = 20;

let t: TestServer;
let owner: Client;
beforeAll(async () => {
  t = await startServer();
  owner = await signedIn(t, OWNER);
});
afterAll(async () => {
  await t.close();
});

/** A project of one run holding these records. */
function projectOf(records: CollectorRecord[]): number {
  const repo = t.server.ctx.repo;
  const ownerId = repo.userByEmail(OWNER)?.id ?? 0;
  const run = repo.createRun('vSphere sizing run', ownerId, 'server', Date.now(), true, undefined, false);
  const project = repo.createProject('vSphere sizing', ownerId, [run], Date.now());
  insertRunInventory(repo.db, run, records[0] as CollectorHeader);
  storeCollectorRecordsSync(repo.db, run, records);
  return project;
}

interface Plain {
  cpuPct: number | null;
  memUsedBytes: number | null;
  readIops: number;
  writeIops: number;
  readBps: number;
  writeBps: number;
}

const sample = (host: string, k: number, p: Plain): CollectorSampleV2 => ({
  type: 'sample',
  tMs: T0 + (k + 1) * STEP,
  intervalMs: STEP,
  host,
  cpuPct: p.cpuPct,
  memUsedBytes: p.memUsedBytes,
  disks: {
    'datastore-61': {
      readIops: p.readIops,
      writeIops: p.writeIops,
      readBps: p.readBps,
      writeBps: p.writeBps,
      readLatencyMs: p.readIops > 0 ? 1 : null,
      writeLatencyMs: p.writeIops > 0 ? 1 : null,
      queueDepth: null,
    },
  },
  net: {},
});

/** The hosts' and the server's samples (the project's period): constant, they play no part in a VM's sizing. */
const hostSamples = (n: number): CollectorSampleV2[] =>
  Array.from({ length: n }, (_, k) =>
    ['host-21', 'host-22', 'srv-1'].map((id) =>
      sample(id, k, {
        cpuPct: 10,
        memUsedBytes: 8 * GIB,
        readIops: 10,
        writeIops: 10,
        readBps: 1e5,
        writeBps: 1e5,
      }),
    ),
  ).flat();

const get = async (project: number): Promise<Sizing> => {
  const r = await owner.json<Sizing>(
    'GET',
    `/api/projects/${String(project)}/sizing?basis=p95&headroom=30&growth=10&horizon=3`,
  );
  expect(r.status).toBe(200);
  expect(zSizing.safeParse(r.body).success).toBe(true);
  return r.body;
};

describe('per-VM sizing, computed by hand (p95, 30 % headroom, 10 % growth over 3 years: × 1.3 × 1.331)', () => {
  // The fixture's VMs: sql01 (vm-42, 8 vCPU), web01 (vm-43, 4 vCPU), app01 (vm-44, 2 vCPU: powered on, but no samples
  // here), old01 (vm-45, 2 vCPU, powered off); each configured with 32 GiB, all in Cluster A.
  let body: Sizing;
  beforeAll(async () => {
    const vmSamples = Array.from({ length: N }, (_, k) => [
      // sql01: CPU 5 %, 10 %, … 100 %; 100, 200, … 2 000 read IOPS; 1, 2, … 20 MB/s; 20 GiB consumed.
      sample('vm-42', k, {
        cpuPct: 5 * (k + 1),
        memUsedBytes: 20 * GIB,
        readIops: 100 * (k + 1),
        writeIops: 0,
        readBps: 1e6 * (k + 1),
        writeBps: 0,
      }),
      // web01: CPU 25 %, 60 + 40 IOPS, 0.5 + 0.5 MB/s, 4 GiB, constant.
      sample('vm-43', k, {
        cpuPct: 25,
        memUsedBytes: 4 * GIB,
        readIops: 60,
        writeIops: 40,
        readBps: 5e5,
        writeBps: 5e5,
      }),
    ]).flat();
    const samples = [...hostSamples(N), ...vmSamples];
    body = await get(projectOf([vsphereHeader(), ...samples, { type: 'end', samples: samples.length }]));
  });
  const vm = (name: string): SizingVm | undefined => body.Vms?.find((v) => v.Name === name);

  it('sizes a powered-on VM over its own samples: the p95 of each figure × 1.7303, rounded up, and the smallest shape', () => {
    // p95 of 20 samples is the 19th smallest: CPU 95 % × 8 vCPU = 7.6 cores × 1.7303 = 13.150… → 13.2;
    // 20 GiB × 1.7303 = 34.606 → 34.7 GiB; 1 900 IOPS × 1.7303 = 3 287.57 → 3 288; 19 MB/s × 1.7303 = 32.88 → 32.9.
    // 13.2 cores need 14 vCPU: the 16-vCPU G shape (64 GiB, Standard: 5 000 IOPS, 200 MB/s) is the smallest.
    expect(vm('sql01')).toMatchObject({
      VmId: expect.stringMatching(/^vm-\d+$/) as string,
      ClusterId: 'domain-c7',
      Cluster: 'Cluster A',
      Host: 'esx01',
      PowerState: 'poweredOn',
      Vcpus: 8,
      Samples: N,
      SizedBy: 'samples',
      Cores: 13.2,
      MemoryGiB: 34.7,
      Iops: 3288,
      ThroughputMBps: 32.9,
      Shape: 'g16-standard',
    });
    // 25 % × 4 = 1 core → 1.8; 4 GiB → 6.93 → 7.0 (rounded up: 6.9212 → 7.0); 100 IOPS → 174; 1 MB/s → 1.8: G2.
    expect(vm('web01')).toMatchObject({
      SizedBy: 'samples',
      Cores: 1.8,
      MemoryGiB: 7,
      Iops: 174,
      ThroughputMBps: 1.8,
      Shape: 'g2-standard',
    });
  });

  it('sizes a powered-off VM, and a powered-on one without samples, by its allocation, marked and unmeasured', () => {
    // 2 vCPU and 32 GiB as configured (no factors), IOPS and throughput unknown: the 2-vCPU X shape (32 GiB).
    for (const [name, state] of [
      ['old01', 'poweredOff'],
      ['app01', 'poweredOn'],
    ] as const)
      expect(vm(name), name).toMatchObject({
        PowerState: state,
        Vcpus: 2,
        MemoryBytes: 32 * GIB,
        Samples: 0,
        SizedBy: 'allocation',
        Cores: 2,
        MemoryGiB: 32,
        Iops: null,
        ThroughputMBps: null,
        Shape: 'x2-standard',
      });
  });

  it("sums a cluster's VMs and counts their shapes", () => {
    expect(body.Clusters).toEqual([
      {
        ClusterId: 'domain-c7',
        Name: 'Cluster A',
        Vms: 4,
        VmsByAllocation: 2,
        Cores: 19, // 13.2 + 1.8 + 2 + 2
        MemoryGiB: 105.7, // 34.7 + 7 + 32 + 32
        Iops: 3462, // 3 288 + 174 (the VMs sized by allocation are not measured)
        ThroughputMBps: 34.7, // 32.9 + 1.8
        ShapeTotals: [
          { Shape: 'g2-standard', Count: 1 },
          { Shape: 'x2-standard', Count: 2 },
          { Shape: 'g16-standard', Count: 1 },
        ],
      },
    ]);
    expect(body.VmShapeTotals).toEqual(body.Clusters?.[0]?.ShapeTotals);
  });
});

describe('a project without VMs', () => {
  it('answers without Vms, Clusters and VmShapeTotals, and VMs change none of the totals, servers or shapes', async () => {
    const withVms = await get(projectOf(vsphereRecords(30, true)));
    const without = await get(projectOf(vsphereRecords(30, false)));
    expect(Object.keys(without)).not.toContain('Vms');
    expect(Object.keys(without)).not.toContain('Clusters');
    expect(Object.keys(without)).not.toContain('VmShapeTotals');
    expect(withVms.Vms).toHaveLength(4);
    for (const key of ['Totals', 'ShapeTotals', 'First', 'Last'] as const)
      expect(withVms[key], key).toEqual(without[key]);
    // The same servers with the same figures (their node ids are the project's own).
    const servers = (b: Sizing) => b.Servers.map((s) => ({ ...s, NodeId: undefined }));
    expect(servers(withVms)).toEqual(servers(without));
  });
});

describe("the seeded vSphere project's sizing", () => {
  it('sizes every VM the viewer lists, the powered-off ones by allocation, and sums each cluster', async () => {
    const row = t.server.ctx.repo.db
      .prepare('SELECT id FROM projects WHERE name = ?')
      .get(VSPHERE_DEMO_PROJECT) as { id: number } | undefined;
    expect(row).toBeDefined();
    const id = String(row?.id);
    const body = await get(row?.id ?? 0);
    const listed = (await owner.json<ProjectVms>('GET', `/api/projects/${id}/viewer/vms`)).body;
    expect(body.Vms?.map((v) => v.VmId).sort()).toEqual(listed.Vms.map((v) => v.VmId).sort());
    const off = body.Vms?.filter((v) => v.PowerState !== 'poweredOn') ?? [];
    expect(off.length).toBeGreaterThan(0);
    for (const v of off)
      expect(v).toMatchObject({ SizedBy: 'allocation', Cores: v.Vcpus, Iops: null, ThroughputMBps: null });
    for (const c of body.Clusters ?? []) {
      const of = body.Vms?.filter((v) => v.ClusterId === c.ClusterId) ?? [];
      const tenths = (f: (v: SizingVm) => number | null) =>
        of.reduce((a, v) => a + Math.round((f(v) ?? 0) * 10), 0) / 10;
      expect(c.Vms).toBe(of.length);
      expect(c.Cores).toBe(tenths((v) => v.Cores));
      expect(c.MemoryGiB).toBe(tenths((v) => v.MemoryGiB));
      expect(c.Iops).toBe(tenths((v) => v.Iops));
    }
  });
});

describe('an anonymized project', () => {
  it("masks the VMs', hosts' and clusters' names as the viewer's VM list does", async () => {
    const id = projectOf(vsphereRecords(10, true));
    t.server.ctx.repo.db.prepare('UPDATE projects SET anonymous = 1 WHERE id = ?').run(id);
    const body = await get(id);
    const listed = (await owner.json<ProjectVms>('GET', `/api/projects/${String(id)}/viewer/vms`)).body;
    expect(body.Vms).toHaveLength(listed.Vms.length);
    for (const v of listed.Vms) {
      expect(v.Name).toMatch(/^VM \d+$/);
      expect(body.Vms?.find((x) => x.VmId === v.VmId)).toMatchObject({
        Name: v.Name,
        Host: v.Host,
        Cluster: v.Cluster,
      });
    }
    expect(body.Clusters?.map((c) => c.Name)).toEqual(['Cluster 1']);
  });
});

// ---- The property: an exact, plain recomputation ---------------------------------------------------------------

const PERCENT: Record<SizingBasis, number> = { peak: 100, p99: 99, p95: 95, p90: 90 };

/** Nearest rank, plainly: sort the known values, take the one at rank ⌈p × n⌉. */
function plainBasis(values: (number | null)[], basis: SizingBasis): number | null {
  const known = values.filter((v): v is number => v !== null).sort((a, b) => a - b);
  if (known.length === 0) return null;
  return known[Math.max(1, Math.ceil((PERCENT[basis] * known.length) / 100)) - 1] ?? null;
}

/**
 * ⌈units × (100 + headroom) × (100 + growth)^horizon ÷ 100^(horizon + 1)⌉ in exact integers: the required figure in
 * the same units (tenths or wholes) as the rounded basis given.
 */
function plainRequired(units: number, headroom: number, growth: number, horizon: number): number {
  const num = BigInt(units) * BigInt(100 + headroom) * BigInt(100 + growth) ** BigInt(horizon);
  const den = 100n ** BigInt(horizon + 1);
  return Number((num + den - 1n) / den);
}

interface GenVm {
  on: boolean;
  vcpus: number;
  memoryMiB: number;
  /** cpu % (whole), memory MiB, read/write IOPS (whole), read/write kB/s; null: unknown. */
  samples: { cpu: number | null; memMiB: number | null; r: number; w: number; rk: number; wk: number }[];
}

const genVm = fc.record({
  on: fc.boolean(),
  vcpus: fc.integer({ min: 1, max: 32 }),
  memoryMiB: fc.integer({ min: 512, max: 256 * 1024 }),
  samples: fc.array(
    fc.record({
      cpu: fc.option(fc.integer({ min: 0, max: 100 }), { freq: 8 }),
      memMiB: fc.option(fc.integer({ min: 0, max: 64 * 1024 }), { freq: 8 }),
      r: fc.integer({ min: 0, max: 20_000 }),
      w: fc.integer({ min: 0, max: 20_000 }),
      rk: fc.integer({ min: 0, max: 500_000 }),
      wk: fc.integer({ min: 0, max: 500_000 }),
    }),
    { minLength: 1, maxLength: 25 },
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
        memoryBytes: v.memoryMiB * 2 ** 20,
        powerState: v.on ? 'poweredOn' : 'poweredOff',
      })),
    ],
  };
}

describe('property: each VM as a plain exact recomputation from its raw samples', () => {
  it('equals the per-VM sizing for any samples and settings, and each cluster is the sum of its VMs', () => {
    const shapes = shippedCatalogue().shapes;
    fc.assert(
      fc.property(
        fc.array(genVm, { minLength: 1, maxLength: 3 }),
        fc.constantFrom<SizingBasis>('peak', 'p99', 'p95', 'p90'),
        fc.integer({ min: 0, max: 200 }),
        fc.integer({ min: -50, max: 200 }),
        fc.integer({ min: 0, max: 10 }),
        (vms, basis, headroom, growth, horizon) => {
          const n = Math.max(...vms.map((v) => v.samples.length));
          const samples = [
            ...hostSamples(n),
            ...vms.flatMap((v, i) =>
              v.on
                ? v.samples.map((s, k) =>
                    sample(`vm-${String(100 + i)}`, k, {
                      cpuPct: s.cpu,
                      memUsedBytes: s.memMiB === null ? null : s.memMiB * 2 ** 20,
                      readIops: s.r,
                      writeIops: s.w,
                      readBps: s.rk * 1000,
                      writeBps: s.wk * 1000,
                    }),
                  )
                : [],
            ),
          ];
          const project = projectOf([header(vms), ...samples, { type: 'end', samples: samples.length }]);
          const db = t.server.ctx.repo.db;
          const extent = extentOf(db, project);
          const settings = { basis, headroomPercent: headroom, growthPercent: growth, horizonYears: horizon };
          const got = projectVmSizing(db, project, settings, shapes, extent?.first ?? 0, extent?.last ?? -1);
          expect(got?.vms).toHaveLength(vms.length);
          const req = (units: number | null, scale: number): number | null =>
            units === null ? null : plainRequired(units, headroom, growth, horizon) / scale;
          vms.forEach((v, i) => {
            const g = got?.vms.find((x) => x.name === `vm${String(100 + i)}`);
            if (!v.on) {
              expect(g).toMatchObject({
                sizedBy: 'allocation',
                cores: v.vcpus,
                memoryGiB: Math.ceil((v.memoryMiB * 10) / 1024) / 10,
                iops: null,
                throughputMBps: null,
              });
              return;
            }
            // Cores in hundredths (CPU % × vCPUs), memory in MiB, throughput in kB/s: all integers, rounded half
            // up to tenths (IOPS: wholes) by integer division.
            const tenths = (x: number | null, per: number): number | null =>
              x === null ? null : Math.floor((x * 10 + per / 2) / per);
            const coresH = plainBasis(
              v.samples.map((s) => (s.cpu === null ? null : s.cpu * v.vcpus)),
              basis,
            );
            const memMiB = plainBasis(
              v.samples.map((s) => s.memMiB),
              basis,
            );
            const iops = plainBasis(
              v.samples.map((s) => s.r + s.w),
              basis,
            );
            const kBps = plainBasis(
              v.samples.map((s) => s.rk + s.wk),
              basis,
            );
            expect(g, JSON.stringify(v)).toMatchObject({
              sizedBy: 'samples',
              samples: v.samples.length,
              cores: req(tenths(coresH, 100), 10),
              memoryGiB: req(tenths(memMiB, 1024), 10),
              iops: req(iops, 1),
              throughputMBps: req(tenths(kBps, 1000), 10),
            });
          });
          // One cluster (every VM is in Cluster A): its figures are its VMs' added up (known ones), in tenths.
          const all = got?.vms ?? [];
          const sum = (f: (v: (typeof all)[number]) => number | null, scale: number): number | null => {
            const known = all.map(f).filter((x): x is number => x !== null);
            return known.length === 0 ? null : known.reduce((a, x) => a + Math.round(x * scale), 0) / scale;
          };
          expect(got?.clusters).toHaveLength(1);
          expect(got?.clusters[0]).toMatchObject({
            vms: vms.length,
            vmsByAllocation: vms.filter((v) => !v.on).length,
            cores: sum((v) => v.cores, 10),
            memoryGiB: sum((v) => v.memoryGiB, 10),
            iops: sum((v) => v.iops, 1),
            throughputMBps: sum((v) => v.throughputMBps, 10),
          });
          const counted = got?.clusters[0]?.shapeTotals.reduce((a, s) => a + s.count, 0);
          expect(counted).toBe(vms.length);
        },
      ),
      { numRuns: 40 },
    );
  });
});

// The VM layer of a project apart from its totals (proposed GET /api/projects/{id}/viewer/vms; issue #41): every VM
// with its cluster, host, power state, allocation and its own figures — checked against a plain recomputation here
// (peaks and nearest-rank 95th percentiles taken by hand over the VM's samples) — the clusters, the cluster filter,
// the viewer's nodes (hosts of Kind host, datastores as storage, never a VM), and the viewer's access rules:
// anonymous readers of a published project only, anonymized projects masking VM, host and cluster names.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  zProjectVms,
  type ProjectSeriesSummary,
  type ProjectViewerData,
  type ProjectVms,
  type QueuedUploadEnvelope,
} from '@assessment/sdk';
import type { CollectorHeader } from '../src/collector-file/index.ts';
import { insertRunInventory } from '../src/series/inventory.ts';
import { storeCollectorRecordsSync } from '../src/series/store.ts';
import { VSPHERE_DEMO_OPTIONS, VSPHERE_DEMO_OWNER, VSPHERE_DEMO_PROJECT } from '../src/series/seed.ts';
import {
  Client,
  backgroundIngestServers,
  signedIn,
  startServer,
  uploadIokit,
  uploadModel,
  type TestServer,
} from './helpers.ts';
import {
  GIB,
  STEP,
  T0,
  TIB,
  VMS_ON,
  lines,
  maxOf,
  nearestRank,
  vsphereHeader,
  vsphereRecords,
  vsphereSample,
} from './vsphere-fixture.ts';

const OWNER = 'enduser@adventure-works.example';
const OTHER = 'partner.member@contoso-partners.example';
const N = 90;

let t: TestServer;
let project = 0;
let owner: Client;
beforeAll(async () => {
  t = await startServer();
  const repo = t.server.ctx.repo;
  const ownerId = repo.userByEmail(OWNER)?.id ?? 0;
  const run = repo.createRun('vSphere run', ownerId, 'server', Date.now(), true, undefined, false);
  project = repo.createProject('vSphere estate', ownerId, [run], Date.now());
  const records = vsphereRecords(N);
  insertRunInventory(repo.db, run, records[0] as CollectorHeader);
  storeCollectorRecordsSync(repo.db, run, records);
  owner = await signedIn(t, OWNER);
});
afterAll(async () => {
  await t.close();
});

const url = (query = ''): string => `/api/projects/${String(project)}/viewer/vms${query}`;
const round = (v: number | null): number | null => (v === null ? null : Math.round(v * 100) / 100);

/** A VM's figures recomputed plainly over its N samples (all of them lie in the project's period). */
function plainFigures(id: string) {
  const samples = Array.from({ length: N }, (_, k) => vsphereSample(id, k));
  const iops = samples.map((s) =>
    Object.values(s.disks).reduce((a, d) => a + (d.readIops ?? 0) + (d.writeIops ?? 0), 0),
  );
  // The store's per-sample latency: IOPS-weighted over reads and writes.
  const latency = samples.map((s) => {
    const d = Object.values(s.disks)[0];
    if (!d) return null;
    const r = d.readLatencyMs === null ? 0 : (d.readIops ?? 0);
    const w = d.writeLatencyMs === null ? 0 : (d.writeIops ?? 0);
    return r + w === 0 ? null : ((d.readLatencyMs ?? 0) * r + (d.writeLatencyMs ?? 0) * w) / (r + w);
  });
  const busyLatency = latency.filter((_, i) => (iops[i] ?? 0) >= 100);
  return {
    Samples: N,
    CpuPeak: round(maxOf(samples.map((s) => s.cpuPct))),
    CpuP95: round(
      nearestRank(
        samples.map((s) => s.cpuPct),
        95,
      ),
    ),
    CpuMhzPeak: round(maxOf(samples.map((s) => s.cpuMhz ?? null))),
    MemoryConsumedPeakBytes: round(maxOf(samples.map((s) => s.memUsedBytes))),
    MemoryActivePeakBytes: round(maxOf(samples.map((s) => s.memActiveBytes ?? null))),
    IopsPeak: round(maxOf(iops)),
    IopsP95: round(nearestRank(iops, 95)),
    ThroughputPeak: round(
      maxOf(
        samples.map((s) =>
          Object.values(s.disks).reduce((a, d) => a + (d.readBps ?? 0) + (d.writeBps ?? 0), 0),
        ),
      ),
    ),
    LatencyP95: round(nearestRank(busyLatency, 95)),
  };
}

describe('GET /api/projects/{id}/viewer/vms', () => {
  it('answers every VM with its layers, allocation and own figures, equal to a plain recomputation', async () => {
    const r = await owner.json<ProjectVms>('GET', url());
    expect(r.status).toBe(200);
    expect(zProjectVms.safeParse(r.body).success).toBe(true);
    expect(r.body.From).toBe((T0 + STEP) / 1000);
    expect(r.body.To).toBe((T0 + N * STEP) / 1000);
    expect(r.body.LatencyMinIops).toBe(100);
    const names = r.body.Vms.map((v) => v.Name);
    expect(names).toEqual(['app01', 'old01', 'sql01', 'web01']);
    const byName = new Map(r.body.Vms.map((v) => [v.Name, v]));
    const header = vsphereHeader();
    for (const id of VMS_ON) {
      const inv = header.hosts.find((h) => h.id === id);
      const vm = byName.get(inv?.name ?? '');
      expect(vm, id).toBeDefined();
      expect(vm).toMatchObject(plainFigures(id));
      // Some of each VM's samples are under 100 IOPS: the p95 of latency leaves them out.
      expect(vm?.LatencyP95).not.toBeNull();
    }
    expect(byName.get('sql01')).toMatchObject({
      VmId: expect.stringMatching(/^vm-\d+$/) as string,
      ClusterId: 'domain-c7',
      Cluster: 'Cluster A',
      Host: 'esx01',
      PowerState: 'poweredOn',
      GuestOs: 'Microsoft Windows Server 2022 (64-bit)',
      Vcpus: 8,
      MemoryBytes: 32 * GIB,
      ProvisionedBytes: 200 * GIB,
      UsedBytes: 100 * GIB,
    });
    expect(byName.get('web01')?.UsedBytes).toBeNull();
    expect(byName.get('app01')?.Host).toBe('esx02');
    // A powered-off VM: no samples, every figure null, sized by its allocation.
    expect(byName.get('old01')).toMatchObject({
      PowerState: 'poweredOff',
      Samples: 0,
      Vcpus: 2,
      ProvisionedBytes: 40 * GIB,
      CpuPeak: null,
      CpuP95: null,
      CpuMhzPeak: null,
      MemoryConsumedPeakBytes: null,
      MemoryActivePeakBytes: null,
      IopsPeak: null,
      IopsP95: null,
      ThroughputPeak: null,
      LatencyP95: null,
    });
    expect(r.body.Clusters).toEqual([
      {
        ClusterId: 'domain-c7',
        Name: 'Cluster A',
        Datacenter: 'DC0',
        Hosts: 2,
        Vms: 4,
        VmsPoweredOn: 3,
        Cores: 128,
        MemoryBytes: 1024 * GIB,
        // shared-ds (10 TiB, 4 free) and local-ds (2 TiB, free unknown): each once.
        DatastoreCapacityBytes: 12 * TIB,
        DatastoreFreeBytes: null,
      },
    ]);
  });

  it('a period keeps the figures to its samples', async () => {
    const from = (T0 + STEP) / 1000;
    const to = (T0 + 10 * STEP) / 1000;
    const r = await owner.json<ProjectVms>('GET', url(`?from=${String(from)}&to=${String(to)}`));
    const sql = r.body.Vms.find((v) => v.Name === 'sql01');
    expect(sql?.Samples).toBe(10);
    const cpu = Array.from({ length: 10 }, (_, k) => vsphereSample('vm-42', k).cpuPct);
    expect(sql?.CpuPeak).toBe(round(maxOf(cpu)));
    expect(sql?.CpuP95).toBe(round(nearestRank(cpu, 95)));
  });

  it('filters by cluster name or id; an unknown cluster gives empty lists', async () => {
    const byName = await owner.json<ProjectVms>('GET', url('?cluster=Cluster%20A'));
    expect(byName.body.Vms).toHaveLength(4);
    expect(byName.body.Clusters).toHaveLength(1);
    const byId = await owner.json<ProjectVms>('GET', url('?cluster=domain-c7'));
    expect(byId.body).toEqual(byName.body);
    const none = await owner.json<ProjectVms>('GET', url('?cluster=Cluster%20B'));
    expect(none.status).toBe(200);
    expect(none.body.Vms).toEqual([]);
    expect(none.body.Clusters).toEqual([]);
  });

  it('lists each datastore once with the hosts that mount it; a cluster keeps those its hosts mount', async () => {
    // From the fixture by hand: shared-ds (10 TiB, 4 TiB free) on esx01 and esx02, local-ds (2 TiB, free unknown) on
    // esx01, both in Cluster A (every host mounting them is).
    const all = await owner.json<ProjectVms>('GET', url());
    expect(all.body.Datastores).toEqual([
      {
        DatastoreId: 'datastore-62',
        Name: 'local-ds',
        Type: 'VMFS',
        ClusterId: 'domain-c7',
        Cluster: 'Cluster A',
        CapacityBytes: 2 * TIB,
        FreeBytes: null,
        Hosts: ['esx01'],
      },
      {
        DatastoreId: 'datastore-61',
        Name: 'shared-ds',
        Type: 'VMFS',
        ClusterId: 'domain-c7',
        Cluster: 'Cluster A',
        CapacityBytes: 10 * TIB,
        FreeBytes: 4 * TIB,
        Hosts: ['esx01', 'esx02'],
      },
    ]);
    expect((await owner.json<ProjectVms>('GET', url('?cluster=domain-c7'))).body.Datastores).toEqual(
      all.body.Datastores,
    );
    expect((await owner.json<ProjectVms>('GET', url('?cluster=Cluster%20B'))).body.Datastores).toEqual([]);
  });

  it('the viewer shows hosts of Kind host and the datastores as storage, never a VM; capacity counts each datastore once', async () => {
    const v = await owner.json<ProjectViewerData>('GET', `/api/projects/${String(project)}/viewer`);
    expect(v.status).toBe(200);
    const nodes = v.body.Nodes.map((n) => [n.Name, n.Kind]).sort();
    expect(nodes).toEqual([
      ['backup01', 'server'],
      ['esx01', 'host'],
      ['esx02', 'host'],
      ['local-ds', 'storage'],
      ['shared-ds', 'storage'],
    ]);
    const s = await owner.json<ProjectSeriesSummary>(
      'GET',
      `/api/projects/${String(project)}/series/summary`,
    );
    expect(s.body.EnabledNodes).toBe(3);
    expect(s.body.Capacity.map((c) => [c.Name, c.Kind, c.CapacityBytes, c.UsedBytes])).toEqual([
      ['backup01', 'server', 2 * TIB, TIB],
      ['local-ds', 'clusterDisk', 2 * TIB, null],
      ['shared-ds', 'clusterDisk', 10 * TIB, 6 * TIB],
    ]);
  });

  it('keeps the viewer’s access rules: signed out 401 unless published, another account 404, bad query 400, a range backwards 422', async () => {
    const anon = new Client(t.url);
    expect((await anon.json('GET', url())).status).toBe(401);
    const other = await signedIn(t, OTHER);
    expect((await other.json('GET', url())).status).toBe(404);
    expect((await owner.json('GET', `/api/projects/999999/viewer/vms`)).status).toBe(404);
    expect((await owner.json('GET', url('?from=x'))).status).toBe(400);
    expect((await owner.json('GET', url('?from=20&to=10'))).status).toBe(422);
    t.server.ctx.repo.updateProject(project, { is_public: 1 });
    try {
      const pub = await anon.json<ProjectVms>('GET', url());
      expect(pub.status).toBe(200);
      expect(pub.body.Vms).toHaveLength(4);
    } finally {
      t.server.ctx.repo.updateProject(project, { is_public: 0 });
    }
  });

  it('an anonymized project masks VM, host and cluster names (VM N, Server N, Cluster N)', async () => {
    const db = t.server.ctx.repo.db;
    db.prepare('UPDATE projects SET anonymous = 1 WHERE id = ?').run(project);
    try {
      const r = await owner.json<ProjectVms>('GET', url());
      expect(r.status).toBe(200);
      for (const v of r.body.Vms) {
        expect(v.Name).toBe(`VM ${v.VmId.replace('vm-', '')}`);
        expect(v.Host).toMatch(/^Server \d+$/);
        expect(v.Cluster).toBe('Cluster 1');
      }
      expect(r.body.Clusters.map((c) => c.Name)).toEqual(['Cluster 1']);
      // The host's masked name is the viewer's for that host.
      const v = await owner.json<ProjectViewerData>('GET', `/api/projects/${String(project)}/viewer`);
      const hosts = v.body.Nodes.filter((n) => n.Kind === 'host').map((n) => n.Name);
      for (const vm of r.body.Vms) expect(hosts).toContain(vm.Host);
      expect((await owner.json<ProjectVms>('GET', url('?cluster=Cluster%201'))).body.Vms).toHaveLength(4);
    } finally {
      db.prepare('UPDATE projects SET anonymous = 0 WHERE id = ?').run(project);
    }
  });

  it('a project without a vSphere file answers empty lists', async () => {
    const repo = t.server.ctx.repo;
    const ownerId = repo.userByEmail(OWNER)?.id ?? 0;
    const empty = repo.createProject('No vSphere', ownerId, [], Date.now());
    const r = await owner.json<ProjectVms>('GET', `/api/projects/${String(empty)}/viewer/vms`);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ Vms: [], Clusters: [] });
  });
});

describe('the seeded vSphere project', () => {
  it('belongs to the demo end user and shows its clusters, hosts, VMs and datastores', async () => {
    const row = t.server.ctx.repo.db
      .prepare(
        'SELECT p.id FROM projects p JOIN users u ON u.id = p.owner_id WHERE p.name = ? AND u.email = ?',
      )
      .get(VSPHERE_DEMO_PROJECT, VSPHERE_DEMO_OWNER) as { id: number } | undefined;
    expect(row).toBeDefined();
    const id = String(row?.id);
    const r = await owner.json<ProjectVms>('GET', `/api/projects/${id}/viewer/vms`);
    expect(r.status).toBe(200);
    const shape = VSPHERE_DEMO_OPTIONS.vsphere;
    const hosts = shape.clusters * shape.hostsPerCluster;
    expect(r.body.Vms).toHaveLength(hosts * shape.vmsPerHost);
    expect(r.body.Clusters).toHaveLength(shape.clusters);
    const off = r.body.Vms.filter((v) => v.PowerState === 'poweredOff');
    expect(off.length).toBeGreaterThan(0);
    for (const v of off) expect(v.IopsPeak).toBeNull();
    for (const v of r.body.Vms.filter((x) => x.PowerState === 'poweredOn')) expect(v.IopsPeak).not.toBeNull();
    const v = await owner.json<ProjectViewerData>('GET', `/api/projects/${id}/viewer`);
    expect(v.body.Nodes.filter((n) => n.Kind === 'host')).toHaveLength(hosts);
    expect(v.body.Nodes.filter((n) => n.Kind === 'storage')).toHaveLength(shape.clusters * 2);
    expect(v.body.Nodes.filter((n) => n.Kind === 'server')).toHaveLength(0);
  });
});

describe('a vSphere file uploaded through the portal', { timeout: 180_000 }, () => {
  const servers = backgroundIngestServers();

  it('is read, queued and stored by the ingest workers like any other, and shows its layers', async () => {
    const s = await servers();
    const c = await signedIn(s, OWNER);
    const file = lines(...vsphereRecords(30));
    const uploaded = await uploadIokit(c, file, 'vcenter.iokit');
    const q = await c.json<QueuedUploadEnvelope>('POST', '/upload-service/api/iokitqueue', {
      json: uploadModel([uploaded], { newProjectName: 'Uploaded vSphere' }),
    });
    expect(q.status).toBe(200);
    await s.server.ctx.ingest.idle();
    const id = String(q.body.Data.Id);
    const vms = await c.json<ProjectVms>('GET', `/api/projects/${id}/viewer/vms`);
    expect(vms.status).toBe(200);
    expect(vms.body.Vms.map((v) => [v.Name, v.Samples])).toEqual([
      ['app01', 30],
      ['old01', 0],
      ['sql01', 30],
      ['web01', 30],
    ]);
    const sql = vms.body.Vms.find((v) => v.Name === 'sql01');
    const cpu = Array.from({ length: 30 }, (_, k) => vsphereSample('vm-42', k).cpuMhz ?? null);
    expect(sql?.CpuMhzPeak).toBe(round(maxOf(cpu)));
    const v = await c.json<ProjectViewerData>('GET', `/api/projects/${id}/viewer`);
    expect(v.body.Nodes.map((n) => [n.Name, n.Kind]).sort()).toEqual([
      ['backup01', 'server'],
      ['esx01', 'host'],
      ['esx02', 'host'],
      ['local-ds', 'storage'],
      ['shared-ds', 'storage'],
    ]);
    // The project's total IOPS is the host layer's: per interval the hosts' and the server's added up.
    const summary = await c.json<ProjectSeriesSummary>('GET', `/api/projects/${id}/series/summary`);
    const perInterval = Array.from({ length: 30 }, (_, k) =>
      ['host-21', 'host-22', 'srv-1'].reduce(
        (a, h) =>
          a +
          Object.values(vsphereSample(h, k).disks).reduce(
            (b, d) => b + (d.readIops ?? 0) + (d.writeIops ?? 0),
            0,
          ),
        0,
      ),
    );
    expect(summary.body.TotalIops.Peak).toBe(round(maxOf(perInterval)));
    expect(summary.body.TotalIops.P95).toBe(round(nearestRank(perInterval, 95)));
  });
});

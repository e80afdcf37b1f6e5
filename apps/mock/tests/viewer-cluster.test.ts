// The viewer's totals for one vSphere cluster (proposed `cluster` of getProjectSeries / getProjectSeriesSummary;
// issue #41): the series and headline figures over the cluster's enabled hosts only — checked against a plain
// recomputation here (the cluster's host samples added up interval by interval, never a VM's, never the standalone
// server's) and against the project's own totals with the other server left out; the capacity lists each datastore
// the cluster's hosts mount once; an unknown cluster is 404, as an unknown node is.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectSeries, ProjectSeriesSummary, ProjectViewerData } from '@assessment/sdk';
import type { CollectorHeader, CollectorSampleV2 } from '../src/collector-file/index.ts';
import { insertRunInventory } from '../src/series/inventory.ts';
import { storeCollectorRecordsSync } from '../src/series/store.ts';
import { Client, signedIn, startServer, type TestServer } from './helpers.ts';
import { TIB, maxOf, nearestRank, vsphereHeader, vsphereRecords, vsphereSample } from './vsphere-fixture.ts';

const OWNER = 'enduser@adventure-works.example';
const N = 60;

let t: TestServer;
let owner: Client;
let project = 0;
let twoClusters = 0;
let plain = 0;

function projectOf(name: string, records: ReturnType<typeof vsphereRecords>): number {
  const repo = t.server.ctx.repo;
  const ownerId = repo.userByEmail(OWNER)?.id ?? 0;
  const run = repo.createRun(`${name} run`, ownerId, 'server', Date.now(), true, undefined, false);
  const id = repo.createProject(name, ownerId, [run], Date.now());
  insertRunInventory(repo.db, run, records[0] as CollectorHeader);
  storeCollectorRecordsSync(repo.db, run, records);
  return id;
}

beforeAll(async () => {
  t = await startServer();
  owner = await signedIn(t, OWNER);
  // Cluster A: esx01 (host-21) and esx02 (host-22) with their VMs; backup01 a server in no cluster.
  project = projectOf('Cluster estate', vsphereRecords(N));
  // The same estate with esx02 in a Cluster B of its own: shared-ds is mounted by hosts of both clusters.
  const records = vsphereRecords(N);
  const header = vsphereHeader(true);
  header.clusters = [
    ...header.clusters,
    { id: 'domain-c8', name: 'Cluster B', datacenterId: 'datacenter-2' },
  ];
  header.hosts = header.hosts.map((h) =>
    h.id === 'host-22' || h.id === 'vm-44' ? { ...h, clusterId: 'domain-c8' } : h,
  );
  twoClusters = projectOf('Two clusters', [header, ...records.slice(1)]);
  // A project without a vSphere file: no cluster to ask for.
  const repo = t.server.ctx.repo;
  plain = repo.createProject('No clusters', repo.userByEmail(OWNER)?.id ?? 0, [], Date.now());
});
afterAll(async () => {
  await t.close();
});

const base = (id: number): string => `/api/projects/${String(id)}`;
const series = (id: number, query: string) =>
  owner.json<ProjectSeries>('GET', `${base(id)}/series?points=2000${query}`);
const summary = (id: number, query: string) =>
  owner.json<ProjectSeriesSummary>('GET', `${base(id)}/series/summary?top=10${query}`);

/** A host's sample summed over its disks (what the store keeps per sample). */
function ofSample(s: CollectorSampleV2) {
  const disks = Object.values(s.disks);
  return {
    readIops: disks.reduce((a, d) => a + (d.readIops ?? 0), 0),
    writeIops: disks.reduce((a, d) => a + (d.writeIops ?? 0), 0),
    readBps: disks.reduce((a, d) => a + (d.readBps ?? 0), 0),
    cpuPct: s.cpuPct ?? 0,
    mem: s.memUsedBytes ?? 0,
  };
}

/**
 * The cluster's figures computed plainly: per interval k the hosts' samples added up (every sample lies on the 20 s
 * grid, one interval each), CPU % weighted by the hosts' cores (64 each: the plain mean).
 */
function plainTotals(hosts: readonly string[]) {
  const per = Array.from({ length: N }, (_, k) => hosts.map((h) => ofSample(vsphereSample(h, k))));
  const sum = (f: (x: ReturnType<typeof ofSample>) => number) =>
    per.map((xs) => xs.reduce((a, x) => a + f(x), 0));
  return {
    readIops: sum((x) => x.readIops),
    writeIops: sum((x) => x.writeIops),
    readThroughput: sum((x) => x.readBps),
    memory: sum((x) => x.mem),
    cpu: sum((x) => x.cpuPct).map((v) => v / hosts.length),
    totalIops: sum((x) => x.readIops + x.writeIops),
  };
}

const mean = (xs: readonly number[]): number => xs.reduce((a, x) => a + x, 0) / xs.length;

/** Equal to the answer's two decimals (the sums are added in another order than here). */
function expectNear(got: number | null | undefined, want: number | null, what: string): void {
  expect(got, what).not.toBeNull();
  expect(
    Math.abs((got ?? Number.NaN) - (want ?? Number.NaN)),
    `${what}: ${String(got)} ≠ ${String(want)}`,
  ).toBeLessThanOrEqual(0.011);
}

/** The same shape and every number within the answers' two decimals (null where the other is null). */
function expectAllNear(got: unknown, want: unknown, where: string): void {
  if (typeof want === 'number' && typeof got === 'number') {
    expect(Math.abs(got - want), `${where}: ${String(got)} ≠ ${String(want)}`).toBeLessThanOrEqual(0.011);
    return;
  }
  if (Array.isArray(want) || (typeof want === 'object' && want !== null)) {
    expect(Object.keys(got as object), where).toEqual(Object.keys(want));
    for (const [k, v] of Object.entries(want))
      expectAllNear((got as Record<string, unknown>)[k], v, `${where}.${k}`);
    return;
  }
  expect(got, where).toEqual(want);
}

function expectFigures(s: ProjectSeriesSummary, metric: string, values: readonly number[]): void {
  const m = s.Metrics.find((x) => x.Metric === metric);
  expectNear(m?.Peak, maxOf(values), `${metric} peak`);
  expectNear(m?.P95, nearestRank(values, 95), `${metric} p95`);
  expectNear(m?.Average, mean(values), `${metric} average`);
}

describe('the viewer totals of one vSphere cluster', () => {
  it("the series are the cluster's hosts added up per interval, never a VM or the server outside it", async () => {
    const want = plainTotals(['host-21', 'host-22']);
    const r = await series(project, '&cluster=Cluster%20A');
    expect(r.status).toBe(200);
    for (const metric of ['readIops', 'writeIops', 'readThroughput', 'memory', 'cpu'] as const) {
      const got = (r.body.Series.find((m) => m.Metric === metric)?.Max ?? []).filter((v) => v !== null);
      expect(got, metric).toHaveLength(N);
      got.forEach((v, k) => {
        expectNear(v, want[metric][k] ?? null, `${metric} at ${String(k)}`);
      });
    }
    // The project's total is another figure (backup01 in it): the filter did something.
    const all = await series(project, '');
    expect(all.body.Series.find((m) => m.Metric === 'readIops')?.Max).not.toEqual(
      r.body.Series.find((m) => m.Metric === 'readIops')?.Max,
    );
  });

  it("the headline figures are the cluster's: peak, p95 and average of the plain sums, its hosts' top lists and datastores", async () => {
    const want = plainTotals(['host-21', 'host-22']);
    const s = await summary(project, '&cluster=domain-c7');
    expect(s.status).toBe(200);
    expect(s.body.EnabledNodes).toBe(2);
    expectFigures(s.body, 'readIops', want.readIops);
    expectFigures(s.body, 'writeIops', want.writeIops);
    expectFigures(s.body, 'memory', want.memory);
    expectFigures(s.body, 'cpu', want.cpu);
    expectNear(s.body.TotalIops.Peak, maxOf(want.totalIops), 'total IOPS peak');
    expectNear(s.body.TotalIops.P95, nearestRank(want.totalIops, 95), 'total IOPS p95');
    expectNear(s.body.TotalIops.Average, mean(want.totalIops), 'total IOPS average');
    expect(s.body.TopByIops.map((x) => x.Name).sort()).toEqual(['esx01', 'esx02']);
    expect(s.body.TopByCpu.map((x) => x.Name).sort()).toEqual(['esx01', 'esx02']);
    // Each datastore once, however many of the cluster's hosts mount it; backup01's own disk is not the cluster's.
    expect(s.body.Capacity.map((c) => [c.Name, c.Kind, c.CapacityBytes, c.UsedBytes])).toEqual([
      ['local-ds', 'clusterDisk', 2 * TIB, null],
      ['shared-ds', 'clusterDisk', 10 * TIB, 6 * TIB],
    ]);
    // By its name too, the same answer.
    expect((await summary(project, '&cluster=Cluster%20A')).body).toEqual(s.body);
  });

  it("equals the project's own totals with the server outside the cluster left out, and keeps to the enabled hosts", async () => {
    const viewer = await owner.json<ProjectViewerData>('GET', `${base(project)}/viewer`);
    const nodeOf = (name: string): string => viewer.body.Nodes.find((n) => n.Name === name)?.NodeId ?? '';
    const toggle = (name: string, enabled: boolean) =>
      owner.json('PUT', `${base(project)}/viewer/nodes/${nodeOf(name)}?enabled=${String(enabled)}`);
    const metrics = (s: ProjectSeriesSummary) => s.Metrics;
    const cluster = await summary(project, '&cluster=Cluster%20A');
    const clusterSeries = await series(project, '&cluster=Cluster%20A');
    expect((await toggle('backup01', false)).status).toBe(200);
    try {
      const hostsOnly = await summary(project, '');
      // Within the answers' two decimals: an average of two hosts' CPU % ends in 5 at the third decimal, where the
      // project's sums (all three hosts, less backup01) and the cluster's (two hosts) can round apart.
      expectAllNear(metrics(cluster.body), metrics(hostsOnly.body), 'summary');
      expectAllNear(cluster.body.TotalIops, hostsOnly.body.TotalIops, 'total IOPS');
      expectAllNear(clusterSeries.body.Series, (await series(project, '')).body.Series, 'series');
    } finally {
      expect((await toggle('backup01', true)).status).toBe(200);
    }
    // esx02 left out: the cluster's total is esx01's alone.
    expect((await toggle('esx02', false)).status).toBe(200);
    try {
      const one = await summary(project, '&cluster=Cluster%20A');
      expect(one.body.EnabledNodes).toBe(1);
      expectFigures(one.body, 'readIops', plainTotals(['host-21']).readIops);
    } finally {
      expect((await toggle('esx02', true)).status).toBe(200);
    }
  });

  it('a datastore mounted by hosts of two clusters is in both clusters’ capacity, once each', async () => {
    const a = await summary(twoClusters, '&cluster=Cluster%20A');
    const b = await summary(twoClusters, '&cluster=Cluster%20B');
    expect(a.body.Capacity.map((c) => c.Name)).toEqual(['local-ds', 'shared-ds']);
    expect(b.body.Capacity.map((c) => c.Name)).toEqual(['shared-ds']);
    expect(b.body.EnabledNodes).toBe(1);
    expectFigures(b.body, 'readIops', plainTotals(['host-22']).readIops);
    expectFigures(a.body, 'readIops', plainTotals(['host-21']).readIops);
  });

  it('with a node the server’s own series (the cluster is not applied); an unknown cluster is 404', async () => {
    const viewer = await owner.json<ProjectViewerData>('GET', `${base(project)}/viewer`);
    const backup = viewer.body.Nodes.find((n) => n.Name === 'backup01')?.NodeId ?? '';
    const own = await series(project, `&node=${backup}`);
    const both = await series(project, `&node=${backup}&cluster=Cluster%20A`);
    expect(both.status).toBe(200);
    expect(both.body.Series).toEqual(own.body.Series);
    for (const [id, cluster] of [
      [project, 'Cluster%20B'],
      [plain, 'Cluster%20A'],
    ] as const) {
      const s = await series(id, `&cluster=${cluster}`);
      const m = await summary(id, `&cluster=${cluster}`);
      expect([s.status, m.status]).toEqual([404, 404]);
      expect(m.body).toMatchObject({ StatusCode: 404 });
    }
    expect((await series(project, '&cluster=')).status).toBe(400);
  });

  it('an anonymized project names its clusters Cluster N: that name or the id, never the real name', async () => {
    const db = t.server.ctx.repo.db;
    db.prepare('UPDATE projects SET anonymous = 1 WHERE id = ?').run(project);
    try {
      const byShown = await summary(project, '&cluster=Cluster%201');
      expect(byShown.status).toBe(200);
      expect(byShown.body.EnabledNodes).toBe(2);
      expect((await summary(project, '&cluster=domain-c7')).body).toEqual(byShown.body);
      expect((await summary(project, '&cluster=Cluster%20A')).status).toBe(404);
    } finally {
      db.prepare('UPDATE projects SET anonymous = 0 WHERE id = ?').run(project);
    }
  });
});

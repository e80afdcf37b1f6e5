// The viewer's performance operations against the demo API: seeded series, aggregates over enabled nodes, node
// state persisted (aggregates recompute, publish needs an enabled node), anonymous read-only access to published
// projects, masked names of anonymized projects, every declared error status.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  ApiEnvelope,
  ProjectSeries,
  ProjectSeriesSummary,
  ProjectViewerData,
  ViewerNodeEnvelope,
} from '@assessment/sdk';
import { storedSampleCount } from '../src/series/samples.ts';
import { Client, startServer, signedIn, type TestServer } from './helpers.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startServer();
});
afterAll(async () => {
  await t.close();
});

const ADMIN = 'admin@dell.example';

/** A seeded project with series, by a SQL condition on the project. */
function projectWhere(condition: string): { id: number; owner: string } {
  const row = t.server.ctx.repo.db
    .prepare(
      `SELECT p.id, u.email FROM projects p JOIN users u ON u.id = p.owner_id
       WHERE ${condition} AND p.deleted = 0 AND p.archive_state IS NULL AND EXISTS (
         SELECT 1 FROM series_hosts h JOIN collector_runs r ON r.id = h.run_id WHERE r.project_id = p.id)
       ORDER BY p.id LIMIT 1`,
    )
    .get() as { id: number; email: string } | undefined;
  if (!row) throw new Error(`no seeded project where ${condition}`);
  return { id: row.id, owner: row.email };
}

const peak = (s: ProjectSeriesSummary, metric: string): number | null =>
  s.Metrics.find((m) => m.Metric === metric)?.Peak ?? null;

describe('the seed', () => {
  it('gives every run of a project real series: one host per server, shared disks, hourly roll-ups', () => {
    const db = t.server.ctx.repo.db;
    const missing = db
      .prepare(
        `SELECT r.id FROM collector_runs r WHERE r.project_id IS NOT NULL AND
           (SELECT COUNT(*) FROM servers s WHERE s.run_id = r.id) <>
           (SELECT COUNT(*) FROM series_hosts h WHERE h.run_id = r.id AND h.entity <> 'vm')`,
      )
      .all();
    expect(missing).toEqual([]);
    const count = (sql: string): number => (db.prepare(sql).get() as { n: number }).n;
    expect(storedSampleCount(db)).toBeGreaterThan(100_000);
    // Every server and hypervisor host is its server row's node; the vSphere project's VMs (format v3) are no node.
    expect(
      count("SELECT COUNT(*) AS n FROM series_hosts WHERE node_id NOT LIKE 'srv-%' AND entity <> 'vm'"),
    ).toBe(0);
    expect(
      count("SELECT COUNT(*) AS n FROM series_hosts WHERE entity = 'vm' AND node_id NOT LIKE 'vm-%'"),
    ).toBe(0);
    expect(
      count("SELECT COUNT(*) AS n FROM series_disks WHERE kind = 'shared' AND node_id LIKE 'csv-%'"),
    ).toBe(
      count(
        'SELECT COUNT(*) AS n FROM cluster_disks d JOIN collector_runs r ON r.id = d.run_id WHERE r.project_id IS NOT NULL',
      ),
    );
    expect(count('SELECT COUNT(*) AS n FROM series_host_hours')).toBeGreaterThan(0);
  });
});

describe('series and summary of a seeded project', () => {
  let c: Client;
  let id: number;
  beforeAll(async () => {
    const p = projectWhere('p.is_public = 0 AND p.anonymous = 0');
    id = p.id;
    c = await signedIn(t, p.owner);
  });

  it('serves every metric downsampled to at most `points` buckets of max/avg/p95', async () => {
    const r = await c.json<ProjectSeries>('GET', `/api/projects/${id}/series?points=50`);
    expect(r.status).toBe(200);
    expect(r.body.Series.map((s) => s.Metric)).toEqual([
      'readIops',
      'writeIops',
      'readThroughput',
      'writeThroughput',
      'latency',
      'cpu',
      'memory',
      'networkRx',
      'networkTx',
      'queueDepth',
      'cpuPeakServer',
    ]);
    expect(r.body.Times.length).toBeLessThanOrEqual(51);
    expect(r.body.Times.length).toBeGreaterThan(1);
    expect(r.body.From).toBe(r.body.First);
    expect(r.body.To).toBe(r.body.Last);
    for (const s of r.body.Series) {
      expect(s.Max).toHaveLength(r.body.Times.length);
      s.Max.forEach((max, i) => {
        if (max === null) return;
        expect(max).toBeGreaterThanOrEqual(s.P95[i] ?? Infinity);
        expect(s.P95[i] ?? 0).toBeGreaterThanOrEqual(Math.min(s.Avg[i] ?? 0, s.P95[i] ?? 0));
      });
    }
    expect(r.body.LowIops).toHaveLength(r.body.Times.length);
    const one = await c.json<ProjectSeries>('GET', `/api/projects/${id}/series?metric=cpu&metric=latency`);
    expect(one.body.Series.map((s) => s.Metric)).toEqual(['latency', 'cpu']);
  });

  it('a summary: figures per metric, top servers, capacity, the latency minimum of 100 IOPS', async () => {
    const r = await c.json<ProjectSeriesSummary>('GET', `/api/projects/${id}/series/summary?top=2`);
    expect(r.status).toBe(200);
    expect(r.body.LatencyMinIops).toBe(100);
    expect(r.body.TopByIops.length).toBeLessThanOrEqual(2);
    expect(r.body.TopByIops.length).toBeGreaterThan(0);
    const tops = r.body.TopByIops.map((h) => h.Peak);
    expect([...tops].sort((a, b) => b - a)).toEqual(tops);
    for (const m of r.body.Metrics) {
      expect(m.Peak ?? 0).toBeGreaterThanOrEqual(m.P95 ?? 0);
    }
    expect(r.body.Capacity.length).toBeGreaterThan(0);
    for (const cap of r.body.Capacity)
      if (cap.UsedBytes === null) expect(cap.FreeBytes).toBeNull();
      else expect(cap.FreeBytes).toBe(cap.CapacityBytes - cap.UsedBytes);
    // The seed's collectors wrote every disk's used space: none is unknown here (aligned-totals.test.ts has one).
    expect(r.body.Capacity.every((cap) => cap.UsedBytes !== null)).toBe(true);
  });

  it('a drill-down to one node, and 404 for a node not in the project', async () => {
    const v = await c.json<ProjectViewerData>('GET', `/api/projects/${id}/viewer`);
    const node = v.body.Nodes.find((n) => n.Kind !== 'storage');
    const r = await c.json<ProjectSeries>(
      'GET',
      `/api/projects/${id}/series?node=${node?.NodeId}&metric=cpu`,
    );
    expect(r.status).toBe(200);
    expect(r.body.Node).toBe(node?.NodeId);
    const gone = await c.json<ApiEnvelope>('GET', `/api/projects/${id}/series?node=srv-999999`);
    expect(gone.status).toBe(404);
    const own = await c.json<ProjectSeriesSummary>(
      'GET',
      `/api/projects/${id}/series/summary?node=${node?.NodeId}`,
    );
    expect(own.status).toBe(200);
    expect(own.body.TopByIops.map((h) => h.NodeId)).toEqual([node?.NodeId]);
    const total = await c.json<ProjectSeriesSummary>('GET', `/api/projects/${id}/series/summary`);
    expect(peak(own.body, 'readIops')).toBeLessThanOrEqual(peak(total.body, 'readIops') ?? 0);
    expect((await c.json('GET', `/api/projects/${id}/series/summary?node=srv-999999`)).status).toBe(404);
  });

  it('422 for a range that starts after it ends (a rule no schema states), 400 for a bad resolution', async () => {
    expect((await c.json('GET', `/api/projects/${id}/series?from=200&to=100`)).status).toBe(422);
    expect((await c.json('GET', `/api/projects/${id}/series?points=1`)).status).toBe(400);
    expect((await c.json('GET', `/api/projects/${id}/series/summary?from=200&to=100`)).status).toBe(422);
  });
});

describe('node state', () => {
  it('persists, recomputes the aggregate and gates publishing (nodes_required_to_publish)', async () => {
    const admin = await signedIn(t, ADMIN);
    const created = await admin.json<{ Data: { Id: number } }>('POST', '/api/projects/?name=Viewer%20nodes');
    const project = created.body.Data.Id;
    // Move a seeded project's run (with series) into a fresh project of the admin's.
    const source = projectWhere('p.is_public = 0');
    const run = t.server.ctx.repo.db
      .prepare(
        'SELECT r.id FROM collector_runs r WHERE r.project_id = ? AND EXISTS (SELECT 1 FROM series_hosts h WHERE h.run_id = r.id) LIMIT 1',
      )
      .get(source.id) as { id: number };
    t.server.ctx.repo.db
      .prepare('UPDATE collector_runs SET project_id = ? WHERE id = ?')
      .run(project, run.id);

    const before = await admin.json<ProjectSeriesSummary>('GET', `/api/projects/${project}/series/summary`);
    const view = await admin.json<ProjectViewerData>('GET', `/api/projects/${project}/viewer`);
    expect(view.body.CanPublish).toBe(true);
    const servers = view.body.Nodes.filter((n) => n.Kind !== 'storage');
    expect(servers.length).toBeGreaterThan(1);
    const first = servers[0]?.NodeId ?? '';
    const off = await admin.json<ViewerNodeEnvelope>(
      'PUT',
      `/api/projects/${project}/viewer/nodes/${first}?enabled=false`,
    );
    expect(off.status).toBe(200);
    expect(off.body.Data).toMatchObject({ NodeId: first, Enabled: false });
    const after = await admin.json<ProjectSeriesSummary>('GET', `/api/projects/${project}/series/summary`);
    expect(after.body.EnabledNodes).toBe(before.body.EnabledNodes - 1);
    expect(peak(after.body, 'readIops')).toBeLessThan(peak(before.body, 'readIops') ?? 0);
    const again = await admin.json<ProjectViewerData>('GET', `/api/projects/${project}/viewer`);
    expect(again.body.Nodes.find((n) => n.NodeId === first)?.Enabled).toBe(false);

    // Every node off: no publishing.
    for (const n of again.body.Nodes)
      await admin.json('PUT', `/api/projects/${project}/viewer/nodes/${n.NodeId}?enabled=false`);
    const none = await admin.json<ProjectViewerData>('GET', `/api/projects/${project}/viewer`);
    expect(none.body.CanPublish).toBe(false);
    const refused = await admin.json<ApiEnvelope>('POST', `/api/projects/${project}/publish?publish=true`);
    expect(refused.body.ResourceKey).toBe('nodes_required_to_publish');
    const empty = await admin.json<ProjectSeriesSummary>('GET', `/api/projects/${project}/series/summary`);
    expect(empty.body.EnabledNodes).toBe(0);
    expect(peak(empty.body, 'readIops')).toBeNull();
    // One node back on: publishing works.
    await admin.json('PUT', `/api/projects/${project}/viewer/nodes/${first}?enabled=true`);
    const published = await admin.json<ApiEnvelope>('POST', `/api/projects/${project}/publish?publish=true`);
    expect(published.body.StatusCode).toBe(200);
    // Published, its last enabled server cannot be left out (it would leave nothing to show).
    const last = await admin.json<ApiEnvelope>(
      'PUT',
      `/api/projects/${project}/viewer/nodes/${first}?enabled=false`,
    );
    expect(last.status).toBe(400);
    expect(last.body.ResourceKey ?? last.body.ErrorState?.ErrorCode).toBe('nodes_required_to_publish');
    const kept = await admin.json<ProjectViewerData>('GET', `/api/projects/${project}/viewer`);
    expect(kept.body.Nodes.find((n) => n.NodeId === first)?.Enabled).toBe(true);
  });

  it('404 for an unknown node, 401 signed out, refused for a viewer who may not edit', async () => {
    const p = projectWhere('p.is_public = 1 AND p.anonymous = 0');
    const owner = await signedIn(t, p.owner);
    expect(
      (await owner.json('PUT', `/api/projects/${p.id}/viewer/nodes/srv-999999?enabled=false`)).status,
    ).toBe(404);
    const anon = new Client(t.url);
    const r = await anon.json('PUT', `/api/projects/${p.id}/viewer/nodes/srv-1?enabled=false`);
    expect(r.status).toBe(401);
    const other = await signedIn(t, 'enduser@adventure-works.example');
    const view = await owner.json<ProjectViewerData>('GET', `/api/projects/${p.id}/viewer`);
    const node = view.body.Nodes[0]?.NodeId ?? '';
    const denied = await other.json('PUT', `/api/projects/${p.id}/viewer/nodes/${node}?enabled=false`);
    expect([403, 404]).toContain(denied.status);
  });
});

describe('public and anonymized projects', () => {
  it('a published project is readable signed out; an unpublished one is not', async () => {
    const pub = projectWhere('p.is_public = 1');
    const anon = new Client(t.url);
    expect((await anon.json('GET', `/api/projects/${pub.id}/series?points=20`)).status).toBe(200);
    expect((await anon.json('GET', `/api/projects/${pub.id}/series/summary`)).status).toBe(200);
    const priv = projectWhere('p.is_public = 0');
    expect((await anon.json('GET', `/api/projects/${priv.id}/series`)).status).toBe(401);
    expect((await anon.json('GET', `/api/projects/${priv.id}/series/summary`)).status).toBe(401);
  });

  it('an anonymized project masks host and disk names', async () => {
    const p = projectWhere('p.anonymous = 1');
    const c = await signedIn(t, ADMIN);
    const s = await c.json<ProjectSeriesSummary>('GET', `/api/projects/${p.id}/series/summary?top=50`);
    expect(s.status).toBe(200);
    const names = [...s.body.TopByIops, ...s.body.TopByCpu, ...s.body.Capacity].map((x) => x.Name);
    expect(names.length).toBeGreaterThan(0);
    for (const n of names) expect(n).toMatch(/^(Server|Disk) \d+$/);
    const v = await c.json<ProjectViewerData>('GET', `/api/projects/${p.id}/viewer`);
    for (const n of v.body.Nodes) expect(n.Name).toMatch(/^(Server|Disk) \d+$/);
  });
});

// One entity across files (docs/collector-format.md "One entity across files (demo API)"; issue #41): a vSphere
// collection split at a time boundary into two valid files (same source, same entity ids), uploaded into one project,
// answers exactly what the single file answers in another project — the VM list, the per-VM and per-cluster sizing,
// the clusters, the node list, the series and its summary (whole project and one cluster), with a node left out too.
// The same file uploaded twice answers what one upload does; two vCenters whose entity ids collide stay apart. The
// oracle is the single-file project, read through the same API.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  ProjectSeriesSummary,
  ProjectViewerData,
  ProjectVms,
  QueuedUploadEnvelope,
  ServersAndSharedClusterDisks,
} from '@assessment/sdk';
import type { CollectorHeader, CollectorRecord } from '../src/collector-file/index.ts';
import { vmwareLayers } from '../src/reports/vmware.ts';
import { shippedCatalogue } from '../src/sizing/catalogue.ts';
import { projectSizing } from '../src/sizing/compute.ts';
import { DEFAULT_SIZING } from '../src/sizing/arithmetic.ts';
import { hostStats } from '../src/series/host-stats.ts';
import { Client, signedIn, startServer, uploadIokit, uploadModel, type TestServer } from './helpers.ts';
import { STEP, T0, TIB, lines, vsphereHeader, vsphereSample, SAMPLED } from './vsphere-fixture.ts';

const OWNER = 'enduser@adventure-works.example';
const N = 24;
const SPLIT = 10;

/** The samples of intervals [from, to) of every sampled entry. */
const samples = (from: number, to: number): CollectorRecord[] =>
  Array.from({ length: to - from }, (_, i) => SAMPLED.map((id) => vsphereSample(id, from + i))).flat();

/**
 * A header for intervals [from, to); `moved`: app01 (vm-44) runs on esx01 instead of esx02 (a vMotion) and shared-ds has
 * 3 TiB free instead of 4.
 */
function header(
  from: number,
  to: number,
  moved: boolean,
  sourceName: string | null = 'vcenter.example',
): CollectorHeader {
  const h = vsphereHeader(true, {
    start: new Date(T0 + from * STEP).toISOString(),
    end: new Date(T0 + to * STEP).toISOString(),
    source:
      sourceName === null
        ? null
        : { kind: 'vcenter', name: sourceName, version: 'VMware vCenter Server 8.0.2' },
  });
  return {
    ...h,
    hosts: h.hosts.map((x) => (moved && x.id === 'vm-44' ? { ...x, runsOn: 'host-21' } : x)),
    // The shared datastore filled up by then: its latest part's free space is the project's.
    datastores: (h.datastores ?? []).map((d) =>
      moved && d.id === 'datastore-61' ? { ...d, freeBytes: 3 * TIB } : d,
    ),
  };
}

function file(from: number, to: number, moved: boolean, sourceName?: string | null): Buffer {
  const s = samples(from, to);
  return lines(header(from, to, moved, sourceName), ...s, { type: 'end', samples: s.length });
}

/** Node, VM and disk ids differ between projects: every id is replaced by its kind. */
function normalized(x: unknown): unknown {
  if (typeof x === 'string') return x.replace(/^(srv|host|vm|csv|sdisk)-\d+$/, '$1-N');
  if (Array.isArray(x)) return x.map(normalized);
  if (x !== null && typeof x === 'object')
    return Object.fromEntries(Object.entries(x).map(([k, v]) => [k, normalized(v)]));
  return x;
}

let t: TestServer;
let c: Client;
const projects = { parts: '', single: '', twice: '', twoSources: '', noSource: '' };
/** The single file's answers before any node is toggled (a toggle adds and subtracts: rounding of its own). */
let oracle: Record<string, unknown> = {};

async function uploaded(name: string, files: Buffer[]): Promise<string> {
  const ups = [];
  for (const [i, f] of files.entries()) ups.push(await uploadIokit(c, f, `${name}-${String(i)}.iokit`));
  const q = await c.json<QueuedUploadEnvelope>('POST', '/upload-service/api/iokitqueue', {
    json: uploadModel(ups, { newProjectName: name }),
  });
  expect(q.status).toBe(200);
  await t.server.ctx.ingest.idle();
  return String(q.body.Data.Id);
}

beforeAll(async () => {
  t = await startServer();
  c = await signedIn(t, OWNER);
  // The later part first: "latest" is the part whose samples end last, not the last upload.
  projects.parts = await uploaded('In parts', [file(SPLIT, N, true), file(0, SPLIT, false)]);
  projects.single = await uploaded('One file', [file(0, N, true)]);
  projects.twice = await uploaded('Twice', [file(0, N, true), file(0, N, true)]);
  projects.twoSources = await uploaded('Two vCenters', [
    file(0, N, true),
    file(0, N, true, 'vcenter-b.example'),
  ]);
  projects.noSource = await uploaded('No source', [file(0, N, true, null), file(0, N, true, null)]);
  oracle = await answers(projects.single);
}, 120_000);
afterAll(async () => {
  await t.close();
});

const get = async <T>(id: string, path: string): Promise<T> => {
  const r = await c.json<T>('GET', `/api/projects/${id}${path}`);
  expect(r.status, path).toBe(200);
  return r.body;
};

const nodeId = async (id: string, name: string): Promise<string> =>
  (await get<ProjectViewerData>(id, '/viewer')).Nodes.find((n) => n.Name === name)?.NodeId ?? '';

/** The report picker's grid without its ids (row ids of each run), by name. */
function reportGrid(r: { status: number; body: ServersAndSharedClusterDisks }): unknown {
  expect(r.status).toBe(200);
  return {
    servers: r.body.ServerList.map((s) => [
      s.ServerName,
      s.ServerRole,
      s.IOPS,
      s.Capacity,
      s.LocalDiskCount,
      s.ClusterDiskIds.length,
    ]).sort(),
    disks: r.body.ClusterDiskList.map((d) => [d.Name, d.IOPS, d.Capacity]).sort(),
  };
}

/** The workbook's and deck's vSphere layers (reports/vmware.ts) with the sizing the report takes, and its servers. */
function workbookLayers(id: string): unknown {
  const db = t.server.ctx.repo.db;
  const sizing = projectSizing(db, Number(id), DEFAULT_SIZING, shippedCatalogue());
  return {
    layers: vmwareLayers(db, Number(id), false, (_, __, name) => name, sizing),
    // The performance sheet: per server its peaks and 95th percentiles (row ids left out: each project's own).
    performance: hostStats(db, Number(id)).map((h) => ({ ...h, hostId: 0 })),
  };
}

/** Every answer the rule covers, ids normalized. */
async function answers(id: string): Promise<Record<string, unknown>> {
  const viewer = await get<ProjectViewerData>(id, '/viewer');
  return {
    vms: normalized(await get<ProjectVms>(id, '/viewer/vms')),
    sizing: normalized(await get(id, '/sizing?basis=p95&headroom=30&growth=10&horizon=3')),
    sizingPeak: normalized(await get(id, '/sizing?basis=peak&headroom=0&growth=0&horizon=1')),
    nodes: normalized(viewer.Nodes.map((n) => [n.Name, n.Kind, n.Enabled]).sort()),
    summary: normalized(await get<ProjectSeriesSummary>(id, '/series/summary')),
    clusterSummary: normalized(await get(id, '/series/summary?cluster=domain-c7')),
    series: normalized(await get(id, '/series?points=12')),
    clusterSeries: normalized(await get(id, '/series?points=12&cluster=domain-c7')),
    reportGrid: reportGrid(
      await c.json<ServersAndSharedClusterDisks>(
        'GET',
        `/api/opticalprime/${id}/reports/serversAndSharedClusterDisks`,
      ),
    ),
    workbook: normalized(workbookLayers(id)),
    hostSummary: normalized(await get(id, `/series/summary?node=${await nodeId(id, 'esx01')}`)),
    hostSeries: normalized(await get(id, `/series?points=12&node=${await nodeId(id, 'esx02')}`)),
  };
}

describe('a collection in two parts', () => {
  it('answers what the single file answers: VMs, sizing, clusters, nodes, series and summary', async () => {
    const parts = await answers(projects.parts);
    for (const key of Object.keys(oracle)) expect(parts[key], key).toEqual(oracle[key]);
  });

  it("lists each VM and host once, with the latest part's inventory", async () => {
    const vms = await get<ProjectVms>(projects.parts, '/viewer/vms');
    expect(vms.Vms.map((v) => [v.Name, v.Samples, v.Host]).sort()).toEqual([
      ['app01', N, 'esx01'],
      ['old01', 0, 'esx01'],
      ['sql01', N, 'esx01'],
      ['web01', N, 'esx01'],
    ]);
    const cluster = vms.Clusters.find((x) => x.ClusterId === 'domain-c7');
    expect([cluster?.Hosts, cluster?.Vms]).toEqual([2, 4]);
    expect(vms.Datastores.find((d) => d.Name === 'shared-ds')?.FreeBytes).toBe(3 * TIB);
    const viewer = await get<ProjectViewerData>(projects.parts, '/viewer');
    expect(viewer.Nodes.map((n) => n.Name).sort()).toEqual([
      'backup01',
      'esx01',
      'esx02',
      'local-ds',
      'shared-ds',
    ]);
  });
});

describe('the same file uploaded twice', () => {
  it('answers what one upload answers', async () => {
    const twice = await answers(projects.twice);
    for (const key of Object.keys(oracle)) expect(twice[key], key).toEqual(oracle[key]);
  });
});

describe('files without a source', () => {
  it('are not matched: the same file twice lists every VM and host twice, as before the rule', async () => {
    const vms = await get<ProjectVms>(projects.noSource, '/viewer/vms');
    expect(vms.Vms).toHaveLength(8);
    const viewer = await get<ProjectViewerData>(projects.noSource, '/viewer');
    expect(viewer.Nodes.filter((n) => n.Kind === 'host')).toHaveLength(4);
  });
});

describe('two vCenters whose entity ids collide', () => {
  it('stay two entities each: every VM, host and datastore twice, the totals added up', async () => {
    const vms = await get<ProjectVms>(projects.twoSources, '/viewer/vms');
    expect(vms.Vms).toHaveLength(8);
    const viewer = await get<ProjectViewerData>(projects.twoSources, '/viewer');
    expect(viewer.Nodes.filter((n) => n.Kind === 'host')).toHaveLength(4);
    expect(viewer.Nodes.filter((n) => n.Kind === 'storage')).toHaveLength(4);
    const one = await get<ProjectSeriesSummary>(projects.single, '/series/summary');
    const two = await get<ProjectSeriesSummary>(projects.twoSources, '/series/summary');
    expect(two.EnabledNodes).toBe(2 * one.EnabledNodes);
    expect(two.TotalIops.Peak ?? 0).toBeCloseTo(2 * (one.TotalIops.Peak ?? 0), 1);
  });
});

// Last: a toggle adds and subtracts sums, whose rounding the exact comparisons above must not see.
describe('a node of a collection in parts', () => {
  it('leaves a host out of every part when its one node is disabled', async () => {
    for (const id of [projects.parts, projects.single]) {
      const r = await c.json(
        'PUT',
        `/api/projects/${id}/viewer/nodes/${await nodeId(id, 'esx01')}?enabled=false`,
      );
      expect(r.status).toBe(200);
    }
    try {
      const single = await answers(projects.single);
      const parts = await answers(projects.parts);
      for (const key of Object.keys(single)) expect(parts[key], key).toEqual(single[key]);
      const summary = await get<ProjectSeriesSummary>(projects.parts, '/series/summary');
      expect(summary.EnabledNodes).toBe(2);
    } finally {
      for (const id of [projects.parts, projects.single])
        await c.json('PUT', `/api/projects/${id}/viewer/nodes/${await nodeId(id, 'esx01')}?enabled=true`);
    }
  });
});

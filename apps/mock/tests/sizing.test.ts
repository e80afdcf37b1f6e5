// Sizing against the demo API: the settings round trip (defaults, save, read back, used where the query says
// nothing), the refusals with the field named (bounds and basis, body and query), who may read and who may save
// (owner saves, a reader gets 403, signed out 401, a published project read anonymously, unknown 404), the figures
// (basis from the aligned totals, required = basis × factors, shapes that fit) and the workbook's and deck's Sizing
// sheet and slide with the same numbers.
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  ApiErrorEnvelope,
  ProjectSeriesSummary,
  ReportStatus,
  SavedSizingSettings,
  Sizing,
  SizingSettings,
} from '@assessment/sdk';
import {
  Client,
  EXCEL_REPORT,
  PERFORMANCE_DECK,
  shareByLink,
  signedIn,
  startServer,
  type TestServer,
} from './helpers.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startServer();
});
afterAll(async () => {
  await t.close();
});

function projectWhere(condition: string): { id: number; owner: string } {
  const row = t.server.ctx.repo.db
    .prepare(
      `SELECT p.id, u.email FROM projects p JOIN users u ON u.id = p.owner_id
       WHERE ${condition} AND p.deleted = 0 AND p.archive_state IS NULL AND p.name NOT LIKE '%fail-report%'
       AND EXISTS (SELECT 1 FROM series_hosts h JOIN collector_runs r ON r.id = h.run_id WHERE r.project_id = p.id)
       ORDER BY p.id LIMIT 1`,
    )
    .get() as { id: number; email: string } | undefined;
  if (!row) throw new Error(`no seeded project where ${condition}`);
  return { id: row.id, owner: row.email };
}

/** A signed-in user who can neither see nor edit the project (to share it with: a reader). */
function outsider(projectId: number): string {
  const repo = t.server.ctx.repo;
  const p = repo.project(projectId);
  const users = repo.db.prepare("SELECT email FROM users WHERE status = 'Active' ORDER BY id").all() as {
    email: string;
  }[];
  for (const { email } of users) {
    const u = repo.db.prepare('SELECT * FROM users WHERE email = ?').get(email) as never;
    if (p && !repo.canSeeProject(u, p) && !repo.canEditProject(u, p)) return email;
  }
  throw new Error('no outsider');
}

const DEFAULTS: SizingSettings = { Basis: 'p95', HeadroomPercent: 30, GrowthPercent: 10, HorizonYears: 3 };
const figure = (s: Sizing, resource: string) => s.Totals.find((f) => f.Resource === resource);

describe('sizing settings', () => {
  let owner: Client;
  let ownerEmail: string;
  let id: number;
  beforeAll(async () => {
    const p = projectWhere('p.is_public = 0 AND p.anonymous = 0');
    id = p.id;
    ownerEmail = p.owner;
    owner = await signedIn(t, p.owner);
  });

  it('are the defaults while nobody saved any', async () => {
    const r = await owner.json<SavedSizingSettings>('GET', `/api/projects/${id}/sizing/settings`);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ Settings: DEFAULTS, Saved: false });
  });

  it('round trip: saved by the owner, read back, used by the sizing where the query says nothing', async () => {
    const mine: SizingSettings = { Basis: 'p90', HeadroomPercent: 0, GrowthPercent: -50, HorizonYears: 5 };
    const put = await owner.json<SavedSizingSettings>('PUT', `/api/projects/${id}/sizing/settings`, {
      json: mine,
    });
    expect(put.status).toBe(200);
    expect(put.body).toEqual({ Settings: mine, Saved: true });
    const get = await owner.json<SavedSizingSettings>('GET', `/api/projects/${id}/sizing/settings`);
    expect(get.body).toEqual({ Settings: mine, Saved: true });
    const sizing = await owner.json<Sizing>('GET', `/api/projects/${id}/sizing`);
    expect(sizing.body.Settings).toEqual(mine);
    // The query overrides one setting and keeps the saved others.
    const over = await owner.json<Sizing>('GET', `/api/projects/${id}/sizing?headroom=50`);
    expect(over.body.Settings).toEqual({ ...mine, HeadroomPercent: 50 });
    expect(over.body.HeadroomFactor).toBe(1.5);
    // 0.5 ^ 5
    expect(over.body.GrowthFactor).toBe(0.03125);
  });

  it('survive a restart of the server (stored in its sqlite data folder)', async () => {
    const mine: SizingSettings = { Basis: 'peak', HeadroomPercent: 200, GrowthPercent: 100, HorizonYears: 0 };
    expect((await owner.json('PUT', `/api/projects/${id}/sizing/settings`, { json: mine })).status).toBe(200);
    await t.stop();
    t = await startServer({}, t.dataDir);
    owner = await signedIn(t, ownerEmail);
    const get = await owner.json<SavedSizingSettings>('GET', `/api/projects/${id}/sizing/settings`);
    expect(get.body).toEqual({ Settings: mine, Saved: true });
  });

  it.each([
    ['HeadroomPercent', { HeadroomPercent: 201 }],
    ['HeadroomPercent', { HeadroomPercent: -1 }],
    ['GrowthPercent', { GrowthPercent: -51 }],
    ['GrowthPercent', { GrowthPercent: 101 }],
    ['HorizonYears', { HorizonYears: 6 }],
    ['HorizonYears', { HorizonYears: 1.5 }],
    ['Basis', { Basis: 'p50' }],
  ])('refuses %s out of bounds (%o) with 400 validate_info naming the field', async (field, bad) => {
    const r = await owner.json<ApiErrorEnvelope>('PUT', `/api/projects/${id}/sizing/settings`, {
      json: { ...DEFAULTS, ...bad },
    });
    expect(r.status).toBe(400);
    expect(r.body.ResourceKey).toBe('validate_info');
    expect(r.body.Message).toContain(field);
  });

  it('refuses a body without a setting', async () => {
    const r = await owner.json<ApiErrorEnvelope>('PUT', `/api/projects/${id}/sizing/settings`, {
      json: { Basis: 'p95', HeadroomPercent: 30, GrowthPercent: 10 },
    });
    expect(r.status).toBe(400);
    expect(r.body.Message).toContain('HorizonYears');
  });

  it.each(['headroom=500', 'growth=-60', 'growth=101', 'horizon=6', 'basis=median'])(
    'refuses the query %s',
    async (q) => {
      const r = await owner.json<ApiErrorEnvelope>('GET', `/api/projects/${id}/sizing?${q}`);
      expect(r.status).toBe(400);
      expect(r.body.ResourceKey).toBe('validate_info');
    },
  );

  it('a reader reads them but may not save (403); signed out 401; an unknown project 404', async () => {
    const email = outsider(id);
    expect((await shareByLink(owner, id, [email])).status).toBe(200);
    const reader = await signedIn(t, email);
    expect((await reader.json('GET', `/api/projects/${id}/sizing/settings`)).status).toBe(200);
    expect((await reader.json('GET', `/api/projects/${id}/sizing`)).status).toBe(200);
    const put = await reader.json<ApiErrorEnvelope>('PUT', `/api/projects/${id}/sizing/settings`, {
      json: DEFAULTS,
    });
    expect(put.status).toBe(403);
    expect(put.body.ResourceKey).toBe('operationnotallowed');
    const anon = new Client(t.url);
    expect((await anon.json('PUT', `/api/projects/${id}/sizing/settings`, { json: DEFAULTS })).status).toBe(
      401,
    );
    expect((await anon.json('GET', `/api/projects/${id}/sizing/settings`)).status).toBe(401);
    expect((await owner.json('GET', '/api/projects/987654/sizing')).status).toBe(404);
    expect((await owner.json('PUT', '/api/projects/987654/sizing/settings', { json: DEFAULTS })).status).toBe(
      404,
    );
  });

  it('a published project: read anonymously, never saved anonymously', async () => {
    const pub = projectWhere('p.is_public = 1');
    const anon = new Client(t.url);
    const r = await anon.json<Sizing>('GET', `/api/projects/${pub.id}/sizing`);
    expect(r.status).toBe(200);
    expect(r.body.Servers.length).toBeGreaterThan(0);
    expect((await anon.json('GET', `/api/projects/${pub.id}/sizing/settings`)).status).toBe(200);
    expect(
      (await anon.json('PUT', `/api/projects/${pub.id}/sizing/settings`, { json: DEFAULTS })).status,
    ).toBe(401);
  });
});

describe('the sizing figures', () => {
  let c: Client;
  let id: number;
  beforeAll(async () => {
    const p = projectWhere('p.is_public = 0 AND p.anonymous = 0 AND p.id > 1');
    id = p.id;
    c = await signedIn(t, p.owner);
  });

  const sizing = async (q: string): Promise<Sizing> => {
    const r = await c.json<Sizing>('GET', `/api/projects/${id}/sizing?${q}`);
    expect(r.status).toBe(200);
    return r.body;
  };

  it('start from the aligned totals: the p95 and the peak of total IOPS are the summary’s', async () => {
    const summary = (await c.json<ProjectSeriesSummary>('GET', `/api/projects/${id}/series/summary`)).body;
    const p95 = await sizing('basis=p95&headroom=0&growth=0&horizon=0');
    const peak = await sizing('basis=peak&headroom=0&growth=0&horizon=0');
    expect(Math.abs((figure(p95, 'iops')?.Basis ?? -1) - (summary.TotalIops.P95 ?? 0))).toBeLessThanOrEqual(
      0.5,
    );
    expect(Math.abs((figure(peak, 'iops')?.Basis ?? -1) - (summary.TotalIops.Peak ?? 0))).toBeLessThanOrEqual(
      0.5,
    );
    expect(
      Math.abs((figure(p95, 'throughput')?.Basis ?? -1) - (summary.TotalThroughput.P95 ?? 0) / 1e6),
    ).toBeLessThanOrEqual(0.05);
  });

  it('peak ≥ p99 ≥ p95 ≥ p90 for every rate', async () => {
    const of = await Promise.all(
      ['peak', 'p99', 'p95', 'p90'].map((b) => sizing(`basis=${b}&headroom=0&growth=0&horizon=0`)),
    );
    for (const resource of ['iops', 'throughput', 'cores', 'memory']) {
      const values = of.map((s) => figure(s, resource)?.Basis ?? Number.NaN);
      expect(values, resource).toEqual([...values].sort((a, b) => b - a));
      expect(
        values.every((v) => v > 0),
        resource,
      ).toBe(true);
    }
  });

  it('no headroom and no growth: required is the basis; 100 % headroom doubles it; 100 % growth over 2 years × 4', async () => {
    const plain = await sizing('basis=p95&headroom=0&growth=0&horizon=3');
    for (const f of plain.Totals) expect(f.Required, f.Resource).toBe(f.Basis);
    const doubled = await sizing('basis=p95&headroom=100&growth=0&horizon=0');
    for (const f of doubled.Totals) expect(f.Required, f.Resource).toBeCloseTo(2 * (f.Basis ?? 0), 6);
    const grown = await sizing('basis=p95&headroom=0&growth=100&horizon=2');
    expect(grown.GrowthFactor).toBe(4);
    for (const f of grown.Totals) expect(f.Required, f.Resource).toBeCloseTo(4 * (f.Basis ?? 0), 6);
  });

  it('names the units; capacity is the used space whatever the basis', async () => {
    const a = await sizing('basis=peak');
    const b = await sizing('basis=p90');
    expect(a.Totals.map((f) => [f.Resource, f.Unit])).toEqual([
      ['iops', 'iops'],
      ['throughput', 'megabytesPerSecond'],
      ['capacity', 'gibibytes'],
      ['cores', 'cores'],
      ['memory', 'gibibytes'],
    ]);
    expect(figure(a, 'capacity')?.Basis).toBe(figure(b, 'capacity')?.Basis);
  });

  it('recommends per server the smallest shape that meets its needs (or none fits) and totals them', async () => {
    const s = await sizing('basis=p95&headroom=30&growth=10&horizon=3');
    expect(s.Catalogue).toBe('Generic shapes');
    expect(s.Servers.length).toBeGreaterThan(0);
    const fits = (shape: Sizing['Shapes'][number], server: Sizing['Servers'][number]): boolean =>
      shape.VCpu >= Math.max(1, Math.ceil(server.Cores ?? 0)) &&
      shape.MemoryGiB >= (server.MemoryGiB ?? 0) &&
      shape.MaxIops >= (server.Iops ?? 0) &&
      shape.MaxThroughputMBps >= (server.ThroughputMBps ?? 0);
    expect(s.Servers.some((server) => server.Shape !== null)).toBe(true);
    for (const server of s.Servers) {
      const at = s.Shapes.findIndex((x) => x.Id === server.Shape);
      // The shapes come smallest first: the chosen one fits, none before it does; no shape: none fits at all.
      const firstFit = s.Shapes.findIndex((x) => fits(x, server));
      expect(at, server.Name).toBe(firstFit);
    }
    expect(s.ShapeTotals.reduce((n, x) => n + x.Count, 0)).toBe(s.Servers.length);
    // Bigger needs never pick a smaller shape.
    const bigger = await sizing('basis=peak&headroom=200&growth=50&horizon=5');
    const rank = (x: Sizing, sid: string | null) =>
      sid === null ? Infinity : x.Shapes.findIndex((y) => y.Id === sid);
    s.Servers.forEach((server, i) =>
      expect(rank(bigger, bigger.Servers[i]?.Shape ?? null)).toBeGreaterThanOrEqual(rank(s, server.Shape)),
    );
  });
});

describe('the reports carry the same sizing', () => {
  it('the workbook’s Sizing sheet and the deck’s slide have the panel’s numbers for the saved settings', async () => {
    const p = projectWhere('p.is_public = 0 AND p.anonymous = 0 AND p.id > 2');
    const c = await signedIn(t, p.owner);
    const mine: SizingSettings = { Basis: 'p99', HeadroomPercent: 25, GrowthPercent: 15, HorizonYears: 2 };
    expect((await c.json('PUT', `/api/projects/${p.id}/sizing/settings`, { json: mine })).status).toBe(200);
    const panel = (await c.json<Sizing>('GET', `/api/projects/${p.id}/sizing`)).body;
    const req = await c.json<ReportStatus>('POST', `/api/opticalprime/${p.id}/reports`, {
      json: { ...EXCEL_REPORT, includeDetailsExcel: false, performancePowerPointConfig: PERFORMANCE_DECK },
    });
    expect(req.status).toBe(201);
    await t.server.ctx.reports.settle(req.body.ReportId);
    const status = await c.json<ReportStatus>(
      'GET',
      `/api/opticalprime/${p.id}/reports/${req.body.ReportId}`,
    );
    expect(status.body.Status).toBe('Completed');
    const zip = await JSZip.loadAsync(
      await (await c.request('GET', status.body.DownloadUrl ?? '')).arrayBuffer(),
    );
    const name = Object.keys(zip.files).find((f) => f.endsWith('_AIR.xlsx')) ?? '';
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(await zip.file(name)!.async('arraybuffer'));
    const ws = wb.getWorksheet('Sizing');
    expect(ws).toBeDefined();
    const rows: unknown[][] = [];
    ws?.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    expect(rows).toContainEqual(['Basis', '99th percentile']);
    expect(rows).toContainEqual(['Headroom (%)', 25]);
    expect(rows).toContainEqual(['Annual growth (%)', 15]);
    expect(rows).toContainEqual(['Horizon (years)', 2]);
    const labels = {
      iops: 'IOPS',
      throughput: 'Throughput',
      capacity: 'Capacity',
      cores: 'Cores',
      memory: 'Memory',
    };
    for (const f of panel.Totals) {
      const row = rows.find((r) => r[0] === labels[f.Resource]);
      expect(row?.slice(2, 4), f.Resource).toEqual([f.Basis, f.Required]);
    }
    for (const server of panel.Servers) {
      const row = rows.find((r) => r[0] === server.Name);
      expect(row?.slice(1, 6), server.Name).toEqual([
        server.SourceCores,
        server.Cores,
        server.MemoryGiB,
        server.Iops,
        server.ThroughputMBps,
      ]);
    }
    const iops = figure(panel, 'iops');
    const formula = `p99 ${(iops?.Basis ?? 0).toLocaleString('en-US')} IOPS × 1.25 headroom × 1.15^2 growth = ${(
      iops?.Required ?? 0
    ).toLocaleString('en-US')} IOPS`;
    expect(rows.find((r) => r[0] === 'IOPS')?.[4]).toBe(formula);
    const deckName = Object.keys(zip.files).find((f) => f.endsWith('_Performance.pptx')) ?? '';
    const deck = await JSZip.loadAsync(await zip.file(deckName)!.async('arraybuffer'));
    const slides = await Promise.all(
      Object.keys(deck.files)
        .filter((f) => /^ppt\/slides\/slide\d+\.xml$/.test(f))
        .map((f) => deck.file(f)!.async('string')),
    );
    expect(slides.some((x) => x.includes('>Sizing<') && x.includes(formula))).toBe(true);
  });
});

// The reports built from the real series (per enabled server the peak and nearest-rank p95 of every report metric,
// per-metric charts of the aggregate in the PowerPoint, masked names of anonymized projects), and the signed-out
// report of a published project (only its requester reads it back; unpublished projects refuse anonymous callers).
import type { DatabaseSync } from 'node:sqlite';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiEnvelope, ReportRequest, ReportStatus, ServersAndSharedClusterDisks } from '@assessment/sdk';
import { hostStats } from '../src/series/host-stats.ts';
import { extentOf, querySeries, querySummary, setNodeEnabled } from '../src/series/repo.ts';
import {
  PERFORMANCE_COLUMNS,
  reportFigure,
  safeName,
  topServersByIops,
  type ReportHostPerformance,
} from '../src/reports/generate.ts';
import { ANONYMOUS_REPORT_LIMIT } from '../src/reports/service.ts';
import { Client, EXCEL_REPORT, PERFORMANCE_DECK, startServer, signedIn, type TestServer } from './helpers.ts';

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
       WHERE ${condition} AND p.deleted = 0 AND p.archive_state IS NULL AND p.name NOT LIKE '%fail-report%'
       AND EXISTS (SELECT 1 FROM series_hosts h JOIN collector_runs r ON r.id = h.run_id WHERE r.project_id = p.id)
       ORDER BY p.id LIMIT 1`,
    )
    .get() as { id: number; email: string } | undefined;
  if (!row) throw new Error(`no seeded project where ${condition}`);
  return { id: row.id, owner: row.email };
}

/** AIR workbook and the performance PowerPoint over every server. */
const REQUEST: ReportRequest = {
  ...EXCEL_REPORT,
  includeDetailsExcel: false,
  performancePowerPointConfig: PERFORMANCE_DECK,
};

/** Requests a report as `c`, waits until it is final and opens the downloaded zip. */
async function reportZip(c: Client, projectId: number): Promise<JSZip> {
  const req = await c.json<ReportStatus>('POST', `/api/opticalprime/${projectId}/reports`, { json: REQUEST });
  expect(req.status).toBe(201);
  await t.server.ctx.reports.settle(req.body.ReportId);
  const status = await c.json<ReportStatus>(
    'GET',
    `/api/opticalprime/${projectId}/reports/${req.body.ReportId}`,
  );
  expect(status.body.Status).toBe('Completed');
  const dl = await c.request('GET', status.body.DownloadUrl ?? '');
  expect(dl.status).toBe(200);
  const zip = await JSZip.loadAsync(await dl.arrayBuffer());
  // The zip and every file in it carry one name (issue #40: "S_o_Paulo…zip" held "So_Paulo…xlsx").
  const zipName = /filename="(.+)_reports\.zip"/.exec(dl.headers.get('content-disposition') ?? '')?.[1];
  expect(zipName).toBe(safeName(t.server.ctx.repo.project(projectId)?.name ?? ''));
  for (const entry of Object.keys(zip.files)) expect(entry.startsWith(`${zipName ?? ''}_`), entry).toBe(true);
  return zip;
}

async function workbookOf(zip: JSZip): Promise<ExcelJS.Workbook> {
  const name = Object.keys(zip.files).find((f) => f.endsWith('_AIR.xlsx'));
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(await zip.file(name ?? '')!.async('arraybuffer'));
  return wb;
}

/** The performance sheet as objects keyed by its headers. */
function performanceRows(wb: ExcelJS.Workbook): Record<string, unknown>[] {
  const ws = wb.getWorksheet('Server performance');
  if (!ws) throw new Error('no Server performance sheet');
  const headers = (ws.getRow(1).values as unknown[]).slice(1).map(String);
  const rows: Record<string, unknown>[] = [];
  for (let r = 2; r <= ws.rowCount; r++) {
    const values = (ws.getRow(r).values as unknown[]).slice(1);
    rows.push(Object.fromEntries(headers.map((h, i) => [h, values[i] ?? null])));
  }
  return rows;
}

/** The viewer's query bounds of a project's whole collection period. */
function wholePeriod(db: DatabaseSync, projectId: number): { from: number; to: number; intervalS: number } {
  const extent = extentOf(db, projectId);
  if (!extent) throw new Error('no series');
  return { from: extent.first, to: extent.last, intervalS: extent.intervalS };
}

/** Every XML text of the pptx's slides and charts. */
async function pptxXml(zip: JSZip): Promise<{ slides: string; charts: string[] }> {
  const name = Object.keys(zip.files).find((f) => f.endsWith('_Performance.pptx'));
  const deck = await JSZip.loadAsync(await zip.file(name ?? '')!.async('arraybuffer'));
  const read = (re: RegExp) =>
    Promise.all(
      Object.keys(deck.files)
        .filter((f) => re.test(f))
        .map((f) => deck.file(f)!.async('string')),
    );
  return {
    slides: (await read(/^ppt\/slides\/slide\d+\.xml$/)).join('\n'),
    charts: await read(/^ppt\/charts\/chart\d+\.xml$/),
  };
}

describe('reports from the real series', () => {
  it('the workbook has per enabled server the peak and p95 of every metric; the deck charts the aggregate', async () => {
    const p = projectWhere('p.anonymous = 0');
    const c = await signedIn(t, p.owner);
    const db = t.server.ctx.repo.db;
    const expected = hostStats(db, p.id);
    expect(expected.length).toBeGreaterThan(1);
    const zip = await reportZip(c, p.id);
    const rows = performanceRows(await workbookOf(zip));
    expect(rows.map((r) => r.ServerName)).toEqual(expected.map((h) => h.name));
    for (const [i, h] of expected.entries()) {
      const row = rows[i] ?? {};
      expect(row.Samples).toBe(h.samples);
      for (const col of PERFORMANCE_COLUMNS) {
        const f = h.stats[col.metric];
        expect(row[`${col.label} peak`], `${h.name} ${col.metric}`).toBe(
          f ? reportFigure(col.metric, f.peak) : null,
        );
        expect(row[`${col.label} p95`], `${h.name} ${col.metric}`).toBe(
          f ? reportFigure(col.metric, f.p95) : null,
        );
      }
    }
    const columns = Object.keys(rows[0] ?? {});
    for (const label of [
      'Read IOPS',
      'Write IOPS',
      'Total IOPS',
      'Total throughput (MB/s)',
      'Latency (ms)',
      'CPU (%)',
      'Memory (GiB)',
    ])
      expect(columns).toEqual(expect.arrayContaining([`${label} peak`, `${label} p95`]));
    const deck = await pptxXml(zip);
    // One native line chart per metric (IOPS read/write, throughput read/write, latency, CPU, memory).
    // (beside the top-5 servers' bar chart).
    const lines = deck.charts.filter((x) => x.includes('<c:lineChart>'));
    expect(lines).toHaveLength(7);
    // Every bucket of the period on the time axis, a bucket without samples drawn as a gap (deck-charts.test.ts).
    const buckets = querySeries(db, p.id, {
      ...wholePeriod(db, p.id),
      points: 120,
      metrics: ['cpu'],
      hostId: null,
    }).times.length;
    for (const line of lines) {
      expect(line).toContain('<c:dispBlanksAs val="gap"/>');
      expect(line).toContain(`<c:ptCount val="${String(buckets)}"/>`);
    }
    const bars = deck.charts.filter((x) => x.includes('<c:barChart>'));
    expect(bars).toHaveLength(1);
    // The top 5 servers are ranked by their measured peak of total IOPS, with the 95th percentile beside it.
    const top = [...expected]
      .sort((a, b) => (b.stats.totalIops?.peak ?? 0) - (a.stats.totalIops?.peak ?? 0))
      .slice(0, 5);
    const barValues = [...(bars[0] ?? '').matchAll(/<c:v>([^<]*)<\/c:v>/g)].map((m) => m[1]);
    expect(barValues).toEqual(
      expect.arrayContaining([
        'Peak IOPS',
        '95th percentile IOPS',
        ...top.map((h) => h.name),
        ...top.map((h) => String(reportFigure('totalIops', h.stats.totalIops?.peak ?? 0))),
        ...top.map((h) => String(reportFigure('totalIops', h.stats.totalIops?.p95 ?? 0))),
      ]),
    );
    expect(deck.slides).toContain('Server performance (peak and 95th percentile)');
    // The CPU chart draws the busiest single server beside the total, with the peak the viewer's series give
    // (cpuPeakServer over the whole period). On the aligned grid a server's bucket value can fall between two of its
    // samples, so that peak is never above the highest per-server peak of its own samples (the workbook's rows).
    const cpuChart = deck.charts.find((x) => x.includes('Busiest server'));
    expect(cpuChart).toBeDefined();
    const viewerBusiest = querySeries(db, p.id, {
      ...wholePeriod(db, p.id),
      points: 120,
      metrics: ['cpuPeakServer'],
      hostId: null,
    }).series[0]?.max.filter((v): v is number => v !== null);
    const busiestPeak = reportFigure('cpu', Math.max(...(viewerBusiest ?? [])));
    expect(/busiest server \(peak [^)]*\)/.exec(deck.slides)?.[0]).toBe(
      `busiest server (peak ${busiestPeak.toLocaleString('en-US')})`,
    );
    expect(busiestPeak).toBeLessThanOrEqual(
      Math.max(...expected.map((h) => reportFigure('cpu', h.stats.cpu?.peak ?? 0))),
    );
    for (const h of expected.slice(0, 12)) expect(deck.slides).toContain(h.name);
    // Signed in, the contact slide carries the owner's address.
    expect(deck.slides).toContain(p.owner);
  });

  it('the summary sheet and deck give the aggregated IOPS of the aligned totals, name the sum of per-server peaks, and label binary units', async () => {
    const p = projectWhere('p.anonymous = 0');
    const c = await signedIn(t, p.owner);
    const db = t.server.ctx.repo.db;
    // Independently of the report code: the viewer's summary over the whole period, rounded to two decimals.
    const total = querySummary(db, p.id, { ...wholePeriod(db, p.id), top: 1 }).totalIops;
    const round2 = (v: number | null): number => Math.round((v ?? Number.NaN) * 100) / 100;
    const servers = t.server.ctx.repo.serversOfProject(p.id);
    const disks = t.server.ctx.repo.disksOfProject(p.id);
    const sumOfPeaks = servers.reduce((a, s) => a + s.iops, 0) + disks.reduce((a, d) => a + d.iops, 0);
    const zip = await reportZip(c, p.id);
    const wb = await workbookOf(zip);
    const summary = wb.getWorksheet('Summary')!;
    const items = new Map<string, unknown>();
    summary.eachRow((row) => items.set(row.getCell(1).text, row.getCell(2).value));
    expect(items.get('Aggregated peak IOPS (all servers together)')).toBe(round2(total.peak));
    expect(items.get('Aggregated 95th percentile IOPS')).toBe(round2(total.p95));
    expect(items.get('Sum of per-server peak IOPS')).toBe(sumOfPeaks);
    expect(items.has('Total IOPS')).toBe(false); // the unnamed sum is gone
    expect(items.get('Total capacity (GiB)')).toBeTypeOf('number');
    const headers = (wb.getWorksheet('Servers')!.getRow(1).values as unknown[]).map(String);
    expect(headers).toEqual(expect.arrayContaining(['Capacity (GiB)']));
    expect(headers.some((h) => h.includes('(GB)'))).toBe(false);
    const deck = await pptxXml(zip);
    expect(deck.slides).toContain('Aggregated peak IOPS (all servers together)');
    expect(deck.slides).toContain('Sum of per-server peak IOPS');
    expect(deck.slides).not.toContain('(GB)');
  });

  it('a server left out in the viewer is left out of the report', async () => {
    const p = projectWhere('p.anonymous = 0');
    const c = await signedIn(t, p.owner);
    const db = t.server.ctx.repo.db;
    const [first] = hostStats(db, p.id);
    setNodeEnabled(db, p.id, first?.nodeId ?? '', false);
    try {
      const rows = performanceRows(await workbookOf(await reportZip(c, p.id)));
      expect(rows.map((r) => r.ServerName)).not.toContain(first?.name);
      expect(rows).toHaveLength(hostStats(db, p.id).length);
    } finally {
      setNodeEnabled(db, p.id, first?.nodeId ?? '', true);
    }
  });

  it('an anonymized project masks the host names in every report', async () => {
    const p = projectWhere('p.anonymous = 1');
    const c = await signedIn(t, ADMIN);
    const real = hostStats(t.server.ctx.repo.db, p.id).map((h) => h.name);
    const zip = await reportZip(c, p.id);
    const wb = await workbookOf(zip);
    const rows = performanceRows(wb);
    expect(rows.length).toBe(real.length);
    for (const r of rows) expect(r.ServerName).toMatch(/^Server \d+$/);
    const servers = wb.getWorksheet('Servers')!;
    for (let r = 2; r <= servers.rowCount; r++)
      expect(servers.getRow(r).getCell(2).value).toMatch(/^Server \d+$/);
    const deck = await pptxXml(zip);
    for (const name of real) expect(deck.slides).not.toContain(name);
    const sd = await c.json<ServersAndSharedClusterDisks>(
      'GET',
      `/api/opticalprime/${p.id}/reports/serversAndSharedClusterDisks`,
    );
    for (const s of sd.body.ServerList) expect(s.ServerName).toMatch(/^Server \d+$/);
    for (const d of sd.body.ClusterDiskList) expect(d.Name).toMatch(/^Disk \d+$/);
  });
});

describe('report file names', () => {
  it('keep letters without their accents and drop what no file system takes, one rule for the zip and its files', () => {
    expect(safeName('São Paulo Backup assessment')).toBe('Sao_Paulo_Backup_assessment');
    expect(safeName('Zürich / Genève: Q3 – 2026')).toBe('Zurich_Geneve_Q3_2026');
    expect(safeName('  spaced   out  ')).toBe('spaced_out');
    expect(safeName('東京')).toBe('project');
    expect(safeName('x'.repeat(80))).toHaveLength(60);
  });
});

describe('the top servers by IOPS', () => {
  const server = (name: string, iops: number) => ({
    id: iops,
    name,
    role: 'Server',
    iops,
    capacityGb: 1,
    localDiskCount: 1,
    os: 'Linux',
    cpuCores: 1,
    memoryGb: 1,
    runName: 'run',
    clusterDiskIds: [],
  });
  const host = (name: string, peak: number, p95: number) => ({
    nodeId: name,
    name,
    samples: 10,
    stats: { totalIops: { peak, p95 } } as ReportHostPerformance['stats'],
  });

  it('ranks by the measured peak with the p95 beside it, not by the inventory', () => {
    const top = topServersByIops(
      {
        servers: [server('a', 900), server('b', 10)],
        performance: [host('a', 50, 40), host('b', 700.123, 300)],
      },
      1,
    );
    expect(top).toEqual({
      labels: ['b'],
      series: [
        { name: 'Peak IOPS', values: [700.12] },
        { name: '95th percentile IOPS', values: [300] },
      ],
    });
  });

  it('falls back to the inventory IOPS when no server has series', () => {
    expect(topServersByIops({ servers: [server('a', 9), server('b', 90)], performance: [] }, 5)).toEqual({
      labels: ['b', 'a'],
      series: [{ name: 'IOPS', values: [90, 9] }],
    });
  });
});

describe('a signed-out report of a published project', () => {
  it('is requested, followed and downloaded signed out, without the owner address', async () => {
    const p = projectWhere('p.is_public = 1 AND p.anonymous = 0');
    const anon = new Client(t.url);
    const sd = await anon.json<ServersAndSharedClusterDisks>(
      'GET',
      `/api/opticalprime/${p.id}/reports/serversAndSharedClusterDisks`,
    );
    expect(sd.status).toBe(200);
    const req = await anon.json<ReportStatus>('POST', `/api/opticalprime/${p.id}/reports`, { json: REQUEST });
    expect(req.status).toBe(201);
    expect(req.res.headers.get('location')).toBe(`/api/opticalprime/${p.id}/reports/${req.body.ReportId}`);
    const events = await anon.request('GET', `/api/opticalprime/${p.id}/reports/events/${req.body.ReportId}`);
    expect(events.status).toBe(200);
    expect(await events.text()).toContain('"Status":"Completed"');
    const zip = await reportZip(anon, p.id);
    const rows = performanceRows(await workbookOf(zip));
    expect(rows.map((r) => r.ServerName)).toEqual(hostStats(t.server.ctx.repo.db, p.id).map((h) => h.name));
    expect((await pptxXml(zip)).slides).not.toContain(p.owner);
  });

  it('only its requester reads a report back: never another caller, signed in or out (404)', async () => {
    const p = projectWhere('p.is_public = 1 AND p.anonymous = 0');
    const owner = await signedIn(t, p.owner);
    const anon = new Client(t.url);
    const own = await owner.json<ReportStatus>('POST', `/api/opticalprime/${p.id}/reports`, {
      json: EXCEL_REPORT,
    });
    const theirs = await anon.json<ReportStatus>('POST', `/api/opticalprime/${p.id}/reports`, {
      json: EXCEL_REPORT,
    });
    await t.server.ctx.reports.settle(own.body.ReportId);
    await t.server.ctx.reports.settle(theirs.body.ReportId);
    for (const path of ['', 'events/', 'download/']) {
      const url = (id: string) => `/api/opticalprime/${p.id}/reports/${path}${id}`;
      expect((await anon.request('GET', url(own.body.ReportId))).status, `anonymous ${path}`).toBe(404);
      expect((await owner.request('GET', url(theirs.body.ReportId))).status, `owner ${path}`).toBe(404);
      expect((await owner.request('GET', url(own.body.ReportId))).status, `own ${path}`).toBe(200);
      expect((await anon.request('GET', url(theirs.body.ReportId))).status, `anonymous own ${path}`).toBe(
        200,
      );
    }
  });

  it('an unpublished project refuses anonymous callers (401) on every report operation', async () => {
    const p = projectWhere('p.is_public = 0');
    const owner = await signedIn(t, p.owner);
    const own = await owner.json<ReportStatus>('POST', `/api/opticalprime/${p.id}/reports`, {
      json: EXCEL_REPORT,
    });
    await t.server.ctx.reports.settle(own.body.ReportId);
    const anon = new Client(t.url);
    expect(
      (await anon.json('POST', `/api/opticalprime/${p.id}/reports`, { json: EXCEL_REPORT })).status,
    ).toBe(401);
    expect(
      (await anon.request('GET', `/api/opticalprime/${p.id}/reports/serversAndSharedClusterDisks`)).status,
    ).toBe(401);
    for (const path of ['', 'events/', 'download/'])
      expect(
        (await anon.request('GET', `/api/opticalprime/${p.id}/reports/${path}${own.body.ReportId}`)).status,
      ).toBe(401);
  });
});

describe('signed-out report requests are limited per client', () => {
  it('10 in 10 minutes, then 429 + Retry-After until the window has passed; signed-in callers are not limited', async () => {
    const own = await startServer();
    try {
      let clock = Date.now();
      own.server.ctx.now = () => clock;
      const row = own.server.ctx.repo.db
        .prepare(
          `SELECT p.id, u.email FROM projects p JOIN users u ON u.id = p.owner_id
           WHERE p.is_public = 1 AND p.deleted = 0 AND p.archive_state IS NULL ORDER BY p.id LIMIT 1`,
        )
        .get() as { id: number; email: string };
      const url = `/api/opticalprime/${String(row.id)}/reports`;
      const anon = new Client(own.url);
      expect(ANONYMOUS_REPORT_LIMIT).toEqual({ perClient: 10, windowMs: 600_000 });
      for (let i = 0; i < ANONYMOUS_REPORT_LIMIT.perClient; i++) {
        expect(
          (await anon.json('POST', url, { json: EXCEL_REPORT })).status,
          `request ${String(i + 1)}`,
        ).toBe(201);
        clock += 1000;
      }
      const refused = await anon.json<ApiEnvelope>('POST', url, { json: EXCEL_REPORT });
      expect(refused.status).toBe(429);
      expect(refused.body.ResourceKey).toBe('operationnotallowed');
      expect(Number(refused.res.headers.get('retry-after'))).toBe(600 - 10);
      const owner = new Client(own.url);
      await owner.signIn(row.email);
      expect((await owner.json('POST', url, { json: EXCEL_REPORT })).status).toBe(201);
      // The first request leaves the window: one more is allowed.
      clock += 600_000 - 10_000;
      expect((await anon.json('POST', url, { json: EXCEL_REPORT })).status).toBe(201);
      expect((await anon.json('POST', url, { json: EXCEL_REPORT })).status).toBe(429);
    } finally {
      await own.close();
    }
  });
});

// The VMware workbook carries the vSphere layers (issue #41): its 'VMs' sheet read back and each row compared with
// what the API answers for that VM — getProjectVms (inventory, own figures) and getProjectSizing (its sizing, shape)
// — not with the code that wrote the sheet; the 'Clusters' sheet against both answers; the 'Datastores' sheet against
// the fixture's datastores computed by hand; a project without VMs keeps the workbook as it was.
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectVms, ReportRequest, ReportStatus, Sizing } from '@assessment/sdk';
import type { CollectorHeader } from '../src/collector-file/index.ts';
import { insertRunInventory } from '../src/series/inventory.ts';
import { storeCollectorRecordsSync } from '../src/series/store.ts';
import { Client, EXCEL_REPORT, PERFORMANCE_DECK, signedIn, startServer, type TestServer } from './helpers.ts';
import { vsphereRecords } from './vsphere-fixture.ts';

const OWNER = 'enduser@adventure-works.example';

let t: TestServer;
let owner: Client;
beforeAll(async () => {
  t = await startServer();
  owner = await signedIn(t, OWNER);
});
afterAll(async () => {
  await t.close();
});

function project(withVms: boolean): number {
  const repo = t.server.ctx.repo;
  const ownerId = repo.userByEmail(OWNER)?.id ?? 0;
  const run = repo.createRun('vSphere report run', ownerId, 'server', Date.now(), true, undefined, false);
  const id = repo.createProject('vSphere report', ownerId, [run], Date.now());
  const records = vsphereRecords(60, withVms);
  insertRunInventory(repo.db, run, records[0] as CollectorHeader);
  storeCollectorRecordsSync(repo.db, run, records);
  return id;
}

/** The report zip of a project for the request `json`, once generated. */
async function reportZip(id: number, json: ReportRequest): Promise<JSZip> {
  const req = await owner.json<ReportStatus>('POST', `/api/opticalprime/${String(id)}/reports`, { json });
  expect(req.status).toBe(201);
  await t.server.ctx.reports.settle(req.body.ReportId);
  const status = await owner.json<ReportStatus>(
    'GET',
    `/api/opticalprime/${String(id)}/reports/${req.body.ReportId}`,
  );
  expect(status.body.Status).toBe('Completed');
  return JSZip.loadAsync(await (await owner.request('GET', status.body.DownloadUrl ?? '')).arrayBuffer());
}

/** The VMware workbook of a project, every sheet as rows of header → cell value. */
async function vmwareWorkbook(id: number): Promise<Map<string, Record<string, unknown>[]>> {
  const zip = await reportZip(id, {
    ...EXCEL_REPORT,
    includeAirExcel: false,
    includeDetailsExcel: false,
    includeVMwareExcel: true,
  });
  const name = Object.keys(zip.files).find((f) => f.endsWith('_VMware.xlsx')) ?? '';
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(await zip.file(name)!.async('arraybuffer'));
  const sheets = new Map<string, Record<string, unknown>[]>();
  wb.eachSheet((ws) => {
    const rows: unknown[][] = [];
    ws.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    const [header, ...body] = rows;
    sheets.set(
      ws.name,
      body.map((r) => Object.fromEntries((header ?? []).map((h, i) => [String(h), r[i]]))),
    );
  });
  return sheets;
}

const two = (v: number): number => Math.round(v * 100) / 100;
const GIB = 2 ** 30;

describe('the VMware workbook of a vSphere project', () => {
  let sheets: Map<string, Record<string, unknown>[]>;
  let vms: ProjectVms;
  let sizing: Sizing;
  beforeAll(async () => {
    const id = project(true);
    sheets = await vmwareWorkbook(id);
    vms = (await owner.json<ProjectVms>('GET', `/api/projects/${String(id)}/viewer/vms`)).body;
    // The report uses the saved settings (none saved: the defaults), as the panel does without a query.
    sizing = (await owner.json<Sizing>('GET', `/api/projects/${String(id)}/sizing`)).body;
  });

  it('has the hosts, VMs, Clusters and Datastores sheets', () => {
    expect([...sheets.keys()]).toEqual(['VMware hosts', 'VMs', 'Clusters', 'Datastores']);
  });

  it("has a row per VM equal to getProjectVms' and getProjectSizing's answers for it", () => {
    const rows = sheets.get('VMs') ?? [];
    expect(rows.map((r) => r['VM'])).toEqual(vms.Vms.map((v) => v.Name));
    const words: Record<string, string> = {
      poweredOn: 'Powered on',
      poweredOff: 'Powered off',
      suspended: 'Suspended',
    };
    const figure = (v: number | null, divisor = 1): unknown => (v === null ? 'no samples' : two(v / divisor));
    for (const v of vms.Vms) {
      const row = rows.find((r) => r['VM'] === v.Name);
      const s = sizing.Vms?.find((x) => x.VmId === v.VmId);
      expect(s, v.Name).toBeDefined();
      expect(row, v.Name).toEqual({
        VM: v.Name,
        Cluster: v.Cluster,
        Host: v.Host,
        'Power state': words[v.PowerState],
        'Guest OS': v.GuestOs,
        vCPU: v.Vcpus,
        'Memory (GiB)': two(v.MemoryBytes / GIB),
        'Provisioned (GiB)': two(v.ProvisionedBytes / GIB),
        'Used (GiB)': v.UsedBytes === null ? 'unknown' : two(v.UsedBytes / GIB),
        Samples: v.Samples,
        'CPU peak (%)': figure(v.CpuPeak),
        'CPU p95 (%)': figure(v.CpuP95),
        'IOPS peak': figure(v.IopsPeak),
        'IOPS p95': figure(v.IopsP95),
        'Throughput peak (MB/s)': figure(v.ThroughputPeak, 1e6),
        'Latency p95 (ms)': figure(v.LatencyP95),
        'Sized by': s?.SizedBy,
        'Required cores': s?.Cores,
        'Required memory (GiB)': s?.MemoryGiB,
        'Required IOPS': s?.Iops ?? 'not measured',
        'Required throughput (MB/s)': s?.ThroughputMBps ?? 'not measured',
        'Recommended shape': s?.Shape,
      });
    }
    // The fixture's web01 has a disk whose used space is unknown, old01 is powered off: words, never 0.
    expect(rows.find((r) => r['VM'] === 'web01')?.['Used (GiB)']).toBe('unknown');
    expect(rows.find((r) => r['VM'] === 'old01')).toMatchObject({
      'Power state': 'Powered off',
      'CPU peak (%)': 'no samples',
      'Sized by': 'allocation',
      'Required IOPS': 'not measured',
    });
  });

  it("has a row per cluster equal to getProjectVms' clusters and getProjectSizing's sums", () => {
    const rows = sheets.get('Clusters') ?? [];
    expect(rows).toHaveLength(vms.Clusters.length);
    for (const c of vms.Clusters) {
      const s = sizing.Clusters?.find((x) => x.ClusterId === c.ClusterId);
      expect(rows.find((r) => r['Cluster'] === c.Name)).toEqual({
        Cluster: c.Name,
        Datacenter: c.Datacenter,
        Hosts: c.Hosts,
        VMs: c.Vms,
        'VMs powered on': c.VmsPoweredOn,
        'Host cores': c.Cores,
        'Host memory (GiB)': two(c.MemoryBytes / GIB),
        'Datastore capacity (GiB)': two(c.DatastoreCapacityBytes / GIB),
        'Datastore free (GiB)': c.DatastoreFreeBytes === null ? 'unknown' : two(c.DatastoreFreeBytes / GIB),
        'VMs sized by allocation': s?.VmsByAllocation,
        'VMs required cores': s?.Cores,
        'VMs required memory (GiB)': s?.MemoryGiB,
        'VMs required IOPS': s?.Iops,
        'VMs required throughput (MB/s)': s?.ThroughputMBps,
        'VMs per recommended shape': s?.ShapeTotals.map(
          (x) => `${x.Shape ?? 'none fits'} × ${String(x.Count)}`,
        ).join(', '),
      });
    }
  });

  it('has the datastores in GiB, computed by hand from the fixture', () => {
    // shared-ds: 10 TiB, 4 TiB free, mounted by esx01 and esx02 (Cluster A); local-ds: 2 TiB, free unknown, esx01.
    expect(sheets.get('Datastores')).toEqual([
      {
        Datastore: 'local-ds',
        Type: 'VMFS',
        Cluster: 'Cluster A',
        Hosts: 1,
        'Capacity (GiB)': 2048,
        'Free (GiB)': 'unknown',
        'Used (GiB)': 'unknown',
      },
      {
        Datastore: 'shared-ds',
        Type: 'VMFS',
        Cluster: 'Cluster A',
        Hosts: 2,
        'Capacity (GiB)': 10240,
        'Free (GiB)': 4096,
        'Used (GiB)': 6144,
      },
    ]);
  });
});

describe('the VMware workbook of a project without VMs', () => {
  it('has its hosts sheet and the datastores only (no VM layer to list)', async () => {
    const sheets = await vmwareWorkbook(project(false));
    expect([...sheets.keys()]).toEqual(['VMware hosts', 'VMs', 'Clusters', 'Datastores']);
    expect(sheets.get('VMs')).toEqual([]);
  });
});

/** Both decks of a project (AIR and performance), each slide's title and its table's rows of cell texts. */
async function decks(
  id: number,
): Promise<Map<string, { title: string; rows: string[][]; texts: string[] }[]>> {
  const zip = await reportZip(id, {
    ...EXCEL_REPORT,
    includeAirExcel: false,
    includeDetailsExcel: false,
    includeAirPowerPoint: true,
    performancePowerPointConfig: PERFORMANCE_DECK,
  });
  const unescape = (x: string): string =>
    x
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&apos;/g, "'")
      .replace(/&amp;/g, '&');
  const textsOf = (xml: string): string[] =>
    [...xml.matchAll(/<a:t>([^<]*)<\/a:t>/g)].map((m) => unescape(m[1] ?? ''));
  const out = new Map<string, { title: string; rows: string[][]; texts: string[] }[]>();
  for (const name of Object.keys(zip.files).filter((f) => f.endsWith('.pptx'))) {
    const deck = await JSZip.loadAsync(await zip.file(name)!.async('arraybuffer'));
    const files = Object.keys(deck.files)
      .filter((f) => /^ppt\/slides\/slide\d+\.xml$/.test(f))
      .sort((a, b) => Number(/\d+/.exec(a)?.[0]) - Number(/\d+/.exec(b)?.[0]));
    const slides = [];
    for (const f of files) {
      const xml = await deck.file(f)!.async('string');
      const texts = textsOf(xml);
      // A table row is an <a:tr>, each cell an <a:tc> whose runs make its text.
      const rows = [...xml.matchAll(/<a:tr\b[\s\S]*?<\/a:tr>/g)].map((tr) =>
        [...tr[0].matchAll(/<a:tc\b[\s\S]*?<\/a:tc>/g)].map((tc) => textsOf(tc[0]).join('')),
      );
      slides.push({ title: texts[0] ?? '', rows, texts });
    }
    out.set(name.replace(/^.*_/, ''), slides);
  }
  return out;
}

describe('the decks of a vSphere project', () => {
  let slides: Map<string, { title: string; rows: string[][]; texts: string[] }[]>;
  let vms: ProjectVms;
  let sizing: Sizing;
  beforeAll(async () => {
    const id = project(true);
    slides = await decks(id);
    vms = (await owner.json<ProjectVms>('GET', `/api/projects/${String(id)}/viewer/vms`)).body;
    sizing = (await owner.json<Sizing>('GET', `/api/projects/${String(id)}/sizing`)).body;
  });
  // The deck's numbers: two decimals at most, thousands grouped.
  const n = (v: number): string => v.toLocaleString('en-US', { maximumFractionDigits: 2 });

  it('both decks have a clusters slide equal to getProjectVms’ clusters and getProjectSizing’s sums', () => {
    expect([...slides.keys()].sort()).toEqual(['AIR.pptx', 'Performance.pptx']);
    for (const [deck, list] of slides) {
      const slide = list.find((s) => s.title === 'vSphere clusters');
      expect(slide, deck).toBeDefined();
      expect(slide?.rows.slice(1), deck).toEqual(
        vms.Clusters.map((c) => {
          const s = sizing.Clusters?.find((x) => x.ClusterId === c.ClusterId);
          return [
            c.Name,
            c.Datacenter,
            String(c.Hosts),
            `${String(c.VmsPoweredOn)} / ${String(c.Vms)}`,
            String(c.Cores),
            n(two(c.MemoryBytes / GIB)),
            n(two(c.DatastoreCapacityBytes / GIB)),
            c.DatastoreFreeBytes === null ? 'unknown' : n(two(c.DatastoreFreeBytes / GIB)),
            n(s?.Cores ?? Number.NaN),
            n(s?.MemoryGiB ?? Number.NaN),
            String(s?.VmsByAllocation),
          ];
        }),
      );
    }
  });

  it('both decks list the VMs by their own peak IOPS (from getProjectVms), sized as getProjectSizing sizes them, the powered-off one marked', () => {
    // Ranked here from the API's answer: highest peak first, a VM without samples last.
    const ranked = [...vms.Vms].sort(
      (a, b) => (b.IopsPeak ?? -1) - (a.IopsPeak ?? -1) || a.Name.localeCompare(b.Name, 'en'),
    );
    const words: Record<string, string> = {
      poweredOn: 'Powered on',
      poweredOff: 'Powered off',
      suspended: 'Suspended',
    };
    const figure = (v: number | null): string => (v === null ? 'no samples' : n(v));
    for (const [deck, list] of slides) {
      const slide = list.find((s) => s.title === 'Top virtual machines by peak IOPS');
      expect(slide, deck).toBeDefined();
      expect(slide?.rows.slice(1), deck).toEqual(
        ranked.map((v) => {
          const s = sizing.Vms?.find((x) => x.VmId === v.VmId);
          return [
            v.Name,
            v.Cluster,
            v.Host,
            words[v.PowerState],
            String(v.Vcpus),
            n(two(v.MemoryBytes / GIB)),
            figure(v.IopsPeak),
            figure(v.IopsP95),
            figure(v.CpuPeak),
            s?.SizedBy,
            n(s?.Cores ?? Number.NaN),
            n(s?.MemoryGiB ?? Number.NaN),
            s?.Shape ?? 'none fits',
          ];
        }),
      );
      // old01 is powered off: last, in words, sized by its allocation, and the note counts it.
      expect(slide?.rows.at(-1)?.slice(0, 4)).toEqual(['old01', 'Cluster A', 'esx01', 'Powered off']);
      expect(slide?.rows.at(-1)?.[9]).toBe('allocation');
      expect(slide?.texts.join(' ')).toContain('4 of 4 VMs; 1 not powered on, sized by their allocation.');
    }
  });
});

describe('the decks of a project without VMs', () => {
  it('have no vSphere slide', async () => {
    for (const [deck, list] of await decks(project(false))) {
      const titles = list.map((s) => s.title);
      expect(titles, deck).not.toContain('vSphere clusters');
      expect(titles, deck).not.toContain('Top virtual machines by peak IOPS');
      expect(titles, deck).toContain('Inventory summary');
    }
  });
});

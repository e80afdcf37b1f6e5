// API-level journeys of the portal's main jobs, against a real server (time scaled down, so archive and reports
// finish in well under a second).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import type {
  ApiEnvelope,
  ArchiveRestoreEnvelope,
  AutocompleteResult,
  CollectorEnvelope,
  CollectorRunPage,
  IdEnvelope,
  PerformancePowerPointConfig,
  Project,
  ProjectPage,
  PublishEnvelope,
  ReportRequest,
  ReportStatus,
  ServersAndSharedClusterDisks,
  SiokitFileModel,
  UploadedFileResponse,
} from '@assessment/sdk';
import { openDatabase } from '../src/store/db.ts';
import {
  Client,
  collectorFile,
  EXCEL_REPORT,
  PERFORMANCE_DECK,
  shareByLink,
  startServer,
  waitFor,
  type TestServer,
  uploadModel,
} from './helpers.ts';

let t: TestServer;
let c: Client;

beforeAll(async () => {
  t = await startServer({ timeScale: 0.03 });
  c = new Client(t.url);
  await c.signIn('partner.admin@contoso-partners.example');
});
afterAll(async () => {
  await t.close();
});

async function freeRuns(client: Client, n: number): Promise<number[]> {
  const r = await client.json<CollectorRunPage>(
    'GET',
    '/api/collectorruns?myCollectorRunsOnly=true&PageSize=200',
  );
  const ids = r.body.Items.filter(
    (x) => x.ProjectId === null && x.ArchiveState !== 'Archived' && x.Status !== 'Running',
  ).map((x) => x.Id);
  if (ids.length < n) {
    // Give the account some runs of its own.
    const me = t.server.ctx.repo.userByEmail('partner.admin@contoso-partners.example');
    for (let i = ids.length; i < n; i++)
      ids.push(t.server.ctx.repo.createRun(`Journey run ${i}`, me?.id ?? 0, 'server'));
  }
  return ids.slice(0, n);
}

describe('project journey', () => {
  it('create → add runs → list and search → share (one failing recipient) → publish → archive → restore', async () => {
    const created = await c.json<IdEnvelope>(
      'POST',
      `/api/projects?name=${encodeURIComponent('Journey datacenter refresh')}`,
    );
    expect(created.status).toBe(200);
    expect(created.body.ResourceKey).toBe('projectcreated');
    const id = created.body.Data.Id;
    const [r1, r2] = await freeRuns(c, 2);
    for (const run of [r1, r2]) {
      const add = await c.json<ApiEnvelope>('POST', `/api/projects/addcollectorrun/${id}/${run}`);
      expect(add.body.ResourceKey).toBe('collector_added');
    }
    const project = await c.json<Project>('GET', `/api/projects/${id}`);
    expect(project.body.CollectorRuns.map((r) => r.Id).sort()).toEqual([r1, r2].sort());
    expect(project.body.CurrentStatusString).toBeNull();

    const list = await c.json<ProjectPage>('GET', '/api/projects?myProjectsOnly=true&PageSize=200');
    expect(list.body.Items.find((p) => p.Id === id)?.CollectorRunCount).toBe(2);
    const search = await c.json<ProjectPage>('GET', '/api/projects?search=journey%20datacenter');
    expect(search.body.Items.map((p) => p.Id)).toEqual([id]);
    for (const status of ['Running', 'Stopped', 'Completed', 'Failed']) {
      const byStatus = await c.json<CollectorRunPage>(
        'GET',
        `/api/collectorruns?status=${status}&PageSize=200`,
      );
      expect(
        byStatus.body.Items.every((r) => r.Status === status),
        status,
      ).toBe(true);
    }
    const runSearch = await c.json<CollectorRunPage>('GET', `/api/collectorruns?projectId=${id}`);
    expect(runSearch.body.Items.every((r) => r.ProjectId === id)).toBe(true);
    const lookup = await c.json<AutocompleteResult>('GET', '/api/lookup/project?name=Journey');
    expect(lookup.body.items.map((i) => i.id)).toContain(String(id));

    const share = await shareByLink(c, id, [
      'partner.member@contoso-partners.example',
      'ghost@nowhere.example',
    ]);
    expect(share.body.Data.SuccessEmailAddresses).toEqual(['partner.member@contoso-partners.example']);
    expect(share.body.Data.PartialErrorsList).toEqual([
      {
        ObjectDisplayName: 'ghost@nowhere.example',
        ErrorMessage: 'share_project_error_share_user_not_found',
      },
    ]);
    // The recipient now sees the project.
    const member = new Client(t.url);
    await member.signIn('partner.member@contoso-partners.example');
    expect((await member.json('GET', `/api/projects/${id}`)).status).toBe(200);

    const publish = await c.json<PublishEnvelope>('POST', `/api/projects/${id}/publish?publish=true`);
    expect(publish.body.Data.Data.PublicURL).toBe(`${t.url}/dpackviewer/${id}`);

    const start = await c.json<ArchiveRestoreEnvelope>('POST', `/api/project/archive/${id}`);
    expect(start.body.Data).toEqual({ CurrentStatusString: 'PendingArchive', ProgressPercentage: 0 });
    const seen = new Set<string>();
    const percentages: number[] = [];
    await waitFor(
      async () => {
        const s = await c.json<ArchiveRestoreEnvelope>('GET', `/api/project/archive/${id}`);
        seen.add(s.body.Data.CurrentStatusString);
        percentages.push(s.body.Data.ProgressPercentage);
        return s.body.Data.CurrentStatusString === 'Archived' ? true : undefined;
      },
      10_000,
      15,
    );
    expect(seen.has('ArchivingInProgress')).toBe(true);
    expect(percentages.at(-1)).toBe(100);
    expect([...percentages].sort((a, b) => a - b)).toEqual(percentages); // rising
    // Archiving again is refused; restoring runs PendingRestore → RestoreInProgress → Restored.
    expect((await c.json('POST', `/api/project/archive/${id}`)).status).toBe(409);
    const restore = await c.json<ArchiveRestoreEnvelope>('POST', `/api/project/restore/${id}`);
    expect(restore.body.Data.CurrentStatusString).toBe('PendingRestore');
    await waitFor(
      async () => {
        const s = await c.json<ArchiveRestoreEnvelope>('GET', `/api/project/restore/${id}`);
        return s.body.Data.CurrentStatusString === 'Restored' ? true : undefined;
      },
      10_000,
      15,
    );
  });

  it('a stop request on an already stopped run gives 409', async () => {
    const me = t.server.ctx.repo.userByEmail('partner.admin@contoso-partners.example');
    const run = t.server.ctx.repo.createRun('Journey running run', me?.id ?? 0, 'server', Date.now(), false);
    const first = await c.json<ApiEnvelope>('POST', `/api/collectorrunstoprequest/${run}`);
    expect(first.status).toBe(200);
    expect(first.body.ResourceKey).toBe('collectorRunStopped');
    const again = await c.json<ApiEnvelope>('POST', `/api/collectorrunstoprequest/${run}`);
    expect(again.status).toBe(409);
  });
});

describe('upload journey', () => {
  it('uploads two iokit files one at a time, queues them into a new project, which then exists with two runs', async () => {
    const ids: UploadedFileResponse[] = [];
    for (const name of ['host-a.iokit', 'host-b.iokit']) {
      const form = new FormData();
      form.append('file', new Blob([collectorFile(4096)]), name);
      const r = await c.json<UploadedFileResponse>('POST', '/upload-service/iokit/file', { body: form });
      expect(r.status).toBe(200);
      expect(r.body.FileName).toBe(name);
      ids.push(r.body);
    }
    const queued = await c.json<IdEnvelope>('POST', '/upload-service/api/iokitqueue', {
      json: uploadModel(ids, { newProjectName: 'Uploaded assessment' }),
    });
    expect(queued.status).toBe(200);
    const project = await c.json<Project>('GET', `/api/projects/${queued.body.Data.Id}`);
    expect(project.body.Name).toBe('Uploaded assessment');
    expect(project.body.CollectorRuns.map((r) => r.Name).sort()).toEqual([
      'host-a (uploaded)',
      'host-b (uploaded)',
    ]);
    // The files are stored on disk in the data folder.
    const stored = t.server.ctx.repo.all<{ stored_path: string }>(
      'SELECT stored_path FROM uploads WHERE queued_project_id = ?',
      queued.body.Data.Id,
    );
    expect(stored.every((f) => t.server.ctx.files.exists('uploads', f.stored_path))).toBe(true);
  });
});

describe('collectors', () => {
  it('creates a collector that becomes ready with a downloadable package', async () => {
    const created = await c.json<IdEnvelope>('POST', '/collector/insert?collectortemplateid=4');
    const ready = await waitFor(async () => {
      const r = await c.json<CollectorEnvelope>(
        'GET',
        `/collector/getcollector?collectorId=${created.body.Data.Id}`,
      );
      return r.body.Data.IsReady ? r.body.Data : undefined;
    });
    const dl = await c.request('GET', ready.DownloadUrl ?? '');
    expect(dl.headers.get('content-type')).toBe('application/zip');
    const zip = await JSZip.loadAsync(await dl.arrayBuffer());
    expect(Object.keys(zip.files).sort()).toEqual(['README.txt', 'collector.json']);
    expect(
      (await c.json<ApiEnvelope>('POST', '/collector/insert?collectortemplateid=999')).body.ResourceKey,
    ).toBe('choose_collector');
  });
});

describe('upload into an existing project, and siokit processing', () => {
  function fileForm(name: string): { body: FormData } {
    const form = new FormData();
    form.append('file', new Blob([collectorFile(2048)]), name);
    return { body: form };
  }

  it('queues an iokit file into a chosen project and refuses a file that is already queued', async () => {
    const target = await c.json<IdEnvelope>(
      'POST',
      `/api/projects?name=${encodeURIComponent('Existing target')}`,
    );
    const file = (
      await c.json<UploadedFileResponse>('POST', '/upload-service/iokit/file', fileForm('extra.iokit'))
    ).body;
    const model = uploadModel([file], { projectId: target.body.Data.Id });
    const q = await c.json<IdEnvelope>('POST', '/upload-service/api/iokitqueue', { json: model });
    expect(q.body).toMatchObject({
      StatusCode: 200,
      ResourceKey: 'projectupdated',
      Data: { Id: target.body.Data.Id },
    });
    const p = await c.json<Project>('GET', `/api/projects/${target.body.Data.Id}`);
    expect(p.body.CollectorRuns.map((r) => r.Name)).toEqual(['extra (uploaded)']);
    const again = await c.json<ApiEnvelope>('POST', '/upload-service/api/iokitqueue', { json: model });
    expect(again.body.ResourceKey).toBe('iokit_cant_continue');
  });

  it('stores siokit files and processes them into a new project', async () => {
    const a = (
      await c.json<SiokitFileModel>(
        'POST',
        '/upload-service/iokit/SaveFileToStorage',
        fileForm('array-1.siokit'),
      )
    ).body;
    const b = (
      await c.json<SiokitFileModel>(
        'POST',
        '/upload-service/iokit/SaveFileToStorage',
        fileForm('array-2.siokit'),
      )
    ).body;
    const r = await c.json<IdEnvelope>('POST', '/upload-service/iokit/ProcessSiokit', {
      json: {
        projectName: 'Storage protection',
        siokitFilesModel: [a, b, { BlobFolderId: 'missing', FileName: 'gone.siokit' }],
      },
    });
    expect(r.body.ResourceKey).toBe('siokit_upload_incomplete');
    const p = await c.json<Project>('GET', `/api/projects/${r.body.Data.Id}`);
    expect(p.body).toMatchObject({ Name: 'Storage protection' });
    expect(p.body.CollectorRuns).toHaveLength(2);
    const none = await c.json<ApiEnvelope>('POST', '/upload-service/iokit/ProcessSiokit', {
      json: { projectName: 'Nothing', siokitFilesModel: [{ BlobFolderId: 'x', FileName: 'y.siokit' }] },
    });
    expect(none.body.ResourceKey).toBe('siokit_upload_failed');
  });
});

/** The performance PowerPoint options of the report tests: CPU left out, storage and the summary tables in. */
const PERFORMANCE_CONFIG: PerformancePowerPointConfig = {
  ...PERFORMANCE_DECK,
  executiveSummaryConfig: {
    ...PERFORMANCE_DECK.executiveSummaryConfig,
    includeCpuPerformance: false,
    includeStorageCapacity: true,
  },
  summaryTablesConfig: {
    includeServersSummary: true,
    includeLocalDisksSummary: false,
    includeSharedClusterDisksSummary: true,
  },
};

describe('report journey', () => {
  async function projectWithServers(): Promise<number> {
    const created = await c.json<IdEnvelope>(
      'POST',
      `/api/projects?name=${encodeURIComponent('Report project')}`,
    );
    const [run] = await freeRuns(c, 1);
    await c.json('POST', `/api/projects/addcollectorrun/${created.body.Data.Id}/${run}`);
    return created.body.Data.Id;
  }

  async function events(projectId: number, reportId: string): Promise<ReportStatus[]> {
    const res = await fetch(`${t.url}/api/opticalprime/${projectId}/reports/events/${reportId}`, {
      headers: { Cookie: c.cookie },
    });
    const text = await res.text();
    return text
      .split('\n\n')
      .filter((b) => b.includes('event: report-status'))
      .map((b) => JSON.parse(b.split('data: ')[1] ?? '{}') as ReportStatus);
  }

  it('201 + Location, completion pushed over SSE, a zip with the requested xlsx and pptx files', async () => {
    const projectId = await projectWithServers();
    const sd = await c.json<ServersAndSharedClusterDisks>(
      'GET',
      `/api/opticalprime/${projectId}/reports/serversAndSharedClusterDisks`,
    );
    expect(sd.body.ServerList.length).toBeGreaterThan(0);
    const req = await c.json<ReportStatus>('POST', `/api/opticalprime/${projectId}/reports`, {
      json: {
        ...EXCEL_REPORT,
        performancePowerPointConfig: {
          ...PERFORMANCE_CONFIG,
          servers: sd.body.ServerList.slice(0, 3).map((s) => s.ServerId),
        },
      },
    });
    expect(req.status).toBe(201);
    expect(req.res.headers.get('location')).toBe(
      `/api/opticalprime/${projectId}/reports/${req.body.ReportId}`,
    );
    expect(req.body.Status).toBe('Queued');
    const pushed = await events(projectId, req.body.ReportId);
    const final = pushed.at(-1);
    expect(final?.Status).toBe('Completed');
    // The status call agrees (the fallback of the stream).
    const status = await c.json<ReportStatus>('GET', req.res.headers.get('location') ?? '');
    expect(status.body.Status).toBe('Completed');
    const dl = await c.request('GET', final?.DownloadUrl ?? '');
    expect(dl.headers.get('content-type')).toBe('application/zip');
    const zip = await JSZip.loadAsync(await dl.arrayBuffer());
    expect(Object.keys(zip.files).sort()).toEqual([
      'Report_project_AIR.xlsx',
      'Report_project_Details.xlsx',
      'Report_project_Performance.pptx',
    ]);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(await zip.file('Report_project_AIR.xlsx')!.async('arraybuffer'));
    expect(wb.worksheets.map((w) => w.name)).toEqual([
      'Summary',
      'Servers',
      'Server performance',
      'Shared cluster disks',
      // The viewer's sizing panel for the saved settings (issue #29).
      'Sizing',
    ]);
    const servers = wb.getWorksheet('Servers')!;
    expect(servers.getRow(1).getCell(2).value).toBe('ServerName');
    const expected = t.server.ctx.repo.serversOfProject(projectId);
    expect(servers.rowCount - 1).toBe(expected.length);
    expect(servers.getRow(2).getCell(2).value).toBe(expected[0]?.name);
    const pptx = await JSZip.loadAsync(
      await zip.file('Report_project_Performance.pptx')!.async('arraybuffer'),
    );
    expect(Object.keys(pptx.files).some((f) => f.startsWith('ppt/slides/slide'))).toBe(true);
  });

  it('fails for the chosen case (currency XXX) and pushes the failure', async () => {
    const projectId = await projectWithServers();
    const req = await c.json<ReportStatus>('POST', `/api/opticalprime/${projectId}/reports`, {
      json: {
        includeAirPowerPoint: true,
        includeAirExcel: false,
        includeDetailsExcel: false,
        includeVMwareExcel: false,
        region: 'NA',
        currencyCode: 'XXX',
        performancePowerPointConfig: null,
      },
    });
    const final = (await events(projectId, req.body.ReportId)).at(-1);
    expect(final).toMatchObject({ Status: 'Failed', DownloadUrl: null, ErrorKey: 'generalError' });
    expect(
      (await c.request('GET', `/api/opticalprime/${projectId}/reports/download/${req.body.ReportId}`)).status,
    ).toBe(404);
  });

  it('refuses a request with no report selected or more than 20 servers', async () => {
    const projectId = await projectWithServers();
    const none = await c.json<ApiEnvelope>('POST', `/api/opticalprime/${projectId}/reports`, {
      json: {
        includeAirPowerPoint: false,
        includeAirExcel: false,
        includeDetailsExcel: false,
        includeVMwareExcel: false,
        region: 'NA',
        currencyCode: 'USD',
        performancePowerPointConfig: null,
      },
    });
    expect(none.status).toBe(400);
    expect(none.body.ResourceKey).toBe('validate_info');
    // Parts 5 and 9: at most 20 servers in the performance selection.
    const { ServerList } = (
      await c.json<ServersAndSharedClusterDisks>(
        'GET',
        `/api/opticalprime/${projectId}/reports/serversAndSharedClusterDisks`,
      )
    ).body;
    const first = ServerList[0]?.ServerId ?? 'no-server';
    const withServers = (count: number): ReportRequest => ({
      ...EXCEL_REPORT,
      performancePowerPointConfig: {
        ...PERFORMANCE_CONFIG,
        servers: Array.from({ length: count }, (_, i) => ServerList[i]?.ServerId ?? first),
      },
    });
    const tooMany = await c.json<ApiEnvelope>('POST', `/api/opticalprime/${projectId}/reports`, {
      json: withServers(21),
    });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.ResourceKey).toBe('validate_info');
    const most = await c.json<ReportStatus>('POST', `/api/opticalprime/${projectId}/reports`, {
      json: withServers(20),
    });
    expect(most.status).toBe(201);
  });

  it('answers report ids in the lowercase UUID pattern of the contract and refuses any other id with 400', async () => {
    const projectId = await projectWithServers();
    const req = await c.json<ReportStatus>('POST', `/api/opticalprime/${projectId}/reports`, {
      json: EXCEL_REPORT,
    });
    expect(req.status).toBe(201);
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
    expect(req.body.ReportId).toMatch(uuid);
    expect(req.body.Sections).toEqual(['air', 'details']);
    expect(req.res.headers.get('location')).toBe(
      `/api/opticalprime/${projectId}/reports/${req.body.ReportId}`,
    );
    for (const path of ['', 'download/', 'events/']) {
      const bad = await c.request('GET', `/api/opticalprime/${projectId}/reports/${path}not-a-report-id`);
      expect(bad.status, path).toBe(400);
    }
  });
});

describe('state survives a restart', () => {
  it('finishes a report being generated before it stops (the store stays consistent)', async () => {
    const own = await startServer({ timeScale: 0.00001 }); // reports are due at once
    try {
      const client = new Client(own.url);
      await client.signIn('admin@dell.example');
      const repo = own.server.ctx.repo;
      const project = repo
        .all<{ id: number; name: string }>('SELECT id, name FROM projects ORDER BY id')
        .find((p) => !p.name.includes('fail-report') && repo.serversOfProject(p.id).length > 0);
      if (!project) throw new Error('the seed has no project with servers');
      const req = await client.json<ReportStatus>('POST', `/api/opticalprime/${project.id}/reports`, {
        json: { ...EXCEL_REPORT, performancePowerPointConfig: { ...PERFORMANCE_CONFIG, servers: [] } },
      });
      expect(req.status).toBe(201);
      await new Promise((resolve) => setTimeout(resolve, 10)); // its generation has started
      await own.stop();
      const db = openDatabase(own.dataDir);
      const row = db.prepare('SELECT status FROM reports WHERE id = ?').get(req.body.ReportId) as
        { status: string } | undefined;
      db.close();
      expect(row?.status).toBe('Completed');
    } finally {
      await own.close();
    }
  });

  it('keeps projects and sessions across a stop and start on the same data folder', async () => {
    const own = await startServer({ timeScale: 0.01 });
    const client = new Client(own.url);
    await client.signIn('enduser@adventure-works.example');
    const created = await client.json<IdEnvelope>(
      'POST',
      `/api/projects?name=${encodeURIComponent('Survives restarts')}`,
    );
    await own.stop();
    const again = await startServer({ timeScale: 0.01 }, own.dataDir);
    try {
      const after = new Client(again.url);
      after.cookie = client.cookie; // the same session cookie still works
      const p = await after.json<Project>('GET', `/api/projects/${created.body.Data.Id}`);
      expect(p.status).toBe(200);
      expect(p.body.Name).toBe('Survives restarts');
    } finally {
      await again.close();
    }
  });
});

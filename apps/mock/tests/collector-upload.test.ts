// Uploading open collector files (issue #11): every .iokit file is read through on arrival; an unreadable one gets
// its per-file ErrorKey and reason and is not kept, while the good files of the same upload still queue. Also the
// public format operation.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  CollectorFileFormat,
  IdEnvelope,
  Project,
  ProjectSeriesSummary,
  ProjectViewerData,
  ReportStatus,
  ServersAndSharedClusterDisks,
  UploadedFileResponse,
} from '@assessment/sdk';
import { zCollectorFileFormat } from '@assessment/sdk';
import JSZip from 'jszip';
import {
  generateCollectorRecords,
  writeCollectorFile,
  parseCollectorFile,
  type CollectorRecord,
} from '../src/collector-file/index.ts';
import { Readable } from 'node:stream';
import { createHash } from 'node:crypto';
import { CollectorFileError } from '../src/collector-file/index.ts';
import { collectorFileProblemSince } from '../src/handlers/upload.ts';
import {
  Client,
  collectorFile,
  EXCEL_REPORT,
  PERFORMANCE_DECK,
  signedIn,
  startServer,
  type TestServer,
  uploadModel,
} from './helpers.ts';

let t: TestServer;
let c: Client;

beforeAll(async () => {
  t = await startServer();
  c = await signedIn(t, 'staff@dell.example');
});
afterAll(async () => t.close());

async function upload(name: string, data: Buffer<ArrayBuffer>): Promise<UploadedFileResponse> {
  const form = new FormData();
  form.append('file', new Blob([data]), name);
  const r = await c.json<UploadedFileResponse>('POST', '/upload-service/iokit/file', { body: form });
  expect(r.status).toBe(200);
  return r.body;
}

const uploadsOnDisk = (): number =>
  t.server.ctx.repo.all<{ n: number }>('SELECT COUNT(*) AS n FROM uploads')[0]?.n ?? 0;

describe('uploading collector files', () => {
  it('refuses each unreadable file with its key and reason, keeps the good one, and the good one queues', async () => {
    const before = uploadsOnDisk();
    const good = await upload('good.iokit', collectorFile());
    expect(good.ErrorKey).toBeNull();
    expect(good.FileId).toBeTruthy();

    const whole = collectorFile();
    const cases: [string, Buffer<ArrayBuffer>, string, RegExp][] = [
      [
        'not-gzip.iokit',
        Buffer.from('this is not a collector file'),
        'iokit_file_corrupt',
        /not gzip-compressed/,
      ],
      ['cut.iokit', whole.subarray(0, whole.length - 40), 'iokit_file_truncated', /cut short|end record/],
      [
        'v4.iokit',
        gzipSync('{"type":"header","format":"iokit","formatVersion":4}\n'),
        'iokit_file_wrong_version',
        /version 4; this server reads versions 1, 2 and 3/,
      ],
      [
        'empty.iokit',
        gzipSync(
          `${JSON.stringify((await firstRecords(whole))[0])}\n${JSON.stringify({ type: 'end', samples: 0 })}\n`,
        ),
        'iokit_file_empty',
        /no samples/,
      ],
    ];
    for (const [name, data, key, reason] of cases) {
      const r = await upload(name, data);
      expect(r.FileName, name).toBe(name);
      expect(r.ErrorKey, name).toBe(key);
      expect(r.ErrorReason, name).toMatch(reason);
      expect(r.FileId, name).toBeNull();
    }
    // Only the good file is kept.
    expect(uploadsOnDisk()).toBe(before + 1);

    const queued = await c.json<IdEnvelope>('POST', '/upload-service/api/iokitqueue', {
      json: uploadModel([good], { newProjectName: 'Collected for real' }),
    });
    expect(queued.status).toBe(200);
    expect(queued.body.ResourceKey).toBe('projectcreated');
    const project = await c.json<Project>('GET', `/api/projects/${String(queued.body.Data.Id)}`);
    expect(project.body.CollectorRuns.map((r) => r.Name)).toEqual(['good (uploaded)']);

    // The file is stored in the background (issue #32): once its ingest is done, the viewer's summary counts its
    // host and samples.
    await t.server.ctx.ingest.idle();
    const [header] = await firstRecords(collectorFile());
    const host = header?.type === 'header' ? header.hosts[0]?.name : undefined;
    expect(host).toBeTruthy();
    const summary = await c.json<ProjectSeriesSummary>(
      'GET',
      `/api/projects/${String(queued.body.Data.Id)}/series/summary`,
    );
    expect(summary.status).toBe(200);
    expect(summary.body.EnabledNodes).toBe(1);
    expect(summary.body.First).not.toBeNull();
    expect(summary.body.TopByCpu.map((top) => top.Name)).toContain(host);

    // The run's inventory is the file's own: its host is the project's one server node (no borrowed inventory),
    // with its peak IOPS from the series; leaving it out leaves nothing to publish.
    const id = String(queued.body.Data.Id);
    const viewer = await c.json<ProjectViewerData>('GET', `/api/projects/${id}/viewer`);
    expect(viewer.body.Nodes.map((n) => [n.Name, n.Kind])).toEqual([[host, 'server']]);
    const server = t.server.ctx.repo.serversOfProject(queued.body.Data.Id)[0];
    expect(server?.iops).toBeGreaterThan(0);
    const nodeId = viewer.body.Nodes[0]?.NodeId ?? '';
    const off = await c.json('PUT', `/api/projects/${id}/viewer/nodes/${nodeId}?enabled=false`);
    expect(off.status).toBe(200);
    const publish = await c.json<{ ResourceKey: string | null; ErrorState: { ErrorCode: string } | null }>(
      'POST',
      `/api/projects/${id}/publish?publish=true`,
    );
    expect(publish.body.ResourceKey ?? publish.body.ErrorState?.ErrorCode).toBe('nodes_required_to_publish');
  });

  it('does not read siokit files (another format)', async () => {
    const r = await upload('array.siokit', Buffer.from('storage array export'));
    expect(r.ErrorKey).toBeNull();
    expect(r.FileId).toBeTruthy();
  });

  it('answers the message of each new key', async () => {
    for (const key of [
      'iokit_file_corrupt',
      'iokit_file_truncated',
      'iokit_file_wrong_version',
      'iokit_file_empty',
    ]) {
      const r = await c.json<{ title: string }>('GET', `/api/message/${key}`);
      expect(r.status, key).toBe(200);
      expect(r.body.title, key).toBeTruthy();
    }
  });
});

describe('queueing collector files', () => {
  const model = (iokits: UploadedFileResponse[], name: string) => ({
    json: uploadModel(iokits, { newProjectName: name }),
  });
  const damage = (u: UploadedFileResponse): void => {
    const row = t.server.ctx.repo.upload(u.FileId ?? '');
    writeFileSync(t.server.ctx.files.resolve('uploads', row?.stored_path ?? ''), 'damaged on disk');
  };

  it('leaves out a file damaged since its upload (named with its reason) and queues the others', async () => {
    const a = await upload('node-a.iokit', collectorFile());
    const b = await upload('node-b.iokit', collectorFile());
    damage(b);
    const queued = await c.json<IdEnvelope>(
      'POST',
      '/upload-service/api/iokitqueue',
      model([a, b], 'Half damaged'),
    );
    expect(queued.status).toBe(200);
    expect(queued.body.ResourceKey).toBe('projectcreated');
    expect(queued.body.Message).toMatch(
      /^Not queued: node-b\.iokit \(iokit_file_corrupt: .*not gzip-compressed/,
    );
    const project = await c.json<Project>('GET', `/api/projects/${String(queued.body.Data.Id)}`);
    expect(project.body.CollectorRuns.map((r) => r.Name)).toEqual(['node-a (uploaded)']);
    expect(t.server.ctx.repo.upload(b.FileId ?? '')).toBeUndefined();
  });

  it('keeps the SHA-256 of the content it read through on arrival', async () => {
    const data = collectorFile();
    const a = await upload('hashed.iokit', data);
    expect(t.server.ctx.repo.upload(a.FileId ?? '')?.read_sha256).toBe(
      createHash('sha256').update(data).digest('hex'),
    );
  });

  it('parses a file again at queue time only when its content changed since it was read through', async () => {
    const file = path.join(t.dataDir, 'since.iokit');
    const data = collectorFile();
    writeFileSync(file, data);
    const readSha256 = createHash('sha256').update(data).digest('hex');
    const parsed: string[] = [];
    const readThrough = (at: string) => {
      parsed.push(at);
      return Promise.resolve(new CollectorFileError('iokit_file_corrupt', 'changed'));
    };
    // Unchanged: not parsed.
    expect(await collectorFileProblemSince(file, readSha256, readThrough)).toBeNull();
    expect(parsed).toEqual([]);
    // Never read through: parsed.
    expect(await collectorFileProblemSince(file, null, readThrough)).not.toBeNull();
    // Changed on disk since: parsed.
    writeFileSync(file, Buffer.concat([data, Buffer.from('x')]));
    expect((await collectorFileProblemSince(file, readSha256, readThrough))?.reason).toBe('changed');
    expect(parsed).toEqual([file, file]);
  });

  it('an uploaded file brings its hosts into the reports: each can be picked alone for the performance deck', async () => {
    const file = writeCollectorFile(
      generateCollectorRecords({ hosts: 3, days: 10 / 1440, intervalSeconds: 60, seed: 11 }),
    );
    const queued = await c.json<IdEnvelope>(
      'POST',
      '/upload-service/api/iokitqueue',
      model([await upload('three.iokit', file)], 'Three uploaded hosts'),
    );
    const projectId = queued.body.Data.Id;
    await t.server.ctx.ingest.idle();
    const listed = await c.json<ServersAndSharedClusterDisks>(
      'GET',
      `/api/opticalprime/${String(projectId)}/reports/serversAndSharedClusterDisks`,
    );
    const names = listed.body.ServerList.map((s) => s.ServerName);
    expect(names).toHaveLength(3);
    const picked = listed.body.ServerList[1]!;
    const requested = await c.json<ReportStatus>('POST', `/api/opticalprime/${String(projectId)}/reports`, {
      json: {
        ...EXCEL_REPORT,
        includeAirExcel: false,
        includeDetailsExcel: false,
        performancePowerPointConfig: {
          ...PERFORMANCE_DECK,
          includeContactInformation: false,
          servers: [picked.ServerId],
        },
      },
    });
    expect(requested.status).toBe(201);
    await t.server.ctx.reports.settle(requested.body.ReportId);
    const status = await c.json<ReportStatus>(
      'GET',
      `/api/opticalprime/${String(projectId)}/reports/${requested.body.ReportId}`,
    );
    expect(status.body.Status).toBe('Completed');
    const zip = await JSZip.loadAsync(
      await (await c.request('GET', status.body.DownloadUrl ?? '')).arrayBuffer(),
    );
    const deckName = Object.keys(zip.files).find((f) => f.endsWith('_Performance.pptx')) ?? '';
    const deck = await JSZip.loadAsync(await zip.file(deckName)!.async('arraybuffer'));
    const slides = (
      await Promise.all(
        Object.keys(deck.files)
          .filter((f) => /^ppt\/(slides\/slide|charts\/chart)\d+\.xml$/.test(f))
          .map((f) => deck.file(f)!.async('string')),
      )
    ).join('\n');
    // The picked host's measured figures (its peak/p95 table row and the top-servers chart), and no other host.
    expect(slides).toContain(`>${picked.ServerName}<`);
    expect(slides).toContain('Server performance (peak and 95th percentile)');
    for (const other of names.filter((n) => n !== picked.ServerName))
      expect(slides).not.toContain(`>${other}<`);
  });

  it('refuses with iokit_cant_continue when no file is left', async () => {
    const a = await upload('only.iokit', collectorFile());
    damage(a);
    const queued = await c.json<IdEnvelope>(
      'POST',
      '/upload-service/api/iokitqueue',
      model([a], 'Nothing left'),
    );
    expect(queued.status).toBe(400);
    expect(queued.body.ResourceKey).toBe('iokit_cant_continue');
    expect(queued.body.Message).toContain('only.iokit');
  });
});

async function firstRecords(data: Buffer): Promise<CollectorRecord[]> {
  const out: CollectorRecord[] = [];
  for await (const r of parseCollectorFile(Readable.from([data]))) out.push(r);
  return out;
}

describe('GET /api/collectors/format (public)', () => {
  it('gives version 2 and a small example file that is valid for the contract and for the parser', async () => {
    const anonymous = new Client(t.url);
    const r = await anonymous.json<CollectorFileFormat>('GET', '/api/collectors/format');
    expect(r.status).toBe(200);
    expect(zCollectorFileFormat.safeParse(r.body).success).toBe(true);
    expect(r.body.FormatVersion).toBe(2);
    expect(r.body.FileExtension).toBe('.iokit');
    const lines = r.body.Example as CollectorRecord[];
    expect(lines.map((l) => l.type)).toEqual(['header', 'sample', 'sample', 'sample', 'end']);
    expect(await firstRecords(writeCollectorFile(lines))).toEqual(lines);
  });
});

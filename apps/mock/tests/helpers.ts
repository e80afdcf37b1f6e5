// Starts the demo server on a random loopback port with a copy of the seeded template data folder; a fresh store for
// the tests that need only the database.
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { DatabaseSync } from 'node:sqlite';
import { gzipSync } from 'node:zlib';
import type {
  PerformancePowerPointConfig,
  RegistrationRequestWritable as RegistrationRequest,
  ReportRequest,
  ShareProjectResponse,
  ShareRequest,
  UploadedFileResponse,
  UploadModel,
} from '@assessment/sdk';
import { afterEach, beforeEach, expect, inject } from 'vitest';
import { loadConfig, type Config } from '../src/config.ts';
import { buildServer, type DemoServer } from '../src/http/server.ts';
import { Readable } from 'node:stream';
import {
  CollectorFileError,
  generateCollectorRecords,
  parseCollectorFile,
  writeCollectorFile,
} from '../src/collector-file/index.ts';
import type { CollectorHeader, CollectorRecord, CollectorSampleV2 } from '../src/collector-file/records.ts';
import { openDatabase } from '../src/store/db.ts';
import { SAMPLE_FIELDS, SampleWriter, deleteHostSamples, readSamples } from '../src/series/samples.ts';

export interface TestServer {
  url: string;
  server: DemoServer;
  dataDir: string;
  config: Config;
  /** Stops the server (the data folder stays, for restart tests). */
  stop: () => Promise<void>;
  /** Stops the server and removes its data folder. */
  close: () => Promise<void>;
}

export function freshDataDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'mock-test-'));
  cpSync(inject('templateDataDir'), dir, { recursive: true });
  return dir;
}

/**
 * A fresh store for each test of the calling block (or file): an empty data folder with the schema only, holding
 * collector run `run` (a server run) in project `project`. `use` receives its database and folder before each test;
 * after it the database is closed (unless the test closed it) and the folder removed.
 */
export function freshStore(
  use: (db: DatabaseSync, dir: string) => void,
  { run = 1, project = 1 }: { run?: number; project?: number } = {},
): void {
  let dir = '';
  let db: DatabaseSync | null = null;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'store-'));
    db = openDatabase(dir);
    db.prepare(
      "INSERT INTO collector_runs (id, name, owner_id, project_id, kind, started_at, planned_duration_s) VALUES (?, 'r', 1, ?, 'server', 0, 0)",
    ).run(run, project);
    use(db, dir);
  });
  afterEach(() => {
    if (db?.isOpen) db.close();
    rmSync(dir, { recursive: true, force: true });
  });
}

export async function startServer(
  overrides: Partial<Config> = {},
  dataDir: string = freshDataDir(),
): Promise<TestServer> {
  const config = loadConfig({}, [], {
    host: '127.0.0.1',
    port: 0,
    dataDir,
    timeScale: 0.01,
    portalDist: path.join(dataDir, 'no-portal'),
    ...overrides,
  });
  const server = await buildServer(config);
  const address = await server.app.listen({ host: '127.0.0.1', port: 0 });
  let stopped = false;
  const stop = async (): Promise<void> => {
    if (stopped) return;
    stopped = true;
    await server.close();
  };
  return {
    url: address,
    server,
    dataDir,
    config,
    stop,
    close: async () => {
      await stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export const DEMO_PASSWORD = 'Demo-Portal-2026';

/** A tiny cookie-keeping client for API-level tests. */
export class Client {
  readonly base: string;
  cookie = '';

  constructor(base: string) {
    this.base = base;
  }

  async request(
    method: string,
    url: string,
    init: {
      json?: unknown;
      form?: Record<string, string | string[]>;
      body?: BodyInit;
      headers?: Record<string, string>;
    } = {},
  ): Promise<Response> {
    const headers: Record<string, string> = { Accept: 'application/json', ...init.headers };
    if (this.cookie) headers.Cookie = this.cookie;
    let body: BodyInit | undefined = init.body;
    if (init.json !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(init.json);
    } else if (init.form) {
      const params = new URLSearchParams();
      for (const [k, v] of Object.entries(init.form))
        for (const item of Array.isArray(v) ? v : [v]) params.append(k, item);
      headers['Content-Type'] = 'application/x-www-form-urlencoded';
      body = params.toString();
    }
    const res = await fetch(this.base + url, { method, headers, body, redirect: 'manual' });
    const setCookie = res.headers.getSetCookie().find((c) => c.startsWith('assessment_session='));
    if (setCookie) {
      const value = setCookie.split(';')[0] ?? '';
      this.cookie = value === 'assessment_session=' ? '' : value;
    }
    return res;
  }

  // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters
  async json<T = Record<string, unknown>>(
    method: string,
    url: string,
    init?: Parameters<Client['request']>[2],
  ): Promise<{ status: number; body: T; res: Response }> {
    const res = await this.request(method, url, init);
    const text = await res.text();
    return { status: res.status, body: (text ? JSON.parse(text) : null) as T, res };
  }

  async signIn(email: string, password = DEMO_PASSWORD): Promise<void> {
    const r = await this.json('POST', '/api/auth/signin', { json: { email, password } });
    if (r.status !== 200)
      throw new Error(`sign-in of ${email} failed: ${r.status} ${JSON.stringify(r.body)}`);
  }
}

export async function waitFor<T>(
  fn: () => Promise<T | undefined>,
  timeoutMs = 10_000,
  stepMs = 50,
): Promise<T> {
  const started = Date.now();
  for (;;) {
    const v = await fn();
    if (v !== undefined) return v;
    if (Date.now() - started > timeoutMs) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, stepMs));
  }
}

/** POST /api/projects/share: a plain link share (no name, no anonymizing, no concierge) to the given recipients. */
export function shareByLink(
  c: Client,
  projectId: number,
  emailAddresses: string[],
): Promise<{ status: number; body: ShareProjectResponse; res: Response }> {
  const json: ShareRequest = {
    projectId,
    ShareType: 'link',
    Name: null,
    Anonymize: false,
    EmailAddresses: emailAddresses,
    ConciergeSelected: false,
  };
  return c.json<ShareProjectResponse>('POST', '/api/projects/share', { json });
}

/** A report request the demo API completes: the AIR and details workbooks, EMEA in euros, no PowerPoint. */
export const EXCEL_REPORT: ReportRequest = {
  includeAirPowerPoint: false,
  includeAirExcel: true,
  includeDetailsExcel: true,
  includeVMwareExcel: false,
  region: 'EMEA',
  currencyCode: 'EUR',
  performancePowerPointConfig: null,
};

/** The performance PowerPoint over every server (none picked): every executive-summary section but storage, no tables. */
export const PERFORMANCE_DECK: PerformancePowerPointConfig = {
  reportLanguage: 'en-US',
  includeContactInformation: true,
  autoSelectSharedClusterDisks: true,
  localDiskCount: 4,
  includeLocalDisksDetailedAnalysis: false,
  executiveSummaryConfig: {
    includePerformanceEnvelope: true,
    includeInventorySummary: true,
    includeTop5Servers: true,
    includeCpuPerformance: true,
    includeStorageCapacity: false,
    includeIOPerformance: true,
  },
  summaryTablesConfig: {
    includeServersSummary: false,
    includeLocalDisksSummary: false,
    includeSharedClusterDisksSummary: false,
  },
  servers: [],
  sharedClusterDisks: [],
};

/** A client signed in as `email` on the test server. */
export async function signedIn(t: TestServer, email: string): Promise<Client> {
  const c = new Client(t.url);
  await c.signIn(email);
  return c;
}

/**
 * A valid open collector file (one host, five one-minute samples), padded to exactly `bytes` when given: the
 * padding is a second gzip member holding one blank line (blank lines are ignored by readers).
 */
export function collectorFile(bytes?: number): Buffer<ArrayBuffer> {
  const base = writeCollectorFile(
    generateCollectorRecords({ hosts: 1, days: 5 / 1440, intervalSeconds: 60, seed: 7 }),
  );
  if (bytes === undefined || bytes <= base.length) return base;
  const pad = (n: number): Buffer => gzipSync(Buffer.alloc(Math.max(0, n), 0x20), { level: 0 });
  let n = bytes - base.length - 24;
  for (let i = 0; i < 4 && base.length + pad(n).length !== bytes; i++)
    n -= base.length + pad(n).length - bytes;
  const out = Buffer.concat([base, pad(n)]);
  if (out.length !== bytes) throw new Error(`collectorFile: cannot make ${String(bytes)} bytes`);
  return out;
}

/** A sample of `v2File`: it ends at `t` and covers `d` seconds (both in seconds); null is unknown. */
export interface V2Sample {
  t: number;
  d: number;
  cpu: number | null;
  /** The disk's read IOPS: 200 unless given. */
  readIops?: number | null;
  /** The disk's read latency (ms): 1 unless given. */
  readLatencyMs?: number | null;
  /** The disk's queue depth (I/Os in flight). */
  queue: number | null;
}

/**
 * A small format-v2 collector file of these hosts (HOST-0, HOST-1, …; one whole disk and one NIC each, memory used
 * 1000 bytes), the samples in time order, or host after host when `byHost` (a file written host by host).
 */
export function v2File(
  hosts: { cores: number; samples: V2Sample[] }[],
  interval: number,
  { byHost = false }: { byHost?: boolean } = {},
): CollectorRecord[] {
  const samples: CollectorSampleV2[] = hosts.flatMap((h, i) =>
    h.samples.map((s) => ({
      type: 'sample' as const,
      tMs: s.t * 1000,
      intervalMs: s.d * 1000,
      host: `h${String(i)}`,
      cpuPct: s.cpu,
      memUsedBytes: 1000,
      disks: {
        d: {
          readIops: s.readIops === undefined ? 200 : s.readIops,
          writeIops: 0,
          readBps: 1,
          writeBps: 1,
          readLatencyMs: s.readLatencyMs === undefined ? 1 : s.readLatencyMs,
          writeLatencyMs: null,
          queueDepth: s.queue,
        },
      },
      net: { n: { rxBps: 1, txBps: 1 } },
    })),
  );
  if (!byHost) samples.sort((a, b) => a.tMs - b.tMs);
  return [
    {
      type: 'header',
      format: 'iokit',
      formatVersion: 2,
      collector: { name: 'tests', version: '2' },
      start: new Date(0).toISOString(),
      end: new Date(0).toISOString(),
      intervalSeconds: interval,
      hosts: hosts.map((h, i) => ({
        id: `h${String(i)}`,
        name: `HOST-${String(i)}`,
        os: 'Linux',
        cpu: { model: 'x', cores: h.cores },
        memoryBytes: 0,
        timeZone: 'UTC',
        machine: null,
        disks: [{ id: 'd', name: 'sda', capacityBytes: 1, kind: 'local', layer: 'disk' }],
        nics: [{ id: 'n', name: 'eth0' }],
        fileSystems: [],
      })),
      clusters: [],
    },
    ...samples,
    { type: 'end', samples: samples.length },
  ];
}

let registrations = 0;

/**
 * A registration form for a fresh address at `domain`: `<who>.<n>@<domain>` (n counting up in the test file), first
 * name `Who`, company "`Who` Company n", with `password`; `extra` overrides any field.
 */
export function registrationForm(
  who: string,
  domain: string,
  password: string,
  extra: Partial<RegistrationRequest> = {},
): RegistrationRequest {
  registrations += 1;
  const n = String(registrations);
  const name = who.charAt(0).toUpperCase() + who.slice(1);
  return {
    RegistrationType: 'user-register',
    Email: `${who}.${n}@${domain}`,
    FirstName: name,
    LastName: 'Person',
    CompanyName: `${name} Company ${n}`,
    CountryId: 840,
    PhoneNumber: '+1 555 0100',
    PreferredLanguage: 'en-US',
    Password: password,
    ...extra,
  };
}

/** A small open collector file: 2 hosts, 10 minutes at 60 s; `seed` picks its values. */
export const smallCollectorFile = (seed: number): Buffer<ArrayBuffer> =>
  writeCollectorFile(generateCollectorRecords({ hosts: 2, days: 10 / 1440, intervalSeconds: 60, seed }));

/**
 * A fresh demo server per test that stores queued files in the background: a pool of 2, 1 per account, 20 queued per
 * account and 200 in all, unless `ingest` says otherwise. Each is closed after its test.
 */
export function backgroundIngestServers(): (ingest?: Partial<Config['ingest']>) => Promise<TestServer> {
  let t: TestServer | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });
  return async (ingest = {}) => {
    t = await startServer({
      ingest: { workers: 2, perAccount: 1, queuedPerAccount: 20, queuedTotal: 200, inline: false, ...ingest },
    });
    return t;
  };
}

/** Uploads an iokit file as the upload page does (POST /upload-service/iokit/file); it must be accepted. */
export async function uploadIokit(c: Client, file: Buffer, name: string): Promise<UploadedFileResponse> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(file)]), name);
  const r = await c.json<UploadedFileResponse>('POST', '/upload-service/iokit/file', { body: form });
  expect(r.body.ErrorKey, JSON.stringify(r.body)).toBeNull();
  return r.body;
}

/** The upload model of the queue call (spec part 3) for uploaded files, into a new project or a chosen one. */
export function uploadModel(
  iokits: UploadModel['iokits'],
  into: { newProjectName: string } | { projectId: number },
): UploadModel {
  return {
    ActionForEmail: null,
    ActionForUserId: null,
    ContainsSiokit: false,
    ExistingCompanyID: null,
    iokits,
    isNewUser: false,
    NewCompanyId: null,
    NewCompanyName: null,
    NewFirstName: null,
    NewLastName: null,
    NewProjectName: 'newProjectName' in into ? into.newProjectName : null,
    NewSendEmail: false,
    SelectedProjectId: 'projectId' in into ? into.projectId : null,
  };
}

/**
 * A folder shaped like collector/vsphere/dist (issue #41): a small stand-in file per platform and their SHA256SUMS,
 * for tests of the VMware collector package that need no Go build. Returns the folder; the caller removes it.
 */
export function fakeVsphereDist(version = '0.0.0-test'): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'vsphere-dist-'));
  const names = ['linux-amd64', 'linux-arm64', 'windows-amd64.exe', 'darwin-arm64'].map(
    (p) => `iokit-vsphere-${version}-${p}`,
  );
  const lines = names.map((name) => {
    const data = Buffer.from(`stand-in for ${name}\n`);
    writeFileSync(path.join(dir, name), data);
    return `${createHash('sha256').update(data).digest('hex')}  ${name}`;
  });
  writeFileSync(path.join(dir, 'SHA256SUMS'), `${lines.join('\n')}\n`);
  return dir;
}

/** Every record of a collector file read by the demo API's streamed reader (several buffers: chunks of one file). */
export async function readCollectorRecords(input: Buffer | Buffer[]): Promise<CollectorRecord[]> {
  const out: CollectorRecord[] = [];
  for await (const r of parseCollectorFile(Readable.from(Array.isArray(input) ? input : [input])))
    out.push(r);
  return out;
}

/** The reader's refusal of a collector file; fails the test when the file is read without one. */
export async function collectorFileFailure(input: Buffer): Promise<CollectorFileError> {
  try {
    await readCollectorRecords(input);
  } catch (error) {
    if (error instanceof CollectorFileError) return error;
    throw error;
  }
  throw new Error('the file was read without error');
}

/** One answer of each kind the server sends (page, asset, API answer, 401, 404): the headers every answer carries. */
export const HEADER_PROBES: readonly (readonly [kind: string, url: string])[] = [
  ['a portal page', '/dashboard'],
  ['a hashed asset', '/assets/app-abc123.js'],
  ['an API answer', '/api/viewer'],
  ['an API refusal (401)', '/api/projects'],
  ['an unknown API path (404)', '/api/nothing-here'],
];

/**
 * The header of a format-v1 collection of one host 'a' (4 cores, one local disk sda) sampled every `intervalSeconds`
 * from `start` to `end` (Unix seconds): the figures tests' hand-computed collections differ only in their samples.
 */
export function oneHostHeader(
  name: string,
  intervalSeconds: number,
  start: number,
  end: number,
): CollectorHeader {
  return {
    type: 'header',
    format: 'iokit',
    formatVersion: 1,
    collector: { name: 'test', version: '1' },
    start: new Date(start * 1000).toISOString(),
    end: new Date(end * 1000).toISOString(),
    intervalSeconds,
    hosts: [
      {
        id: 'a',
        name,
        os: 'Linux',
        cpu: { model: 'x', cores: 4 },
        memoryBytes: 2000,
        disks: [{ id: 'sda', name: 'sda', capacityBytes: 1000, kind: 'local' }],
        nics: [],
      },
    ],
    clusters: [],
  };
}

/**
 * Every stored sample of the hosts given (all hosts without), read through the sample store (series/samples.ts): one
 * object per sample with host_id and the stored fields (unknown as null), by host and then time.
 */
export function sampleRows(db: DatabaseSync, hostIds?: readonly number[]): Record<string, number | null>[] {
  const ids =
    hostIds ??
    (db.prepare('SELECT id FROM series_hosts ORDER BY id').all() as { id: number }[]).map((r) => r.id);
  return ids.flatMap((id) => {
    const { length, columns } = readSamples(db, id, SAMPLE_FIELDS);
    return Array.from({ length }, (_, i) => {
      const row: Record<string, number | null> = { host_id: id };
      for (const f of SAMPLE_FIELDS) {
        const v = columns[f][i] as number;
        row[f] = Number.isNaN(v) ? null : v;
      }
      return row;
    });
  });
}

/**
 * Turns the store back into a data folder from before the chunks: the row-per-sample series_samples table with the
 * columns given (after host_id and t), filled from the stored samples; the chunks removed.
 */
export function writeLegacySamples(db: DatabaseSync, columns: readonly string[], notNull = false): void {
  const rows = sampleRows(db);
  db.exec(`CREATE TABLE series_samples (host_id INTEGER NOT NULL, t INTEGER NOT NULL,
    ${columns.map((c) => `${c} REAL${notNull ? ' NOT NULL' : ''}`).join(', ')}, PRIMARY KEY (host_id, t)) WITHOUT ROWID;
    DELETE FROM series_chunks`);
  const insert = db.prepare(
    `INSERT INTO series_samples (host_id, t, ${columns.join(', ')}) VALUES (?, ?, ${columns.map(() => '?').join(', ')})`,
  );
  for (const r of rows) insert.run(r.host_id ?? 0, r.t ?? 0, ...columns.map((c) => r[c] ?? null));
}

/** Removes the samples of the hosts given; the function returned writes them back as they were. */
export function removeSamples(db: DatabaseSync, hostIds: readonly number[]): () => void {
  const saved = hostIds.map((id) => [id, readSamples(db, id, SAMPLE_FIELDS)] as const);
  deleteHostSamples(db, hostIds);
  return () => {
    const writer = new SampleWriter(db);
    const row = new Float64Array(SAMPLE_FIELDS.length);
    for (const [id, s] of saved) {
      const chunk = writer.chunkFor(id);
      for (let i = 0; i < s.length; i++) {
        SAMPLE_FIELDS.forEach((f, k) => (row[k] = s.columns[f][i] as number));
        writer.append(chunk, row, 0);
      }
    }
    writer.flush();
  };
}

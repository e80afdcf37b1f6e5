// Issue #39 (items 1 and 2): every operation the contract lets a caller without a session make is called, walked from
// the bundled contract (an operation whose `security` holds the empty alternative `{}`), so a new anonymous operation is
// walked without a change here. Each is called against a seeded demo store for a published project and for a published
// project marked anonymous (both made through the API by their owner), and no answer (headers, body, and the files
// inside a report's zip) may carry an email address, any seeded person's name or phone number, or a real name of the
// anonymous project's hosts, disks, datastores, VMs, clusters or datacenters.
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CollectorRun, Project, ProjectViewerData, ReportRequest, ReportStatus } from '@assessment/sdk';
import { Contract, type ContractOperation, type Schema } from '../src/http/contract.ts';
import { isPublicOperation, operationServicePrefix } from '../src/http/server.ts';
import { VSPHERE_DEMO_PROJECT } from '../src/series/seed.ts';
import { Client, PERFORMANCE_DECK, signedIn, startServer, waitFor, type TestServer } from './helpers.ts';

const contract = Contract.load();
const ANONYMOUS_OPERATIONS = contract.operations.filter(isPublicOperation);

/** The owner of the anonymized project (owner of the seeded vSphere estate), the published one's and the sharer. */
const OWNER = 'enduser@adventure-works.example';
const PUBLISHER = 'oem.admin@northwind-oem.example';
const SHARER = 'staff@dell.example';
const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g;
/** The one address an anonymous answer may carry: the portal's own sender (a lookup's FromEmail), no one's. */
const PORTAL_SENDER = 'no-reply@dell.example';

/** Every report there is: both workbooks, the VMware workbook and both decks with the contact slide. */
const EVERY_REPORT: ReportRequest = {
  includeAirPowerPoint: true,
  includeAirExcel: true,
  includeDetailsExcel: true,
  includeVMwareExcel: true,
  region: 'EMEA',
  currencyCode: 'EUR',
  performancePowerPointConfig: PERFORMANCE_DECK,
};

let t: TestServer;
let published: number;
let anonymized: number;
const reports = new Map<number, string>();
/** Seeded people: full names and phone numbers. */
let people: string[] = [];
/** The anonymized project's real names (never shown while it is marked anonymous). */
let realNames: string[] = [];

const all = <T>(sql: string, ...args: (string | number)[]): T[] =>
  t.server.ctx.repo.db.prepare(sql).all(...args) as unknown as T[];

/**
 * A seeded project of the owner (not the vSphere estate) with runs of their own holding series, and shared disks when
 * `disks`: its runs are moved, whatever its state.
 */
function ownerProject(email: string, disks: boolean): number {
  const [row] = all<{ id: number }>(
    `SELECT p.id FROM projects p JOIN users u ON u.id = p.owner_id
     WHERE u.email = ? AND p.deleted = 0 AND p.anonymous = 0 AND p.name <> ?
       AND EXISTS (SELECT 1 FROM collector_runs r JOIN series_hosts h ON h.run_id = r.id
                   WHERE r.project_id = p.id AND r.owner_id = p.owner_id AND r.deleted = 0
                     AND (? = 0 OR EXISTS (SELECT 1 FROM cluster_disks d WHERE d.run_id = r.id)))
     ORDER BY p.id LIMIT 1`,
    email,
    VSPHERE_DEMO_PROJECT,
    disks ? 1 : 0,
  );
  if (!row) throw new Error(`the seed has no such project of ${email}`);
  return row.id;
}

/** The project's runs its owner owns (those the owner may move). */
const runsOf = (projectId: number): number[] =>
  all<{ id: number }>(
    `SELECT r.id FROM collector_runs r JOIN projects p ON p.id = r.project_id
     WHERE r.project_id = ? AND r.owner_id = p.owner_id AND r.deleted = 0 ORDER BY r.id`,
    projectId,
  ).map((r) => r.id);

/** Frees a project's runs through the API (the last-run removal deletes the project); returns the owner's. */
async function freeRuns(owner: Client, projectId: number): Promise<number[]> {
  const runs = runsOf(projectId);
  const [first] = runs;
  if (first === undefined) throw new Error(`project ${String(projectId)} has no runs`);
  const r = await owner.request(
    'DELETE',
    `/api/projects/removecollectorunanddeleteproject/${String(projectId)}/${String(first)}`,
  );
  expect(r.status).toBe(200);
  return runs;
}

async function addRuns(owner: Client, projectId: number, runs: number[]): Promise<void> {
  for (const run of runs) {
    const r = await owner.request(
      'POST',
      `/api/projects/addcollectorrun/${String(projectId)}/${String(run)}`,
    );
    expect(r.status).toBe(200);
  }
}

async function publish(owner: Client, projectId: number): Promise<void> {
  const r = await owner.request('POST', `/api/projects/${String(projectId)}/publish?publish=true`);
  expect(r.status).toBe(200);
}

beforeAll(async () => {
  t = await startServer();
  const owner = await signedIn(t, OWNER);
  const sharer = await signedIn(t, SHARER);

  // The anonymized project: an anonymized copy shared to the owner (make-copies), given the seeded vSphere estate's
  // run and another project's runs (servers and shared disks), then published.
  const shared = await sharer.json<{ Data: { Id: number } }>(
    'POST',
    `/api/projects?name=${encodeURIComponent('Walk source')}`,
  );
  const share = await sharer.json<{ Data: { AnonymousEmailAddresses: string[] } }>(
    'POST',
    '/api/projects/share',
    {
      json: {
        projectId: shared.body.Data.Id,
        ShareType: 'make-copies',
        Name: null,
        Anonymize: true,
        EmailAddresses: [OWNER],
        ConciergeSelected: false,
      },
    },
  );
  expect(share.body.Data.AnonymousEmailAddresses).toEqual([OWNER]);
  const [copy] = all<{ id: number }>(
    'SELECT id FROM projects WHERE source_project_id = ?',
    shared.body.Data.Id,
  );
  if (!copy) throw new Error('no anonymized copy');
  anonymized = copy.id;
  const [vsphere] = all<{ id: number }>('SELECT id FROM projects WHERE name = ?', VSPHERE_DEMO_PROJECT);
  if (!vsphere) throw new Error(VSPHERE_DEMO_PROJECT);
  const anonymizedRuns = [
    ...(await freeRuns(owner, vsphere.id)),
    ...(await freeRuns(owner, ownerProject(OWNER, true))),
  ];
  await addRuns(owner, anonymized, anonymizedRuns);
  await publish(owner, anonymized);

  // The published project: another account's own, made from the runs of one of their seeded projects.
  const publisher = await signedIn(t, PUBLISHER);
  const sourceRuns = await freeRuns(publisher, ownerProject(PUBLISHER, false));
  const created = await publisher.json<{ Data: { Id: number } }>(
    'POST',
    `/api/projects?name=${encodeURIComponent('Walk published')}&CollectorRunIdToAddToProject=${String(sourceRuns[0])}`,
  );
  expect(created.status).toBe(200);
  published = created.body.Data.Id;
  await addRuns(publisher, published, sourceRuns.slice(1));
  await publish(publisher, published);

  people = [
    ...all<{ name: string }>("SELECT first_name || ' ' || last_name AS name FROM users").map((u) => u.name),
    ...all<{ phone: string }>("SELECT phone FROM users WHERE phone <> ''").map((u) => u.phone),
  ];
  const inRuns = `IN (${anonymizedRuns.map(() => '?').join(',')})`;
  realNames = [
    ...new Set(
      [
        `SELECT name FROM collector_runs WHERE id ${inRuns}`,
        `SELECT name FROM servers WHERE run_id ${inRuns}`,
        `SELECT name FROM cluster_disks WHERE run_id ${inRuns}`,
        `SELECT name FROM series_hosts WHERE run_id ${inRuns}`,
        `SELECT cluster_name AS name FROM series_hosts WHERE run_id ${inRuns}`,
        `SELECT datacenter_name AS name FROM series_hosts WHERE run_id ${inRuns}`,
        `SELECT name FROM series_datastores WHERE run_id ${inRuns}`,
      ].flatMap((sql) => all<{ name: string | null }>(sql, ...anonymizedRuns).map((r) => r.name ?? '')),
    ),
  ].filter((n) => n.length >= 3);

  // A report of each project, requested signed out, so the report operations have one to answer for.
  const anonymous = new Client(t.url);
  for (const id of [published, anonymized]) {
    const r = await anonymous.json<ReportStatus>('POST', `/api/opticalprime/${String(id)}/reports`, {
      json: EVERY_REPORT,
    });
    expect(r.status).toBe(201);
    const done = await waitFor(async () => {
      const s = await anonymous.json<ReportStatus>(
        'GET',
        `/api/opticalprime/${String(id)}/reports/${r.body.ReportId}`,
      );
      return s.body.Status === 'Completed' || s.body.Status === 'Failed' ? s.body : undefined;
    }, 60_000);
    expect(done.Status).toBe('Completed');
    reports.set(id, r.body.ReportId);
  }
}, 120_000);
afterAll(async () => t.close());

// ---- requests built from the contract

const PROJECT_PARAMS = new Set(['id', 'projectId']);

function schemaOf(s: Schema | undefined): Schema {
  return s === undefined ? {} : contract.resolve(s);
}

/** The operation's parameter as the contract writes it (with its example), path-level ones included. */
function rawParameter(op: ContractOperation, name: string): { example?: unknown } | undefined {
  const item = contract.resolve((contract.doc.paths as Record<string, unknown>)[op.path]);
  const raw = [
    ...((item.parameters as unknown[] | undefined) ?? []),
    ...((contract.resolve(item[op.method.toLowerCase()]).parameters as unknown[] | undefined) ?? []),
  ].map((x) => contract.resolve(x));
  return raw.find((x) => x.name === name);
}

/** The values a parameter is walked with for `project` (an enum path parameter: each of its values). */
function parameterValues(op: ContractOperation, name: string, location: string, project: number): string[] {
  if (PROJECT_PARAMS.has(name)) return [String(project)];
  if (name === 'reportId') return [reports.get(project) ?? ''];
  // A lookup by email address asks about a seeded person: their details must not come back either.
  if (/email/i.test(name)) return [OWNER];
  const schema = schemaOf(op.parameters.find((x) => x.name === name)?.schema);
  const values = schema.enum as unknown[] | undefined;
  if (location === 'path' && values) return values.map(String);
  const example = rawParameter(op, name)?.example ?? schema.example ?? schema.default;
  if (example === undefined) throw new Error(`${op.operationId}: no value to walk parameter ${name} with`);
  // Query examples are scalars or lists of scalars (a list goes comma-separated, as the query string takes it).
  const list: unknown[] = Array.isArray(example) ? example : [example];
  return [list.map((v) => (typeof v === 'string' ? v : JSON.stringify(v))).join(',')];
}

/** The request body: the contract's example, or every report for a report request. */
function bodyOf(op: ContractOperation): unknown {
  if (op.operationId === 'requestReport') return EVERY_REPORT;
  if (!op.bodySchema) return undefined;
  const media = (
    contract.resolve(
      (contract.doc.paths as Record<string, Record<string, unknown>>)[op.path]?.[op.method.toLowerCase()],
    ).requestBody as { content?: Record<string, { example?: unknown; schema?: Schema }> } | undefined
  )?.content?.['application/json'];
  const example = media?.example ?? schemaOf(media?.schema).example;
  if (example === undefined) throw new Error(`${op.operationId}: no JSON example body to walk it with`);
  return example;
}

interface Call {
  label: string;
  method: string;
  url: string;
  body: unknown;
  /** Strings the caller sent itself (an answer may echo the caller's own input). */
  sent: string[];
  projectScoped: boolean;
}

function callsOf(op: ContractOperation): Call[] {
  const scoped = op.parameters.some((p) => p.in === 'path' && PROJECT_PARAMS.has(p.name));
  const projects = scoped ? [published, anonymized] : [0];
  const calls: Call[] = [];
  for (const project of projects) {
    let urls = [operationServicePrefix(op) + op.path];
    for (const p of op.parameters.filter((x) => x.in === 'path'))
      urls = urls.flatMap((u) =>
        parameterValues(op, p.name, 'path', project).map((v) =>
          u.replace(`{${p.name}}`, encodeURIComponent(v)),
        ),
      );
    const query = new URLSearchParams();
    for (const p of op.parameters.filter((x) => x.in === 'query' && x.required))
      for (const v of parameterValues(op, p.name, 'query', project)) query.append(p.name, v);
    const body = bodyOf(op);
    const sent = [...query.values(), ...JSON.stringify(body ?? null).matchAll(EMAIL)].map(String);
    for (const url of urls)
      calls.push({
        label: `${op.method} ${url}`,
        method: op.method,
        url: query.size > 0 ? `${url}?${query.toString()}` : url,
        body,
        sent,
        projectScoped: scoped,
      });
  }
  return calls;
}

/** The text of an answer: its headers and body, and for a zip every file inside it (a workbook's XML too). */
async function textsOf(headers: Record<string, unknown>, payload: Buffer): Promise<string[]> {
  const texts = [JSON.stringify(headers)];
  const unzip = async (bytes: Buffer, depth: number): Promise<void> => {
    if (depth < 3 && bytes.subarray(0, 2).toString('latin1') === 'PK') {
      const zip = await JSZip.loadAsync(bytes);
      for (const file of Object.values(zip.files)) {
        texts.push(file.name);
        if (!file.dir) await unzip(await file.async('nodebuffer'), depth + 1);
      }
    } else texts.push(bytes.toString('utf8'));
  };
  await unzip(payload, 0);
  return texts;
}

const escaped = (s: string): string => s.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');

/** The anonymized project's real names in `text`, each as a whole name (not a part of a longer one). */
function realNamesIn(text: string): string[] {
  return realNames.filter((n) => new RegExp(`(^|[^A-Za-z0-9_.-])${escaped(n)}($|[^A-Za-z0-9_-])`).test(text));
}

/** What an answer carries that an anonymous caller must not see. */
function leaks(texts: string[], sent: readonly string[]): string[] {
  const text = texts.join('\n');
  return [
    ...[...text.matchAll(EMAIL)].map(String).filter((e) => e !== PORTAL_SENDER && !sent.includes(e)),
    ...people.filter((p) => text.includes(p)),
    ...realNamesIn(text),
  ];
}

describe('every operation the contract allows without a session', () => {
  it('is walked: the contract marks them with the empty security alternative', () => {
    expect(ANONYMOUS_OPERATIONS.map((o) => o.operationId)).toEqual(
      expect.arrayContaining(['getProjectViewerData', 'getProject', 'getProjectVms', 'downloadReport']),
    );
    expect(realNames.length).toBeGreaterThan(20);
    expect(people.length).toBeGreaterThan(20);
  });

  it.each(ANONYMOUS_OPERATIONS.map((op) => [op.operationId, op] as const))(
    '%s answers nothing personal and no real name of the anonymized project',
    async (_id, op) => {
      for (const call of callsOf(op)) {
        const res = await t.server.app.inject({
          method: call.method as 'GET',
          url: call.url,
          ...(call.body === undefined ? {} : { payload: call.body as object }),
        });
        // The project's own answers are reached (not only refusals): the walk reads what a visitor reads.
        if (call.projectScoped) expect(res.statusCode, call.label).toBeLessThan(300);
        expect(leaks(await textsOf(res.headers, res.rawPayload), call.sent), call.label).toEqual([]);
      }
    },
    30_000,
  );
});

describe('the anonymized project as its owner reads it', () => {
  it('shows its hosts masked to its owner too (its copy was shared anonymized), with the owner’s own address', async () => {
    const owner = await signedIn(t, OWNER);
    const project = await owner.json<Project>('GET', `/api/projects/${String(anonymized)}`);
    expect(project.body.OwnerEmail).toBe(OWNER);
    const hosts = project.body.CollectorRuns.flatMap((r: CollectorRun) => r.Hosts ?? []);
    expect(hosts.length).toBeGreaterThan(0);
    for (const h of hosts) expect(h).toMatch(/^Server \d+$/);
    const viewer = await owner.json<ProjectViewerData>('GET', `/api/projects/${String(anonymized)}/viewer`);
    expect(viewer.body.Project.OwnerEmail).toBe(OWNER);
    for (const n of viewer.body.Nodes) expect(n.Name).toMatch(/^(Server|Disk) \d+$/);
    expect(realNamesIn(JSON.stringify([project.body, viewer.body]))).toEqual([]);
  });

  it('shows the published project’s real host names to a signed-out visitor (only anonymized projects mask them)', async () => {
    const r = await new Client(t.url).json<Project>('GET', `/api/projects/${String(published)}`);
    const hosts = r.body.CollectorRuns.flatMap((run) => run.Hosts ?? []);
    expect(hosts.length).toBeGreaterThan(0);
    expect(hosts.some((h) => /^Server \d+$/.test(h))).toBe(false);
    expect(r.body.OwnerEmail).toBe('');
  });
});

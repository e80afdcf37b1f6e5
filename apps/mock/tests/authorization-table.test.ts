// Every operation of the contract that takes an id (a path or query parameter or a body field naming a project, run,
// team, account, site, collector, file, report, country or template) × every persona, written once as a table and
// run cell by cell against one demo server (issue #32: "the authorization table over every id-taking operation").
//
// The objects acted on belong to company A (Contoso Channel Partners) and are owned by its member `owner`; each
// cell gets fresh objects, so a cell that deletes, archives or moves something never changes what another reads.
// A cell is "allowed" when the server carries the call out (2xx, envelope StatusCode 200, no per-item failure) and
// "refused" otherwise; a refusal must not carry the object's name either. An operation that takes an id and is
// added to the contract without a row here fails the first test.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReportStatus, UploadedFileResponse } from '@assessment/sdk';
import type { UserRow } from '../src/store/repo.ts';
import { viewerNodes } from '../src/series/nodes.ts';
import { COLLECTOR_TEMPLATES } from '../src/handlers/collectors.ts';
import { Client, collectorFile, EXCEL_REPORT, startServer, type TestServer, uploadModel } from './helpers.ts';

// ---- the contract: which operations take an id

interface Schema {
  $ref?: string;
  properties?: Record<string, Schema>;
  items?: Schema;
  allOf?: Schema[];
  oneOf?: Schema[];
  anyOf?: Schema[];
}
interface Parameter {
  $ref?: string;
  name: string;
  in: string;
}
interface Operation {
  operationId: string;
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema?: Schema }> };
}
interface Contract {
  paths: Record<string, Record<string, Operation | Parameter[]>>;
  components: { schemas: Record<string, Schema>; parameters?: Record<string, Parameter> };
}
const CONTRACT = JSON.parse(
  readFileSync(path.join(import.meta.dirname, '..', '..', '..', 'openapi', 'dist', 'openapi.json'), 'utf8'),
) as Contract;

/**
 * A name that names an id: `id`, `projectId`, `userid`, `collectortemplateid`, `AccountIds`, and an id in the middle
 * of a name (`CollectorRunIdToAddToProject`).
 */
const ID_NAME = { test: (name: string): boolean => /ids?$/i.test(name) || /Ids?(?=[A-Z])/.test(name) };
const METHODS = new Set(['get', 'put', 'post', 'delete', 'patch']);

function bodyIdFields(schema: Schema | undefined, prefix: string, seen: Set<string>): string[] {
  if (!schema) return [];
  if (schema.$ref !== undefined) {
    const name = schema.$ref.split('/').pop() ?? '';
    if (seen.has(name)) return [];
    return bodyIdFields(CONTRACT.components.schemas[name], prefix, new Set([...seen, name]));
  }
  const nested = [...(schema.allOf ?? []), ...(schema.oneOf ?? []), ...(schema.anyOf ?? [])].flatMap((s) =>
    bodyIdFields(s, prefix, seen),
  );
  const own = Object.entries(schema.properties ?? {}).flatMap(([key, value]) => [
    ...(ID_NAME.test(key) ? [`body:${prefix}${key}`] : []),
    ...bodyIdFields(value.items, `${prefix}${key}[].`, seen),
  ]);
  return [...nested, ...own];
}

/** operationId → the id fields it takes (`path:id`, `query:projectId`, `body:AccountIds`, …), from the contract. */
function idTakingOperations(): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const item of Object.values(CONTRACT.paths)) {
    const shared = (item.parameters ?? []) as Parameter[];
    for (const [method, value] of Object.entries(item)) {
      if (!METHODS.has(method)) continue;
      const op = value as Operation;
      const params = [...shared, ...(op.parameters ?? [])].map((p) =>
        p.$ref === undefined ? p : (CONTRACT.components.parameters?.[p.$ref.split('/').pop() ?? ''] ?? p),
      );
      const fields = [
        ...params.filter((p) => ID_NAME.test(p.name)).map((p) => `${p.in}:${p.name}`),
        ...Object.values(op.requestBody?.content ?? {}).flatMap((c) => bodyIdFields(c.schema, '', new Set())),
      ];
      if (fields.length > 0) found.set(op.operationId, [...new Set(fields)]);
    }
  }
  return found;
}

// ---- the personas

const PERSONAS = [
  'anonymous',
  // Company A (Contoso Channel Partners, a channel partner): the owner of the objects, a colleague without admin
  // rights, and the team admin.
  'owner',
  'colleague',
  'teamAdmin',
  // Other companies: an end user (Adventure Works) and an OEM team admin (Northwind).
  'otherEndUser',
  'otherAdmin',
  // Internal staff: without and with user administration.
  'staff',
  'internalAdmin',
] as const;
type Persona = (typeof PERSONAS)[number];

const EMAILS: Record<Exclude<Persona, 'anonymous' | 'colleague'>, string> = {
  owner: 'partner.member@contoso-partners.example',
  teamAdmin: 'partner.admin@contoso-partners.example',
  otherEndUser: 'enduser@adventure-works.example',
  otherAdmin: 'oem.admin@northwind-oem.example',
  staff: 'staff@dell.example',
  internalAdmin: 'admin@dell.example',
};

// Who may act, as sets of personas.
const EVERYONE: readonly Persona[] = PERSONAS;
const SIGNED_IN: readonly Persona[] = PERSONAS.filter((p) => p !== 'anonymous');
/** A company's project or run (not published, not shared): its owner, its team's admin and internal staff. */
const OWNER_TEAM_ADMIN_INTERNAL: readonly Persona[] = ['owner', 'teamAdmin', 'staff', 'internalAdmin'];
/** A team and what hangs off it, read: its members and internal staff. */
const TEAM_MEMBERS_INTERNAL: readonly Persona[] = [
  'owner',
  'colleague',
  'teamAdmin',
  'staff',
  'internalAdmin',
];
/** A team's promo sites, changed: the team's admin and internal staff. */
const TEAM_ADMIN_INTERNAL: readonly Persona[] = ['teamAdmin', 'staff', 'internalAdmin'];
/**
 * User administration (a team's members, their roles, its options; another account's status): the team's admin
 * and internal user administrators; internal staff without user administration are refused.
 */
const USER_ADMINS: readonly Persona[] = ['teamAdmin', 'internalAdmin'];
/** Something built by one account for itself (a collector package): that account and internal staff. */
const OWNER_INTERNAL: readonly Persona[] = ['owner', 'staff', 'internalAdmin'];
const OWNER_ONLY: readonly Persona[] = ['owner'];
const INTERNAL: readonly Persona[] = ['staff', 'internalAdmin'];

// ---- the server, the sessions and each cell's fresh objects

let t: TestServer;
const sessions = new Map<Persona, Client>();
let colleague: UserRow;
let teamA: number;
let promoSiteA: number;
let reportProject: number;
let reportId: string;

const repo = () => t.server.ctx.repo;
const userOf = (email: string): UserRow => {
  const u = repo().userByEmail(email);
  if (!u) throw new Error(`no seeded account ${email}`);
  return u;
};
let serial = 0;
const next = (): number => (serial += 1);

/** A fresh active account of company A with the demo password (not an admin). */
function freshMemberOfA(first: string): UserRow {
  const owner = userOf(EMAILS.owner);
  const n = next();
  const { lastId } = repo().run(
    `INSERT INTO users (email, first_name, last_name, role, status, team_id, is_admin, language_culture, country_id,
    terms_accepted, partner_terms_accepted, password_hash, created_at) VALUES (?, ?, ?, ?, 'Active', ?, 0, 'en-US', ?, 1, 1, ?, ?)`,
    `authz.table.${String(n)}@contoso-partners.example`,
    first,
    `Number ${String(n)}`,
    owner.role,
    owner.team_id,
    owner.country_id,
    owner.password_hash,
    Date.now(),
  );
  const created = repo().user(lastId);
  if (!created) throw new Error('insert failed');
  return created;
}

/** Company A's objects for one cell, owned by `owner`, each with a name no other cell uses. */
interface World {
  marker: string;
  project: number;
  /** The project's runs (finished): `run` and `secondRun`. */
  run: number;
  secondRun: number;
  /** A finished run of the owner in no project. */
  freeRun: number;
  /** A run of the owner still collecting. */
  runningRun: number;
  node: string;
  /** An iokit file the owner uploaded and has not queued. */
  upload: { id: string; name: string };
  /** A collector package the owner built. */
  collector: number;
  /** An RSA-key collector of the owner. */
  keyId: string;
  /** A capture request's collector (anonymous download with its token). */
  capture: { collector: number; token: string };
  /** Another account of company A (the target of team and user administration). */
  member: UserRow;
}

function world(): World {
  const owner = userOf(EMAILS.owner);
  const n = next();
  const marker = `Authz table ${String(n)}`;
  const now = Date.now();
  const run = repo().createRun(`${marker} run`, owner.id, 'iokit', now);
  const freeRun = repo().createRun(`${marker} free run`, owner.id, 'iokit', now);
  const runningRun = repo().createRun(`${marker} running run`, owner.id, 'iokit', now, false);
  const secondRun = repo().createRun(`${marker} second run`, owner.id, 'iokit', now);
  const project = repo().createProject(`${marker} project`, owner.id, [run, secondRun], now);
  repo().run('UPDATE projects SET failed = 1 WHERE id = ?', project);
  const p = repo().project(project);
  if (!p) throw new Error('no project');
  const node = viewerNodes(repo(), p)[0]?.NodeId;
  if (node === undefined) throw new Error('the project has no node');
  const dir = path.join(t.dataDir, 'authz-table');
  mkdirSync(dir, { recursive: true });
  const stored = path.join(dir, `${String(n)}.iokit`);
  writeFileSync(stored, collectorFile(1024));
  const uploadName = `${marker.replaceAll(' ', '-')}.iokit`;
  const upload = repo().addUpload({
    user_id: owner.id,
    file_name: uploadName,
    size: 1024,
    kind: 'iokit',
    stored_path: stored,
    created_at: now,
  });
  const collector = repo().run(
    'INSERT INTO collectors (template_id, capture_token, owner_id, created_at) VALUES (?, NULL, ?, ?)',
    'tmpl-1',
    owner.id,
    now,
  ).lastId;
  const keyId = `rsa-authz-${String(n)}`;
  repo().run(
    'INSERT INTO collectors (template_id, capture_token, owner_id, created_at, key_id, enabled) VALUES (?, NULL, ?, ?, ?, 1)',
    'tmpl-1',
    owner.id,
    now,
    keyId,
  );
  const token = `authz-capture-token-${String(n)}-${String(now)}`;
  const captureCollector = repo().run(
    'INSERT INTO collectors (template_id, capture_token, owner_id, created_at) VALUES (?, ?, NULL, ?)',
    'tmpl-1',
    token,
    now,
  ).lastId;
  return {
    marker,
    project,
    run,
    secondRun,
    freeRun,
    runningRun,
    node,
    upload: { id: upload, name: uploadName },
    collector,
    keyId,
    capture: { collector: captureCollector, token },
    member: freshMemberOfA('Target'),
  };
}

beforeAll(async () => {
  t = await startServer();
  colleague = freshMemberOfA('Colleague');
  const owner = userOf(EMAILS.owner);
  if (owner.team_id === null) throw new Error('the owner has no team');
  teamA = owner.team_id;
  const site = repo().get<{ id: number }>('SELECT id FROM promo_sites WHERE team_id = ? ORDER BY id', teamA);
  if (!site) throw new Error('company A has no promo site');
  promoSiteA = site.id;
  for (const persona of PERSONAS) {
    const c = new Client(t.url);
    if (persona === 'colleague') await c.signIn(colleague.email);
    else if (persona !== 'anonymous') await c.signIn(EMAILS[persona]);
    sessions.set(persona, c);
  }
  // A finished report of the owner on one of its projects (the report reads are read-only, so cells share it).
  reportProject = repo().createProject('Authz table reports', owner.id, [
    repo().createRun('Authz table report run', owner.id, 'iokit'),
  ]);
  const asOwner = sessions.get('owner');
  if (!asOwner) throw new Error('no owner session');
  const requested = await asOwner.json<ReportStatus>(
    'POST',
    `/api/opticalprime/${String(reportProject)}/reports`,
    {
      json: EXCEL_REPORT,
    },
  );
  expect(requested.status, JSON.stringify(requested.body)).toBe(201);
  reportId = requested.body.ReportId;
  await t.server.ctx.reports.settle(reportId);
});
afterAll(async () => {
  await t.close();
});

// ---- the verdict

/** What a call sends beside its method and URL (a JSON or form body, headers). */
type Init = Parameters<Client['request']>[2];

interface Answer {
  status: number;
  text: string;
}

async function call(c: Client, method: string, url: string, init?: Init): Promise<Answer> {
  const res = await c.request(method, url, init);
  return { status: res.status, text: await res.text() };
}

/** Whether the server carried the call out. */
function carriedOut(a: Answer): boolean {
  if (a.status < 200 || a.status >= 300) return false;
  let body: unknown;
  try {
    body = JSON.parse(a.text);
  } catch {
    return true; // an HTML fragment or a file
  }
  if (typeof body !== 'object' || body === null) return true;
  const envelope = body as { StatusCode?: unknown; ErrorKey?: unknown; Data?: { Status?: unknown } | null };
  if (typeof envelope.StatusCode === 'number' && envelope.StatusCode !== 200) return false;
  if (typeof envelope.ErrorKey === 'string' && envelope.ErrorKey !== '') return false;
  return envelope.Data?.Status !== 'failure';
}

/** An attempt on company A's objects: the answer, and whether it counts as carried out (default: carriedOut). */
type Attempt = (
  c: Client,
  w: World,
  persona: Persona,
) => Promise<Answer | { answer: Answer; allowed: boolean }>;

interface Row {
  /** What the id names, in words. */
  object: string;
  may: readonly Persona[];
  attempt: Attempt;
}

const q = encodeURIComponent;

/** A 1×1 PNG (a promo logo). */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** Upload an iokit file of the caller's own (anonymous callers have none: a made-up id). */
async function ownUpload(c: Client, persona: Persona): Promise<UploadedFileResponse> {
  if (persona === 'anonymous')
    return {
      FileId: '00000000-0000-4000-8000-000000000000',
      FileName: 'none.iokit',
      ErrorKey: null,
    } as UploadedFileResponse;
  const form = new FormData();
  form.append('file', new Blob([collectorFile(1024)]), 'authz-table.iokit');
  const r = await c.json<UploadedFileResponse>('POST', '/upload-service/iokit/file', { body: form });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body;
}

/** A row whose attempt is one call naming company A's object, allowed when the server carries it out. */
const callRow = (
  object: string,
  may: readonly Persona[],
  method: string,
  url: (w: World) => string,
  init?: (w: World) => Init,
): Row => ({ object, may, attempt: (c, w) => call(c, method, url(w), init?.(w)) });

/**
 * A row whose attempt is one call that changes company A's object: allowed when the server carries it out and the
 * change shows in the store (`took`); `prepare` first puts the object in the state the call changes.
 */
const changeRow = (
  object: string,
  may: readonly Persona[],
  method: string,
  url: (w: World) => string,
  took: (w: World, answer: Answer) => boolean,
  options: { init?: (w: World) => Init; prepare?: (w: World) => void } = {},
): Row => ({
  object,
  may,
  attempt: async (c, w) => {
    options.prepare?.(w);
    const answer = await call(c, method, url(w), options.init?.(w));
    return { answer, allowed: carriedOut(answer) && took(w, answer) };
  },
});

const projectUrl = (w: World): string => `/api/projects/${String(w.project)}`;
const reportUrl = (tail: string) => (): string =>
  `/api/opticalprime/${String(reportProject)}/reports/${tail}${reportId}`;
const memberInactive = (w: World): void => {
  repo().run("UPDATE users SET status = 'Inactive' WHERE id = ?", w.member.id);
};
const memberActive = (w: World): boolean => repo().user(w.member.id)?.status === 'Active';
const verifyMember = (w: World): Init => ({
  form: { TeamId: String(teamA), UserIds: [String(w.member.id)] },
});
const uploadGone = (w: World): boolean => repo().upload(w.upload.id) === undefined;
const projectGone = (w: World): boolean => repo().project(w.project) === undefined;
const freeRunInProject = (w: World): boolean => repo().runRow(w.freeRun)?.project_id === w.project;
const captureUrl =
  (operation: string) =>
  (w: World): string =>
    `/collector/${operation}?collectorId=${String(w.capture.collector)}&captureRequestToken=${q(w.capture.token)}`;
const addedEmail = (w: World): string =>
  `added.${w.marker.replaceAll(' ', '.').toLowerCase()}@contoso-partners.example`;

// ---- the table: operation → what its id names → which personas may act on company A's object

const RULES: Record<string, Row> = {
  // Projects (GET also answers anonymous readers of a published project; this one is not published).
  getProject: callRow('project', OWNER_TEAM_ADMIN_INTERNAL, 'GET', projectUrl),
  deleteProject: changeRow('project', OWNER_TEAM_ADMIN_INTERNAL, 'DELETE', projectUrl, projectGone),
  getProjectViewerData: callRow(
    'project',
    OWNER_TEAM_ADMIN_INTERNAL,
    'GET',
    (w) => `${projectUrl(w)}/viewer`,
  ),
  getProjectSeries: callRow(
    'project',
    OWNER_TEAM_ADMIN_INTERNAL,
    'GET',
    (w) => `${projectUrl(w)}/series?points=10`,
  ),
  getProjectSeriesSummary: callRow(
    'project',
    OWNER_TEAM_ADMIN_INTERNAL,
    'GET',
    (w) => `${projectUrl(w)}/series/summary`,
  ),
  getProjectVms: callRow('project', OWNER_TEAM_ADMIN_INTERNAL, 'GET', (w) => `${projectUrl(w)}/viewer/vms`),
  setProjectNodeEnabled: callRow(
    'project and its server',
    OWNER_TEAM_ADMIN_INTERNAL,
    'PUT',
    (w) => `${projectUrl(w)}/viewer/nodes/${q(w.node)}?enabled=false`,
  ),
  // The sizing panel of the viewer (proposed): read by whoever may see the project, saved by whoever may edit it.
  getProjectSizing: callRow('project', OWNER_TEAM_ADMIN_INTERNAL, 'GET', (w) => `${projectUrl(w)}/sizing`),
  getProjectSizingSettings: callRow(
    'project',
    OWNER_TEAM_ADMIN_INTERNAL,
    'GET',
    (w) => `${projectUrl(w)}/sizing/settings`,
  ),
  saveProjectSizingSettings: callRow(
    'project',
    OWNER_TEAM_ADMIN_INTERNAL,
    'PUT',
    (w) => `${projectUrl(w)}/sizing/settings`,
    () => ({ json: { Basis: 'p95', HeadroomPercent: 30, GrowthPercent: 10, HorizonYears: 3 } }),
  ),
  addCollectorRunToProject: changeRow(
    'project and run',
    OWNER_TEAM_ADMIN_INTERNAL,
    'POST',
    (w) => `/api/projects/addcollectorrun/${String(w.project)}/${String(w.freeRun)}`,
    freeRunInProject,
  ),
  removeCollectorRunFromProject: changeRow(
    'project and run',
    OWNER_TEAM_ADMIN_INTERNAL,
    'POST',
    (w) => `/api/projects/removecollectorrun/${String(w.project)}/${String(w.run)}`,
    (w) => repo().runRow(w.run)?.project_id === null,
  ),
  removeCollectorRunAndDeleteProject: changeRow(
    'project and run',
    OWNER_TEAM_ADMIN_INTERNAL,
    'DELETE',
    (w) => `/api/projects/removecollectorunanddeleteproject/${String(w.project)}/${String(w.run)}`,
    projectGone,
  ),
  retryProject: callRow(
    'project (failed)',
    OWNER_TEAM_ADMIN_INTERNAL,
    'POST',
    (w) => `/api/project/${String(w.project)}/retry`,
  ),
  shareProject: changeRow(
    'project',
    OWNER_TEAM_ADMIN_INTERNAL,
    'POST',
    () => '/api/projects/share',
    (w) => repo().get('SELECT 1 AS x FROM shares WHERE project_id = ?', w.project) !== undefined,
    {
      init: (w) => ({
        json: {
          projectId: w.project,
          ShareType: 'link',
          Name: null,
          Anonymize: false,
          EmailAddresses: [w.member.email],
          ConciergeSelected: false,
        },
      }),
    },
  ),
  publishProject: changeRow(
    'project',
    OWNER_TEAM_ADMIN_INTERNAL,
    'POST',
    (w) => `${projectUrl(w)}/publish?publish=true`,
    (w) => repo().project(w.project)?.is_public === 1,
  ),
  startProjectArchiveRestore: callRow(
    'project',
    OWNER_TEAM_ADMIN_INTERNAL,
    'POST',
    (w) => `/api/project/archive/${String(w.project)}`,
  ),
  getProjectArchiveRestoreStatus: callRow(
    'project',
    OWNER_TEAM_ADMIN_INTERNAL,
    'GET',
    (w) => `/api/project/archive/${String(w.project)}`,
  ),
  reassignProjectOwner: changeRow(
    'project and the new owner (internal staff)',
    INTERNAL,
    'POST',
    (w) =>
      `/api/projectverifyowner/dellreassignownership/${String(w.project)}/${String(userOf(EMAILS.staff).id)}`,
    (w) => repo().project(w.project)?.owner_id === userOf(EMAILS.staff).id,
  ),
  renameObject: {
    object: 'project or run',
    may: OWNER_TEAM_ADMIN_INTERNAL,
    attempt: async (c, w) => {
      const project = await call(
        c,
        'POST',
        `/project/update/${String(w.project)}?name=${q('Renamed project')}`,
      );
      const run = await call(c, 'POST', `/collectorrun/update/${String(w.run)}?name=${q('Renamed run')}`);
      const renamed = repo().project(w.project)?.name === 'Renamed project';
      const runRenamed = repo().runRow(w.run)?.name === 'Renamed run';
      // Both kinds follow the one rule: a persona renames both or neither.
      expect(carriedOut(project) && renamed, 'project renamed').toBe(carriedOut(run) && runRenamed);
      return {
        answer: { status: project.status, text: project.text + run.text },
        allowed: renamed && runRenamed,
      };
    },
  },
  createProject: changeRow(
    'run (CollectorRunIdToAddToProject)',
    OWNER_TEAM_ADMIN_INTERNAL,
    'POST',
    (w) => `/api/projects?name=${q(`${w.marker} new`)}&CollectorRunIdToAddToProject=${String(w.freeRun)}`,
    (w) => repo().runRow(w.freeRun)?.project_id !== null,
  ),
  // Collector runs.
  searchCollectorRuns: changeRow(
    'project (a filter: the answer lists its runs only to whom may see them)',
    OWNER_TEAM_ADMIN_INTERNAL,
    'GET',
    (w) => `/api/collectorruns?projectId=${String(w.project)}&PageSize=50`,
    (w, answer) => answer.text.includes(`${w.marker} run`),
  ),
  archiveCollectorRun: changeRow(
    'run',
    OWNER_TEAM_ADMIN_INTERNAL,
    'DELETE',
    (w) => `/api/collectorruns/${String(w.freeRun)}`,
    (w) => repo().runRow(w.freeRun)?.archived === 1,
  ),
  restoreCollectorRun: changeRow(
    'run (archived)',
    OWNER_TEAM_ADMIN_INTERNAL,
    'DELETE',
    (w) => `/api/collectorruns/restore/${String(w.freeRun)}`,
    (w) => repo().runRow(w.freeRun)?.archived === 0,
    {
      prepare: (w) => {
        repo().run('UPDATE collector_runs SET archived = 1 WHERE id = ?', w.freeRun);
      },
    },
  ),
  stopCollectorRun: changeRow(
    'run (collecting)',
    OWNER_TEAM_ADMIN_INTERNAL,
    'POST',
    (w) => `/api/collectorrunstoprequest/${String(w.runningRun)}`,
    (w) => repo().runRow(w.runningRun)?.stopped_at !== null,
  ),
  getProjectByCollectorRun: callRow(
    'run',
    OWNER_TEAM_ADMIN_INTERNAL,
    'GET',
    (w) => `/api/projectbycollectorrun/${String(w.run)}`,
  ),
  refreshCollectorRunOfProject: callRow(
    'run and project',
    OWNER_TEAM_ADMIN_INTERNAL,
    'GET',
    (w) =>
      `/CollectorRuns/RefreshCollectorRunOfProject?collectorRunId=${String(w.run)}&projectId=${String(w.project)}`,
  ),
  updateCollectorRunView: callRow(
    'run',
    OWNER_TEAM_ADMIN_INTERNAL,
    'GET',
    (w) => `/CollectorRuns/UpdateCollectorRun/${String(w.run)}`,
  ),
  groupCollectorRunAction: changeRow(
    'runs (collectorRunIds) and project (projectId)',
    OWNER_TEAM_ADMIN_INTERNAL,
    'POST',
    () => '/api/group/collectorruns',
    freeRunInProject,
    {
      init: (w) => ({
        json: {
          collectorRunIds: [w.freeRun],
          actionType: 'update_proj',
          projectId: w.project,
          isNewProject: false,
        },
      }),
    },
  ),
  // Accounts and teams.
  groupAccountAction: changeRow(
    'accounts (accountIds) of company A',
    USER_ADMINS,
    'POST',
    () => '/api/group/accounts',
    (w) => repo().user(w.member.id)?.status !== 'Active',
    {
      init: (w) => ({
        json: { accountIds: [w.member.id], actionType: 'disable', disableNote: 'Authorization table' },
      }),
    },
  ),
  setTeamOpmEnabled: callRow('team', USER_ADMINS, 'POST', () => `/api/team/edit/true/${String(teamA)}`),
  getTeam: callRow('team', TEAM_MEMBERS_INTERNAL, 'GET', () => `/api/teams/${String(teamA)}`),
  verifyTeamEmployees: changeRow(
    'team and its accounts',
    USER_ADMINS,
    'POST',
    () => '/Team/VerifyEmployees',
    memberActive,
    { prepare: memberInactive, init: verifyMember },
  ),
  verifyWizardEmployees: changeRow(
    'team and its accounts',
    USER_ADMINS,
    'POST',
    () => '/Wizard/VerifyEmployees',
    memberActive,
    { prepare: memberInactive, init: verifyMember },
  ),
  changeTeamRole: changeRow(
    'account of company A',
    USER_ADMINS,
    'POST',
    (w) => `/Team/ChangeRole?userId=${String(w.member.id)}&button=promote`,
    (w) => repo().user(w.member.id)?.is_admin === 1,
  ),
  addToTeam: changeRow(
    'account without a team, and team A',
    USER_ADMINS,
    'POST',
    (w) =>
      `/team/AddToTeam?userId=${String(w.member.id)}&teamId=${String(teamA)}&changeExistingMembersTeam=true`,
    (w) => repo().user(w.member.id)?.team_id === teamA,
    {
      prepare: (w) => {
        repo().run('UPDATE users SET team_id = NULL WHERE id = ?', w.member.id);
      },
    },
  ),
  removeFromTeam: changeRow(
    'account and team A',
    USER_ADMINS,
    'POST',
    (w) => `/team/RemoveFromTeam?userId=${String(w.member.id)}&teamId=${String(teamA)}`,
    (w) => repo().user(w.member.id)?.team_id !== teamA,
  ),
  addTeamEmployee: changeRow(
    'team',
    USER_ADMINS,
    'POST',
    () => '/Team/AddEmployee',
    (w) => repo().userByEmail(addedEmail(w))?.team_id === teamA,
    {
      init: (w) => ({
        form: { Email: addedEmail(w), FirstName: 'Added', LastName: 'Employee', TeamId: String(teamA) },
      }),
    },
  ),
  acceptTerms: {
    object: 'account (userid): only one’s own',
    may: OWNER_ONLY,
    attempt: async (c) => {
      const owner = userOf(EMAILS.owner);
      repo().run('UPDATE users SET terms_accepted = 0 WHERE id = ?', owner.id);
      const answer = await call(c, 'PUT', `/api/account/${String(owner.id)}/TCAccepted/true`);
      const accepted = repo().user(owner.id)?.terms_accepted === 1;
      repo().run('UPDATE users SET terms_accepted = 1 WHERE id = ?', owner.id);
      return { answer, allowed: carriedOut(answer) && accepted };
    },
  },
  // Reference data: ids anyone may name (a country, a collector template).
  setAccountCountry: callRow(
    'country (reference data), for one’s own account',
    SIGNED_IN,
    'PUT',
    () => `/api/account/country/${String(repo().countries()[0]?.id ?? 1)}`,
  ),
  saveProfile: {
    object: 'country (reference data), for one’s own profile',
    may: SIGNED_IN,
    attempt: async (c, _w, persona) => {
      const me = await call(c, 'GET', '/api/profile');
      if (persona === 'anonymous') return call(c, 'PUT', '/api/profile', { json: {} });
      return call(c, 'PUT', '/api/profile', { json: JSON.parse(me.text) as unknown });
    },
  },
  insertCollector: callRow(
    'collector template (reference data)',
    SIGNED_IN,
    'POST',
    () => `/collector/insert?collectortemplateid=${String(COLLECTOR_TEMPLATES[0]?.CollectorTemplateId ?? 1)}`,
  ),
  insertCollectorFromDpackCapture: callRow(
    'collector template (reference data), with a real capture request token',
    EVERYONE,
    'POST',
    () => '/collector/InsertFromDpackCapture',
    (w) => ({
      json: {
        CollectorTemplateId: COLLECTOR_TEMPLATES[0]?.CollectorTemplateId ?? 1,
        CaptureRequestToken: repo().createCaptureRequest(
          null,
          `capture.${String(w.member.id)}@contoso-partners.example`,
        ),
      },
    }),
  ),
  // Collectors.
  isCollectorReady: callRow(
    'collector package',
    OWNER_INTERNAL,
    'GET',
    (w) => `/collector/iscollectorready?collectorId=${String(w.collector)}`,
  ),
  getCollector: callRow(
    'collector package',
    OWNER_INTERNAL,
    'GET',
    (w) => `/collector/getcollector?collectorId=${String(w.collector)}`,
  ),
  isCollectorReadyDpackCapture: callRow(
    'capture collector, with its request token (whoever holds the link)',
    EVERYONE,
    'GET',
    captureUrl('iscollectorreadyDpackCapture'),
  ),
  getCollectorDpackCapture: callRow(
    'capture collector, with its request token (whoever holds the link)',
    EVERYONE,
    'GET',
    captureUrl('getcollectorDpackCapture'),
  ),
  setKeyCollectorEnabled: changeRow(
    'RSA-key collector',
    OWNER_TEAM_ADMIN_INTERNAL,
    'POST',
    (w) => `/api/collector/${q(w.keyId)}?isenabled=false`,
    (w) =>
      repo().get<{ enabled: number }>('SELECT enabled FROM collectors WHERE key_id = ?', w.keyId)?.enabled ===
      0,
  ),
  // Modals: the id is only echoed into the form (nothing of the project is read).
  getModalHtml: callRow(
    'project (echoed into the share form only; the share form is for signed-in accounts)',
    SIGNED_IN,
    'GET',
    (w) => `/modal/shareproject?projectId=${String(w.project)}`,
  ),
  // Reports.
  getReportServersAndSharedClusterDisks: callRow(
    'project',
    OWNER_TEAM_ADMIN_INTERNAL,
    'GET',
    (w) => `/api/opticalprime/${String(w.project)}/reports/serversAndSharedClusterDisks`,
  ),
  requestReport: callRow(
    'project',
    OWNER_TEAM_ADMIN_INTERNAL,
    'POST',
    (w) => `/api/opticalprime/${String(w.project)}/reports`,
    () => ({ json: EXCEL_REPORT }),
  ),
  getReportStatus: callRow(
    'project and report: a report is its requester’s',
    OWNER_ONLY,
    'GET',
    reportUrl(''),
  ),
  streamReportEvents: callRow(
    'project and report: a report is its requester’s',
    OWNER_ONLY,
    'GET',
    reportUrl('events/'),
    () => ({ headers: { Accept: 'text/event-stream' } }),
  ),
  downloadReport: callRow(
    'project and report: a report is its requester’s',
    OWNER_ONLY,
    'GET',
    reportUrl('download/'),
  ),
  // Promo sites (of company A's team).
  uploadPromoLogo: callRow(
    'promo site',
    TEAM_ADMIN_INTERNAL,
    'POST',
    () => '/promologo/upload',
    () => {
      const form = new FormData();
      form.append('promoSiteId', String(promoSiteA));
      form.append('logoFor', 'header');
      form.append('file', new Blob([PNG], { type: 'image/png' }), 'logo.png');
      return { body: form };
    },
  ),
  getPromoLogoStatus: callRow(
    'promo site',
    TEAM_MEMBERS_INTERNAL,
    'GET',
    () => `/promologo/status?promoSiteId=${String(promoSiteA)}`,
  ),
  togglePromoSite: callRow(
    'promo site',
    TEAM_ADMIN_INTERNAL,
    'POST',
    () => `/api/promo/toggle/true/${String(promoSiteA)}/header`,
  ),
  deletePromoLogo: changeRow(
    'promo site',
    TEAM_ADMIN_INTERNAL,
    'POST',
    () => `/api/promo/deletelogo/${String(promoSiteA)}/header`,
    () => repo().promoLogo(promoSiteA, 'header') === undefined,
    {
      prepare: (w) => {
        const stored = path.join(t.dataDir, 'authz-table', `${w.marker.replaceAll(' ', '-')}.png`);
        writeFileSync(stored, PNG);
        repo().run(
          'INSERT OR REPLACE INTO promo_logos (site_id, logo_for, file_name, stored_path, uploaded_at) VALUES (?, ?, ?, ?, ?)',
          promoSiteA,
          'header',
          'logo.png',
          stored,
          Date.now(),
        );
      },
    },
  ),
  getPromoSite: callRow(
    'promo site',
    TEAM_MEMBERS_INTERNAL,
    'GET',
    () => `/api/promosites/${String(promoSiteA)}`,
  ),
  // Uploads: a file is its uploader's until queued.
  deleteUploadedIokit: changeRow(
    'uploaded file',
    OWNER_ONLY,
    'DELETE',
    (w) => `/upload-service/api/iokit/${w.upload.id}`,
    uploadGone,
  ),
  deleteIokitFile: changeRow(
    'uploaded file',
    OWNER_ONLY,
    'DELETE',
    (w) => `/upload-service/iokit/DeleteIokit?fileId=${w.upload.id}&filename=${q(w.upload.name)}`,
    uploadGone,
  ),
  processSiokit: changeRow(
    'uploaded storage file (BlobFolderId)',
    OWNER_ONLY,
    'POST',
    () => '/upload-service/iokit/ProcessSiokit',
    (w) => repo().upload(w.upload.id)?.queued_project_id !== null,
    {
      prepare: (w) => {
        repo().run(
          "UPDATE uploads SET kind = 'siokit', file_name = ?, saved = 1 WHERE file_id = ?",
          'array.siokit',
          w.upload.id,
        );
      },
      init: (w) => ({
        json: {
          projectName: `${w.marker} storage`,
          siokitFilesModel: [{ BlobFolderId: w.upload.id, FileName: 'array.siokit' }],
        },
      }),
    },
  ),
  queueIokitUpload: {
    object: 'project (SelectedProjectId) the caller adds its own file to',
    may: OWNER_TEAM_ADMIN_INTERNAL,
    attempt: async (c, w, persona) => {
      const file = await ownUpload(c, persona);
      const before = repo().runsOfProject(w.project).length;
      const answer = await call(c, 'POST', '/upload-service/api/iokitqueue', {
        json: uploadModel([file], { projectId: w.project }),
      });
      return { answer, allowed: carriedOut(answer) && repo().runsOfProject(w.project).length > before };
    },
  },
  // Registration: the public form names an existing company (select company) and a country (reference data).
  register: callRow(
    'company (CompanyId, sharing the email’s domain) and country (reference data)',
    EVERYONE,
    'POST',
    () => '/api/register',
    (w) => ({
      json: {
        RegistrationType: 'partner-register',
        Email: `registered.${String(w.member.id)}@contoso-partners.example`,
        FirstName: 'Registered',
        LastName: 'Partner',
        CompanyName: 'Contoso Channel Partners',
        CountryId: userOf(EMAILS.owner).country_id,
        CompanyId: teamA,
        Password: 'Correct-Horse-42-Battery',
        PhoneNumber: '+1 206 555 0100',
        PreferredLanguage: 'en-US',
        CaptureRequestToken: null,
        OverrideBlacklist: false,
      },
    }),
  ),
  // PSS: a solution request about a project.
  sendPssRequest: callRow(
    'project',
    OWNER_TEAM_ADMIN_INTERNAL,
    'POST',
    () => '/PSSRequest/SendPSSRequest',
    (w) => ({
      form: {
        ProjectId: String(w.project),
        AccountName: 'Contoso',
        Theatre: 'NA',
        RequesterPhoneNumber: '+1 555 0100',
        CaseSubject: 'Authorization table',
        HasSpecialInstructions: 'false',
      },
    }),
  ),
};

describe('team administration needs a user administrator', () => {
  // The hole the table found: internal staff without user administration (DellUser) could promote itself to
  // DellAdminUser through the team page, or move an outside account into the internal team, which the group
  // actions refuse them. Team changes now need the admin flag, internal or not.
  it('internal staff without user administration cannot promote itself', async () => {
    const staff = userOf(EMAILS.staff);
    const c = sessions.get('staff');
    if (!c) throw new Error('no staff session');
    const r = await call(c, 'POST', `/Team/ChangeRole?userId=${String(staff.id)}&button=promote`);
    expect(r.status, r.text).toBe(403);
    expect(repo().user(staff.id)).toMatchObject({ role: 'DellUser', is_admin: 0 });
  });

  it('internal staff without user administration cannot move an outside account into the internal team', async () => {
    const staff = userOf(EMAILS.staff);
    const outsider = freshMemberOfA('Outsider');
    const c = sessions.get('staff');
    if (!c) throw new Error('no staff session');
    const r = await call(
      c,
      'POST',
      `/team/AddToTeam?userId=${String(outsider.id)}&teamId=${String(staff.team_id)}&changeExistingMembersTeam=true`,
    );
    expect(r.status, r.text).toBe(403);
    expect(repo().user(outsider.id)?.team_id).toBe(teamA);
  });
});

describe('the team page offers changes to whom the server allows them (CanEdit)', () => {
  it.each(PERSONAS.filter((p) => p !== 'anonymous'))('%s', async (persona) => {
    const c = sessions.get(persona);
    if (!c) throw new Error(`no session for ${persona}`);
    const r = await call(c, 'GET', `/api/teams/${String(teamA)}`);
    if (!TEAM_MEMBERS_INTERNAL.includes(persona)) {
      expect(r.status).toBe(404);
      return;
    }
    expect((JSON.parse(r.text) as { CanEdit: boolean }).CanEdit).toBe(USER_ADMINS.includes(persona));
  });
});

describe('the authorization table over every operation that takes an id', () => {
  it('has a row for every operation of the contract that takes an id, and none for others', () => {
    const fromContract = idTakingOperations();
    expect(Object.keys(RULES).sort()).toEqual([...fromContract.keys()].sort());
  });

  for (const [operation, row] of Object.entries(RULES))
    describe(`${operation} (${row.object})`, () => {
      for (const persona of PERSONAS) {
        const allowed = row.may.includes(persona);
        it(`${persona} → ${allowed ? 'allowed' : 'refused'}`, async () => {
          const c = sessions.get(persona);
          if (!c) throw new Error(`no session for ${persona}`);
          const w = world();
          const outcome = await row.attempt(c, w, persona);
          const answer = 'answer' in outcome ? outcome.answer : outcome;
          const done = 'answer' in outcome ? outcome.allowed : carriedOut(outcome);
          expect(done, `${String(answer.status)} ${answer.text.slice(0, 300)}`).toBe(allowed);
          // A refusal names nothing of the object.
          if (!allowed) expect(answer.text).not.toContain(w.marker);
        });
      }
    });
});

// Check class "stateful": ids the run created feed the operations that read, change and delete them
// (create → read → change → delete), and nothing the run did not create is ever changed. Before the cases, the
// setup creates through the contract's own operations what the writes on existing objects need (an account on a
// new domain with its team, two employees, two uploaded collector runs); every creation starts a sequence the
// report lists with the status of each later step, so a created item that cannot be read, or a delete that did not
// take, shows there and in the answers' checks (a 404 the operation declares for a missing object is not a
// disagreement; a read of a deleted object answered 200 is, see ./stateful.test.ts).
import { randomBytes } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { flatten, writableProperties } from '../arbitraries.ts';
import type { Json, Operation } from '../contract.ts';
import type { Run, OperationResult, Session } from '../types.ts';
import { dataOf, exchange, isAccepted, type BuiltRequest, type Sent, requestOf } from '../http.ts';

/**
 * Operations that create something the engine then owns, with the id kind their answer carries (Data.Id / Data /
 * Data.ReportId), and the creations other operations' parameters take.
 */
export const CREATES: Readonly<Record<string, { kind: string; pick: (data: unknown) => unknown }>> = {
  createProject: { kind: 'project', pick: (d) => (d as Json | null)?.Id },
  requestReport: { kind: 'report', pick: (d) => (d as Json | null)?.ReportId },
};

/** Reference data (countries, collector templates): read-only lists, any listed value will do. */
export const REFERENCE = 'reference';

/** Which kind of created id a parameter (or body property) takes, by operation. */
export function idKind(op: Operation, name: string): string | undefined {
  const n = name.toLowerCase();
  if (/country|template/.test(n) || (n === 'id' && /country/i.test(op.path))) return REFERENCE;
  // The account's own id (terms): the account the run registered.
  if (n === 'userid' && /\/account\//i.test(op.path)) return 'self';
  if (n === 'projectid') return 'project';
  if (n === 'reportid') return 'report';
  if (n === 'collectorrunid' || (n === 'id' && /collectorrun/i.test(op.path))) return 'run';
  if (n === 'id' && /project/i.test(op.path)) return 'project';
  if (n === 'id' && op.operationId === 'renameObject') return 'project';
  // Teams and accounts the run made: its registered account's new team and the employees it added there.
  if (n === 'teamid') return 'team';
  if (['userid', 'accountid', 'newownerid', 'primaryrepid'].includes(n)) return 'account';
  return undefined;
}

/** Whether a parameter or body property names an object (an id, or a list of ids). */
export function isIdLike(op: Operation, name: string): boolean {
  return idKind(op, name) !== undefined || /(^id$|id$|ids$)/i.test(name);
}

/** The kinds of object the setup creates before the run (an account with its team and employees; uploaded runs). */
const SETUP_KINDS: Record<string, 'account' | 'runs'> = {
  self: 'account',
  team: 'account',
  account: 'account',
  run: 'runs',
};

/**
 * Writes no run can send as a positive case without changing data it did not create, with the reason; the report
 * lists them as not exercised positively (their negative and auth cases are sent).
 */
export const NOT_CREATABLE: Readonly<Record<string, string>> = {
  uploadPromoLogo:
    'no operation of the contract creates a promo site: every site belongs to an existing team (its logo would change)',
  togglePromoSite:
    'no operation of the contract creates a promo site: every site belongs to an existing team (it would be switched)',
  deletePromoLogo:
    'no operation of the contract creates a promo site: every site belongs to an existing team (its logo would go)',
};

/** How a created object of a kind is read back by its creator (the operation and the parameter taking the id). */
export const READ_BACK: Readonly<Record<string, { operationId: string; param: string }>> = {
  project: { operationId: 'getProject', param: 'path:id' },
};

/** Deletions, with the kind of object and the parameter naming it: once accepted, the object is gone. */
export const DELETES: Readonly<Record<string, { kind: string; param: string }>> = {
  deleteProject: { kind: 'project', param: 'path:id' },
};

/**
 * Changes whose effect a read shows: once accepted, the object's field in the read-back (READ_BACK) holds the value
 * the change sent (compared without surrounding spaces, which a server may trim).
 */
export const CHANGES: Readonly<
  Record<string, { kind: string; param: string; value: string; field: string }>
> = {
  renameObject: { kind: 'project', param: 'path:id', value: 'query:name', field: 'Name' },
};

/** Changes after which the object is no longer the caller's. */
export const HANDS_OVER = new Set(['reassignProjectOwner']);

/** Creations first, then reads, then changes, then deletions: the stateful sequence over the created ids. */
export function sequenceRank(op: Operation): number {
  return op.operationId in CREATES ? 0 : op.method === 'GET' ? 1 : op.method === 'DELETE' ? 3 : 2;
}

/** After a positive case: a creation's id starts a sequence; every id the request used gets its step. */
export function recordStep(
  run: Run,
  op: Operation,
  session: Session,
  r: Sent,
  owned: { steps: { operationId: string; caller: string; status: number }[] }[],
): void {
  for (const used of owned)
    used.steps.push({ operationId: op.operationId, caller: session.caller.name, status: r.status });
  const create = CREATES[op.operationId];
  if (!create || r.status < 200 || r.status >= 300) return;
  const env = r.body as Json | null;
  if (env?.StatusCode !== 200 && env?.StatusCode !== undefined) return;
  const id = create.pick(env?.Data ?? env);
  if (id === undefined || id === null) return;
  run.own(create.kind, id, op.operationId, session, r.status);
}

/** The kinds of created id an operation's parameters and body take. */
export function kindsOf(run: Run, op: Operation): string[] {
  const kinds = op.parameters.map((p) => idKind(op, p.name));
  const [, schema] = Object.entries(op.body)[0] ?? [];
  if (schema) {
    const props = writableProperties(run.contract, flatten(run.contract, schema));
    for (const k of Object.keys(props)) kinds.push(idKind(op, k), idKind(op, k.replace(/s$/, '')));
  }
  return kinds.filter((k): k is string => k !== undefined);
}

/**
 * Creates, through the contract's own operations, what the writes on existing objects need, so that they are
 * sent as positive cases without touching data the run did not create: an account registered on a new company
 * domain (a new team with the account as its admin; the run signs in as it and accepts its terms), two employees
 * it adds to that team, and two collector runs it uploads (the contract's example collector file, queued into a
 * new project each). Each step is a positive case of its operation; a step that fails leaves the writes that
 * needed it without positive cases (said in the report).
 */
export async function setup(run: Run, ops: Operation[]): Promise<Session | undefined> {
  const needs = new Set<string>();
  for (const op of ops)
    for (const kind of kindsOf(run, op)) {
      const what = SETUP_KINDS[kind];
      if (what) needs.add(what);
    }
  if (needs.size === 0) return undefined;
  const tag = `${String(run.opts.seed)}-${Date.now().toString(36)}`;
  const domain = `conformance-${tag}.example`;
  const anonymous: Session = { caller: { name: 'anonymous' }, cookie: '' };
  const register = run.contract.operations.find((o) => o.operationId === 'register');
  const schema = register?.body['application/json'];
  if (!register || !schema) {
    run.setupFailed('the contract has no register operation');
    return;
  }
  const email = `conformance.run@${domain}`;
  // Random, not built from the run's tag: a server may refuse a password made of the account's own address or company.
  const password = `${randomBytes(18).toString('base64url')}-Cf9`;
  const reg = await run.sendOp(
    'register',
    anonymous,
    {},
    {
      ...(flatten(run.contract, schema).example ?? {}),
      RegistrationType: 'user-register',
      Email: email,
      FirstName: 'Conformance',
      LastName: 'Run',
      CompanyName: `Conformance run ${tag}`,
      CompanyId: null,
      Password: password,
      CaptureRequestToken: null,
      OverrideBlacklist: false,
    },
  );
  // The new account's id, where the answer carries it; a server that answers every registration alike (so that it
  // tells nobody which addresses exist) leaves it out, and the viewer says it once the account is signed in.
  let userId = dataOf(reg)?.Id;
  if (!isAccepted(reg)) {
    const retry = reg.headers.get('retry-after');
    run.setupFailed(
      `registering an account was answered ${String(reg.status)}`,
      undefined,
      reg.status === 429
        ? `the server throttles registrations (a run registers one account and sends register's own cases): wait ${retry ? `${retry} s` : 'until the limit resets'} or run against a fresh server`
        : `make the server accept a registration on a new domain (${domain})`,
    );
    return;
  }
  let session: Session;
  const found: { mailbox?: string } = {};
  try {
    session = { ...(await run.signIn({ name: 'created account', email, password })), created: true };
  } catch (error) {
    // A server that proves the address first: the confirmation link mailed to it, followed.
    const confirmed = await confirmAddress(run, email, password, anonymous, found);
    try {
      if (!confirmed) throw error;
      session = { ...(await run.signIn({ name: 'created account', email, password })), created: true };
    } catch (again) {
      const mailbox = run.opts.mailbox ?? found.mailbox;
      run.setupFailed(
        `the registered account could not sign in (${String(again)})${confirmed ? '' : mailbox ? `; no confirmation link came to ${mailbox}` : '; no mailbox was given or found'}`,
        undefined,
        confirmed
          ? 'make the account the run registered and confirmed able to sign in'
          : mailbox
            ? `pass --mailbox with the URL where the mail your server sends to ${email} can be read as JSON ({ messages: [{ to, links }] })`
            : `pass --mailbox with the URL where the mail your server sends can be read as JSON ({ messages: [{ to, links }] }), e.g. the demo API's ${DEV_MAILBOX}`,
      );
      return;
    }
  }
  const viewer = await run.sendOp('getViewer', session, {});
  const v = viewer.body as Json | null;
  userId ??= (v?.user as Json | null | undefined)?.id;
  run.own('self', userId, 'register', session);
  const teamId = (v?.team as Json | null | undefined)?.TeamId ?? (v?.user as Json | null | undefined)?.teamId;
  await run.sendOp('acceptTerms', session, { 'path:userid': userId, 'path:accept': true });
  if (typeof teamId === 'number') {
    run.own('team', teamId, 'getViewer', session);
    for (const n of [1, 2]) {
      const added = await run.sendOp(
        'addTeamEmployee',
        session,
        {},
        {
          Email: `member${String(n)}@${domain}`,
          FirstName: 'Member',
          LastName: `Number ${String(n)}`,
          TeamId: teamId,
          MakeAdmin: false,
        },
      );
      const id = dataOf(added)?.Id;
      if (typeof id === 'number') run.own('account', id, 'addTeamEmployee', session);
    }
  }
  if (needs.has('runs')) await uploadRuns(run, session, tag);
  return session;
}

/** What to pass when a setup request got no answer (status 0): a longer timeout; otherwise nothing to say. */
function noAnswer(run: Run, r: Sent): string | undefined {
  return r.status === 0
    ? `the server did not answer (${r.text.slice(0, 120)}); raise --timeout (now ${String(run.opts.timeoutMs)} ms) or check the server`
    : undefined;
}

/** Two collector runs: the contract's example collector file uploaded and queued into a new project each. */
async function uploadRuns(run: Run, session: Session, tag: string): Promise<void> {
  const format = await run.sendOp('getCollectorFileFormat', session, {});
  const op = run.contract.operations.find((o) => o.operationId === 'getCollectorFileFormat');
  const declared = op?.responses['200']?.content['application/json'];
  const records =
    ((format.body as Json | null)?.Example as unknown[] | undefined) ??
    ((declared ? flatten(run.contract, declared).example : undefined) as Json | undefined)?.Example;
  if (!Array.isArray(records) || records.length === 0) {
    run.setupFailed('no example collector file (getCollectorFileFormat)', ['runs']);
    return;
  }
  const bytes = gzipSync(records.map((r) => JSON.stringify(r)).join('\n') + '\n');
  for (const n of [1, 2]) {
    const up = await run.sendOp(
      'uploadIokitFile',
      session,
      {},
      { file: new File([bytes], `conformance-${tag}-${String(n)}.iokit`) },
    );
    const file = up.body as Json | null;
    if (up.status !== 200 || typeof file?.FileId !== 'string' || file.ErrorKey !== null) {
      run.setupFailed(
        `uploading a collector file was answered ${String(up.status)}`,
        ['runs'],
        noAnswer(run, up),
      );
      return;
    }
    const queued = await run.sendOp(
      'queueIokitUpload',
      session,
      {},
      {
        ActionForEmail: null,
        ActionForUserId: null,
        ContainsSiokit: false,
        ExistingCompanyID: null,
        iokits: [file],
        isNewUser: false,
        NewCompanyId: null,
        NewCompanyName: null,
        NewFirstName: null,
        NewLastName: null,
        NewProjectName: `Conformance upload ${String(n)}`,
        NewSendEmail: false,
        SelectedProjectId: null,
      },
    );
    const projectId = dataOf(queued)?.Id;
    if (typeof projectId !== 'number') {
      run.setupFailed(
        `queueing an uploaded collector file was answered ${String(queued.status)}`,
        ['runs'],
        noAnswer(run, queued),
      );
      return;
    }
    run.own('uploaded project', projectId, 'queueIokitUpload', session);
    const project = await run.sendOp('getProject', session, { 'path:id': projectId });
    const p = dataOf(project) ?? (project.body as Json | null);
    for (const r of (p?.CollectorRuns as Json[] | undefined) ?? []) {
      if (typeof r.Id !== 'number') continue;
      run.own('run', r.Id, 'getProject', session);
      run.runProject.set(r.Id, projectId);
    }
  }
}

/**
 * After an accepted positive case: a created object is read back by its creator and must be there (answered 2xx);
 * a deleted one is read back and must be gone (not answered 2xx). Disagreements are the `stateful` check's, on the
 * creating or deleting operation.
 */
export async function followUp(
  run: Run,
  op: Operation,
  session: Session,
  req: BuiltRequest,
  r: Sent,
  result: OperationResult,
): Promise<void> {
  if (!isAccepted(r)) return;
  if (CHANGES[op.operationId]) {
    await changeVisible(run, op, session, req, result);
    return;
  }
  const create = CREATES[op.operationId];
  const del = DELETES[op.operationId];
  const kind = create?.kind ?? del?.kind;
  const read = kind ? READ_BACK[kind] : undefined;
  if (!kind || !read || !run.contract.operations.some((o) => o.operationId === read.operationId)) return;
  const id = create ? create.pick(dataOf(r) ?? r.body) : del ? req.values[del.param] : undefined;
  if (id === undefined || id === null) return;
  const back = await run.sendOp(read.operationId, session, { [read.param]: id });
  for (const q of run.sequences)
    if (q.id === id && q.kind === kind)
      q.steps.push({ operationId: read.operationId, caller: session.caller.name, status: back.status });
  const find = run.finder(result, op, session, 'positive', requestOf(req), back);
  if (create && !isAccepted(back))
    find(
      'stateful',
      `the created ${kind} ${JSON.stringify(id)} cannot be read back by its creator: ${read.operationId} answered ${String(back.status)}`,
      back.status,
    );
  if (del && isAccepted(back))
    find(
      'stateful',
      `the deleted ${kind} ${JSON.stringify(id)} is still there: ${read.operationId} answered ${String(back.status)}`,
      back.status,
    );
}

/** After an accepted change: the object's next read shows the value the change sent (`change-visible`). */
async function changeVisible(
  run: Run,
  op: Operation,
  session: Session,
  req: BuiltRequest,
  result: OperationResult,
): Promise<void> {
  const change = CHANGES[op.operationId];
  const read = change ? READ_BACK[change.kind] : undefined;
  // renameObject renames a project or a collector run: only a project's rename is read back as a project.
  if (!change || !read || (req.values['path:type'] ?? 'project') !== change.kind) return;
  const id = req.values[change.param];
  const sent = req.values[change.value];
  if (id === undefined || typeof sent !== 'string') return;
  const back = await run.sendOp(read.operationId, session, { [read.param]: id });
  if (!isAccepted(back)) return;
  const got = (dataOf(back) ?? (back.body as Json | null))?.[change.field];
  if (typeof got === 'string' && got.trim() === sent.trim()) return;
  run.finder(
    result,
    op,
    session,
    'positive',
    requestOf(req),
    back,
  )(
    'change-visible',
    `${op.operationId} was accepted, but ${read.operationId} of ${change.kind} ${JSON.stringify(id)} shows ${change.field} ${JSON.stringify(got)}, not ${JSON.stringify(sent)}`,
    back.status,
    {
      expected: `${change.field} ${JSON.stringify(sent.trim())}`,
      got: `${change.field} ${JSON.stringify(got)}`,
    },
  );
}

/** How long the setup waits for the confirmation mail, and how often it looks. */
export const MAIL_WAIT = { totalMs: 10_000, everyMs: 100 };

/** The demo API's development mailbox, looked for on the server when no mailbox is given. */
export const DEV_MAILBOX = '/dev/mailbox/messages.json';

/** A mailbox the server itself offers (the demo API's development one): its URL, when it answers as one. */
async function discoverMailbox(run: Run): Promise<string | undefined> {
  const url = run.opts.baseUrl + DEV_MAILBOX;
  const r = await exchange(url, 'GET', { accept: 'application/json' }, undefined, run.opts.timeoutMs);
  const messages = (r.body as Json | undefined)?.messages;
  return r.status === 200 && Array.isArray(messages) ? url : undefined;
}

/**
 * Follows the confirmation link mailed to a new account (`?token=…`, sent to `confirmRegistration` with the password
 * chosen at registration): true when the server confirmed it. Reads the mailbox option, else the server's own
 * development mailbox when it has one (recorded in `found`); needs a `confirmRegistration` operation in the contract.
 */
async function confirmAddress(
  run: Run,
  email: string,
  password: string,
  anonymous: Session,
  found: { mailbox?: string },
): Promise<boolean> {
  if (!run.contract.operations.some((o) => o.operationId === 'confirmRegistration')) return false;
  const given = run.opts.mailbox;
  const mailbox = given ?? (await discoverMailbox(run));
  if (!mailbox) return false;
  if (!given) {
    found.mailbox = mailbox;
    run.opts.log(`setup: no --mailbox given; reading the server's development mailbox ${mailbox}`);
  }
  const url = mailbox.startsWith('/') ? run.opts.baseUrl + mailbox : mailbox;
  const deadline = Date.now() + MAIL_WAIT.totalMs;
  let token: string | undefined;
  // The mail may leave after the registration's answer: look again until it is there (bounded).
  while (token === undefined && Date.now() < deadline) {
    const r = await exchange(url, 'GET', { accept: 'application/json' }, undefined, run.opts.timeoutMs);
    const messages = ((r.body as Json | undefined)?.messages as Json[] | undefined) ?? [];
    token = messages
      .filter((m) => Array.isArray(m.to) && m.to.some((t) => String(t).toLowerCase() === email.toLowerCase()))
      .flatMap((m) => (Array.isArray(m.links) ? m.links.map(String) : []))
      .map((link) => URL.parse(link)?.searchParams.get('token') ?? undefined)
      .findLast((t) => t !== undefined);
    if (token === undefined) await new Promise((resolve) => setTimeout(resolve, MAIL_WAIT.everyMs));
  }
  if (token === undefined) return false;
  const confirmed = await run.sendOp(
    'confirmRegistration',
    anonymous,
    {},
    { Token: token, Password: password },
  );
  return isAccepted(confirmed);
}

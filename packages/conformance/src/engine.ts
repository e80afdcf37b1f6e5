// The conformance engine: for every operation and caller, requests the contract accepts (positive) and requests it
// refuses (negative), sent to a running server; every answer is checked against the contract. Ids the engine created
// feed the operations that read, change and delete them (create → read → change → delete), and nothing it did not
// create is ever changed: a write whose ids it cannot take from its own creations is not sent as a positive case.
import { gzipSync } from 'node:zlib';
import fc from 'fast-check';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { ValidateFunction } from 'ajv';
import { Contract, type Json, type Operation, type Schema } from './contract.ts';
import { flatten, valid, violations, writableProperties } from './arbitraries.ts';

export const LOGGED_OUT_HEADER = 'x-logged-out';

export interface Caller {
  /** anonymous, user, partner, admin, or any name the command line gives. */
  name: string;
  email?: string;
  password?: string;
}

export interface Options {
  baseUrl: string;
  contract?: Contract;
  callers: Caller[];
  seed?: number;
  /** Positive cases per operation and caller (negative cases: the same number of violations at most). */
  budget?: number;
  /** Negative cases per operation and caller (default: the budget); each breaks one part of the request. */
  negatives?: number;
  /** Only these operation ids (all when empty). */
  operations?: string[];
  /** Per-request timeout in ms. */
  timeoutMs?: number;
  /** Extra headers on every request (e.g. an Origin the server accepts). */
  headers?: Record<string, string>;
  /** Operations that change the caller's own account (profile, language, terms…): off by default. */
  accountWrites?: boolean;
  log?: (line: string) => void;
}

export type CheckName =
  | 'status-declared'
  | 'response-schema'
  | 'content-type'
  | 'envelope'
  | 'logged-out-header'
  | 'auth'
  | 'positive-accepted'
  | 'negative-refused'
  | 'server-error'
  | 'method-not-allowed'
  | 'transport';

export interface Finding {
  operationId: string;
  caller: string;
  check: CheckName;
  kind: 'positive' | 'negative' | 'auth';
  message: string;
  request: { method: string; url: string; body?: string };
  status?: number;
}

export interface OperationResult {
  operationId: string;
  method: string;
  path: string;
  requests: number;
  /**
   * Requests sent per kind of case (the setup's creations count as positive cases of their operations), and how
   * many positive cases the server accepted (2xx; the others were refused with a declared status, e.g. 404 for
   * another caller's object or 409 for its state).
   */
  exercised: { positive: number; accepted: number; negative: number; auth: number };
  skipped: string[];
  findings: Finding[];
}

export interface Report {
  baseUrl: string;
  seed: number;
  budget: number;
  startedAt: string;
  durationMs: number;
  requests: number;
  operations: OperationResult[];
  findings: Finding[];
  /** Every id the run created, with the operations that then used it (the stateful sequences). */
  sequences: Sequence[];
  /** What the setup could not create (the writes that needed it were not sent as positive cases). */
  notes: string[];
}

export interface Sequence {
  kind: string;
  id: unknown;
  steps: { operationId: string; caller: string; status: number }[];
}

/** Operations that sign in or out (the engine does that itself, around the run). */
const SESSION_OPS = new Set(['signIn', 'signOut']);
/** Operations that change the signed-in account itself (not data the engine created). */
const ACCOUNT_OPS = new Set([
  'saveProfile',
  'setAccountLanguage',
  'setAccountCountry',
  'acceptTerms',
  'setCulture',
]);
/**
 * Operations that create something the engine then owns, with the id kind their answer carries (Data.Id / Data /
 * Data.ReportId), and the creations other operations' parameters take.
 */
const CREATES: Record<string, { kind: string; pick: (data: unknown) => unknown }> = {
  createProject: { kind: 'project', pick: (d) => (d as Json | null)?.Id },
  requestReport: { kind: 'report', pick: (d) => (d as Json | null)?.ReportId },
};
/** Which kind of created id a parameter (or body property) takes, by operation. */
function idKind(op: Operation, name: string): string | undefined {
  const n = name.toLowerCase();
  // Reference data (countries, collector templates): read-only lists, any listed value will do.
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
const ID_LIKE = /(^id$|id$|ids$)/i;
/** Parameters fixed so that a created id names the right kind of object (renameObject's id is the type's). */
const FIXED: Record<string, Record<string, unknown>> = {
  renameObject: { 'path:type': 'project' },
};
const REFERENCE = 'reference';

interface Session {
  caller: Caller;
  cookie: string;
  /** An account the run registered itself: its own account writes are always sent. */
  created?: boolean;
}

interface Sent {
  status: number;
  headers: Headers;
  contentType: string;
  body: unknown;
  text: string;
}

export class Engine {
  private readonly contract: Contract;
  private readonly ajv: Ajv2020;
  private readonly validators = new Map<string, ValidateFunction>();
  private readonly created = new Map<string, unknown[]>();
  /** The project each uploaded collector run went into (runs and projects are taken as pairs). */
  private readonly runProject = new Map<unknown, unknown>();
  private results = new Map<string, OperationResult>();
  private readonly sequences: Sequence[] = [];
  private readonly opts: Required<Omit<Options, 'contract' | 'log'>> & { log: (l: string) => void };
  private requests = 0;

  constructor(options: Options) {
    this.contract = options.contract ?? Contract.load();
    this.opts = {
      baseUrl: options.baseUrl.replace(/\/$/, ''),
      callers: options.callers,
      seed: options.seed ?? 1,
      budget: options.budget ?? 4,
      negatives: options.negatives ?? options.budget ?? 4,
      operations: options.operations ?? [],
      timeoutMs: options.timeoutMs ?? 10_000,
      headers: options.headers ?? {},
      accountWrites: options.accountWrites ?? false,
      log: options.log ?? (() => undefined),
    };
    this.ajv = new Ajv2020({ strict: false, allErrors: false, validateFormats: true });
    // ajv-formats is CommonJS: its function is the default export's `default`.
    (addFormats as unknown as { default: (ajv: Ajv2020) => void }).default(this.ajv);
    this.ajv.addFormat('password', true);
    this.ajv.addFormat('binary', true);
    this.ajv.addSchema({ ...this.contract.doc, $id: 'contract' }, 'contract');
  }

  async run(): Promise<Report> {
    const started = Date.now();
    const sessions: Session[] = [];
    for (const caller of this.opts.callers) sessions.push(await this.signIn(caller));
    const ops = this.orderedOperations();
    const results: OperationResult[] = ops.map((op) => newResult(op));
    this.results = new Map(results.map((r) => [r.operationId, r]));
    const own = await this.setup(ops);
    if (own) sessions.push(own);
    let index = 0;
    for (const op of ops) {
      const result = this.results.get(op.operationId) ?? newResult(op);
      const reason = NOT_CREATABLE[op.operationId];
      if (reason) result.skipped.push(`not exercised positively: ${reason}`);
      for (const session of sessions) {
        await this.exercise(op, session, result, this.opts.seed * 1000 + index++, reason !== undefined);
      }
      this.opts.log(
        `${op.operationId}: ${String(result.requests)} requests, ${String(result.findings.length)} findings`,
      );
    }
    await this.undeclaredMethods(results, sessions[0]);
    for (const s of sessions) if (s.cookie) await this.signOut(s, results);
    const findings = results.flatMap((r) => r.findings);
    return {
      baseUrl: this.opts.baseUrl,
      seed: this.opts.seed,
      budget: this.opts.budget,
      startedAt: new Date(started).toISOString(),
      durationMs: Date.now() - started,
      requests: this.requests,
      operations: results,
      findings,
      sequences: this.sequences,
      notes: this.setupNotes,
    };
  }

  /** Creations first, then reads, then changes, then deletions: the stateful sequence over the created ids. */
  private orderedOperations(): Operation[] {
    const only = new Set(this.opts.operations);
    const rank = (op: Operation): number =>
      op.operationId in CREATES ? 0 : op.method === 'GET' ? 1 : op.method === 'DELETE' ? 3 : 2;
    return this.contract.operations
      .filter((op) => only.size === 0 || only.has(op.operationId))
      .filter((op) => !SESSION_OPS.has(op.operationId))
      .sort((a, b) => rank(a) - rank(b));
  }

  private async signIn(caller: Caller): Promise<Session> {
    if (!caller.email) return { caller, cookie: '' };
    const r = await this.send(
      'POST',
      '/api/auth/signin',
      '',
      { 'content-type': 'application/json' },
      JSON.stringify({ email: caller.email, password: caller.password ?? '' }),
    );
    const setCookie = r.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const env = r.body as Json | null;
    if (r.status !== 200 || env?.StatusCode !== 200 || !setCookie)
      throw new Error(
        `sign-in of ${caller.name} (${caller.email}) failed: HTTP ${String(r.status)} ${r.text.slice(0, 200)}`,
      );
    return { caller, cookie: setCookie };
  }

  private async signOut(session: Session, results: OperationResult[]): Promise<void> {
    const op = this.contract.operations.find((o) => o.operationId === 'signOut');
    if (!op) return;
    const r = await this.send('POST', op.serverPrefix + op.path, session.cookie, {});
    const result: OperationResult = results.find((x) => x.operationId === 'signOut') ?? newResult(op);
    if (!results.includes(result)) results.push(result);
    result.requests++;
    result.exercised.positive++;
    if (isAccepted(r)) result.exercised.accepted++;
    this.checkAnswer(op, session, r, { method: 'POST', url: op.path }, 'positive', result);
  }

  private async exercise(
    op: Operation,
    session: Session,
    result: OperationResult,
    seed: number,
    noPositive = false,
  ): Promise<void> {
    const anonymous = !session.cookie;
    const isAccountOp = ACCOUNT_OPS.has(op.operationId);
    // Auth: a session-only operation refuses anonymous callers with 401 and the logged-out header.
    if (anonymous && !op.anonymous) {
      const req = this.sample(op, seed, 'any');
      if (!req) {
        result.skipped.push(`${session.caller.name}: no request could be built`);
        return;
      }
      const r = await this.sendRequest(req, session);
      result.requests++;
      result.exercised.auth++;
      const sentReq = { method: op.method, url: req.url, body: req.bodyText };
      if (r.status !== 401)
        this.find(
          result,
          op,
          session,
          'auth',
          'auth',
          `a session-only operation answered an anonymous caller ${String(r.status)} (expected 401)`,
          sentReq,
          r.status,
        );
      this.checkAnswer(op, session, r, sentReq, 'auth', result);
      return;
    }
    if (noPositive) {
      // Said once per operation (NOT_CREATABLE).
    } else if (op.write && isAccountOp && !this.opts.accountWrites && !session.created) {
      result.skipped.push(`${session.caller.name}: changes the caller's own account (use --account-writes)`);
    } else {
      // Positive cases.
      for (let i = 0; i < this.opts.budget; i++) {
        const req = this.sample(op, seed + i, op.write ? 'owned' : 'any');
        if (!req) {
          result.skipped.push(`${session.caller.name}: positive cases need ids the run did not create`);
          break;
        }
        const r = await this.sendRequest(req, session);
        result.requests++;
        result.exercised.positive++;
        if (isAccepted(r)) result.exercised.accepted++;
        const sentReq = { method: op.method, url: req.url, body: req.bodyText };
        this.checkAnswer(op, session, r, sentReq, 'positive', result);
        for (const used of req.owned)
          used.steps.push({ operationId: op.operationId, caller: session.caller.name, status: r.status });
        if (r.status === 401 && !anonymous)
          this.find(
            result,
            op,
            session,
            'auth',
            'auth',
            'a signed-in caller was answered 401',
            sentReq,
            r.status,
          );
        if (r.status === 400 || r.status === 415) {
          const env = r.body as Json | null;
          const key = typeof env?.ResourceKey === 'string' ? env.ResourceKey : '';
          // A request the schemas accept, refused as malformed: a rule the contract does not state.
          if (r.status === 415 || key === 'validate_info' || key === 'emptyfield')
            this.find(
              result,
              op,
              session,
              'positive-accepted',
              'positive',
              `a request the contract accepts was refused ${String(r.status)} ${key}: ${typeof env?.Message === 'string' ? env.Message : ''}`,
              sentReq,
              r.status,
            );
        }
        const create = CREATES[op.operationId];
        if (create && r.status >= 200 && r.status < 300) {
          const env = r.body as Json | null;
          if (env?.StatusCode === 200 || env?.StatusCode === undefined) {
            const id = create.pick(env?.Data ?? env);
            if (id !== undefined && id !== null) {
              this.remember(create.kind, id);
              this.sequences.push({
                kind: create.kind,
                id,
                steps: [{ operationId: op.operationId, caller: session.caller.name, status: r.status }],
              });
            }
          }
        }
      }
    }
    // Negative cases: one broken part each; ids that do not exist (nothing real is touched).
    const base = this.sample(op, seed + 500, 'absent');
    if (!base) return;
    const broken = this.breakings(op, base);
    const rng =
      fc.sample(
        fc.shuffledSubarray(
          broken.map((_, i) => i),
          {
            minLength: Math.min(broken.length, this.opts.negatives),
            maxLength: Math.min(broken.length, this.opts.negatives),
          },
        ),
        { seed, numRuns: 1 },
      )[0] ?? [];
    for (const i of rng) {
      const b = broken[i];
      if (!b) continue;
      const r = await this.sendRequest(b.req, session);
      result.requests++;
      result.exercised.negative++;
      const sentReq = { method: op.method, url: b.req.url, body: b.req.bodyText };
      this.checkAnswer(op, session, r, sentReq, 'negative', result);
      if (r.status < 400)
        this.find(
          result,
          op,
          session,
          'negative-refused',
          'negative',
          `a request the contract refuses (${b.name}) was answered ${String(r.status)}`,
          sentReq,
          r.status,
        );
      else if (r.status < 500) {
        const env = r.body as Json | null;
        if (
          isJson(r.contentType) &&
          (typeof env?.ResourceKey !== 'string' || !this.contract.messageKeys.has(env.ResourceKey)) &&
          !this.ownErrorShape(op, r)
        )
          this.find(
            result,
            op,
            session,
            'envelope',
            'negative',
            `refusal of ${b.name} carries no message key (ResourceKey ${JSON.stringify(env?.ResourceKey)})`,
            sentReq,
            r.status,
          );
      }
    }
  }

  /** A method the contract does not define on one of its paths: 405 with an Allow header listing those it does. */
  private async undeclaredMethods(results: OperationResult[], session: Session | undefined): Promise<void> {
    if (!session) return;
    const byPath = new Map<string, Operation[]>();
    for (const op of this.contract.operations) {
      const key = op.serverPrefix + op.path;
      byPath.set(key, [...(byPath.get(key) ?? []), op]);
    }
    const only = new Set(this.opts.operations);
    for (const [path, ops] of byPath) {
      if (only.size > 0 && !ops.some((o) => only.has(o.operationId))) continue;
      const declared = new Set(ops.map((o) => o.method));
      const method = ['PATCH', 'PUT', 'DELETE', 'POST'].find((m) => !declared.has(m));
      const first = ops[0];
      if (!method || !first) continue;
      const req = this.sample(first, this.opts.seed, 'absent');
      if (!req) continue;
      const url = req.url.replace(/^[^?]*/, (p) => p);
      const r = await this.send(method, url, session.cookie, {});
      const result = results.find((x) => x.operationId === first.operationId);
      if (!result) continue;
      result.requests++;
      result.exercised.negative++;
      const allow = (r.headers.get('allow') ?? '').split(',').map((m) => m.trim().toUpperCase());
      const sentReq = { method, url };
      if (r.status !== 405)
        this.find(
          result,
          first,
          session,
          'method-not-allowed',
          'negative',
          `${method} ${path} (not in the contract) was answered ${String(r.status)}, not 405`,
          sentReq,
          r.status,
        );
      else if (![...declared].every((m) => allow.includes(m)))
        this.find(
          result,
          first,
          session,
          'method-not-allowed',
          'negative',
          `405 without an Allow header naming ${[...declared].join(', ')} (got ${JSON.stringify(r.headers.get('allow'))})`,
          sentReq,
          r.status,
        );
    }
  }

  /**
   * Creates, through the contract's own operations, what the writes on existing objects need, so that they are
   * sent as positive cases without touching data the run did not create: an account registered on a new company
   * domain (a new team with the account as its admin; the run signs in as it and accepts its terms), two employees
   * it adds to that team, and two collector runs it uploads (the contract's example collector file, queued into a
   * new project each). Each step is a positive case of its operation; a step that fails leaves the writes that
   * needed it without positive cases (said in the report).
   */
  private async setup(ops: Operation[]): Promise<Session | undefined> {
    const needs = new Set<string>();
    for (const op of ops)
      for (const kind of this.kindsOf(op)) {
        const what = SETUP_KINDS[kind];
        if (what) needs.add(what);
      }
    if (needs.size === 0) return undefined;
    const tag = `${String(this.opts.seed)}-${Date.now().toString(36)}`;
    const domain = `conformance-${tag}.example`;
    const anonymous: Session = { caller: { name: 'anonymous' }, cookie: '' };
    const register = this.contract.operations.find((o) => o.operationId === 'register');
    const schema = register?.body['application/json'];
    if (!register || !schema) {
      this.setupFailed('the contract has no register operation');
      return;
    }
    const email = `conformance.run@${domain}`;
    const password = `Conformance-${tag}-Run`;
    const reg = await this.sendOp(
      'register',
      anonymous,
      {},
      {
        ...(flatten(this.contract, schema).example ?? {}),
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
    const userId = dataOf(reg)?.Id;
    if (typeof userId !== 'number') {
      this.setupFailed(`registering an account was answered ${String(reg.status)}`);
      return;
    }
    let session: Session;
    try {
      session = { ...(await this.signIn({ name: 'created account', email, password })), created: true };
    } catch (error) {
      this.setupFailed(`the registered account could not sign in (${String(error)})`);
      return;
    }
    this.own('self', userId, 'register', session);
    const viewer = await this.sendOp('getViewer', session, {});
    const v = viewer.body as Json | null;
    const teamId =
      (v?.team as Json | null | undefined)?.TeamId ?? (v?.user as Json | null | undefined)?.teamId;
    await this.sendOp('acceptTerms', session, { 'path:userid': userId, 'path:accept': true });
    if (typeof teamId === 'number') {
      this.own('team', teamId, 'getViewer', session);
      for (const n of [1, 2]) {
        const added = await this.sendOp(
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
        if (typeof id === 'number') this.own('account', id, 'addTeamEmployee', session);
      }
    }
    if (needs.has('runs')) await this.uploadRuns(session, tag);
    return session;
  }

  /** Two collector runs: the contract's example collector file uploaded and queued into a new project each. */
  private async uploadRuns(session: Session, tag: string): Promise<void> {
    const format = await this.sendOp('getCollectorFileFormat', session, {});
    const op = this.contract.operations.find((o) => o.operationId === 'getCollectorFileFormat');
    const declared = op?.responses['200']?.content['application/json'];
    const records =
      ((format.body as Json | null)?.Example as unknown[] | undefined) ??
      ((declared ? flatten(this.contract, declared).example : undefined) as Json | undefined)?.Example;
    if (!Array.isArray(records) || records.length === 0) {
      this.setupFailed('no example collector file (getCollectorFileFormat)', ['runs']);
      return;
    }
    const bytes = gzipSync(records.map((r) => JSON.stringify(r)).join('\n') + '\n');
    for (const n of [1, 2]) {
      const up = await this.sendOp(
        'uploadIokitFile',
        session,
        {},
        { file: new File([bytes], `conformance-${tag}-${String(n)}.iokit`) },
      );
      const file = up.body as Json | null;
      if (up.status !== 200 || typeof file?.FileId !== 'string' || file.ErrorKey !== null) {
        this.setupFailed(`uploading a collector file was answered ${String(up.status)}`, ['runs']);
        return;
      }
      const queued = await this.sendOp(
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
        this.setupFailed(`queueing an uploaded collector file was answered ${String(queued.status)}`, [
          'runs',
        ]);
        return;
      }
      this.own('uploaded project', projectId, 'queueIokitUpload', session);
      const project = await this.sendOp('getProject', session, { 'path:id': projectId });
      const p = dataOf(project) ?? (project.body as Json | null);
      for (const run of (p?.CollectorRuns as Json[] | undefined) ?? []) {
        if (typeof run.Id !== 'number') continue;
        this.own('run', run.Id, 'getProject', session);
        this.runProject.set(run.Id, projectId);
      }
    }
  }

  private setupNotes: string[] = [];

  private setupFailed(reason: string, what: ('account' | 'runs')[] = ['account', 'runs']): void {
    const note = `setup: ${reason}; positive cases that need ${what.join(' and ')} the run creates are not sent`;
    this.setupNotes.push(note);
    this.opts.log(note);
  }

  /** The kinds of created id an operation's parameters and body take. */
  private kindsOf(op: Operation): string[] {
    const kinds = op.parameters.map((p) => idKind(op, p.name));
    const [, schema] = Object.entries(op.body)[0] ?? [];
    if (schema) {
      const props = writableProperties(this.contract, flatten(this.contract, schema));
      for (const k of Object.keys(props)) kinds.push(idKind(op, k), idKind(op, k.replace(/s$/, '')));
    }
    return kinds.filter((k): k is string => k !== undefined);
  }

  /** A created id: remembered for the operations that take its kind, with its sequence. */
  private own(kind: string, id: unknown, operationId: string, session: Session): void {
    this.remember(kind, id);
    this.sequences.push({
      kind,
      id,
      steps: [{ operationId, caller: session.caller.name, status: 200 }],
    });
  }

  /** One request of the setup: a positive case of its operation, checked and counted like the others. */
  private async sendOp(
    operationId: string,
    session: Session,
    values: Record<string, unknown>,
    body?: unknown,
  ): Promise<Sent> {
    const op = this.contract.operations.find((o) => o.operationId === operationId);
    if (!op)
      return {
        status: 0,
        headers: new Headers(),
        contentType: '',
        body: undefined,
        text: 'no such operation',
      };
    const [mediaType] = Object.keys(op.body);
    const req = this.build(op, values, body === undefined ? undefined : mediaType, body);
    const r = await this.sendRequest(req, session);
    const result = this.results.get(operationId);
    if (result) {
      result.requests++;
      result.exercised.positive++;
      if (isAccepted(r)) result.exercised.accepted++;
      this.checkAnswer(
        op,
        session,
        r,
        { method: op.method, url: req.url, body: req.bodyText },
        'positive',
        result,
      );
    }
    return r;
  }

  /** Services with their own documented error shape (no envelope), e.g. the support service. */
  private ownErrorShape(op: Operation, r: Sent): boolean {
    const spec = op.responses[String(r.status)];
    const schema = spec?.content[r.contentType];
    if (!schema) return false;
    const flat = flatten(this.contract, schema);
    return !('ResourceKey' in ((flat.properties as Json | undefined) ?? {}));
  }

  private remember(kind: string, id: unknown): void {
    const list = this.created.get(kind) ?? [];
    list.push(id);
    this.created.set(kind, list);
  }

  // ---------------------------------------------------------------------------------------------------------------
  // Requests

  /**
   * A request the contract accepts. ids: 'owned' takes id-like values only from the run's own creations (none: no
   * request), 'absent' uses ids that cannot exist, 'any' mixes creations and generated values.
   */
  private sample(op: Operation, seed: number, ids: 'owned' | 'any' | 'absent'): BuiltRequest | undefined {
    const values: Record<string, unknown> = {};
    // A run and a project in one path: the project the run went into (remove from / delete with its project).
    const runParam = op.parameters.find((p) => p.in === 'path' && idKind(op, p.name) === 'run');
    const projectParam = op.parameters.find((p) => p.in === 'path' && idKind(op, p.name) === 'project');
    const paired = ids !== 'absent' && runParam !== undefined && projectParam !== undefined;
    for (const p of op.parameters) {
      if (p.in === 'header' || p.in === 'cookie') continue;
      if (paired && p === projectParam) continue;
      // Negative cases leave optional parameters out (each case then breaks one part, optional ones included): an
      // optional reference to nothing would be refused (404) before the part the case breaks is judged.
      if (ids === 'absent' && !p.required) continue;
      const id = this.idFor(op, p.name, p.schema, seed, ids, p.example);
      if (id === NONE) return undefined;
      if (id !== undefined) {
        values[`${p.in}:${p.name}`] = id;
        continue;
      }
      const fixed = FIXED[op.operationId]?.[`${p.in}:${p.name}`];
      if (fixed !== undefined) {
        values[`${p.in}:${p.name}`] = fixed;
        continue;
      }
      if (!p.required && seed % 3 === 0) continue;
      values[`${p.in}:${p.name}`] = fc.sample(valid(this.contract, p.schema), { seed, numRuns: 1 })[0];
    }
    if (paired) {
      const project = this.runProject.get(values[`path:${runParam.name}`]);
      if (project !== undefined) values[`path:${projectParam.name}`] = project;
      else {
        const id = this.idFor(op, projectParam.name, projectParam.schema, seed, ids);
        if (id === NONE) return undefined;
        if (id !== undefined) values[`path:${projectParam.name}`] = id;
      }
    }
    const [mediaType, schema] = Object.entries(op.body)[0] ?? [];
    let body: unknown;
    if (mediaType && schema) {
      // Generated from the keywords, kept only when the whole schema (if/then, patterns…) accepts it.
      const accepts = this.validator(op, 'request', mediaType, schema);
      const candidates = fc.sample(valid(this.contract, schema), { seed, numRuns: 50 });
      body = candidates.find((c) => accepts(c)) ?? candidates[0];
      const fixed = this.fixIds(op, schema, body, seed, ids);
      if (fixed === NONE) return undefined;
      body = fixed;
    }
    return this.build(op, values, mediaType, body);
  }

  private idFor(
    op: Operation,
    name: string,
    schema: Schema,
    seed: number,
    ids: 'owned' | 'any' | 'absent',
    example?: unknown,
  ): unknown {
    const kind = idKind(op, name);
    const s = flatten(this.contract, schema);
    if (kind === REFERENCE) return ids === 'absent' ? undefined : (example ?? s.example);
    const numeric = s.type === 'integer' || (Array.isArray(s.type) && s.type.includes('integer'));
    const idLike = kind !== undefined || (ID_LIKE.test(name) && (numeric || s.format === 'uuid'));
    if (!idLike) return undefined;
    if (ids === 'absent')
      return s.format === 'uuid' ? '00000000-0000-4000-8000-00000000dead' : 2_000_000_000 + (seed % 1000);
    const own = kind ? (this.created.get(kind) ?? []) : [];
    const nullable = Array.isArray(s.type) && s.type.includes('null');
    // Half the requests use the first id created of the kind, so one object goes through read → change → delete
    // even as more operations share the created ids; the others spread over the rest.
    // A change that hands the object over (a new owner) takes the newest one, never the one the sequence follows.
    if (ids === 'owned' && HANDS_OVER.has(op.operationId) && own.length > 1) return own[own.length - 1];
    if (ids === 'owned')
      return own.length > 0 ? own[seed % 2 === 0 ? 0 : seed % own.length] : nullable ? null : NONE;
    if (own.length > 0 && seed % 2 === 0) return own[seed % own.length];
    return undefined;
  }

  private fixIds(
    op: Operation,
    schema: Schema,
    body: unknown,
    seed: number,
    ids: 'owned' | 'any' | 'absent',
  ): unknown {
    if (body === null || typeof body !== 'object' || Array.isArray(body)) return body;
    const flat = flatten(this.contract, schema);
    const props = writableProperties(this.contract, flat);
    const out: Json = { ...(body as Json) };
    for (const [k, v] of Object.entries(props)) {
      if (!(k in out)) continue;
      const f = flatten(this.contract, v);
      if (f.type === 'array' || (Array.isArray(f.type) && f.type.includes('array'))) {
        if (!ID_LIKE.test(k)) continue;
        const item = this.idFor(op, k.replace(/s$/, ''), (f.items ?? {}) as Schema, seed, ids);
        if (item === NONE) return NONE;
        if (item !== undefined)
          out[k] = Array.from({ length: Math.max(1, (out[k] as unknown[]).length) }, () => item);
        continue;
      }
      const id = this.idFor(op, k, v, seed, ids, (flat.example as Json | undefined)?.[k]);
      if (id === NONE) return NONE;
      if (id !== undefined) out[k] = id;
    }
    return out;
  }

  private build(
    op: Operation,
    values: Record<string, unknown>,
    mediaType: string | undefined,
    body: unknown,
  ): BuiltRequest {
    let path = op.path;
    const query = new URLSearchParams();
    for (const p of op.parameters) {
      const key = `${p.in}:${p.name}`;
      if (!(key in values)) continue;
      const v = values[key];
      if (p.in === 'path') path = path.replace(`{${p.name}}`, encodeURIComponent(scalar(v)));
      else if (p.in === 'query') {
        if (Array.isArray(v)) for (const item of v) query.append(p.name, scalar(item));
        else if (v !== null && typeof v === 'object')
          for (const [k, x] of Object.entries(v as Json)) query.append(k, scalar(x));
        else if (v !== null && v !== undefined) query.append(p.name, scalar(v));
      }
    }
    const qs = query.toString();
    const url = op.serverPrefix + path + (qs ? `?${qs}` : '');
    const used = new Set([
      ...Object.values(values),
      ...(body !== null && typeof body === 'object' ? Object.values(body as Json) : []),
    ]);
    const owned = this.sequences.filter((q) => used.has(q.id));
    const req: BuiltRequest = { op, url, headers: {}, values, owned, mediaType, body };
    if (mediaType && body !== undefined) encodeBody(req, mediaType, body);
    return req;
  }

  /** Requests the contract refuses: each breaks one parameter or one part of the body. */
  private breakings(op: Operation, base: BuiltRequest): { name: string; req: BuiltRequest }[] {
    const out: { name: string; req: BuiltRequest }[] = [];
    for (const p of op.parameters) {
      if (p.in !== 'path' && p.in !== 'query') continue;
      const key = `${p.in}:${p.name}`;
      if (p.required && p.in === 'query') {
        const values = Object.fromEntries(Object.entries(base.values).filter(([k]) => k !== key));
        out.push({ name: `query ${p.name} missing`, req: this.build(op, values, base.mediaType, base.body) });
      }
      for (const v of violations(this.contract, p.schema, base.values[key])) {
        if (p.in === 'path' && v.name === 'string below minLength') continue;
        if (
          v.name.startsWith('array') ||
          v.name.startsWith('object') ||
          (v.name === 'fraction for integer' && p.in === 'path')
        )
          continue;
        out.push({
          name: `${p.in} ${p.name}: ${v.name}`,
          req: this.build(op, { ...base.values, [key]: v.value }, base.mediaType, base.body),
        });
      }
    }
    const [mediaType, schema] = Object.entries(op.body)[0] ?? [];
    if (mediaType && schema && !mediaType.startsWith('multipart/')) {
      for (const v of violations(this.contract, schema, base.body)) {
        // Form bodies carry text only: type confusions cannot be expressed there.
        if (mediaType !== 'application/json' && /as text|for array|for object|fraction/.test(v.name))
          continue;
        out.push({ name: `body ${v.name}`, req: this.build(op, base.values, mediaType, v.value) });
      }
      if (op.bodyRequired)
        out.push({
          name: 'body missing',
          req: {
            ...this.build(op, base.values, undefined, undefined),
            headers: { 'content-type': mediaType },
          },
        });
    }
    return out;
  }

  private async sendRequest(req: BuiltRequest, session: Session): Promise<Sent> {
    const r = await this.send(req.op.method, req.url, session.cookie, req.headers, req.bodyInit);
    // A call that ends the session by design (declining the terms logs out) clears its cookie: sign in again, so
    // the caller's later cases are not answered as anonymous.
    if (session.cookie && r.status < 400 && clearsSession(r, session.cookie) && session.caller.email) {
      try {
        session.cookie = (await this.signIn(session.caller)).cookie;
      } catch (error) {
        this.opts.log(`${session.caller.name}: could not sign in again (${String(error)})`);
      }
    }
    return r;
  }

  private async send(
    method: string,
    url: string,
    cookie: string,
    headers: Record<string, string>,
    body?: BodyInit,
  ): Promise<Sent> {
    this.requests++;
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), this.opts.timeoutMs);
    try {
      const res = await fetch(this.opts.baseUrl + url, {
        method,
        headers: {
          accept: 'application/json, text/html;q=0.5, */*;q=0.1',
          ...this.opts.headers,
          ...headers,
          ...(cookie ? { cookie } : {}),
        },
        body: body ?? null,
        redirect: 'manual',
        signal: controller.signal,
      });
      const contentType = (res.headers.get('content-type') ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
      let text = '';
      if (contentType === 'text/event-stream') {
        // The stream stays open: its status and type are checked, its events are not awaited.
        await res.body?.cancel();
      } else text = await res.text();
      let parsed: unknown = undefined;
      if (isJson(contentType) && text) {
        try {
          parsed = JSON.parse(text) as unknown;
        } catch {
          parsed = INVALID_JSON;
        }
      }
      return { status: res.status, headers: res.headers, contentType, body: parsed, text };
    } catch (error) {
      return { status: 0, headers: new Headers(), contentType: '', body: undefined, text: String(error) };
    } finally {
      clearTimeout(timer);
    }
  }

  // ---------------------------------------------------------------------------------------------------------------
  // Checks of one answer

  private checkAnswer(
    op: Operation,
    session: Session,
    r: Sent,
    req: Finding['request'],
    kind: Finding['kind'],
    result: OperationResult,
  ): void {
    if (r.status === 0) {
      this.find(result, op, session, 'transport', kind, `no answer: ${r.text}`, req);
      return;
    }
    if (r.status >= 500)
      this.find(result, op, session, 'server-error', kind, `answered ${String(r.status)}`, req, r.status);
    const spec =
      op.responses[String(r.status)] ??
      op.responses[`${String(r.status)[0] ?? ''}XX`] ??
      op.responses.default;
    if (!spec) {
      this.find(
        result,
        op,
        session,
        'status-declared',
        kind,
        `status ${String(r.status)} is not declared (declared: ${Object.keys(op.responses).join(', ')})`,
        req,
        r.status,
      );
      return;
    }
    const logged = r.headers.get(LOGGED_OUT_HEADER);
    if (r.status === 401 && logged !== '1')
      this.find(
        result,
        op,
        session,
        'logged-out-header',
        kind,
        `401 without ${LOGGED_OUT_HEADER}: 1`,
        req,
        r.status,
      );
    if (logged !== null && logged !== '1' && logged !== '0')
      this.find(
        result,
        op,
        session,
        'logged-out-header',
        kind,
        `${LOGGED_OUT_HEADER} has the undeclared value ${JSON.stringify(logged)}`,
        req,
        r.status,
      );
    const declaredTypes = Object.keys(spec.content);
    if (declaredTypes.length === 0) return;
    if (
      !declaredTypes.includes(r.contentType) &&
      !declaredTypes.some((t) => t.endsWith('/*') && r.contentType.startsWith(t.slice(0, -1)))
    ) {
      this.find(
        result,
        op,
        session,
        'content-type',
        kind,
        `content type ${JSON.stringify(r.contentType)} is not declared for ${String(r.status)} (declared: ${declaredTypes.join(', ')})`,
        req,
        r.status,
      );
      return;
    }
    if (!isJson(r.contentType)) return;
    if (r.body === INVALID_JSON || r.body === undefined) {
      this.find(result, op, session, 'response-schema', kind, 'the body is not JSON', req, r.status);
      return;
    }
    const schema = spec.content[r.contentType];
    if (schema) {
      const validate = this.validator(op, String(r.status), r.contentType, schema);
      if (!validate(r.body)) {
        const e = validate.errors?.[0];
        this.find(
          result,
          op,
          session,
          'response-schema',
          kind,
          `body does not match the ${String(r.status)} schema: ${e?.instancePath ?? ''} ${e?.message ?? ''}`.trim(),
          req,
          r.status,
        );
      }
    }
    // Envelope semantics no generic tool knows: StatusCode mirrors the HTTP status of a refusal, and an envelope
    // refusal inside HTTP 200 names a declared message key.
    const env = r.body as Json | null;
    if (env && typeof env === 'object' && 'StatusCode' in env) {
      if (r.status >= 400 && env.StatusCode !== r.status)
        this.find(
          result,
          op,
          session,
          'envelope',
          kind,
          `HTTP ${String(r.status)} carries StatusCode ${JSON.stringify(env.StatusCode)}`,
          req,
          r.status,
        );
      const failed = env.StatusCode !== 200;
      const key = env.ResourceKey ?? (env.ErrorState as Json | null)?.ErrorCode;
      if (failed && (typeof key !== 'string' || !this.contract.messageKeys.has(key)))
        this.find(
          result,
          op,
          session,
          'envelope',
          kind,
          `StatusCode ${JSON.stringify(env.StatusCode)} without a declared message key (ResourceKey ${JSON.stringify(env.ResourceKey)})`,
          req,
          r.status,
        );
    }
  }

  private validator(op: Operation, status: string, type: string, schema: Schema): ValidateFunction {
    const key = `${op.operationId} ${status} ${type}`;
    let v = this.validators.get(key);
    if (!v) {
      v = this.ajv.compile(rebase(schema));
      this.validators.set(key, v);
    }
    return v;
  }

  private find(
    result: OperationResult,
    op: Operation,
    session: Session,
    check: CheckName,
    kind: Finding['kind'],
    message: string,
    request: Finding['request'],
    status?: number,
  ): void {
    result.findings.push({
      operationId: op.operationId,
      caller: session.caller.name,
      check,
      kind,
      message,
      request,
      ...(status !== undefined ? { status } : {}),
    });
  }
}

const NONE = Symbol('none');
/** Changes after which the object is no longer the caller's. */
const HANDS_OVER = new Set(['reassignProjectOwner']);

function newResult(op: Operation): OperationResult {
  return {
    operationId: op.operationId,
    method: op.method,
    path: op.path,
    requests: 0,
    exercised: { positive: 0, accepted: 0, negative: 0, auth: 0 },
    skipped: [],
    findings: [],
  };
}

/** A 2xx answer that is not an envelope refusal (StatusCode other than 200). */
function isAccepted(r: Sent): boolean {
  const code = (r.body as Json | null | undefined)?.StatusCode;
  return r.status >= 200 && r.status < 300 && (code === undefined || code === 200);
}

/** The envelope's Data of an answer (null when none). */
function dataOf(r: Sent): Json | null {
  const body = r.body as Json | null | undefined;
  const data = body && typeof body === 'object' ? body.Data : undefined;
  return data && typeof data === 'object' ? (data as Json) : null;
}
const INVALID_JSON = Symbol('invalid-json');

interface BuiltRequest {
  op: Operation;
  url: string;
  headers: Record<string, string>;
  values: Record<string, unknown>;
  /** The sequences of the created ids this request uses. */
  owned: Sequence[];
  mediaType: string | undefined;
  body: unknown;
  bodyInit?: BodyInit;
  bodyText?: string;
}

function encodeBody(req: BuiltRequest, mediaType: string, body: unknown): void {
  if (mediaType === 'application/json') {
    req.headers['content-type'] = 'application/json';
    req.bodyText = JSON.stringify(body);
    req.bodyInit = req.bodyText;
  } else if (mediaType === 'application/x-www-form-urlencoded') {
    const form = new URLSearchParams();
    if (body !== null && typeof body === 'object' && !Array.isArray(body))
      for (const [k, v] of Object.entries(body as Json)) {
        if (Array.isArray(v)) for (const x of v) form.append(k, scalar(x));
        else if (v !== null && v !== undefined) form.append(k, scalar(v));
      }
    else form.append('value', scalar(body));
    req.headers['content-type'] = mediaType;
    req.bodyText = form.toString();
    req.bodyInit = req.bodyText;
  } else if (mediaType.startsWith('multipart/')) {
    const form = new FormData();
    if (body !== null && typeof body === 'object')
      for (const [k, v] of Object.entries(body as Json)) {
        if (v === null || v === undefined) continue;
        if (v instanceof File) form.append(k, v, v.name);
        else if (typeof v === 'string' && k.toLowerCase().includes('file'))
          form.append(k, new Blob(['conformance'], { type: 'application/octet-stream' }), 'conformance.bin');
        else form.append(k, scalar(v));
      }
    req.bodyText = `[multipart: ${Object.keys(body ?? {}).join(', ')}]`;
    req.bodyInit = form;
  } else {
    req.headers['content-type'] = mediaType;
    req.bodyText = scalar(body);
    req.bodyInit = req.bodyText;
  }
}

/** Whether an answer clears one of the session's cookies (empty value, Max-Age=0 or an expiry in the past). */
function clearsSession(r: Sent, cookie: string): boolean {
  const names = new Set(cookie.split(';').map((c) => c.split('=')[0]?.trim()));
  return r.headers.getSetCookie().some((c) => {
    const [pair = '', ...attrs] = c.split(';');
    const [name = '', value = ''] = pair.split('=');
    if (!names.has(name.trim())) return false;
    const expires = attrs.find((a) => /^\s*expires=/i.test(a))?.split('=')[1];
    return (
      value.trim() === '' ||
      attrs.some((a) => /^\s*max-age=0\s*$/i.test(a)) ||
      (expires !== undefined && Date.parse(expires) < Date.now())
    );
  });
}

function scalar(v: unknown): string {
  if (typeof v === 'string') return v;
  if (v === null || v === undefined) return '';
  // Objects as JSON; numbers and booleans print the same either way.
  return JSON.stringify(v);
}

function isJson(type: string): boolean {
  return type === 'application/json' || type.endsWith('+json');
}

/** A schema of the contract as a standalone schema whose local $refs point into the registered contract. */
function rebase(schema: Schema): Schema {
  return JSON.parse(JSON.stringify(schema).replace(/"\$ref":"#\//g, '"$ref":"contract#/')) as Schema;
}

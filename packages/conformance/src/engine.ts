// The conformance engine's core: signs the callers in, orders the operations (creations first, so their ids feed
// the reads, changes and deletions), builds requests from the contract with a seeded generator (fast-check: the
// same seed sends the same requests), sends them (./http.ts) and collects the findings into the report. What is
// checked lives in one module per check class, each with its planted-fault test beside it:
//   checks/responses.ts  every answer: declared status, content type, body schema, logged-out header, no 5xx
//   checks/envelope.ts   the envelope: StatusCode mirrors the HTTP status, refusals name a declared message key
//   checks/auth.ts       who may call: anonymous callers against the operation's security alternatives
//   checks/positive.ts   requests the contract accepts are not refused as malformed (absent optional bodies too)
//   checks/negative.ts   requests the contract refuses are refused with a declared 4xx
//   checks/edges.ts      hostile strings in every string, integers on both sides of every bound and beyond ±2^53
//   checks/methods.ts    methods outside the contract on every path: 405 with the right Allow
//   checks/stateful.ts   created ids followed through read → change → delete (a change shows in the next read);
//                        nothing else is changed
//   checks/headers.ts    required response headers (Location, Retry-After) and a 201's Location readable; the
//                        session cookie's declared attributes
//   checks/paging.ts     pages hold at most PageSize items, full while more remain, one TotalCount, none past the last
//   checks/reads.ts      a read ignores a query parameter the contract does not name; HEAD answers as GET
//   checks/media.ts      a JSON body sent as text/plain is refused, never carried out
// The types they share live in ./types.ts: the checks never import this module.
import fc from 'fast-check';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { ValidateFunction } from 'ajv';
import { Contract, type Json, type Operation, type Schema } from './contract.ts';
import type {
  BuiltRequest,
  Caller,
  Find,
  Finding,
  Ids,
  OperationResult,
  Options,
  Report,
  Run,
  RunOptions,
  Sent,
  Sequence,
  Session,
} from './types.ts';
import { SetupError } from './types.ts';
import { coverageOf } from './coverage.ts';
import { CHECK_TEXT } from './report.ts';
import { answerOf, curlLines } from './reproduce.ts';
import { flatten, valid, writableProperties } from './arbitraries.ts';
import { clearsSession, encodeBody, exchange, isAccepted, scalar, requestOf } from './http.ts';
import { checkAnswer, LOGGED_OUT_HEADER } from './checks/responses.ts';
import { checkAuth } from './checks/auth.ts';
import { positiveCases } from './checks/positive.ts';
import { negativeCases } from './checks/negative.ts';
import { pagingCases } from './checks/paging.ts';
import { edgeCases } from './checks/edges.ts';
import { readCases } from './checks/reads.ts';
import { mediaTypeCases } from './checks/media.ts';
import { undeclaredMethods } from './checks/methods.ts';
import { HANDS_OVER, idKind, NOT_CREATABLE, REFERENCE, sequenceRank, setup } from './checks/stateful.ts';

export { LOGGED_OUT_HEADER, NOT_CREATABLE };
export type * from './types.ts';

/** Operations that sign in or out (the engine does that itself, around the run). */
const SESSION_OPS = new Set(['signIn', 'signOut']);
const ID_LIKE = /(^id$|id$|ids$)/i;
/** Parameters fixed so that a created id names the right kind of object (renameObject's id is the type's). */
const FIXED: Record<string, Record<string, unknown>> = {
  renameObject: { 'path:type': 'project' },
};
const NONE = Symbol('none');

export class Engine implements Run {
  readonly contract: Contract;
  private readonly ajv: Ajv2020;
  private readonly validators = new Map<string, ValidateFunction>();
  private readonly created = new Map<string, unknown[]>();
  /** The project each uploaded collector run went into (runs and projects are taken as pairs). */
  readonly runProject = new Map<unknown, unknown>();
  private results = new Map<string, OperationResult>();
  readonly sequences: Sequence[] = [];
  readonly opts: RunOptions;
  private requests = 0;
  /** The sign-ins' answers, checked as positive cases of signIn once the run's results exist. */
  private readonly signIns: { session: Session; r: Sent; email: string }[] = [];
  private readonly setupNotes: string[] = [];
  /** What to pass so that the setup succeeds (the first failure's). */
  private setupRemedy: string | undefined;

  constructor(options: Options) {
    this.contract = options.contract ?? Contract.load();
    this.opts = {
      baseUrl: options.baseUrl.replace(/\/$/, ''),
      callers: options.callers,
      seed: options.seed ?? 1,
      budget: options.budget ?? 4,
      negatives: options.negatives ?? options.budget ?? 4,
      hostile: options.hostile ?? 3,
      mailbox: options.mailbox,
      operations: options.operations ?? [],
      timeoutMs: options.timeoutMs ?? 10_000,
      headers: options.headers ?? {},
      accountWrites: options.accountWrites ?? false,
      allowPartial: options.allowPartial ?? false,
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
    const own = await setup(this, ops);
    if (own) sessions.push(own);
    const [problem] = this.setupNotes;
    if (problem !== undefined && !this.opts.allowPartial)
      throw new SetupError(
        `the setup failed (${problem.replace(/^setup: /, '').replace(/; positive cases that need .*$/, '')}): ${
          this.setupRemedy ?? 'see the server log'
        }, or pass --allow-partial to run without the positive cases that need what it creates`,
      );
    let index = 0;
    for (const op of ops) {
      const result = this.results.get(op.operationId) ?? newResult(op);
      const reason = NOT_CREATABLE[op.operationId];
      if (reason) result.skipped.push(`not exercised positively: ${reason}`);
      for (const session of sessions) {
        await this.exercise(op, session, result, this.opts.seed * 1000 + index++, reason !== undefined);
      }
      // Hostile strings and integer edges: once per operation, by the first signed-in caller.
      const hostileSession = sessions.find((s) => s.cookie !== '' && !s.created) ?? sessions[0];
      if (hostileSession) {
        const seed = this.opts.seed * 1000 + index;
        await edgeCases(this, op, hostileSession, result, seed);
        await readCases(this, op, hostileSession, result, seed);
        await mediaTypeCases(this, op, hostileSession, result, seed);
      }
      this.opts.log(
        `${op.operationId}: ${String(result.requests)} requests, ${String(result.findings.length)} findings`,
      );
    }
    await undeclaredMethods(this, results, sessions[0]);
    for (const s of sessions) if (s.cookie) await this.signOut(s, results);
    this.checkSignIns(results);
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
      ...(own?.caller.email && own.caller.password
        ? { createdAccount: { email: own.caller.email, password: own.caller.password } }
        : {}),
      notes: this.setupNotes,
      setupComplete: this.setupNotes.length === 0,
      coverage: coverageOf(results),
    };
  }

  private orderedOperations(): Operation[] {
    const only = new Set(this.opts.operations);
    return this.contract.operations
      .filter((op) => only.size === 0 || only.has(op.operationId))
      .filter((op) => !SESSION_OPS.has(op.operationId))
      .sort((a, b) => sequenceRank(a) - sequenceRank(b));
  }

  async signIn(caller: Caller): Promise<Session> {
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
    if (r.status !== 200 || env?.StatusCode !== 200 || !setCookie) {
      const what = `sign-in of ${caller.name} (${caller.email}) failed: HTTP ${String(r.status)} ${r.text.slice(0, 200)}`;
      const retry = r.headers.get('retry-after');
      throw new SetupError(
        r.status === 429
          ? `${what}; the server throttles sign-in: wait ${retry ? `${retry} s` : 'a while'} and run again`
          : r.status === 0
            ? `${what}; check --base-url`
            : `${what}; pass the account's password with --password (or CONFORMANCE_PASSWORD), and an active account with --user / --caller`,
      );
    }
    const session: Session = { caller, cookie: setCookie };
    this.signIns.push({ session, r, email: caller.email });
    return session;
  }

  /** The sign-ins' answers as positive cases of signIn (the password left out of the recorded request). */
  private checkSignIns(results: OperationResult[]): void {
    const op = this.contract.operations.find((o) => o.operationId === 'signIn');
    if (!op || this.signIns.length === 0) return;
    const result = results.find((x) => x.operationId === 'signIn') ?? newResult(op);
    if (!results.includes(result)) results.push(result);
    for (const { session, r, email } of this.signIns.splice(0)) {
      result.requests++;
      result.exercised.positive++;
      if (isAccepted(r)) result.exercised.accepted++;
      const body = JSON.stringify({ email, password: '…' });
      const req = {
        method: 'POST',
        url: op.serverPrefix + op.path,
        body,
        headers: { 'content-type': 'application/json' },
      };
      this.checkAnswer(op, session, r, req, 'positive', result);
    }
  }

  /** Ends a session outside a run (a replay), without counting or checking the answer. */
  async signOutQuietly(session: Session): Promise<void> {
    const op = this.contract.operations.find((o) => o.operationId === 'signOut');
    if (op && session.cookie) await this.send('POST', op.serverPrefix + op.path, session.cookie, {});
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

  /** One operation for one caller: the auth case (anonymous on a session-only operation) or positive and negative cases. */
  private async exercise(
    op: Operation,
    session: Session,
    result: OperationResult,
    seed: number,
    noPositive: boolean,
  ): Promise<void> {
    if (await checkAuth(this, op, session, result, seed)) return;
    if (!noPositive) {
      await positiveCases(this, op, session, result, seed);
      await pagingCases(this, op, session, result, seed);
    }
    await negativeCases(this, op, session, result, seed);
  }

  // ---------------------------------------------------------------------------------------------------------------
  // Sending and counting

  /** Sends a built request as a session; an answer that ends the session by design signs the caller in again. */
  async sendRequest(req: BuiltRequest, session: Session): Promise<Sent> {
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

  async send(
    method: string,
    url: string,
    cookie: string,
    headers: Record<string, string>,
    body?: BodyInit,
  ): Promise<Sent> {
    this.requests++;
    return exchange(
      this.opts.baseUrl + url,
      method,
      {
        accept: 'application/json, text/html;q=0.5, */*;q=0.1',
        ...this.opts.headers,
        ...headers,
        ...(cookie ? { cookie } : {}),
      },
      body,
      this.opts.timeoutMs,
    );
  }

  /** One request of the setup or of a follow-up read: a positive case of its operation, checked and counted. */
  async sendOp(
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
      this.checkAnswer(op, session, r, requestOf(req), 'positive', result);
    }
    return r;
  }

  /** The result of an operation of this run (undefined when the run does not cover it). */
  result(operationId: string): OperationResult | undefined {
    return this.results.get(operationId);
  }

  checkAnswer(
    op: Operation,
    session: Session,
    r: Sent,
    req: Finding['request'],
    kind: Finding['kind'],
    result: OperationResult,
  ): void {
    if (kind === 'negative' && r.status >= 400 && r.status < 500) result.exercised.refused++;
    if (kind === 'positive') result.answers[String(r.status)] = (result.answers[String(r.status)] ?? 0) + 1;
    checkAnswer(this, op, session, r, req, kind, result);
  }

  validator(op: Operation, status: string, type: string, schema: Schema): ValidateFunction {
    const key = `${op.operationId} ${status} ${type}`;
    let v = this.validators.get(key);
    if (!v) {
      v = this.ajv.compile(rebase(schema));
      this.validators.set(key, v);
    }
    return v;
  }

  /** A reporter of findings for one request of one operation, caller and kind of case. */
  finder(
    result: OperationResult,
    op: Operation,
    session: Session,
    kind: Finding['kind'],
    request: Finding['request'],
    response?: Sent,
  ): Find {
    return (check, message, status, detail) => {
      const email = session.caller.email;
      result.findings.push({
        id: `${op.operationId}-${String(result.findings.length + 1)}`,
        operationId: op.operationId,
        caller: session.caller.name,
        ...(email ? { callerEmail: email } : {}),
        check,
        kind,
        message,
        request,
        ...(status !== undefined ? { status } : {}),
        ...(response ? { response: answerOf(response) } : {}),
        expected: detail?.expected ?? CHECK_TEXT[check],
        got: detail?.got ?? (response ? `HTTP ${String(response.status)}: ${message}` : message),
        reproduce: curlLines(this.opts.baseUrl, request, session),
      });
    };
  }

  // ---------------------------------------------------------------------------------------------------------------
  // Created ids

  /** A created id: remembered for the operations that take its kind, with its sequence. */
  own(kind: string, id: unknown, operationId: string, session: Session, status = 200): void {
    const list = this.created.get(kind) ?? [];
    list.push(id);
    this.created.set(kind, list);
    this.sequences.push({ kind, id, steps: [{ operationId, caller: session.caller.name, status }] });
  }

  setupFailed(reason: string, what: ('account' | 'runs')[] = ['account', 'runs'], remedy?: string): void {
    this.setupRemedy ??= remedy;
    const note = `setup: ${reason}; positive cases that need ${what.join(' and ')} the run creates are not sent`;
    this.setupNotes.push(note);
    this.opts.log(note);
  }

  // ---------------------------------------------------------------------------------------------------------------
  // Requests

  /**
   * A request the contract accepts. ids: 'owned' takes id-like values only from the run's own creations (none: no
   * request), 'absent' uses ids that cannot exist, 'any' mixes creations and generated values.
   */
  sample(op: Operation, seed: number, ids: Ids): BuiltRequest | undefined {
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
      let v = fc.sample(valid(this.contract, p.schema), { seed, numRuns: 1 })[0];
      // "." and ".." are dot segments: a URL cannot carry them as a path segment (the client resolves them away,
      // `/nodes/..` is sent as the path above), so another value is drawn.
      for (let k = 1; p.in === 'path' && (v === '.' || v === '..') && k < 20; k++)
        v = fc.sample(valid(this.contract, p.schema), { seed: seed + k * 7919, numRuns: 1 })[0];
      values[`${p.in}:${p.name}`] = v;
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
    ids: Ids,
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

  private fixIds(op: Operation, schema: Schema, body: unknown, seed: number, ids: Ids): unknown {
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

  build(
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

  /** The seeded sample of `count` indexes out of `length` (all when fewer). */
  pick(length: number, count: number, seed: number): number[] {
    const n = Math.min(length, count);
    return (
      fc.sample(
        fc.shuffledSubarray(
          Array.from({ length }, (_, i) => i),
          { minLength: n, maxLength: n },
        ),
        { seed, numRuns: 1 },
      )[0] ?? []
    );
  }
}

export function newResult(op: Operation): OperationResult {
  return {
    operationId: op.operationId,
    method: op.method,
    path: op.path,
    requests: 0,
    exercised: { positive: 0, accepted: 0, negative: 0, refused: 0, auth: 0 },
    answers: {},
    skipped: [],
    findings: [],
  };
}

/** A schema of the contract as a standalone schema whose local $refs point into the registered contract. */
function rebase(schema: Schema): Schema {
  return JSON.parse(JSON.stringify(schema).replace(/"\$ref":"#\//g, '"$ref":"contract#/')) as Schema;
}

// The types the engine and the check classes share: the run's options and report, a finding, a caller's session,
// an answer and a built request, and `Run`, what a check may ask of the run (send, build, sample, report). The
// engine implements `Run` and imports the checks; the checks import this module, never the engine (one direction:
// engine → checks → types; tests/layout.test.ts proves there is no import cycle).
import type { ValidateFunction } from 'ajv';
import type { Contract, Operation, Schema } from './contract.ts';

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
  /**
   * Hostile strings per string parameter or field, per operation (default 3; the whole catalogue when larger), sent
   * by the first signed-in caller (anonymous when none). 0 sends none.
   */
  hostile?: number;
  /**
   * Where the mail the server sent can be read, for a server that confirms a new account's address before it signs
   * in: a URL answering `{ messages: [{ to: string[], links: string[] }] }` (the demo API's
   * `/dev/mailbox/messages.json`; a path is taken on the base URL). The setup follows the confirmation link mailed to
   * the account it registers (`confirmRegistration` with the link's `token`).
   */
  mailbox?: string;
  /** Only these operation ids (all when empty). */
  operations?: string[];
  /** Per-request timeout in ms. */
  timeoutMs?: number;
  /** Extra headers on every request (e.g. an Origin the server accepts). */
  headers?: Record<string, string>;
  /** Operations that change the caller's own account (profile, language, terms…): off by default. */
  accountWrites?: boolean;
  /**
   * Go on when the setup fails (sign-in of the account it registers, confirming its address, a throttled
   * registration): the positive cases that needed what it would have created are not sent. Off by default: the run
   * then stops with a SetupError saying what to pass.
   */
  allowPartial?: boolean;
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
  | 'stateful'
  | 'transport'
  | 'response-headers'
  | 'session-cookie'
  | 'paging'
  | 'page-beyond-last'
  | 'unknown-parameter'
  | 'head-like-get'
  | 'request-media-type'
  | 'change-visible'
  | 'location-resolves';

export interface Finding {
  /** Unique in its report (`<operationId>-<n>`): what `--replay <report.json> --finding <id>` takes. */
  id: string;
  operationId: string;
  caller: string;
  /** The caller's account (none for anonymous): the reproduction signs in as it. */
  callerEmail?: string;
  check: CheckName;
  kind: 'positive' | 'negative' | 'auth';
  message: string;
  /** The request as sent (the session cookie left out: the reproduction signs in for it). */
  request: { method: string; url: string; body?: string; headers?: Record<string, string> };
  status?: number;
  /** The answer that met the check: status, headers, and the body's first characters. */
  response?: { status: number; headers: Record<string, string>; body: string };
  /** What the contract expects, and what the server did. */
  expected: string;
  got: string;
  /** Shell lines (curl) that show the finding without the generator: sign-in, then the request. */
  reproduce: string;
}

/** What a finding expected against what it got, where the check can say it better than its rule and message. */
export interface FindDetail {
  expected?: string;
  got?: string;
}

/** Reports one finding of a check; the operation, caller, kind of case, request and answer are already bound. */
export type Find = (check: CheckName, message: string, status?: number, detail?: FindDetail) => void;

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
  exercised: { positive: number; accepted: number; negative: number; refused: number; auth: number };
  /** The statuses positive cases were answered with (why an operation reached no positive answer). */
  answers: Record<string, number>;
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
  /** The account the run registered (a throw-away test account; the reproductions of its findings sign in as it). */
  createdAccount?: { email: string; password: string };
  /** What the setup could not create (the writes that needed it were not sent as positive cases). */
  notes: string[];
  /** Whether the setup created everything the writes needed (false only with allowPartial). */
  setupComplete: boolean;
  coverage: Coverage;
}

/**
 * How much of the contract the run reached: operations with at least one positive case the server accepted (2xx, not
 * an envelope refusal), of the operations run, and why each other one was not reached.
 */
export interface Coverage {
  operations: number;
  reached: number;
  /** reached / operations, in percent (one decimal). */
  percent: number;
  unreached: { operationId: string; reason: string }[];
}

/** The setup could not create what the run needs; the message is one sentence saying what to pass. */
export class SetupError extends Error {
  override name = 'SetupError';
}

export interface Sequence {
  kind: string;
  id: unknown;
  steps: { operationId: string; caller: string; status: number }[];
}

export interface Session {
  caller: Caller;
  cookie: string;
  /** An account the run registered itself: its own account writes are always sent. */
  created?: boolean;
}

/** One answer of the server. Status 0: no answer (`text` says why). */
export interface Sent {
  status: number;
  headers: Headers;
  contentType: string;
  body: unknown;
  text: string;
}

/** A request built for one operation, with the values it took and the body it carries. */
export interface BuiltRequest {
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

export type Ids = 'owned' | 'any' | 'absent';

/**
 * A class of cases sent for one operation as one caller (positive, negative, edge): what it finds and skips goes into
 * `result`; `seed` picks the cases.
 */
export type OperationCases = (
  run: Run,
  op: Operation,
  session: Session,
  result: OperationResult,
  seed: number,
) => Promise<void>;

/** The run's options once defaulted (what the checks read). */
export type RunOptions = Required<Omit<Options, 'contract' | 'log' | 'mailbox'>> & {
  log: (l: string) => void;
  mailbox: string | undefined;
};

/** What a check may ask of the run: the engine implements it. */
export interface Run {
  readonly contract: Contract;
  readonly opts: RunOptions;
  /** The project each uploaded collector run went into (runs and projects are taken as pairs). */
  readonly runProject: Map<unknown, unknown>;
  readonly sequences: Sequence[];
  signIn(caller: Caller): Promise<Session>;
  send(
    method: string,
    url: string,
    cookie: string,
    headers: Record<string, string>,
    body?: BodyInit,
  ): Promise<Sent>;
  sendRequest(req: BuiltRequest, session: Session): Promise<Sent>;
  sendOp(
    operationId: string,
    session: Session,
    values: Record<string, unknown>,
    body?: unknown,
  ): Promise<Sent>;
  checkAnswer(
    op: Operation,
    session: Session,
    r: Sent,
    req: Finding['request'],
    kind: Finding['kind'],
    result: OperationResult,
  ): void;
  validator(op: Operation, status: string, type: string, schema: Schema): ValidateFunction;
  finder(
    result: OperationResult,
    op: Operation,
    session: Session,
    kind: Finding['kind'],
    request: Finding['request'],
    response?: Sent,
  ): Find;
  own(kind: string, id: unknown, operationId: string, session: Session, status?: number): void;
  setupFailed(reason: string, what?: ('account' | 'runs')[], remedy?: string): void;
  sample(op: Operation, seed: number, ids: Ids): BuiltRequest | undefined;
  build(
    op: Operation,
    values: Record<string, unknown>,
    mediaType: string | undefined,
    body: unknown,
  ): BuiltRequest;
  pick(length: number, count: number, seed: number): number[];
}

/** One figure of the figures mode: what the reference computed from the file, what the server answered. */
export interface FigureLine {
  /** The reference collector file (figures/<file>.jsonl). */
  file: string;
  operationId: string;
  /** What is compared, e.g. `TotalIops.P95`, `Totals[memory].Basis`, `series readIops`. */
  figure: string;
  expected: number | string | null;
  got: number | string | null;
  /** How far got may be from expected, in words (e.g. `±0.0001 %`, `±0.1`, `exact`). */
  tolerance: string;
  ok: boolean;
}

/** A figures run: the reference files uploaded, their figures read back and compared (`conformance --figures`). */
export interface FiguresReport {
  baseUrl: string;
  startedAt: string;
  durationMs: number;
  /** The sizing settings asked for (the query's): the reference sizes with the same. */
  settings: { basis: 'peak' | 'p99' | 'p95' | 'p90'; headroom: number; growth: number; horizon: number };
  files: { file: string; projectId: number | null }[];
  figures: FigureLine[];
  /** Figures that disagree (got outside expected ± tolerance), and steps that failed (upload, ingest, a read). */
  failed: number;
}

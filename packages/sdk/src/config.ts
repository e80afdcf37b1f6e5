// One place for the SDK's runtime configuration, and the interceptors that give every generated call the
// spec's generic-helper semantics: timeout, abort, the logged-out header, envelope errors and typed errors.
import { client } from './gen/client.gen';
import type { ClientMeta } from './gen/client';
import type { OperationValidators, Validators, ValidatorsByOperation } from './gen/validators.gen';
import { identityOf } from './operation-options';
import type { OperationId, ServiceName } from './operations.gen';
import {
  AbortError,
  EnvelopeError,
  HttpError,
  NetworkError,
  RequestValidationError,
  ResponseValidationError,
  SdkError,
  TimeoutError,
  envelopeStatusCode,
} from './errors';

// hey-api's place for per-call options of our own: every generated call's `meta` is typed by this interface.
declare module './gen/core/types.gen' {
  interface ClientMeta {
    /** Milliseconds before this call fails with TimeoutError. @default the configured timeoutMs */
    timeoutMs?: number;
    /** Validate this call's request and response against the contract. @default the configured `validate` */
    validate?: boolean;
  }
}

/** The header whose value `1` means the server ended the session (spec part 4). */
export const LOGGED_OUT_HEADER = 'X-Logged-Out';
/** A sensible default: long enough for slow report calls, short enough to tell the user something is wrong. */
export const DEFAULT_TIMEOUT_MS = 30_000;

export interface LoggedOutEvent {
  operation: string;
  url: string;
}

// Fetch's option types are named through RequestInit, which both the DOM lib and @types/node declare: the
// published .d.ts then also type-check in Node projects without the DOM lib.
export interface SdkConfig {
  /** Base URL of the portal API. '' means the page's own origin (browser only). @default '' */
  baseUrl: string;
  /** Base URL of the upload service (the spec's `{api}`). @default '' */
  uploadBaseUrl: string;
  /** Base URL of the support-ticket service. @default '' */
  ticketBaseUrl: string;
  /** Milliseconds before a call fails with TimeoutError; per call through `meta: { timeoutMs }`. @default 30000 */
  timeoutMs: number;
  /** Cookies are the session: same-origin by default, 'include' when the API lives elsewhere. @default 'same-origin' */
  credentials: NonNullable<RequestInit['credentials']>;
  /** Extra headers sent with every call. @default {} */
  headers: Record<string, string>;
  /** Called whenever a response carries the logged-out header with value 1. @default undefined */
  onLoggedOut: ((event: LoggedOutEvent) => void) | undefined;
  /** The fetch implementation. @default globalThis.fetch */
  fetch: typeof fetch | undefined;
  /**
   * Check every generated call against the contract: its request (path, query, body) before it is sent
   * (RequestValidationError) and its ok JSON response body (ResponseValidationError). Needs `validators`. Per call
   * through `meta: { validate }`. Off, no validator code is in an app's bundle. @default false
   */
  validate: boolean;
  /**
   * The contract's validators: every operation's, `import { validators } from '@assessment/sdk/validators'` (the
   * table of operations loads when validation is configured, each operation's validators, with valibot, on its first
   * validated call), or only the listed operations', `validatorsOf({ getMessage: () =>
   * import('@assessment/sdk/validators/getMessage') })`. A validated call of an operation they do not list rejects
   * with RequestValidationError (unlistedValidatorsMessage), nothing sent. Only an app that imports them carries
   * them. @default undefined
   */
  validators: Validators | undefined;
}

/** A loader per operation of its validators, `() => import('@assessment/sdk/validators/<operationId>')`. */
export type OperationValidatorLoaders = {
  readonly [Operation in OperationId]?: () => Promise<OperationValidators>;
};

/**
 * The validators of the listed operations only, for `configureSdk({ validate: true, validators: validatorsOf({ ... })
 * })`: an app that validates a few calls bundles their validators and not the table of every operation. The names
 * are the contract's operationIds (type-checked); a validated call of an operation not listed rejects with
 * RequestValidationError (unlistedValidatorsMessage), nothing sent.
 */
export function validatorsOf(loaders: OperationValidatorLoaders): Validators {
  const listed: ValidatorsByOperation = { ...loaders };
  return () => Promise.resolve(listed);
}

/** The message of a validated call whose operation the configured validators do not list. */
export function unlistedValidatorsMessage(operation: string): string {
  return `Validation of ${operation} needs its validators: validatorsOf({ ${operation}: () => import('@assessment/sdk/validators/${operation}') })`;
}

/** The message of a validated call without validators (configureSdk throws it as a TypeError). */
export const NO_VALIDATORS_MESSAGE =
  "Validation needs the validators: import { validators } from '@assessment/sdk/validators' and pass configureSdk({ validate: true, validators })";

const defaults: SdkConfig = {
  baseUrl: '',
  uploadBaseUrl: '',
  ticketBaseUrl: '',
  timeoutMs: DEFAULT_TIMEOUT_MS,
  credentials: 'same-origin',
  headers: {},
  onLoggedOut: undefined,
  fetch: undefined,
  validate: false,
  validators: undefined,
};

let current: SdkConfig = { ...defaults };
let interceptorsInstalled = false;

/** The configuration in force. */
export function getSdkConfig(): Readonly<SdkConfig> {
  return current;
}

/**
 * Hands the configuration in force to the generated client. The client merges what it is given over what it has,
 * so headers of the previous configuration are removed explicitly (null), and `fetch: undefined` is passed on as
 * such: the client then calls the global fetch.
 */
function applyToClient(previousHeaders: Readonly<Record<string, string>>): void {
  const removed = Object.fromEntries(Object.keys(previousHeaders).map((name) => [name, null]));
  client.setConfig({
    baseUrl: current.baseUrl,
    credentials: current.credentials,
    headers: { ...removed, ...current.headers },
    throwOnError: true,
    fetch: current.fetch,
  });
}

/** Sets the runtime configuration (merged over the current one) and returns it. Call once at start-up. */
export function configureSdk(config: Partial<SdkConfig> = {}): Readonly<SdkConfig> {
  const next = { ...current, ...config };
  if (next.validate && !next.validators) throw new TypeError(NO_VALIDATORS_MESSAGE);
  const previousHeaders = current.headers;
  current = next;
  // Validated calls will need the table: it loads now, beside the app's start, not with its first call.
  if (current.validate) void validatorTable()?.catch(() => undefined);
  applyToClient(previousHeaders);
  installInterceptors();
  return current;
}

/** Restores the defaults (tests). */
export function resetSdkConfig(): void {
  const previousHeaders = current.headers;
  current = { ...defaults };
  applyToClient(previousHeaders);
}

export function serviceBaseUrl(service: ServiceName): string {
  if (service === 'upload') return current.uploadBaseUrl;
  if (service === 'ticket') return current.ticketBaseUrl;
  return current.baseUrl;
}

interface CallState {
  operation: string;
  timeoutMs: number;
  timeoutSignal: AbortSignal;
  callerSignal: AbortSignal | null;
  /** The response body's validator, when the call is validated. */
  validateResponse?: OperationValidators['response'];
}

/**
 * An operation's validators when its call is validated (`validate`, else the configured `validate`), loaded from the
 * configured `validators`; undefined when it is not validated. Rejects with RequestValidationError when validation
 * is asked for without validators, or with validators that do not list the operation.
 */
export async function operationValidators(
  operation: string,
  validate: boolean | undefined,
): Promise<OperationValidators | undefined> {
  if (!(validate ?? current.validate)) return undefined;
  const loading = validatorTable();
  if (!loading) throw new RequestValidationError([{ message: NO_VALIDATORS_MESSAGE }], { operation });
  const load = (await loading)[operation];
  // Asked for and not possible: never silently unchecked.
  if (!load)
    throw new RequestValidationError([{ message: unlistedValidatorsMessage(operation) }], { operation });
  return await load();
}

let table: { of: Validators; loaded: Promise<ValidatorsByOperation> } | undefined;

/** The configured validators' table of operations, loaded once per configured `validators`. */
function validatorTable(): Promise<ValidatorsByOperation> | undefined {
  const configured = current.validators;
  if (!configured) return undefined;
  if (!table || table.of !== configured) table = { of: configured, loaded: configured() };
  return table.loaded;
}

/** Per-request bookkeeping the error interceptor needs to tell a timeout from a caller's abort. */
const callStates = new WeakMap<Request, CallState>();

/** Adds the timeout to the caller's signal. */
export function withTimeout(callerSignal: AbortSignal | null | undefined, timeoutMs: number) {
  const timeoutSignal = AbortSignal.timeout(timeoutMs);
  const signal = callerSignal ? AbortSignal.any([callerSignal, timeoutSignal]) : timeoutSignal;
  return { signal, timeoutSignal };
}

/** Moves a request to another service's base URL, keeping the path below the portal base and the query. */
async function rebase(request: Request, service: ServiceName, signal: AbortSignal): Promise<Request> {
  const url = new URL(request.url);
  const portalBase = new URL(current.baseUrl || '/', url);
  const portalPath = portalBase.pathname.replace(/\/$/, '');
  const below = url.pathname.startsWith(portalPath) ? url.pathname.slice(portalPath.length) : url.pathname;
  const target = new URL(serviceBaseUrl(service) || '/', url);
  target.pathname = target.pathname.replace(/\/$/, '') + below;
  target.search = url.search;
  const body = request.body === null ? null : await request.blob();
  return new Request(target, {
    method: request.method,
    headers: request.headers,
    body,
    signal,
    credentials: request.credentials,
    redirect: redirectModeFor(service),
  });
}

/**
 * Upload-related calls don't follow redirects: a 302 (an opaque redirect in browsers) becomes an HttpError 302
 * with its Location, on which the portal reloads the page (spec part 4).
 */
export function assertNotRedirected(response: Response, operation: string): void {
  if (response.type === 'opaqueredirect' || response.status === 302) {
    throw new HttpError(302, { operation, location: response.headers.get('Location') });
  }
}

/** How a service's calls treat redirects. */
export function redirectModeFor(service: ServiceName): NonNullable<RequestInit['redirect']> {
  return service === 'upload' ? 'manual' : 'follow';
}

export function notifyIfLoggedOut(response: Response, operation: string): void {
  if (response.headers.get(LOGGED_OUT_HEADER) === '1') {
    current.onLoggedOut?.({ operation, url: response.url });
  }
}

/** A generic envelope whose StatusCode is not 200 is a failure even inside HTTP 200 (spec part 8). */
export function assertEnvelopeOk(body: unknown, operation: string): void {
  const statusCode = envelopeStatusCode(body);
  if (statusCode !== undefined && statusCode !== 200)
    throw new EnvelopeError(statusCode, { operation, body });
}

function isJson(response: Response): boolean {
  return /application\/json|\+json/.test(response.headers.get('Content-Type') ?? '');
}

/** What may be read off whatever was thrown (optional chaining: a primitive or null has neither). */
type Thrown = { issues?: unknown; name?: unknown } | null | undefined;

/** A validator's failure (the validators' ContractViolation): an error carrying the issues. */
export function isValidationFailure(error: unknown): error is { issues: unknown[] } {
  return Array.isArray((error as Thrown)?.issues);
}

function errorName(error: unknown): string | undefined {
  const name = (error as Thrown)?.name;
  return typeof name === 'string' ? name : undefined;
}

/** Turns whatever a failed call produced into one of the SDK's typed errors. */
export function toSdkError(
  error: unknown,
  context: { operation: string; response?: Response | undefined; state?: CallState | undefined },
): SdkError {
  if (error instanceof SdkError) return error;
  const { operation, response, state } = context;
  const name = errorName(error);
  if (state?.timeoutSignal.aborted || name === 'TimeoutError') {
    return new TimeoutError(state?.timeoutMs ?? current.timeoutMs, { operation, cause: error });
  }
  if (state?.callerSignal?.aborted || name === 'AbortError')
    return new AbortError({ operation, cause: error });
  if (!response) {
    if (isValidationFailure(error))
      return new RequestValidationError(error.issues, { operation, cause: error });
    return new NetworkError({ operation, cause: error });
  }
  if (!response.ok) {
    return new HttpError(response.status, {
      operation,
      body: error,
      location: response.headers.get('Location'),
    });
  }
  if (isValidationFailure(error))
    return new ResponseValidationError(error.issues, { operation, cause: error });
  // A 2xx whose body could not be parsed (malformed JSON), or a validator that failed in another way.
  const message =
    error instanceof SyntaxError
      ? 'The response body is not valid JSON'
      : `The response could not be validated: ${error instanceof Error ? error.message : String(error)}`;
  return new ResponseValidationError([{ message }], { operation, cause: error });
}

function installInterceptors(): void {
  if (interceptorsInstalled) return;
  interceptorsInstalled = true;

  client.interceptors.request.use(async (request, options) => {
    const { operation, service } = identityOf(options);
    // The client hands every interceptor the call's own options, `meta` included, though its type omits it.
    const { meta } = options as { meta?: ClientMeta };
    const timeoutMs = meta?.timeoutMs ?? current.timeoutMs;
    const callerSignal = options.signal ?? null;
    const { signal, timeoutSignal } = withTimeout(callerSignal, timeoutMs);
    // The request as the caller gave it (path, query, body), checked before anything is sent.
    const validators = await operationValidators(operation, meta?.validate);
    await validators?.request?.(options);
    const next =
      service === 'portal' ? new Request(request, { signal }) : await rebase(request, service, signal);
    callStates.set(next, {
      operation,
      timeoutMs,
      timeoutSignal,
      callerSignal,
      validateResponse: validators?.response,
    });
    return next;
  });

  client.interceptors.response.use(async (response, request, options) => {
    const state = callStates.get(request);
    const operation = state?.operation ?? identityOf(options).operation;
    notifyIfLoggedOut(response, operation);
    assertNotRedirected(response, operation);
    if (response.ok && isJson(response)) {
      let body: unknown;
      try {
        body = await response.clone().json();
      } catch {
        return response; // malformed JSON: the client's own parse fails and is reported as such
      }
      assertEnvelopeOk(body, operation);
      await state?.validateResponse?.(body);
    }
    return response;
  });

  client.interceptors.error.use((error, response, request, options) => {
    const state = request ? callStates.get(request) : undefined;
    const operation = state?.operation ?? identityOf(options).operation;
    return toSdkError(error, { operation, response, state });
  });
}

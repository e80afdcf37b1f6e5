// The SDK's typed errors, in the manner of Stripe's and Cloudflare's SDKs: one base class, one subclass per way
// a call can fail. Every error names the operation it came from and carries the parsed body when there is one.
// Each class's `name` is a string literal type, so a union of them narrows by `name` or `instanceof`.
import type { OperationErrors, OperationId } from './operations.gen';

export interface SdkErrorDetails {
  /** The contract's operationId, or `METHOD /path` for calls made through the generic helper. */
  operation: string;
  /** The parsed response body (JSON, or text when it was not JSON); undefined when nothing was received. */
  body?: unknown;
  cause?: unknown;
}

export class SdkError extends Error {
  // Each class names itself in a string: a consumer's minifier renames the classes (`new.target.name` read "iu").
  override name = 'SdkError';
  // `declare`: the constructors assign every property, so no class field is emitted for them (weight in every app).
  declare readonly operation: string;
  declare readonly body: unknown;

  constructor(message: string, details: SdkErrorDetails) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.operation = details.operation;
    this.body = details.body;
  }
}

/**
 * The server answered with an HTTP status the call does not accept. As a type, `HttpError` is any such error and
 * `HttpError<'getProject'>` one of that operation's declared error responses: a union discriminated by `status`,
 * each member's `body` typed as the contract declares it for that status (hey-api's `GetProjectErrors`), so a
 * status the operation does not declare does not compile. A status outside the contract (a proxy's 502, say) is a
 * breach of it, as an off-contract body is: the types follow the contract, the runtime throws what it received.
 */
export class HttpErrorOfStatus<Status extends number = number, Body = unknown> extends SdkError {
  override name = 'HttpError' as const;
  declare readonly body: Body;
  declare readonly status: Status;
  /** The message key of an envelope body (ResourceKey, else ErrorState.ErrorCode), when the body is one. */
  declare readonly messageKey: string | undefined;
  /** The `Location` header, e.g. for a 302 on upload-related calls. */
  declare readonly location: string | undefined;

  constructor(status: number, details: SdkErrorDetails & { location?: string | null }) {
    super(`${details.operation} failed with HTTP ${status}`, details);
    this.status = status as Status;
    this.messageKey = envelopeMessageKey(details.body);
    this.location = details.location ?? undefined;
  }
}

/** The HTTP statuses of a map of declared error responses (status → body), as hey-api's `<Op>Errors` are. */
export type ErrorStatusOf<TErrors> = Extract<keyof TErrors, number>;

/**
 * The HttpError of a map of declared error responses (status → body): one member per declared status, with its
 * body. Without a map (`unknown`), any HttpError.
 */
export type HttpErrorFrom<TErrors> = unknown extends TErrors
  ? HttpErrorOfStatus
  : {
      [Status in ErrorStatusOf<TErrors>]: HttpErrorOfStatus<Status, TErrors[Status]>;
    }[ErrorStatusOf<TErrors>];

/** `HttpError` is any HTTP failure; `HttpError<'getProject'>` one of getProject's declared error responses. */
export type HttpError<Op extends OperationId = never> = [Op] extends [never]
  ? HttpErrorOfStatus
  : Op extends OperationId
    ? HttpErrorFrom<OperationErrors[Op]>
    : never;

export interface HttpErrorConstructor {
  new (status: number, details: SdkErrorDetails & { location?: string | null }): HttpError;
  readonly prototype: HttpError;
}

/** The class of every HTTP failure (`error instanceof HttpError`); its type is `HttpError` (above). */
export const HttpError: HttpErrorConstructor = HttpErrorOfStatus;

/** HTTP said success, but the generic envelope's StatusCode is not 200. */
export class EnvelopeError extends SdkError {
  override name = 'EnvelopeError' as const;
  declare readonly statusCode: number;
  declare readonly messageKey: string | undefined;

  constructor(statusCode: number, details: SdkErrorDetails) {
    const messageKey = envelopeMessageKey(details.body);
    super(
      `${details.operation} returned StatusCode ${statusCode}${messageKey ? ` (${messageKey})` : ''}`,
      details,
    );
    this.statusCode = statusCode;
    this.messageKey = messageKey;
  }
}

/** The request never got an answer: offline, DNS, connection refused or reset. */
export class NetworkError extends SdkError {
  override name = 'NetworkError' as const;
  constructor(details: SdkErrorDetails) {
    super(`${details.operation} could not reach the server`, details);
  }
}

/** No answer within the configured timeout. */
export class TimeoutError extends SdkError {
  override name = 'TimeoutError' as const;
  declare readonly timeoutMs: number;

  constructor(timeoutMs: number, details: SdkErrorDetails) {
    super(`${details.operation} timed out after ${timeoutMs} ms`, details);
    this.timeoutMs = timeoutMs;
  }
}

/** The caller aborted the request through its AbortSignal. */
export class AbortError extends SdkError {
  override name = 'AbortError' as const;
  constructor(details: SdkErrorDetails) {
    super(`${details.operation} was aborted`, details);
  }
}

/** What we were about to send breaks the contract (nothing was sent). */
export class RequestValidationError extends SdkError {
  override name = 'RequestValidationError' as const;
  declare readonly issues: unknown;

  constructor(issues: unknown, details: SdkErrorDetails) {
    super(`${details.operation}: the request does not match the contract`, details);
    this.issues = issues;
  }
}

/** The server's answer breaks the contract. */
export class ResponseValidationError extends SdkError {
  override name = 'ResponseValidationError' as const;
  declare readonly issues: unknown;

  constructor(issues: unknown, details: SdkErrorDetails) {
    super(`${details.operation}: the response does not match the contract`, details);
    this.issues = issues;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The message key of a generic envelope: ResourceKey, else ErrorState.ErrorCode (spec part 8). */
export function envelopeMessageKey(body: unknown): string | undefined {
  if (!isRecord(body)) return undefined;
  const resourceKey = body.ResourceKey;
  if (typeof resourceKey === 'string' && resourceKey !== '') return resourceKey;
  const errorState = body.ErrorState;
  if (isRecord(errorState) && typeof errorState.ErrorCode === 'string' && errorState.ErrorCode !== '') {
    return errorState.ErrorCode;
  }
  return undefined;
}

/** The envelope's StatusCode when the body is a generic envelope, else undefined. */
export function envelopeStatusCode(body: unknown): number | undefined {
  if (!isRecord(body)) return undefined;
  return typeof body.StatusCode === 'number' ? body.StatusCode : undefined;
}

/** Every failure of a call that is not an HTTP status the call does not accept. */
export type OtherSdkError =
  EnvelopeError | NetworkError | TimeoutError | AbortError | RequestValidationError | ResponseValidationError;

/** What a call whose declared error responses are `TErrors` (status → body) fails with. */
export type SdkErrorFrom<TErrors> = HttpErrorFrom<TErrors> | OtherSdkError;

/**
 * What an operation's call throws, and what its TanStack Query options give as `error`: one of its declared error
 * responses (`HttpError<Op>`, by `status`) or any other failure (`EnvelopeError`, `NetworkError`, ...).
 */
export type SdkErrorOf<Op extends OperationId> = Op extends OperationId
  ? SdkErrorFrom<OperationErrors[Op]>
  : never;

/**
 * Whether `error` is an HttpError (of `operation`, when given: then typed as its declared error responses). In a
 * `catch` the type of what was thrown is unknown; this narrows it to the operation's declared statuses and bodies.
 */
export function isHttpError<Op extends OperationId>(error: unknown, operation: Op): error is HttpError<Op>;
export function isHttpError(error: unknown): error is HttpError;
export function isHttpError(error: unknown, operation?: string): boolean {
  return error instanceof HttpError && (operation === undefined || error.operation === operation);
}

/** The message key to show for any failure, when the server gave one. */
export function messageKeyOf(error: unknown): string | undefined {
  if (error instanceof HttpError || error instanceof EnvelopeError) return error.messageKey;
  if (error instanceof SdkError) return envelopeMessageKey(error.body);
  return undefined;
}

// The SDK's typed errors, in the manner of Stripe's and Cloudflare's SDKs: one base class, one subclass per way
// a call can fail. Every error names the operation it came from and carries the parsed body when there is one.

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
  readonly operation: string;
  readonly body: unknown;

  constructor(message: string, details: SdkErrorDetails) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.operation = details.operation;
    this.body = details.body;
  }
}

/** The server answered with an HTTP status the call does not accept. */
export class HttpError extends SdkError {
  override name = 'HttpError';
  readonly status: number;
  /** The message key of an envelope body (ResourceKey, else ErrorState.ErrorCode), when the body is one. */
  readonly messageKey: string | undefined;
  /** The `Location` header, e.g. for a 302 on upload-related calls. */
  readonly location: string | undefined;

  constructor(status: number, details: SdkErrorDetails & { location?: string | null }) {
    super(`${details.operation} failed with HTTP ${status}`, details);
    this.status = status;
    this.messageKey = envelopeMessageKey(details.body);
    this.location = details.location ?? undefined;
  }
}

/** HTTP said success, but the generic envelope's StatusCode is not 200. */
export class EnvelopeError extends SdkError {
  override name = 'EnvelopeError';
  readonly statusCode: number;
  readonly messageKey: string | undefined;

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
  override name = 'NetworkError';
  constructor(details: SdkErrorDetails) {
    super(`${details.operation} could not reach the server`, details);
  }
}

/** No answer within the configured timeout. */
export class TimeoutError extends SdkError {
  override name = 'TimeoutError';
  readonly timeoutMs: number;

  constructor(timeoutMs: number, details: SdkErrorDetails) {
    super(`${details.operation} timed out after ${timeoutMs} ms`, details);
    this.timeoutMs = timeoutMs;
  }
}

/** The caller aborted the request through its AbortSignal. */
export class AbortError extends SdkError {
  override name = 'AbortError';
  constructor(details: SdkErrorDetails) {
    super(`${details.operation} was aborted`, details);
  }
}

/** What we were about to send breaks the contract (nothing was sent). */
export class RequestValidationError extends SdkError {
  override name = 'RequestValidationError';
  readonly issues: unknown;

  constructor(issues: unknown, details: SdkErrorDetails) {
    super(`${details.operation}: the request does not match the contract`, details);
    this.issues = issues;
  }
}

/** The server's answer breaks the contract. */
export class ResponseValidationError extends SdkError {
  override name = 'ResponseValidationError';
  readonly issues: unknown;

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

/** The message key to show for any failure, when the server gave one. */
export function messageKeyOf(error: unknown): string | undefined {
  if (error instanceof HttpError || error instanceof EnvelopeError) return error.messageKey;
  if (error instanceof SdkError) return envelopeMessageKey(error.body);
  return undefined;
}

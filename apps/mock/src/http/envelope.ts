// The generic API envelope of the contract: StatusCode 200 = success; anything else names its message key in
// ResourceKey and ErrorState.ErrorCode.
import type { KnownMessageKey } from '../messages.ts';

export interface Envelope<T> {
  StatusCode: number;
  ResourceKey: string | null;
  ErrorState: { ErrorCode: string | null } | null;
  Message: string | null;
  Data: T;
}

export function ok<T>(
  data: T,
  resourceKey: KnownMessageKey | null = null,
  message: string | null = null,
): Envelope<T> {
  return { StatusCode: 200, ResourceKey: resourceKey, ErrorState: null, Message: message, Data: data };
}

export function failure(status: number, key: KnownMessageKey, message: string | null = null): Envelope<null> {
  return {
    StatusCode: status,
    ResourceKey: key,
    ErrorState: { ErrorCode: key },
    Message: message,
    Data: null,
  };
}

/** Thrown by handlers; the error handler turns it into an envelope response with that HTTP status. */
export class ApiFailure extends Error {
  readonly status: number;
  readonly key: KnownMessageKey;
  readonly detail: string | null;
  readonly data: unknown;

  constructor(status: number, key: KnownMessageKey, detail: string | null = null, data: unknown = null) {
    super(`${status} ${key}${detail ? `: ${detail}` : ''}`);
    this.status = status;
    this.key = key;
    this.detail = detail;
    this.data = data;
  }
}

export const badRequest = (
  key: KnownMessageKey = 'validate_info',
  detail: string | null = null,
): ApiFailure => new ApiFailure(400, key, detail);
export const forbidden = (detail: string | null = null): ApiFailure =>
  new ApiFailure(403, 'operationnotallowed', detail);
export const notFound = (detail: string | null = null): ApiFailure =>
  new ApiFailure(
    404,
    'generalError',
    detail ?? "Error 404 - The file you're looking for could not be found.",
  );
export const conflict = (
  key: KnownMessageKey = 'operationnotallowed',
  detail: string | null = null,
): ApiFailure => new ApiFailure(409, key, detail);

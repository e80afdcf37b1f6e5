// The generic API envelope of the contract: StatusCode 200 = success; anything else names its message key in
// ResourceKey and ErrorState.ErrorCode.
import type { ApiEnvelope, MessageKey, PasswordWeakness } from '@assessment/sdk';

/** The contract's envelope with its Data typed (as the operations compose it with allOf). */
export type Envelope<T> = ApiEnvelope & { Data: T };

export function ok<T>(
  data: T,
  resourceKey: MessageKey | null = null,
  message: string | null = null,
): Envelope<T> {
  return { StatusCode: 200, ResourceKey: resourceKey, ErrorState: null, Message: message, Data: data };
}

export function failure(
  status: number,
  key: MessageKey,
  message: string | null = null,
  reason: PasswordWeakness | null = null,
): Envelope<null> {
  return {
    StatusCode: status,
    ResourceKey: key,
    // Reason only where the contract gives one (issue #39: why a password was refused).
    ErrorState: reason === null ? { ErrorCode: key } : { ErrorCode: key, Reason: reason },
    Message: message,
    Data: null,
  };
}

/** Thrown by handlers; the error handler turns it into an envelope response with that HTTP status. */
export class ApiFailure extends Error {
  readonly status: number;
  readonly key: MessageKey;
  readonly detail: string | null;
  readonly data: unknown;
  readonly reason: PasswordWeakness | null;

  constructor(
    status: number,
    key: MessageKey,
    detail: string | null = null,
    data: unknown = null,
    reason: PasswordWeakness | null = null,
  ) {
    super(`${status} ${key}${detail ? `: ${detail}` : ''}`);
    this.status = status;
    this.key = key;
    this.detail = detail;
    this.data = data;
    this.reason = reason;
  }
}

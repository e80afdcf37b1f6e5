/**
 * The error catalogue of spec part 8 as one pure mapping from any thrown value to what the portal shows.
 *
 * - a failed envelope (StatusCode ≠ 200) or an HTTP error whose body is an envelope → its message key
 *   (ResourceKey, else ErrorState.ErrorCode), shown through GET /api/message/{key};
 * - HTTP 404 → the fixed 404 text; a timeout → the fixed connectivity text;
 * - HTTP 302 on an upload-related call → reload the page;
 * - an abort → nothing;
 * - anything else → the generic message (server key generalError).
 */
import { AbortError, EnvelopeError, HttpError, MessageKey, TimeoutError } from '@assessment/sdk';

export const ERROR_404_TEXT = "Error 404 - The file you're looking for could not be found.";
export const TIMEOUT_TEXT = "Connection Interrupted - Looks like you're having some connectivity issues.";
/** The server message key of the generic message. */
export const GENERIC_MESSAGE_KEY = MessageKey.GENERAL_ERROR;

export type ErrorDescription =
  /** Fetch the message for `key` from GET /api/message/{key} and show it in a modal. */
  | { kind: 'message'; key: string }
  /** Show this fixed text in a modal. */
  | { kind: 'text'; text: string }
  /** Reload the page (HTTP 302 on an upload-related call). */
  | { kind: 'reload' }
  /** Show nothing (the caller aborted). */
  | { kind: 'none' };

export interface DescribeErrorOptions {
  /** True when the operation is upload-related (the contract's `upload` service). */
  isUploadOperation?: (operation: string) => boolean;
}

export function describeError(error: unknown, options: DescribeErrorOptions = {}): ErrorDescription {
  if (error instanceof AbortError) return { kind: 'none' };
  if (error instanceof TimeoutError) return { kind: 'text', text: TIMEOUT_TEXT };
  if (error instanceof HttpError) {
    if (error.status === 404) return { kind: 'text', text: ERROR_404_TEXT };
    if (error.status === 302 && options.isUploadOperation?.(error.operation) === true)
      return { kind: 'reload' };
    if (error.messageKey) return { kind: 'message', key: error.messageKey };
    return { kind: 'message', key: GENERIC_MESSAGE_KEY };
  }
  if (error instanceof EnvelopeError) {
    return { kind: 'message', key: error.messageKey ?? GENERIC_MESSAGE_KEY };
  }
  // Network and validation failures of the SDK, and anything else thrown.
  return { kind: 'message', key: GENERIC_MESSAGE_KEY };
}

/**
 * How upload failures show (spec part 8): HTTP 500 and any other HTTP 400+ give iokit_generic_error (unless the
 * server named a key for a 4xx); an unparsable upload answer is a Server error for that file; HTTP 302 on any
 * upload call reloads the page; an envelope error shows its key.
 */
import {
  AbortError,
  EnvelopeError,
  HttpError,
  MessageKey,
  ResponseValidationError,
  TimeoutError,
} from '@assessment/sdk';

/** The local key of a file whose answer could not be read (shown as "Server error"). */
export const SERVER_ERROR = 'serverError';
/** The local key of a file whose upload stalled. */
export const TIMEOUT = 'timeout';

export type UploadFailure =
  | { kind: 'reload' }
  | { kind: 'aborted' }
  | { kind: 'message'; key: string }
  /** Not an upload-specific failure: the app's error modal shows it (timeout text, 404 text…). */
  | { kind: 'report' };

export function uploadFailureOf(error: unknown): UploadFailure {
  if (error instanceof AbortError) return { kind: 'aborted' };
  if (error instanceof HttpError) {
    if (error.status === 302) return { kind: 'reload' };
    if (error.status >= 500) return { kind: 'message', key: MessageKey.IOKIT_GENERIC_ERROR };
    if (error.status >= 400)
      return { kind: 'message', key: error.messageKey ?? MessageKey.IOKIT_GENERIC_ERROR };
    return { kind: 'message', key: MessageKey.IOKIT_GENERIC_ERROR };
  }
  if (error instanceof EnvelopeError)
    return { kind: 'message', key: error.messageKey ?? MessageKey.IOKIT_GENERIC_ERROR };
  return { kind: 'report' };
}

/** The key shown next to a file whose upload failed, or `reload` / `aborted` (never `report`: a file always gets its own text). */
export function fileFailureKey(error: unknown): string {
  const failure = uploadFailureOf(error);
  if (failure.kind === 'reload' || failure.kind === 'aborted') return failure.kind;
  if (failure.kind === 'message') return failure.key;
  if (error instanceof TimeoutError) return TIMEOUT;
  if (error instanceof ResponseValidationError) return SERVER_ERROR;
  return SERVER_ERROR;
}

/** The file names of an iokit_cant_continue answer (its Message lists them, comma separated). */
export function fileListOf(error: unknown): string[] {
  const body = error instanceof HttpError || error instanceof EnvelopeError ? error.body : undefined;
  const message =
    typeof body === 'object' && body !== null && 'Message' in body && typeof body.Message === 'string'
      ? body.Message
      : '';
  return message
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
}

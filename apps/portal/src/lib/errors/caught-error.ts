import { EnvelopeError, HttpError, NetworkError, TimeoutError } from '@assessment/sdk';
import type { ErrorInfo } from 'react';

/**
 * A server's answer that a page shows by design: refused, missing, failed (HTTP status or envelope), unreachable, or
 * too slow — the route's error page says what happened and what to do. A contract mismatch (validation errors) and
 * every other exception are faults.
 */
export function isAnswerShownByPage(error: unknown): boolean {
  return (
    error instanceof HttpError ||
    error instanceof EnvelopeError ||
    error instanceof NetworkError ||
    error instanceof TimeoutError
  );
}

/**
 * React's `onCaughtError`: an error an error boundary caught is logged as React does by default, unless the page
 * shows it by design (a 404 page is no fault to report in the console).
 */
export function logCaughtError(error: unknown, info: ErrorInfo): void {
  if (isAnswerShownByPage(error)) return;
  console.error(error, info.componentStack ?? '');
}

import { SdkError, TimeoutError } from '@assessment/sdk';
import { TIMEOUT_TEXT } from '@/lib/errors/describe-error';

/**
 * What the ticket dialog shows when the support service refuses: its own error shape (SupportError: error and
 * description, not the portal envelope) as "description (error)"; the fixed timeout text; otherwise null (the
 * caller shows the generic message).
 */
export function describeSupportError(error: unknown): string | null {
  if (error instanceof TimeoutError) return TIMEOUT_TEXT;
  if (!(error instanceof SdkError)) return null;
  const body: unknown = error.body;
  if (typeof body !== 'object' || body === null) return null;
  const { error: code, description } = body as { error?: unknown; description?: unknown };
  if (typeof description === 'string' && description.trim() !== '')
    return typeof code === 'string' && code !== '' ? `${description} (${code})` : description;
  return typeof code === 'string' && code !== '' ? code : null;
}

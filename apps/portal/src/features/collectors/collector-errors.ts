import { MessageKey } from '@assessment/sdk';
import { describeError, GENERIC_MESSAGE_KEY, type ErrorDescription } from '@/lib/errors/describe-error';

/** The message of a failed collector download (spec part 8). */
export const COLLECTOR_DOWNLOAD_ERROR_KEY = MessageKey.COLLECTOR_DOWNLOAD_ERROR;

/**
 * What a failure of the download flow (insert, readiness poll, download details) shows: the catalogue of part 8,
 * except that a failure without its own message key (an HTTP 500, a network failure, the generic key) is the
 * download's own collectorDownloadError rather than the generic message. A key the server names (an envelope's
 * ResourceKey, e.g. choose_collector) and the fixed texts (timeout, 404) stay as they are.
 */
export function describeCollectorFailure(error: unknown): ErrorDescription {
  const description = describeError(error);
  if (description.kind === 'message' && description.key === GENERIC_MESSAGE_KEY)
    return { kind: 'message', key: COLLECTOR_DOWNLOAD_ERROR_KEY };
  return description;
}

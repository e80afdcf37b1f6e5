import type { ReportStatus } from '@assessment/sdk';
import type { QueryClient } from '@tanstack/react-query';
import { reportStatusQuery } from '../api/get-report-status';
import { watchReportEvents } from '../api/stream-report-events';
import { isFinalStatus, REPORT_STATUS_POLL_MS } from '../report-rules';

function wait(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = window.setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        window.clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });
}

/** Read through a call: the signal changes while the code awaits (flow analysis cannot know). */
function isAborted(signal: AbortSignal): boolean {
  return signal.aborted;
}

/**
 * Follows a requested report to its final status: the completion is pushed (SSE); when the stream fails or ends
 * without a final status, the status resource is polled instead (spec part 4). `onStatus` sees every status on the
 * way (progress); `onSource` is told when polling takes over. Resolves with the final status, or null once aborted;
 * rejects when a status call fails.
 */
export async function followReport(
  queryClient: QueryClient,
  projectId: number,
  reportId: string,
  signal: AbortSignal,
  onStatus: (status: ReportStatus) => void,
  pollMs: number = REPORT_STATUS_POLL_MS,
  onSource?: (source: 'push' | 'poll') => void,
): Promise<ReportStatus | null> {
  onSource?.('push');
  const pushed = await watchReportEvents(projectId, reportId, signal, onStatus);
  if (pushed) return pushed;
  onSource?.('poll');
  while (!signal.aborted) {
    const status = await queryClient.query(reportStatusQuery(projectId, reportId));
    if (isAborted(signal)) break;
    onStatus(status);
    if (isFinalStatus(status.Status)) return status;
    await wait(pollMs, signal);
  }
  return null;
}

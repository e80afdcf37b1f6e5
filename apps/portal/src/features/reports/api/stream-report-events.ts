import { streamReportEvents, type ReportStatus } from '@assessment/sdk';
import { isFinalStatus } from '../report-rules';

/**
 * GET /api/opticalprime/{projectId}/reports/events/{reportId} (text/event-stream): calls `onStatus` with each pushed
 * report status. Resolves with the final status, or with null when the stream failed or ended early (the caller
 * then polls the status resource). The contract gives this operation no query options (it is a stream), so this is
 * the generated call itself.
 */
export async function watchReportEvents(
  projectId: number,
  reportId: string,
  signal: AbortSignal,
  onStatus: (status: ReportStatus) => void,
): Promise<ReportStatus | null> {
  const stream = { failed: false };
  try {
    const { stream: events } = await streamReportEvents({
      path: { projectId, reportId },
      signal,
      // One attempt: on failure the status resource is polled instead of retrying the stream.
      sseMaxRetryAttempts: 1,
      onSseError: () => {
        stream.failed = true;
      },
    });
    for await (const event of events) {
      if (stream.failed || signal.aborted) return null;
      onStatus(event);
      if (isFinalStatus(event.Status)) return event;
    }
  } catch {
    return null;
  }
  return null;
}

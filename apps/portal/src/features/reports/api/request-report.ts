import { requestReport, type ReportRequest, type ReportStatus } from '@assessment/sdk';
import { useMutation } from '@tanstack/react-query';

export interface RequestedReport {
  /** The 201's body. */
  status: ReportStatus;
  /** The 201's Location header: the report's status resource. */
  location: string | null;
}

/**
 * POST /api/opticalprime/{projectId}/reports: 201 plus Location. The generated mutation options return the body
 * only, so the mutation function is the generated call's own (same validation, interceptors and typed errors) with
 * the Location header kept. Failures go to the error catalogue (the QueryClient's MutationCache).
 */
export const useRequestReport = () =>
  useMutation({
    mutationKey: ['requestReport'],
    mutationFn: async ({ projectId, body }: { projectId: number; body: ReportRequest }) => {
      const { data, response } = await requestReport({ path: { projectId }, body, throwOnError: true });
      return { status: data, location: response.headers.get('Location') } satisfies RequestedReport;
    },
  });

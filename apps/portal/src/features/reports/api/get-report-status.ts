import { getReportStatusOptions } from '@assessment/sdk/query';
import { queryOptions } from '@tanstack/react-query';

/**
 * GET /api/opticalprime/{projectId}/reports/{reportId}: the status resource of the 201's Location (polled when the
 * pushed events are not available). Always fetched fresh.
 */
export const reportStatusQuery = (projectId: number, reportId: string) =>
  queryOptions({
    ...getReportStatusOptions({ path: { projectId, reportId } }),
    staleTime: 0,
    gcTime: 0,
  });

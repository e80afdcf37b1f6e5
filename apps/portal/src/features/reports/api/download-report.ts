import { downloadReportOptions } from '@assessment/sdk/query';
import { queryOptions } from '@tanstack/react-query';

/** GET /api/opticalprime/{projectId}/reports/download/{reportId}: the zip (a Blob), fetched once, not kept. */
export const downloadReportQuery = (projectId: number, reportId: string) =>
  queryOptions({
    ...downloadReportOptions({ path: { projectId, reportId } }),
    staleTime: 0,
    gcTime: 0,
  });

import { getReportServersAndSharedClusterDisksOptions } from '@assessment/sdk/query';
import { queryOptions } from '@tanstack/react-query';

/** GET /api/opticalprime/{projectId}/reports/serversAndSharedClusterDisks: ServerList and ClusterDiskList. */
export const reportServersQuery = (projectId: number) =>
  queryOptions({
    ...getReportServersAndSharedClusterDisksOptions({ path: { projectId } }),
    staleTime: 0,
  });

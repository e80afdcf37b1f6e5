import type { ArchiveAction } from '@assessment/sdk';
import { getProjectArchiveRestoreStatusOptions } from '@assessment/sdk/query';
import { queryOptions } from '@tanstack/react-query';
import { archiveStatusRefetchInterval } from '../project-status';

/**
 * GET /api/project/{archive or restore}/{id}: CurrentStatusString and ProgressPercentage, polled every 25 s
 * (or the injected interval) while the project is pending or in progress, not at all otherwise.
 */
export const archiveStatusQuery = (id: number, action: ArchiveAction, pollMs?: number) =>
  queryOptions({
    ...getProjectArchiveRestoreStatusOptions({ path: { action, id } }),
    staleTime: 0,
    refetchInterval: (query) =>
      archiveStatusRefetchInterval(query.state.data?.Data.CurrentStatusString, pollMs),
  });

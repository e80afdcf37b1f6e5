import type { QueryClient } from '@tanstack/react-query';
import { invalidateOperations } from '@/lib/query/invalidate';

/**
 * The queries a project mutation can change: lists and search, details, the viewer, the dashboard's recent
 * projects, archive/restore status, collector runs (their project column) and the type-aheads.
 */
const PROJECT_QUERY_IDS: ReadonlySet<string> = new Set([
  'listProjects',
  'getProject',
  'getProjectViewerData',
  'getDashboard',
  'getProjectArchiveRestoreStatus',
  'searchCollectorRuns',
  'autocomplete',
]);

/**
 * Marks every project-related query stale and refetches the ones on screen, so all pages agree at once.
 * The queries of a just deleted project are left alone (refetching them would only answer "not found").
 */
export function invalidateProjectQueries(queryClient: QueryClient, deletedProjectId?: number): Promise<void> {
  return invalidateOperations(
    queryClient,
    PROJECT_QUERY_IDS,
    deletedProjectId === undefined
      ? undefined
      : (head) => head.path?.id === deletedProjectId || head.path?.projectId === deletedProjectId,
  );
}

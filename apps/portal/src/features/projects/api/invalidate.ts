import type { QueryClient } from '@tanstack/react-query';

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

interface KeyHead {
  _id?: unknown;
  path?: { id?: unknown; projectId?: unknown };
}

function headOf(queryKey: readonly unknown[]): KeyHead {
  const first = queryKey[0];
  return typeof first === 'object' && first !== null ? first : {};
}

/**
 * Marks every project-related query stale and refetches the ones on screen, so all pages agree at once.
 * The queries of a just deleted project are left alone (refetching them would only answer "not found").
 */
export function invalidateProjectQueries(queryClient: QueryClient, deletedProjectId?: number): Promise<void> {
  return queryClient.invalidateQueries({
    predicate: (query) => {
      const head = headOf(query.queryKey);
      if (typeof head._id !== 'string' || !PROJECT_QUERY_IDS.has(head._id)) return false;
      if (deletedProjectId === undefined) return true;
      return head.path?.id !== deletedProjectId && head.path?.projectId !== deletedProjectId;
    },
  });
}

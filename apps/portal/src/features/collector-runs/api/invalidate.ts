import type { QueryClient } from '@tanstack/react-query';
import { invalidateOperations } from '@/lib/query/invalidate';

/**
 * The queries a collector-run action can change: the run search, the dashboard's recent runs, the projects a run
 * joins or leaves (lists, details, viewer) and the type-aheads.
 */
const RUN_QUERY_IDS: ReadonlySet<string> = new Set([
  'searchCollectorRuns',
  'getDashboard',
  'listProjects',
  'getProject',
  'getProjectViewerData',
  'getProjectByCollectorRun',
  'autocomplete',
]);

/** Marks every collector-run related query stale and refetches the ones on screen. */
export const invalidateRunQueries = (queryClient: QueryClient): Promise<void> =>
  invalidateOperations(queryClient, RUN_QUERY_IDS);

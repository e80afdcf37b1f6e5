import type { Viewer } from '@assessment/sdk';
import { getViewerOptions, getViewerQueryKey } from '@assessment/sdk/query';
import type { QueryClient } from '@tanstack/react-query';
import { ensureQueryData } from '@/lib/query/ensure';

/** GET /api/viewer: who is looking (public or signed in). */
export const viewerQuery = () => ({ ...getViewerOptions(), staleTime: 60_000 });

export function viewerFromCache(queryClient: QueryClient): Viewer | undefined {
  return queryClient.getQueryData(getViewerQueryKey());
}

export function ensureViewer(queryClient: QueryClient): Promise<Viewer> {
  return ensureQueryData(queryClient, viewerQuery());
}

import type { QueryClient, QueryKey, UseQueryOptions } from '@tanstack/react-query';

/**
 * What route loaders call to prefetch: the cached data when there is any, otherwise a fetch. This is
 * `queryClient.ensureQueryData`, spelled the way TanStack Query 5.108 asks (`query` with `staleTime: 'static'`)
 * now that `ensureQueryData` is deprecated. Components then read the same entry with `useSuspenseQuery`, whose own
 * staleTime decides about background refetches.
 */
export function ensureQueryData<TData, TError, TKey extends QueryKey>(
  queryClient: QueryClient,
  options: UseQueryOptions<TData, TError, TData, TKey> & { queryKey: TKey },
): Promise<TData> {
  return queryClient.query({ ...options, staleTime: 'static' });
}

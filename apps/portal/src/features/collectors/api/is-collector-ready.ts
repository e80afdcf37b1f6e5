import { isCollectorReadyOptions } from '@assessment/sdk/query';
import { queryOptions } from '@tanstack/react-query';
import { collectorReadyRefetchInterval } from '../collector-poll';

/** GET /collector/iscollectorready?collectorId=: polled until IsReady. */
export const collectorReadyQuery = (collectorId: number, pollMs?: number) =>
  queryOptions({
    ...isCollectorReadyOptions({ query: { collectorId } }),
    staleTime: 0,
    refetchInterval: (query) => collectorReadyRefetchInterval(query.state.data?.Data.IsReady, pollMs),
  });

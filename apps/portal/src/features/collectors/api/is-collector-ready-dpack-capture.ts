import { isCollectorReadyDpackCaptureOptions } from '@assessment/sdk/query';
import { queryOptions } from '@tanstack/react-query';
import { collectorReadyRefetchInterval } from '../collector-poll';

/** GET /collector/iscollectorreadyDpackCapture?collectorId=&captureRequestToken=: polled until IsReady. */
export const captureCollectorReadyQuery = (
  collectorId: number,
  captureRequestToken: string,
  pollMs?: number,
) =>
  queryOptions({
    ...isCollectorReadyDpackCaptureOptions({ query: { collectorId, captureRequestToken } }),
    staleTime: 0,
    refetchInterval: (query) => collectorReadyRefetchInterval(query.state.data?.Data.IsReady, pollMs),
  });

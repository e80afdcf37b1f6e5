import { getCollectorDpackCaptureOptions } from '@assessment/sdk/query';
import { queryOptions } from '@tanstack/react-query';

/** GET /collector/getcollectorDpackCapture?collectorId=&captureRequestToken=: the capture collector's download. */
export const captureCollectorQuery = (collectorId: number, captureRequestToken: string) =>
  queryOptions({
    ...getCollectorDpackCaptureOptions({ query: { collectorId, captureRequestToken } }),
    staleTime: 0,
  });

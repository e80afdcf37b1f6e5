import { getCollectorOptions } from '@assessment/sdk/query';
import { queryOptions } from '@tanstack/react-query';

/** GET /collector/getcollector?collectorId=: FileName and DownloadUrl of a ready collector. */
export const collectorQuery = (collectorId: number) =>
  queryOptions({ ...getCollectorOptions({ query: { collectorId } }), staleTime: 0 });

import { zSearchCollectorRunsQuery } from '@assessment/sdk';
import * as z from 'zod/mini';
import { optionalFlag } from '@/lib/search/search-schemas';
import type { CollectorRunQuery } from './api/search-collector-runs';

const query = zSearchCollectorRunsQuery.shape;

/** Search params of /collectorruns/search: the contract's query parameters plus the advanced-search toggle. */
export const collectorRunSearch = z.object({
  search: z.catch(query.search, undefined),
  myCollectorRunsOnly: z.catch(query.myCollectorRunsOnly, false),
  status: z.catch(query.status, undefined),
  ownerEmail: z.catch(query.ownerEmail, undefined),
  endedAfter: z.catch(query.endedAfter, undefined),
  endedBefore: z.catch(query.endedBefore, undefined),
  includeArchived: z.catch(query.includeArchived, false),
  PageSize: z.catch(query.PageSize, 25),
  PageNumber: z.catch(query.PageNumber, 1),
  SortByField: z.catch(query.SortByField, 'EndTime'),
  SortOrder: z.catch(query.SortOrder, undefined),
  advanced: optionalFlag,
});
/** Defaults left out of the URL (stripSearchParams). */
export const COLLECTOR_RUN_DEFAULTS = {
  myCollectorRunsOnly: false,
  includeArchived: false,
  PageSize: 25,
  PageNumber: 1,
  SortByField: 'EndTime',
} as const satisfies Partial<z.infer<typeof collectorRunSearch>>;

export type CollectorRunSearch = z.infer<typeof collectorRunSearch>;

export function toCollectorRunQuery(search: CollectorRunSearch): CollectorRunQuery {
  const query: CollectorRunQuery & { advanced?: boolean } = { ...search };
  delete query.advanced;
  return query;
}

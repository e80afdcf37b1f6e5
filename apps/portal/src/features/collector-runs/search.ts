import { zSearchCollectorRunsQuery } from '@assessment/sdk';
import { z } from 'zod';
import { optionalFlag } from '@/lib/search/search-schemas';
import type { CollectorRunQuery } from './api/search-collector-runs';

const query = zSearchCollectorRunsQuery.shape;

/** Search params of /collectorruns/search: the contract's query parameters plus the advanced-search toggle. */
export const collectorRunSearch = z.object({
  search: query.search.catch(undefined),
  myCollectorRunsOnly: query.myCollectorRunsOnly.catch(false),
  status: query.status.catch(undefined),
  ownerEmail: query.ownerEmail.catch(undefined),
  endedAfter: query.endedAfter.catch(undefined),
  endedBefore: query.endedBefore.catch(undefined),
  includeArchived: query.includeArchived.catch(false),
  PageSize: query.PageSize.catch(25),
  PageNumber: query.PageNumber.catch(1),
  SortByField: query.SortByField.catch('EndTime'),
  SortOrder: query.SortOrder.catch(undefined),
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

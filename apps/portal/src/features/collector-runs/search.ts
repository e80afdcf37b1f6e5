import { zSearchCollectorRunsQuery } from '@assessment/sdk';
import type * as z from 'zod/mini';
import { contractSearch, optionalFlag } from '@/lib/search/search-schemas';

/**
 * Search params of /collectorruns/search: the contract's query parameters (but projectId, which belongs to a
 * project's own page) plus the advanced-search toggle.
 */
const collectorRuns = contractSearch(zSearchCollectorRunsQuery, {
  extra: { advanced: optionalFlag },
  leaveOut: ['projectId'],
});

export const collectorRunSearch = collectorRuns.schema;
/** Defaults left out of the URL (stripSearchParams). */
export const COLLECTOR_RUN_DEFAULTS = collectorRuns.defaults;
export type CollectorRunSearch = z.infer<typeof collectorRunSearch>;
/** The query of the collector run search: only the contract's parameters (not `advanced`). */
export const toCollectorRunQuery = collectorRuns.toQuery;
/** What the collector run search gets from its route: the query with the contract defaults filled in. */
export type CollectorRunParams = ReturnType<typeof toCollectorRunQuery>;

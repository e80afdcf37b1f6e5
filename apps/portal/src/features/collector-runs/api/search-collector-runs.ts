import type { SearchCollectorRunsData } from '@assessment/sdk';
import { searchCollectorRunsOptions } from '@assessment/sdk/query';

export type CollectorRunQuery = NonNullable<SearchCollectorRunsData['query']>;

/** GET collector run search (paged, my-collector-runs-only and advanced filters). */
export const collectorRunSearchQuery = (query: CollectorRunQuery) => searchCollectorRunsOptions({ query });

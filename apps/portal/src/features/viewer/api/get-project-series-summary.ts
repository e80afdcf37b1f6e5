import { getProjectSeriesSummaryOptions } from '@assessment/sdk/query';
import type { SeriesRange } from './get-project-series';

/** How many servers the top lists show. */
export const TOP_SERVERS = 5;

/** GET /api/projects/{id}/series/summary: peak / p95 / average per metric, top servers, capacity. */
export const projectSeriesSummaryQuery = (projectId: number, range: SeriesRange) =>
  getProjectSeriesSummaryOptions({
    path: { id: projectId },
    query: { top: TOP_SERVERS, from: range.from, to: range.to, node: range.node, cluster: range.cluster },
  });

import { getProjectSeriesOptions } from '@assessment/sdk/query';

export interface SeriesRange {
  from?: number;
  to?: number;
  /** A server's node id for its own series; undefined for the total over the enabled nodes. */
  node?: string;
}

/** The chart resolution: at most this many buckets per series (max / avg / p95 each). */
export const SERIES_POINTS = 500;

/** GET /api/projects/{id}/series: every metric, downsampled on the server. */
export const projectSeriesQuery = (projectId: number, range: SeriesRange) =>
  getProjectSeriesOptions({
    path: { id: projectId },
    query: { points: SERIES_POINTS, from: range.from, to: range.to, node: range.node },
  });

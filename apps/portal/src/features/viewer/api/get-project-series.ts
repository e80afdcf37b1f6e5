import type { GetProjectSeriesData } from '@assessment/sdk';
import { getProjectSeriesOptions } from '@assessment/sdk/query';

/**
 * The series call's range: from, to, and a server's node id for its own series or a vSphere cluster's ClusterId for
 * the total over its hosts (none: the enabled nodes' total).
 */
export type SeriesRange = Pick<
  NonNullable<GetProjectSeriesData['query']>,
  'from' | 'to' | 'node' | 'cluster'
>;

/**
 * The chart resolution when the chart's width is unknown (no layout: a test's DOM): at most this many buckets per
 * series (max / avg / p95 each). In a browser the charts ask for no more buckets than they have pixels.
 */
export const SERIES_POINTS = 500;

/** GET /api/projects/{id}/series: every metric, downsampled on the server to `points` buckets. */
export const projectSeriesQuery = (projectId: number, range: SeriesRange, points = SERIES_POINTS) =>
  getProjectSeriesOptions({
    path: { id: projectId },
    query: { points, from: range.from, to: range.to, node: range.node, cluster: range.cluster },
  });

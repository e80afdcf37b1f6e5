import { refreshCollectorRunOfProjectOptions } from '@assessment/sdk/query';

/** GET /CollectorRuns/RefreshCollectorRunOfProject?collectorRunId=&projectId= (a run of a project, freshly read). */
export const refreshCollectorRunQuery = (collectorRunId: number, projectId: number) =>
  refreshCollectorRunOfProjectOptions({ query: { collectorRunId, projectId } });

import { getProjectViewerDataOptions } from '@assessment/sdk/query';

/** The data of the project viewer (/dpackviewer/{projectId}). */
export const projectViewerQuery = (projectId: number) =>
  getProjectViewerDataOptions({ path: { id: projectId } });

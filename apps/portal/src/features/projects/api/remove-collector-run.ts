import { removeCollectorRunFromProjectMutation } from '@assessment/sdk/query';
import { useProjectMutation } from './project-mutation';

/** POST /api/projects/removecollectorrun/{projectId}/{collectorRunId}. */
export const useRemoveCollectorRun = () => useProjectMutation(removeCollectorRunFromProjectMutation());

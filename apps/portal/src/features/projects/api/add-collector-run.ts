import { addCollectorRunToProjectMutation } from '@assessment/sdk/query';
import { useProjectMutation } from './project-mutation';

/** POST /api/projects/addcollectorrun/{projectId}/{collectorRunId}. */
export const useAddCollectorRun = () => useProjectMutation(addCollectorRunToProjectMutation());

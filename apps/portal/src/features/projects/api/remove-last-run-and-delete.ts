import { removeCollectorRunAndDeleteProjectMutation } from '@assessment/sdk/query';
import { useProjectMutation } from './project-mutation';

/** DELETE /api/projects/removecollectorunanddeleteproject/{projectId}/{collectorRunId}. */
export const useRemoveLastRunAndDelete = () =>
  useProjectMutation(removeCollectorRunAndDeleteProjectMutation(), (variables) => variables.path.projectId);

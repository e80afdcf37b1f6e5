import { deleteProjectMutation } from '@assessment/sdk/query';
import { useProjectMutation } from './project-mutation';

/** DELETE /api/projects/{id}. */
export const useDeleteProject = () =>
  useProjectMutation(deleteProjectMutation(), (variables) => variables.path.id);

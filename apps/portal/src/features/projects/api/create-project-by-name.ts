import { createProjectByNameMutation } from '@assessment/sdk/query';
import { useProjectMutation } from './project-mutation';

/** POST /api/projects/?name= (an empty project). */
export const useCreateProjectByName = () => useProjectMutation(createProjectByNameMutation());

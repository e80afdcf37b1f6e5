import { createProjectMutation } from '@assessment/sdk/query';
import { useProjectMutation } from './project-mutation';

/** POST /api/projects?name=&CollectorRunIdToAddToProject= (a new project with a first collector run). */
export const useCreateProjectWithRun = () => useProjectMutation(createProjectMutation());

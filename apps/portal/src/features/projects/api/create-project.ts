import { createProjectMutation } from '@assessment/sdk/query';
import { useProjectMutation } from './project-mutation';

/**
 * POST /api/projects?name=(&CollectorRunIdToAddToProject=): a new project, optionally with a first collector run.
 * The canonical path: legacy clients' trailing-slash form (`/api/projects/?name=`) is the same call.
 */
export const useCreateProject = () => useProjectMutation(createProjectMutation());

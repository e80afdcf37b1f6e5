import { retryProjectMutation } from '@assessment/sdk/query';
import { useProjectMutation } from './project-mutation';

/** POST /api/project/{id}/retry. */
export const useRetryProject = () => useProjectMutation(retryProjectMutation());

import { publishProjectMutation } from '@assessment/sdk/query';
import { useProjectMutation } from './project-mutation';

/** POST /api/projects/{id}/publish?publish=true or false. */
export const usePublishProject = () => useProjectMutation(publishProjectMutation());

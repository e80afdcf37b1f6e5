import { shareProjectMutation } from '@assessment/sdk/query';
import { useProjectMutation } from './project-mutation';

/** POST /api/projects/share. */
export const useShareProject = () => useProjectMutation(shareProjectMutation());

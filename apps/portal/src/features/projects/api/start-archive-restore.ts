import { startProjectArchiveRestoreMutation } from '@assessment/sdk/query';
import { useProjectMutation } from './project-mutation';

/** POST /api/project/{archive or restore}/{id}. */
export const useStartArchiveRestore = () => useProjectMutation(startProjectArchiveRestoreMutation());

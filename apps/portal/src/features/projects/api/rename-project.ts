import { renameObjectMutation } from '@assessment/sdk/query';
import { useProjectMutation } from './project-mutation';

/** POST /{type}/update/{id}?name= with type project. */
export const useRenameProject = () => useProjectMutation(renameObjectMutation());

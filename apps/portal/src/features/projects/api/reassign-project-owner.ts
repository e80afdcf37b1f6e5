import { reassignProjectOwnerMutation } from '@assessment/sdk/query';
import { useProjectMutation } from './project-mutation';

/** POST api/projectverifyowner/dellreassignownership/{projectId}/{newOwnerId}. */
export const useReassignProjectOwner = () =>
  // Its failure is the spec's fixed text in the dialog itself, not the error modal.
  useProjectMutation({ ...reassignProjectOwnerMutation(), meta: { silentError: true } });

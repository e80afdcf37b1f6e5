import { addToTeamMutation } from '@assessment/sdk/query';
import { useTeamMutation } from './invalidate';

/** POST /team/AddToTeam?userId&teamId&changeExistingMembersTeam. */
export const useAddToTeam = () => useTeamMutation(addToTeamMutation());

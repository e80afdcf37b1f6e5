import { removeFromTeamMutation } from '@assessment/sdk/query';
import { useTeamMutation } from './invalidate';

/** POST /team/RemoveFromTeam?userId&teamId (proposed): the employee leaves the team. */
export const useRemoveFromTeam = () => useTeamMutation(removeFromTeamMutation());

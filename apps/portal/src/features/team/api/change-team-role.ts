import { changeTeamRoleMutation } from '@assessment/sdk/query';
import { useTeamMutation } from './invalidate';

/** POST /Team/ChangeRole?userId&button (button: promote or demote). */
export const useChangeTeamRole = () => useTeamMutation(changeTeamRoleMutation());

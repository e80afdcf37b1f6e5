import { verifyTeamEmployeesMutation } from '@assessment/sdk/query';
import { useTeamMutation } from './invalidate';

/** POST /Team/VerifyEmployees (form data: TeamId, UserIds). */
export const useVerifyTeamEmployees = () => useTeamMutation(verifyTeamEmployeesMutation());

import { setTeamOpmEnabledMutation } from '@assessment/sdk/query';
import { useTeamMutation } from './invalidate';

/**
 * POST /api/team/edit/{isOpmEnabled}/{teamId} (no body; StatusCode 200 is success). Its failure shows the OPM
 * toggle's own generic message (spec part 8), so it stays out of the error modal.
 */
export const useSetTeamOpmEnabled = () => useTeamMutation(setTeamOpmEnabledMutation(), true);

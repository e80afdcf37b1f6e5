import { getTeamOptions } from '@assessment/sdk/query';

/** Team settings page data: the team (with IsOpmEnabled) and its members. */
export const teamQuery = (teamId: number) => getTeamOptions({ path: { teamId } });

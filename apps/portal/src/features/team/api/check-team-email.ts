import { checkTeamEmailOptions } from '@assessment/sdk/query';

/** GET /api/team/check?email=: the team status of an account before it is added. */
export const teamCheckQuery = (email: string) => checkTeamEmailOptions({ query: { email } });

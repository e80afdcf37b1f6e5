import type { Role, TeamCheckResult } from '@assessment/sdk';

export type TeamCheckKey = 'user_already_team_admin' | 'user_already_assigned_to_team';

/** Spec part 5: team admins give user_already_team_admin. */
const ADMIN_ROLES: ReadonlySet<string> = new Set<Role>(['OEMTeamAdmin', 'ChannelPartnerTeamAdmin']);
/** Spec part 5: team members and {provider} users give user_already_assigned_to_team. */
const ASSIGNED_ROLES: ReadonlySet<string> = new Set<Role>([
  'ChannelPartnerTeamMember',
  'OEMTeamMember',
  'DellAdminUser',
  'DellUser',
]);

/** The team check key (spec part 5) of an account's current role, or null when it may be added. */
export function teamCheckKey(role: Role | null | undefined): TeamCheckKey | null {
  if (role === null || role === undefined) return null;
  if (ADMIN_ROLES.has(role)) return 'user_already_team_admin';
  if (ASSIGNED_ROLES.has(role)) return 'user_already_assigned_to_team';
  return null;
}

/** The key of a team check answer: none for a new account. */
export const teamCheckKeyOf = (check: TeamCheckResult): TeamCheckKey | null =>
  check.UserExists ? teamCheckKey(check.CurrentRole) : null;

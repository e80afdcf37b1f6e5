import type { Role } from '@assessment/sdk';

/** Roles and statuses as translated words, never raw enum names: the users feature's texts. */
export { roleText as roleLabel, statusText as statusLabel } from '@/features/users';

/** The admin roles of every team kind: OEM, channel partner and the internal team ({provider}AdminUser). */
const ADMIN_ROLES: ReadonlySet<string> = new Set<Role>([
  'OEMTeamAdmin',
  'ChannelPartnerTeamAdmin',
  'DellAdminUser',
]);
/** A team admin is demoted; anyone else is promoted (POST /Team/ChangeRole button). */
export const isTeamAdminRole = (role: Role): boolean => ADMIN_ROLES.has(role);

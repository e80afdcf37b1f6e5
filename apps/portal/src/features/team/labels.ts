import type { Role, UserStatus } from '@assessment/sdk';
import type { TextId } from '@/lib/i18n/i18n';

// Records over the generated enums: a role or status added to the contract fails the typecheck until it has a text.
const ROLE_TEXT: Record<Role, TextId> = {
  OEMTeamAdmin: 'users.roles.OEMTeamAdmin',
  ChannelPartnerTeamAdmin: 'users.roles.ChannelPartnerTeamAdmin',
  ChannelPartnerTeamMember: 'users.roles.ChannelPartnerTeamMember',
  OEMTeamMember: 'users.roles.OEMTeamMember',
  DellAdminUser: 'users.roles.DellAdminUser',
  DellUser: 'users.roles.DellUser',
  EndUser: 'users.roles.EndUser',
};
const STATUS_TEXT: Record<UserStatus, TextId> = {
  Active: 'users.statuses.Active',
  Inactive: 'users.statuses.Inactive',
  Disabled: 'users.statuses.Disabled',
  AdminDisabled: 'users.statuses.AdminDisabled',
};

/** Roles and statuses as translated words, never raw enum names. */
export const roleLabel = (role: Role): TextId => ROLE_TEXT[role];
export const statusLabel = (status: UserStatus): TextId => STATUS_TEXT[status];

const ADMIN_ROLES: ReadonlySet<string> = new Set<Role>(['OEMTeamAdmin', 'ChannelPartnerTeamAdmin']);
/** A team admin is demoted; anyone else is promoted (POST /Team/ChangeRole button). */
export const isTeamAdminRole = (role: Role): boolean => ADMIN_ROLES.has(role);

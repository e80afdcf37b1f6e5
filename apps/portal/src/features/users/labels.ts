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
  Pending: 'users.statuses.Pending',
};

/** The text id of a role as a person reads it (never the raw enum name). */
export function roleText(role: Role): TextId {
  return ROLE_TEXT[role];
}

/** The text id of an account status as a person reads it (never the raw enum name). */
export function statusText(status: UserStatus): TextId {
  return STATUS_TEXT[status];
}

// Domain vocabulary of part 3 and part 6 of the spec, as the store keeps it.

/** Roles of part 6; `{provider}` is the portal owner's name. */
export const PROVIDER = 'Dell';
export const ROLES = [
  'OEMTeamAdmin',
  'ChannelPartnerTeamAdmin',
  'ChannelPartnerTeamMember',
  'OEMTeamMember',
  `${PROVIDER}AdminUser`,
  `${PROVIDER}User`,
  'EndUser',
] as const;
export type Role = (typeof ROLES)[number];

export const USER_STATUSES = ['Active', 'Inactive', 'Disabled', 'AdminDisabled'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

export const TEAM_KINDS = ['OEM', 'ChannelPartner', 'EndUserCompany', 'Internal'] as const;
export type TeamKind = (typeof TEAM_KINDS)[number];

export const ARCHIVE_STATES = [
  'PendingArchive',
  'ArchivingInProgress',
  'Archived',
  'PendingRestore',
  'RestoreInProgress',
  'Restored',
] as const;
export type ArchiveState = (typeof ARCHIVE_STATES)[number];

export const INTERNAL_DOMAIN = 'dell.example';
export const THEATERS = ['NA', 'LATAM', 'EMEA', 'APJ'] as const;
export type Theater = (typeof THEATERS)[number];
export const RUN_STATUSES = ['Running', 'Stopping', 'Stopped', 'Completed', 'Failed'] as const;
export type RunStatus = (typeof RUN_STATUSES)[number];

export function isInternalRole(role: string): boolean {
  return role === `${PROVIDER}AdminUser` || role === `${PROVIDER}User`;
}

/** Roles that need the partner terms on top of the EULA. */
export function needsPartnerTerms(role: string): boolean {
  return role === 'ChannelPartnerTeamAdmin' || role === 'ChannelPartnerTeamMember';
}

export function roleForTeamKind(kind: TeamKind, admin: boolean): Role {
  switch (kind) {
    case 'OEM':
      return admin ? 'OEMTeamAdmin' : 'OEMTeamMember';
    case 'ChannelPartner':
      return admin ? 'ChannelPartnerTeamAdmin' : 'ChannelPartnerTeamMember';
    case 'Internal':
      return admin ? `${PROVIDER}AdminUser` : `${PROVIDER}User`;
    case 'EndUserCompany':
      return 'EndUser';
  }
}

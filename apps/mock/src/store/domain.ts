// Domain vocabulary of part 3 and part 6 of the spec, as the store keeps it.

import { Role, UserStatus, type ArchiveRestoreStatus } from '@assessment/sdk';

/** The portal owner's name: the `{provider}` of part 6's roles (the contract spells them DellAdminUser, DellUser). */
export const PROVIDER = 'Dell';

/** Roles and account statuses of part 6, from the contract (their order drives the seed). */
export const ROLES = Object.values(Role);
export const USER_STATUSES = Object.values(UserStatus);

export const TEAM_KINDS = ['OEM', 'ChannelPartner', 'EndUserCompany', 'Internal'] as const;
export type TeamKind = (typeof TEAM_KINDS)[number];

/** The contract's archive/restore states, in the order the seed hands them out (kept so the seeded world stays the same). */
export const ARCHIVE_STATES = [
  'PendingArchive',
  'ArchivingInProgress',
  'Archived',
  'PendingRestore',
  'RestoreInProgress',
  'Restored',
] as const satisfies readonly ArchiveRestoreStatus[];
export type ArchiveState = ArchiveRestoreStatus;

export const INTERNAL_DOMAIN = 'dell.example';

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

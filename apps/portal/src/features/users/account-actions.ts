import type { GroupAccountActionType, Role, UserStatus } from '@assessment/sdk';

/** Spec parts 5 and 9: the account disable note holds at most 500 characters (the box warns when over). */
export const DISABLE_NOTE_MAX = 500;

/** The group account actions of the list's bar (checkaddtoteam is the add-to-team's first step, not a button). */
export type AccountAction = Exclude<GroupAccountActionType, 'checkaddtoteam'>;

/** A disabled account: by the person (Disabled) or by an administrator (AdminDisabled). */
export const isDisabledStatus = (status: UserStatus): boolean =>
  status === 'Disabled' || status === 'AdminDisabled';

/**
 * Spec part 6: enable or disable is offered according to the selected users' statuses: disable when every selected
 * user is enabled, enable when every one is disabled (a mixed selection offers neither); change role, reassign
 * primary rep and add to team are offered for any selection. Nothing is offered without a selection.
 */
export function offeredActions(statuses: readonly UserStatus[]): AccountAction[] {
  if (statuses.length === 0) return [];
  const disabled = statuses.filter(isDisabledStatus).length;
  const toggle: AccountAction[] =
    disabled === 0 ? ['disable'] : disabled === statuses.length ? ['enable'] : [];
  return [...toggle, 'changerole', 'reassignprimaryrep', 'addToTeam'];
}

/** The disable note against its limit: the count, how far over, and whether it may be sent (at most 500). */
export function noteState(note: string): { length: number; over: number; sendable: boolean } {
  const over = Math.max(0, note.length - DISABLE_NOTE_MAX);
  return { length: note.length, over, sendable: over === 0 };
}

/** The one email domain all the accounts share (lower case), or null when they are on more than one (or none). */
export function commonDomain(emails: readonly string[]): string | null {
  const domains = new Set(emails.map((email) => (email.split('@')[1] ?? '').trim().toLowerCase()));
  if (domains.size !== 1) return null;
  const [domain] = domains;
  return domain ? domain : null;
}

/** The roles of each team kind, admin first: OEM, channel partner and internal ({provider}AdminUser / {provider}User). */
const TEAM_ROLE_PAIRS: readonly (readonly [Role, Role])[] = [
  ['OEMTeamAdmin', 'OEMTeamMember'],
  ['ChannelPartnerTeamAdmin', 'ChannelPartnerTeamMember'],
  ['DellAdminUser', 'DellUser'],
];

/**
 * Spec part 6 (admins and team members can be promoted or demoted): the roles change role may set on the selected
 * accounts — the admin and the member role of their one team kind. Accounts of different kinds, or an end user
 * (no team role), leave nothing to choose.
 */
export function roleChoices(roles: readonly Role[]): Role[] {
  const pairs = new Set(roles.map((role) => TEAM_ROLE_PAIRS.find((pair) => pair.includes(role))));
  if (roles.length === 0 || pairs.size !== 1) return [];
  const [pair] = pairs;
  return pair ? [...pair] : [];
}

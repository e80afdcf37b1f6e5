import { UserStatus } from '@assessment/sdk';
import { describe, expect, it } from 'vitest';
import { DISABLE_NOTE_MAX, commonDomain, noteState, offeredActions, roleChoices } from './account-actions';

describe('group account actions offered by status (spec part 6)', () => {
  it('offers nothing without a selection', () => {
    expect(offeredActions([])).toEqual([]);
  });
  it.each([UserStatus.ACTIVE, UserStatus.INACTIVE])(
    'offers disable, never enable, for %s users',
    (status) => {
      const offered = offeredActions([status, status]);
      expect(offered).toContain('disable');
      expect(offered).not.toContain('enable');
    },
  );
  it.each([UserStatus.DISABLED, UserStatus.ADMIN_DISABLED])(
    'offers enable, never disable, for %s users',
    (status) => {
      const offered = offeredActions([status]);
      expect(offered).toContain('enable');
      expect(offered).not.toContain('disable');
    },
  );
  it('a mixed selection offers neither enable nor disable, the other actions always', () => {
    expect(offeredActions(['Active', 'AdminDisabled'])).toEqual([
      'changerole',
      'reassignprimaryrep',
      'addToTeam',
    ]);
    expect(offeredActions(['Disabled', 'AdminDisabled'])).toEqual([
      'enable',
      'changerole',
      'reassignprimaryrep',
      'addToTeam',
    ]);
  });
});

describe('disable note (spec parts 5 and 9)', () => {
  it('is limited to 500 characters', () => {
    expect(DISABLE_NOTE_MAX).toBe(500);
    expect(noteState('a'.repeat(500))).toEqual({ length: 500, over: 0, sendable: true });
    expect(noteState('a'.repeat(501))).toEqual({ length: 501, over: 1, sendable: false });
    expect(noteState('')).toEqual({ length: 0, over: 0, sendable: true });
  });
});

describe('add to team domain rule (spec part 5: addToTeamEmailsDontMatch)', () => {
  it('finds the one common domain, case-insensitively', () => {
    expect(commonDomain(['a@Contoso.example', 'b@contoso.example'])).toBe('contoso.example');
  });
  it('has none when the emails are on more than one domain', () => {
    expect(commonDomain(['a@contoso.example', 'b@fabrikam.example'])).toBeNull();
    expect(commonDomain([])).toBeNull();
    expect(commonDomain(['no-domain'])).toBeNull();
  });
});

describe('change role: the roles of the accounts’ team kind (spec part 6)', () => {
  it('offers the admin and member role of one kind', () => {
    expect(roleChoices(['ChannelPartnerTeamMember'])).toEqual([
      'ChannelPartnerTeamAdmin',
      'ChannelPartnerTeamMember',
    ]);
    expect(roleChoices(['OEMTeamAdmin', 'OEMTeamMember'])).toEqual(['OEMTeamAdmin', 'OEMTeamMember']);
    expect(roleChoices(['DellAdminUser'])).toEqual(['DellAdminUser', 'DellUser']);
  });

  it('offers nothing for end users, mixed kinds or no selection', () => {
    expect(roleChoices(['EndUser'])).toEqual([]);
    expect(roleChoices(['OEMTeamMember', 'ChannelPartnerTeamMember'])).toEqual([]);
    expect(roleChoices(['OEMTeamMember', 'EndUser'])).toEqual([]);
    expect(roleChoices([])).toEqual([]);
  });
});

import { Role, type TeamCheckResult } from '@assessment/sdk';
import { describe, expect, it } from 'vitest';
import { teamCheckKey, teamCheckKeyOf } from './team-check';

describe('team check keys (spec part 5)', () => {
  it.each([
    [Role.OEM_TEAM_ADMIN, 'user_already_team_admin'],
    [Role.CHANNEL_PARTNER_TEAM_ADMIN, 'user_already_team_admin'],
    [Role.CHANNEL_PARTNER_TEAM_MEMBER, 'user_already_assigned_to_team'],
    [Role.OEM_TEAM_MEMBER, 'user_already_assigned_to_team'],
    [Role.DELL_ADMIN_USER, 'user_already_assigned_to_team'],
    [Role.DELL_USER, 'user_already_assigned_to_team'],
    [Role.END_USER, null],
  ] as const)('%s gives %s', (role, key) => {
    expect(teamCheckKey(role)).toBe(key);
  });

  it('every role of the contract is covered; none for no role', () => {
    expect(teamCheckKey(null)).toBeNull();
    expect(teamCheckKey(undefined)).toBeNull();
    expect(Object.values(Role)).toHaveLength(7);
  });

  it('a new account (UserExists false) may be added whatever the answer says', () => {
    const check: TeamCheckResult = {
      Email: 'a@contoso.com',
      UserExists: false,
      UserId: null,
      CurrentRole: null,
      TeamId: null,
      TeamName: null,
      Domain: 'contoso.com',
    };
    expect(teamCheckKeyOf(check)).toBeNull();
    expect(teamCheckKeyOf({ ...check, UserExists: true, CurrentRole: Role.OEM_TEAM_MEMBER })).toBe(
      'user_already_assigned_to_team',
    );
    expect(teamCheckKeyOf({ ...check, UserExists: true, CurrentRole: Role.OEM_TEAM_ADMIN })).toBe(
      'user_already_team_admin',
    );
  });
});

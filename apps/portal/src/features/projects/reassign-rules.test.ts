import { describe, expect, it } from 'vitest';
import { emailDomain, isInternalStaff, REASSIGN_FAILURE_TEXT, reassignEmailAllowed } from './reassign-rules';

describe('owner reassign (spec parts 5, 6, 8)', () => {
  it('only internal staff may reassign', () => {
    expect(isInternalStaff('DellAdminUser')).toBe(true);
    expect(isInternalStaff('DellUser')).toBe(true);
    for (const role of [
      'OEMTeamAdmin',
      'OEMTeamMember',
      'ChannelPartnerTeamAdmin',
      'ChannelPartnerTeamMember',
      'EndUser',
    ] as const)
      expect(isInternalStaff(role), role).toBe(false);
    expect(isInternalStaff(null)).toBe(false);
  });

  it('an internal target needs the internal domain; a non-internal target the reverse', () => {
    expect(emailDomain('Staff@Dell.Example')).toBe('dell.example');
    expect(reassignEmailAllowed('staff@dell.example', 'dell.example', true)).toBe(true);
    expect(reassignEmailAllowed('staff@dell.example.evil.com', 'dell.example', true)).toBe(false);
    expect(reassignEmailAllowed('partner@contoso.example', 'dell.example', true)).toBe(false);
    expect(reassignEmailAllowed('partner@contoso.example', 'dell.example', false)).toBe(true);
    expect(reassignEmailAllowed('staff@dell.example', 'dell.example', false)).toBe(false);
  });

  it('the failure text is the spec’s, spelling included', () => {
    expect(REASSIGN_FAILURE_TEXT).toBe('There was an error while transfering the project to the new owner');
  });
});

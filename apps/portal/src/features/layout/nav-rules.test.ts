import { Role } from '@assessment/sdk';
import { describe, expect, it } from 'vitest';
import { personaNav } from './nav-rules';

describe('personaNav (navigation a persona can use)', () => {
  it('end users get neither RSA-key collectors nor promo sites', () => {
    expect(personaNav({ role: Role.END_USER, isInternal: false })).toEqual({
      keyCollectors: false,
      promo: false,
    });
  });

  it.each([
    Role.CHANNEL_PARTNER_TEAM_ADMIN,
    Role.CHANNEL_PARTNER_TEAM_MEMBER,
    Role.OEM_TEAM_ADMIN,
    Role.OEM_TEAM_MEMBER,
    Role.DELL_ADMIN_USER,
    Role.DELL_USER,
  ])('%s gets both', (role) => {
    expect(personaNav({ role, isInternal: role.startsWith('Dell') })).toEqual({
      keyCollectors: true,
      promo: true,
    });
  });

  it('nothing for a public viewer', () => {
    expect(personaNav(null)).toEqual({ keyCollectors: false, promo: false });
  });
});

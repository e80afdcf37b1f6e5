// Registration (spec part 5): the seeded emails meet every lookup key, in the order of part 5, on the lookups and
// again on the register call; select company's choice is really used; the new account signs in with its password.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  ApiEnvelope,
  ContactCheckResult,
  RegistrationRequestWritable as RegistrationRequest,
  RegistrationType,
} from '@assessment/sdk';
import { REGISTRATION_DOMAIN, REGISTRATION_LOOKUP_EMAILS } from '../src/store/seed.ts';
import { registrationRefusal } from '../src/handlers/registration.ts';
import { Client, startServer, type TestServer } from './helpers.ts';
import { confirmByMail } from './mailbox.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startServer();
});
afterAll(async () => {
  await t.close();
});

const lookupUrl = (type: RegistrationType, email: string): string =>
  type === 'dpack-capture'
    ? `/api/capture/check?email=${encodeURIComponent(email)}`
    : `/api/contact/check?email=${encodeURIComponent(email)}${type === 'partner-register' ? '&p=true' : ''}`;

const PASSWORD = 'Quiet-Lantern-Harbor-83';

/**
 * The keys that say the address has an account: the lookup keeps them (the spec's flags), register answers such an
 * address as it answers a new one and tells its owner by mail (issue #39).
 */
const ACCOUNT_KEYS: readonly string[] = [
  'register_email_already_exists',
  'register_account_inactive',
  'dpackcapture_not_end_user',
];

function form(
  type: RegistrationType,
  email: string,
  extra: Partial<RegistrationRequest> = {},
): RegistrationRequest {
  return {
    RegistrationType: type,
    Email: email,
    FirstName: 'Fresh',
    LastName: 'Person',
    CompanyName: 'Fresh Company',
    CountryId: 840,
    PhoneNumber: '+1 555 0100',
    PreferredLanguage: 'en-US',
    Password: PASSWORD,
    ...extra,
  };
}

/** The key each seeded email meets (verifyowner_not_end_user is dpackcapture_not_end_user with the customer option). */
const SERVER_KEY: Record<keyof typeof REGISTRATION_LOOKUP_EMAILS, string> = {
  register_email_already_exists: 'register_email_already_exists',
  register_account_inactive: 'register_account_inactive',
  dpackcapture_not_end_user: 'dpackcapture_not_end_user',
  verifyowner_not_end_user: 'dpackcapture_not_end_user',
  register_blacklisted: 'register_blacklisted',
  register_contact_oem: 'register_contact_oem',
  register_found_contact_no_company: 'register_found_contact_no_company',
  register_contact_not_partner: 'register_contact_not_partner',
  register_contact_not_found: 'register_contact_not_found',
};

describe('seeded lookup emails', () => {
  it.each(Object.entries(REGISTRATION_LOOKUP_EMAILS))(
    '%s: the anonymous lookup answers the flags of the key; register refuses with it, or answers alike (an account)',
    async (key, { email, type }) => {
      const client = new Client(t.url);
      const lookup = await client.json<ContactCheckResult>('GET', lookupUrl(type, email));
      expect(lookup.status).toBe(200);
      const expected = SERVER_KEY[key as keyof typeof SERVER_KEY];
      expect(registrationRefusal(lookup.body, type, false)).toBe(expected);
      const answer = await client.json<ApiEnvelope>('POST', '/api/register', { json: form(type, email) });
      if (ACCOUNT_KEYS.includes(expected)) {
        expect(answer.status).toBe(200);
        expect(answer.body.ResourceKey).toBeNull();
      } else {
        expect(answer.status).toBe(400);
        expect(answer.body.ResourceKey).toBe(expected);
      }
    },
  );
});

describe('registrationRefusal keeps the order of part 5', () => {
  const none: ContactCheckResult = {
    CompaniesWithSameDomain: [],
    CanContinue: true,
    CanOverride: false,
    FoundCompany: false,
    CompanyId: null,
    CompanyName: null,
    SFAccountId: null,
    ContactFirstName: null,
    ContactLastName: null,
    Country: null,
    CountryString: null,
    CountryId: null,
    PhoneNumber: null,
    EmailAlreadyExists: false,
    AccountIsInactive: false,
    ExistingUserFoundNotEndUser: false,
    IsBlacklistedEmailDomain: false,
    IsOEMRegistration: false,
    IsEndUserNotPartner: false,
    IsPartnerRequest: false,
    IsExactMatch: false,
    AccountIsBlacklisted: false,
    HasMultipleContacts: false,
    DpackCaptureRequestAccountExists: false,
    ExistingAccountId: null,
    ExistingAccountEmail: null,
    PreferredEmailLanguage: null,
    CurrentRole: null,
    FromEmail: null,
    CCEmail: null,
  };
  it('every flag at once gives the first key; removing it gives the next', () => {
    const all: ContactCheckResult = {
      ...none,
      CanContinue: false,
      EmailAlreadyExists: true,
      AccountIsInactive: true,
      ExistingUserFoundNotEndUser: true,
      IsBlacklistedEmailDomain: true,
      IsOEMRegistration: true,
      IsExactMatch: true,
      IsPartnerRequest: true,
      IsEndUserNotPartner: true,
    };
    const steps: [Partial<ContactCheckResult>, string][] = [
      [{}, 'register_email_already_exists'],
      [{ EmailAlreadyExists: false }, 'register_account_inactive'],
      [{ AccountIsInactive: false }, 'dpackcapture_not_end_user'],
      [{ ExistingUserFoundNotEndUser: false }, 'register_blacklisted'],
      [{ IsBlacklistedEmailDomain: false }, 'register_contact_oem'],
      [{ IsOEMRegistration: false }, 'register_found_contact_no_company'],
      [{ IsExactMatch: false }, 'register_contact_not_partner'],
      [{ IsEndUserNotPartner: false }, 'register_contact_not_found'],
      [{ CanContinue: true }, 'null'],
    ];
    let current = all;
    for (const [change, key] of steps) {
      current = { ...current, ...change };
      expect(String(registrationRefusal(current, 'dpack-capture', false))).toBe(key);
    }
    // Blacklisted with an allowed override passes the blacklist; without continue nor override the rest apply.
    expect(
      registrationRefusal(
        { ...none, IsBlacklistedEmailDomain: true, CanOverride: true },
        'user-register',
        true,
      ),
    ).toBeNull();
  });
});

describe('select company and the new account', () => {
  it('lists every company on the domain with its id, anonymous callers without admin emails', async () => {
    const { body } = await new Client(t.url).json<ContactCheckResult>(
      'GET',
      lookupUrl('partner-register', `someone.new@${REGISTRATION_DOMAIN}`),
    );
    expect(body.CompaniesWithSameDomain.map((c) => c.Name)).toEqual([
      'Litware Partners East',
      'Litware Partners West',
    ]);
    for (const c of body.CompaniesWithSameDomain) {
      expect(c.CompanyId).toEqual(expect.any(Number));
      expect(c.TeamAdmins).toEqual([]);
    }
    expect(body.CanContinue).toBe(true);
  });

  it('registers into the chosen company, and the account signs in with its password once its address is confirmed', async () => {
    const client = new Client(t.url);
    const { body } = await client.json<ContactCheckResult>(
      'GET',
      lookupUrl('partner-register', `chooser@${REGISTRATION_DOMAIN}`),
    );
    const west = body.CompaniesWithSameDomain.find((c) => c.Name === 'Litware Partners West');
    if (!west) throw new Error('no west company');
    const r = await client.json<ApiEnvelope>('POST', '/api/register', {
      json: form('partner-register', `chooser@${REGISTRATION_DOMAIN}`, { CompanyId: west.CompanyId }),
    });
    expect(r.status).toBe(200);
    const user = t.server.ctx.repo.userByEmail(`chooser@${REGISTRATION_DOMAIN}`);
    expect(user?.team_id).toBe(west.CompanyId);
    expect(user?.role).toBe('ChannelPartnerTeamMember');
    await confirmByMail(t, `chooser@${REGISTRATION_DOMAIN}`, PASSWORD);
    await new Client(t.url).signIn(`chooser@${REGISTRATION_DOMAIN}`, PASSWORD);
  });

  it('judges the chosen company, not the domain’s first: a partner may not join an OEM company on the same domain', async () => {
    // An OEM company that shares the partners' domain (the domain's first company is a partner one).
    const oem = t.server.ctx.repo.run(
      "INSERT INTO teams (name, kind, domain, is_opm_enabled, sf_account_id, country_id, theater) VALUES ('Litware OEM', 'OEM', ?, 0, 'SF-OEM-LIT', 840, 'NA')",
      REGISTRATION_DOMAIN,
    ).lastId;
    const email = `sneaky@${REGISTRATION_DOMAIN}`;
    const r = await new Client(t.url).json<ApiEnvelope>('POST', '/api/register', {
      json: form('partner-register', email, { CompanyId: oem }),
    });
    expect(r.status).toBe(400);
    expect(r.body.ResourceKey).toBe('register_contact_oem');
    expect(t.server.ctx.repo.userByEmail(email)).toBeUndefined();
  });

  it('refuses a chosen company of another domain', async () => {
    const r = await new Client(t.url).json<ApiEnvelope>('POST', '/api/register', {
      json: form('partner-register', `other@${REGISTRATION_DOMAIN}`, { CompanyId: 1 }),
    });
    expect(r.status).toBe(400);
    expect(r.body.ResourceKey).toBe('validate_info');
  });

  it('refuses a registration without a password of 8 characters', async () => {
    const r = await new Client(t.url).json<ApiEnvelope>('POST', '/api/register', {
      json: form('user-register', 'short.password@fresh-company.example', { Password: 'short' }),
    });
    expect(r.status).toBe(400);
  });
});

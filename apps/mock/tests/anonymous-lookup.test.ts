// Security #14 findings 6 and 10: the stage-one lookups answer anonymous callers only what the registration
// validators and the select-company choice need, never the people behind an email or a domain.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContactCheckResult } from '@assessment/sdk';
import { Client, startServer, type TestServer } from './helpers.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startServer();
});
afterAll(async () => {
  await t.close();
});

const EXISTING = 'partner.admin@contoso-partners.example';
/** The personal fields an anonymous caller must get as null. */
const PERSONAL: (keyof ContactCheckResult)[] = [
  'ContactFirstName',
  'ContactLastName',
  'PhoneNumber',
  'ExistingAccountId',
  'ExistingAccountEmail',
  'PreferredEmailLanguage',
  'CurrentRole',
  'CCEmail',
  'SFAccountId',
];

describe.each([
  ['checkContactEmail', `/api/contact/check?email=${encodeURIComponent(EXISTING)}&p=true`],
  ['checkCaptureEmail', `/api/capture/check?email=${encodeURIComponent(EXISTING)}`],
])('%s', (_name, url) => {
  it('answers anonymous callers without names, phone, role, account ids or admin emails', async () => {
    const { status, body } = await new Client(t.url).json<ContactCheckResult>('GET', url);
    expect(status).toBe(200);
    for (const field of PERSONAL) expect(body[field], field).toBeNull();
    expect(body.CompaniesWithSameDomain.length).toBeGreaterThan(0);
    for (const company of body.CompaniesWithSameDomain) {
      expect(company.Name).not.toBe('');
      expect(company.TeamAdmins).toEqual([]);
    }
    // The validators of part 5 still get their flags (a team admin is not an end user: the capture form's lookup
    // says so instead of EmailAlreadyExists).
    expect(body.EmailAlreadyExists || body.ExistingUserFoundNotEndUser).toBe(true);
    expect(body.ExistingUserFoundNotEndUser).toBe(true);
    expect(body.FoundCompany).toBe(true);
  });

  it('still answers a signed-in caller in full', async () => {
    const admin = new Client(t.url);
    await admin.signIn('admin@dell.example');
    const { body } = await admin.json<ContactCheckResult>('GET', url);
    expect(body.ExistingAccountEmail).toBe(EXISTING);
    expect(body.ExistingAccountId).toEqual(expect.any(Number));
    expect(body.CurrentRole).not.toBeNull();
    expect(body.CompaniesWithSameDomain.flatMap((c) => c.TeamAdmins).length).toBeGreaterThan(0);
  });
});

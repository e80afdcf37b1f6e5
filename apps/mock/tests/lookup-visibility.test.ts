// Issue #32 (b): a lookup answers only what its caller may see. Other companies' people (names, phone, role,
// language, account ids and emails, team admins' emails, CRM id) only to internal staff; anyone else gets what
// registration and their own team need: the anonymous answer, plus their own company's people. One table per
// lookup × persona, every cell run against the API.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AutocompleteResult, ContactCheckResult, TeamCheckResult } from '@assessment/sdk';
import { Client, startServer, type TestServer } from './helpers.ts';

let t: TestServer;
const clients = new Map<string, Client>();

const PERSONAS = [
  'anonymous',
  'enduser@adventure-works.example',
  'partner.member@contoso-partners.example',
  'partner.admin@contoso-partners.example',
  'oem.admin@northwind-oem.example',
  'staff@dell.example',
  'admin@dell.example',
] as const;
type Persona = (typeof PERSONAS)[number];

beforeAll(async () => {
  t = await startServer();
  for (const p of PERSONAS) {
    const c = new Client(t.url);
    if (p !== 'anonymous') await c.signIn(p);
    clients.set(p, c);
  }
});
afterAll(async () => t.close());

const client = (p: Persona): Client => {
  const c = clients.get(p);
  if (!c) throw new Error(p);
  return c;
};
const INTERNAL: readonly Persona[] = ['staff@dell.example', 'admin@dell.example'];
const companyOf = (email: string): string => email.split('@')[1] ?? '';

/** The people looked up: an admin of another company for most callers, and an account of the caller's own. */
const TARGETS = [
  'partner.admin@contoso-partners.example',
  'oem.admin@northwind-oem.example',
  'new.enduser@adventure-works.example',
  'admin@dell.example',
];

/** Whether `persona` may see who `target` is (the table's expected cell). */
function maySee(persona: Persona, target: string): boolean {
  if (persona === 'anonymous') return false;
  if (INTERNAL.includes(persona)) return true;
  return companyOf(persona) === companyOf(target);
}

const PERSON_FIELDS = [
  'ContactFirstName',
  'ContactLastName',
  'PhoneNumber',
  'ExistingAccountId',
  'ExistingAccountEmail',
  'PreferredEmailLanguage',
  'CurrentRole',
] as const satisfies readonly (keyof ContactCheckResult)[];

const cells = PERSONAS.flatMap((p) => TARGETS.map((target) => [p, target, maySee(p, target)] as const));

describe.each([
  ['GET /api/contact/check', (email: string) => `/api/contact/check?email=${encodeURIComponent(email)}`],
  ['GET /api/capture/check', (email: string) => `/api/capture/check?email=${encodeURIComponent(email)}`],
])('%s', (_name, url) => {
  it.each(cells)('%s looking up %s: sees the person = %s', async (persona, target, sees) => {
    const { status, body } = await client(persona).json<ContactCheckResult>('GET', url(target));
    expect(status).toBe(200);
    // What registration needs is there for everyone: the company found and the validators' flags.
    expect(body.FoundCompany).toBe(true);
    expect(body.CompanyName).not.toBeNull();
    expect(body.EmailAlreadyExists || body.ExistingUserFoundNotEndUser).toBe(true);
    if (sees) {
      expect(body.ExistingAccountEmail?.toLowerCase()).toBe(target);
      expect(body.ExistingAccountId).toEqual(expect.any(Number));
      expect(body.ContactFirstName).not.toBeNull();
      expect(body.CurrentRole).not.toBeNull();
      expect(body.PhoneNumber).not.toBeNull();
    } else for (const field of PERSON_FIELDS) expect(body[field], field).toBeNull();
    // Team admins' emails, the CRM id and the CC address: only of the caller's own company (staff: all).
    const ownCompany = sees;
    const adminEmails = body.CompaniesWithSameDomain.flatMap((c) => c.TeamAdmins.map((a) => a.Email));
    if (ownCompany && target !== 'new.enduser@adventure-works.example')
      expect(adminEmails.length).toBeGreaterThan(0);
    if (!ownCompany) {
      expect(adminEmails).toEqual([]);
      expect(body.CCEmail).toBeNull();
      expect(body.SFAccountId).toBeNull();
    }
    for (const email of adminEmails)
      expect(INTERNAL.includes(persona) || companyOf(email) === companyOf(persona as string)).toBe(true);
  });
});

describe('GET /api/team/check', () => {
  it.each(cells.filter(([p]) => p !== 'anonymous'))(
    '%s checking %s: sees its id and role = %s',
    async (persona, target, sees) => {
      const { status, body } = await client(persona).json<TeamCheckResult>(
        'GET',
        `/api/team/check?email=${encodeURIComponent(target)}`,
      );
      expect(status).toBe(200);
      expect(body.UserExists).toBe(true);
      if (sees) {
        expect(body.UserId).toEqual(expect.any(Number));
        expect(body.CurrentRole).not.toBeNull();
      } else {
        expect(body.UserId).toBeNull();
        expect(body.CurrentRole).toBeNull();
        expect(body.TeamId).toBeNull();
        expect(body.TeamName).toBeNull();
      }
    },
  );

  it('answers an anonymous caller 401', async () => {
    const r = await client('anonymous').json('GET', '/api/team/check?email=admin%40dell.example');
    expect(r.status).toBe(401);
  });
});

describe('GET /api/lookup/account and /api/lookup/primaryRep', () => {
  it.each(PERSONAS.filter((p) => p !== 'anonymous'))(
    '%s: "@" lists only the accounts it may see',
    async (persona) => {
      const { status, body } = await client(persona).json<AutocompleteResult>(
        'GET',
        '/api/lookup/account?name=%40',
      );
      expect(status).toBe(200);
      const companies = new Set(body.items.map((i) => companyOf(i.description ?? '')));
      if (INTERNAL.includes(persona)) expect(companies.size).toBeGreaterThan(1);
      else {
        expect(body.items.length).toBeGreaterThan(0);
        expect([...companies]).toEqual([companyOf(persona)]);
      }
      const reps = await client(persona).json<AutocompleteResult>('GET', '/api/lookup/primaryRep?name=%40');
      expect(reps.status).toBe(200);
      if (INTERNAL.includes(persona)) expect(reps.body.items.length).toBeGreaterThan(0);
      else expect(reps.body.items).toEqual([]);
    },
  );

  it("another company's account only for its whole address, by its address alone (a partner sharing with a customer)", async () => {
    const partner = client('partner.admin@contoso-partners.example');
    const partial = await partner.json<AutocompleteResult>(
      'GET',
      '/api/lookup/account?name=enduser%40adventure',
    );
    expect(
      partial.body.items.filter((i) => companyOf(i.description ?? '') === 'adventure-works.example'),
    ).toEqual([]);
    const whole = await partner.json<AutocompleteResult>(
      'GET',
      '/api/lookup/account?name=EndUser%40Adventure-Works.example',
    );
    expect(whole.body.items).toEqual([
      expect.objectContaining({
        label: 'enduser@adventure-works.example',
        description: 'enduser@adventure-works.example',
      }),
    ]);
  });

  it('the legacy HTML list follows the same rule', async () => {
    const r = await client('enduser@adventure-works.example').request(
      'GET',
      '/account/autocomplete/?name=%40',
    );
    const html = await r.text();
    expect(html).toContain('adventure-works.example');
    expect(html).not.toContain('contoso-partners.example');
    expect(html).not.toContain('dell.example');
  });
});

// The rules the contract's schemas state since the conformance probes (issue 13): the server's email rule as a
// pattern and maxLength, names that are not blank, integers within their declared maximum. A value at the edge is
// accepted, one just beyond it is refused with 400 and the message key of part 5.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiEnvelope } from '@assessment/sdk';
import { Client, signedIn, startServer, type TestServer } from './helpers.ts';

let t: TestServer;
let admin: Client;
beforeAll(async () => {
  t = await startServer();
  admin = await signedIn(t, 'admin@dell.example');
});
afterAll(async () => {
  await t.close();
});

const registration = (extra: Record<string, unknown>) => ({
  RegistrationType: 'user-register',
  Email: `fresh.person.${String(Date.now())}@rules.example`,
  FirstName: 'Fresh',
  LastName: 'Person',
  CompanyName: 'Fresh Company',
  CountryId: 840,
  PhoneNumber: '+1 555 0100',
  PreferredLanguage: 'en-US',
  Password: 'Quiet-Harbour-Ferry-31',
  ...extra,
});

describe('emails: the server rule is the contract pattern', () => {
  it.each([
    "o'neil+tag@sub-domain.example.com",
    'a_b-c.d@x1.example',
    'x@example.museum',
    `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(57)}.com`,
  ])('accepts %s (at the edge of the rule)', async (email) => {
    expect(email.length).toBeLessThanOrEqual(254);
    const r = await admin.json<ApiEnvelope>('GET', `/api/team/check?email=${encodeURIComponent(email)}`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
  });

  it.each([
    'a!b@example.com',
    'x#y@example.com',
    "quote'@example.com",
    'x@example.c',
    'x@example.c0m',
    'a@example-.com',
    `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(58)}.com`,
  ])('refuses %s with 400 validate_info (just beyond the rule)', async (email) => {
    const r = await admin.json<ApiEnvelope>('GET', `/api/team/check?email=${encodeURIComponent(email)}`);
    expect(r.status).toBe(400);
    expect(r.body.ResourceKey).toBe('validate_info');
  });

  it('registration refuses an email beyond the rule before any lookup', async () => {
    const anon = new Client(t.url);
    const r = await anon.json<ApiEnvelope>('POST', '/api/register', {
      json: registration({ Email: 'x@example.c' }),
    });
    expect(r.status).toBe(400);
    expect(r.body.ResourceKey).toBe('validate_info');
  });
});

describe('names: blank is empty (emptyfield), one visible character is enough', () => {
  it('registration refuses a blank first name (it was stored blank before)', async () => {
    const anon = new Client(t.url);
    const blank = await anon.json<ApiEnvelope>('POST', '/api/register', {
      json: registration({ FirstName: '   ' }),
    });
    expect(blank.status).toBe(400);
    expect(blank.body.ResourceKey).toBe('emptyfield');
    const company = await anon.json<ApiEnvelope>('POST', '/api/register', {
      json: registration({ CompanyName: '\u00a0\t' }),
    });
    expect(company.status).toBe(400);
  });

  it('profile save refuses a blank last name with emptyfield and keeps one character inside spaces', async () => {
    const me = await signedIn(t, 'enduser@adventure-works.example');
    const profile = { FirstName: 'Avery', PhoneNumber: null, CountryId: 840, LanguageCulture: 'en-US' };
    const blank = await me.json<ApiEnvelope>('PUT', '/api/profile', { json: { ...profile, LastName: '  ' } });
    expect(blank.status).toBe(400);
    expect(blank.body.ResourceKey).toBe('emptyfield');
    const edge = await me.json<ApiEnvelope>('PUT', '/api/profile', { json: { ...profile, LastName: ' M ' } });
    expect(edge.status).toBe(200);
  });

  it('adding a team employee refuses a blank or empty name', async () => {
    for (const FirstName of ['   ', '']) {
      const r = await admin.json<ApiEnvelope>('POST', '/Team/AddEmployee', {
        form: { Email: 'blank.name@rules.example', FirstName, LastName: 'Person', TeamId: '1' },
      });
      expect(r.status, JSON.stringify(FirstName)).toBe(400);
      expect(r.body.ResourceKey).toBe('emptyfield');
    }
  });

  it('a project and a collector run are renamed to at most 100 characters, never to a blank name', async () => {
    const run = t.server.ctx.repo.all<{ id: number }>('SELECT id FROM collector_runs ORDER BY id LIMIT 1')[0];
    expect(run).toBeDefined();
    const long = await admin.json<ApiEnvelope>(
      'POST',
      `/collectorrun/update/${String(run?.id)}?name=${'r'.repeat(101)}`,
    );
    expect(long.status).toBe(400);
    expect(long.body.ResourceKey).toBe('validate_info');
    const blank = await admin.json<ApiEnvelope>(
      'POST',
      `/collectorrun/update/${String(run?.id)}?name=%20%20`,
    );
    expect(blank.status).toBe(400);
    expect(blank.body.ResourceKey).toBe('emptyfield');
  });
});

describe('integers: the declared maximum, never beyond what a JSON number keeps exactly', () => {
  it('an id at the int32 maximum is looked up (404), one beyond is refused (400 validate_info)', async () => {
    const edge = await admin.json<ApiEnvelope>('GET', '/api/projects/2147483647');
    expect(edge.status).toBe(404);
    for (const id of ['2147483648', '9007199254740993']) {
      const beyond = await admin.json<ApiEnvelope>('GET', `/api/projects/${id}`);
      expect(beyond.status, id).toBe(400);
      expect(beyond.body.ResourceKey).toBe('validate_info');
    }
  });

  it('a page number beyond its maximum is refused; a range bound beyond 2^53 − 1 too', async () => {
    const page = await admin.json<ApiEnvelope>('GET', '/api/projects?PageNumber=2147483648');
    expect(page.status).toBe(400);
    const last = await admin.json<ApiEnvelope>('GET', '/api/projects?PageNumber=2147483647');
    expect(last.status).toBe(200);
    const project = t.server.ctx.repo.all<{ id: number }>('SELECT id FROM projects ORDER BY id LIMIT 1')[0];
    const to = await admin.json<ApiEnvelope>(
      'GET',
      `/api/projects/${String(project?.id)}/series?to=9007199254740992`,
    );
    expect(to.status).toBe(400);
    expect(to.body.ResourceKey).toBe('validate_info');
  });
});

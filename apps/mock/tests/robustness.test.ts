// "A bad request gets the contract's error response, never a crash": every operation called with nonsense
// (wrong path values, junk query strings, wrong bodies, wrong content types), signed in and anonymous.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operations } from '@assessment/sdk';
import { Client, startServer, type TestServer } from './helpers.ts';

let t: TestServer;
let admin: Client;

beforeAll(async () => {
  t = await startServer();
  admin = new Client(t.url);
  await admin.signIn('admin@dell.example');
});
afterAll(async () => {
  await t.close();
});

const PREFIX: Record<string, string> = { portal: '', upload: '/upload-service', ticket: '/support-service' };
const BODIES: (undefined | { json?: unknown; body?: string; headers?: Record<string, string> })[] = [
  undefined,
  { json: { bogus: true, projectId: 'x', collectorRunIds: 'nope', EmailAddresses: 5 } },
  { json: [1, 2, 3] },
  { json: null },
  { body: '{"unterminated', headers: { 'Content-Type': 'application/json' } },
  { body: 'a=1&a=2&UserIds=x', headers: { 'Content-Type': 'application/x-www-form-urlencoded' } },
  {
    body: '--x\r\nContent-Disposition: form-data; name="file"; filename="a.iokit"\r\n\r\nabc',
    headers: { 'Content-Type': 'multipart/form-data; boundary=x' },
  },
  { body: 'plain words', headers: { 'Content-Type': 'text/plain' } },
];

describe('nonsense never crashes the server', () => {
  it('answers every operation with a 2xx/4xx, and every 4xx as the envelope (or the ticket service error)', async () => {
    const crashes: string[] = [];
    const anon = new Client(t.url);
    for (const [id, info] of Object.entries(operations)) {
      const path =
        (PREFIX[info.service] ?? '') +
        info.path.replace(/\{[^}]+\}/g, (m) => (m.includes('id') || m.includes('Id') ? '-1' : 'zz%20top'));
      for (const client of [admin, anon]) {
        for (const body of info.method === 'GET' ? [undefined] : BODIES) {
          const res = await client.request(
            info.method,
            `${path}?PageSize=-4&SortOrder=9&name=&email=not-an-email&collectorId=abc`,
            body,
          );
          const text = await res.text();
          if (res.status >= 500)
            crashes.push(`${id} ${info.method} ${path} → ${res.status} ${text.slice(0, 200)}`);
          else if (res.status >= 400 && info.service !== 'ticket') {
            const env = JSON.parse(text) as { StatusCode?: number; ResourceKey?: string };
            if (env.StatusCode !== res.status || !env.ResourceKey)
              crashes.push(`${id}: not an envelope: ${text.slice(0, 200)}`);
          }
        }
      }
    }
    expect(crashes).toEqual([]);
  });
});

describe('contract agreement found by the conformance run (#13)', () => {
  it.each(['__proto__', 'constructor', 'toString'])(
    'a resource string key that is an object property (%s) is not found',
    async (key) => {
      const r = await admin.request('GET', `/api/message/GetResourceString/${key}`);
      expect(r.status).toBe(404);
    },
  );

  it('answers a method outside the contract with 405 and Allow', async () => {
    const r = await admin.request('PATCH', '/api/projects/1');
    expect(r.status).toBe(405);
    expect(r.headers.get('allow')).toBe('DELETE, GET, HEAD');
    const body = (await r.json()) as { StatusCode: number; ResourceKey: string };
    expect(body.StatusCode).toBe(405);
    expect(body.ResourceKey).toBe('operationnotallowed');
  });

  it('lets anonymous visitors switch the culture cookie (no session needed)', async () => {
    const r = await new Client(t.url).request('POST', '/culture/setculture?culturecode=de-DE');
    expect(r.status).toBe(200);
    expect(r.headers.get('set-cookie')).toContain('culture=de-DE');
  });

  it('setculture stores the culture on the account only when dbUpdateRequired=true (its default is false)', async () => {
    const me = new Client(t.url);
    await me.signIn('staff@dell.example');
    const culture = () => t.server.ctx.repo.userByEmail('staff@dell.example')?.language_culture;
    const before = culture();
    expect((await me.request('POST', '/culture/setculture?culturecode=ja-JP')).status).toBe(200);
    expect(culture()).toBe(before);
    expect(
      (await me.request('POST', '/culture/setculture?culturecode=ja-JP&dbUpdateRequired=true')).status,
    ).toBe(200);
    expect(culture()).toBe('ja-JP');
    await me.request('POST', `/culture/setculture?culturecode=${String(before)}&dbUpdateRequired=true`);
  });

  it('refuses control characters and overlong names on profile save', async () => {
    const profile = { LastName: 'Morgan', PhoneNumber: null, CountryId: 840, LanguageCulture: 'en-US' };
    const me = new Client(t.url);
    await me.signIn('admin@dell.example');
    for (const FirstName of ['A\u0000B', 'A\u202Eb', 'x'.repeat(101)]) {
      const r = await me.request('PUT', '/api/profile', { json: { ...profile, FirstName } });
      expect(r.status, JSON.stringify(FirstName)).toBe(400);
    }
    const ok = await me.request('PUT', '/api/profile', { json: { ...profile, FirstName: 'Avery' } });
    expect(ok.status).toBe(200);
  });
});

// Sign-in throttling (#14 finding 7): 20 wrong passwords, then the right one, must not sign in; the real user is
// let in again once the window has passed, and a success clears the account's count.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiEnvelope } from '@assessment/sdk';
import { SIGN_IN_LIMITS } from '../src/http/throttle.ts';
import { Client, DEMO_PASSWORD, startServer, type TestServer } from './helpers.ts';

let t: TestServer;
let clock = Date.now();
beforeAll(async () => {
  t = await startServer();
  t.server.ctx.now = () => clock;
});
afterAll(async () => {
  await t.close();
});

const signIn = (email: string, password: string) =>
  new Client(t.url).json<ApiEnvelope>('POST', '/api/auth/signin', { json: { email, password } });

describe('sign-in throttling', () => {
  it('refuses the right password after too many wrong ones with 429 and a clear message, and lets the user in after the window', async () => {
    const email = 'staff@dell.example';
    const statuses: number[] = [];
    for (let i = 0; i < 20; i++) statuses.push((await signIn(email, `wrong-${String(i)}`)).status);
    const limit = SIGN_IN_LIMITS.maxFailuresPerAccount;
    expect(statuses.slice(0, limit).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(limit).every((s) => s === 429)).toBe(true);

    const refused = await signIn(email, DEMO_PASSWORD);
    expect(refused.status).toBe(429);
    expect(refused.body.ResourceKey).toBe('signin_throttled');
    expect(refused.body.Message).toMatch(/^Too many failed sign-in attempts\. Try again in 15 minutes\.$/);
    expect(Number(refused.res.headers.get('retry-after'))).toBe(SIGN_IN_LIMITS.windowMs / 1000);
    // Other accounts are not affected.
    expect((await signIn('oem.member@northwind-oem.example', DEMO_PASSWORD)).status).toBe(200);

    clock += SIGN_IN_LIMITS.windowMs;
    expect((await signIn(email, DEMO_PASSWORD)).status).toBe(200);
  });

  it('a successful sign-in clears the account count', async () => {
    const email = 'partner.member@contoso-partners.example';
    for (let i = 0; i < SIGN_IN_LIMITS.maxFailuresPerAccount - 1; i++)
      expect((await signIn(email, 'wrong')).status).toBe(401);
    expect((await signIn(email, DEMO_PASSWORD)).status).toBe(200);
    for (let i = 0; i < SIGN_IN_LIMITS.maxFailuresPerAccount - 1; i++)
      expect((await signIn(email, 'wrong')).status).toBe(401);
    expect((await signIn(email, DEMO_PASSWORD)).status).toBe(200);
  });

  it('throttles one client guessing across many accounts', async () => {
    clock += SIGN_IN_LIMITS.windowMs;
    const statuses: number[] = [];
    for (let i = 0; i < SIGN_IN_LIMITS.maxFailuresPerClient + 1; i++)
      statuses.push((await signIn(`nobody-${String(i)}@contoso-partners.example`, 'wrong')).status);
    expect(statuses.slice(0, SIGN_IN_LIMITS.maxFailuresPerClient).every((s) => s === 401)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    clock += SIGN_IN_LIMITS.windowMs;
    expect((await signIn('enduser@adventure-works.example', DEMO_PASSWORD)).status).toBe(200);
  });
});

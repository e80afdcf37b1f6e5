// Issue #32 (f): a registration's password follows the stated policy (at least 12 characters, the contract's
// minLength; not easy to guess: issue #39, store/password-policy.ts), refused with register_password_weak and a
// reason (ErrorState.Reason, its text in Message); and registration calls are limited per client (429 + Retry-After).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  ApiEnvelope,
  IdEnvelope,
  PasswordWeakness,
  RegistrationRequestWritable as RegistrationRequest,
} from '@assessment/sdk';
import { zRegistrationRequestWritable } from '@assessment/sdk';
import { REGISTRATION_LIMIT } from '../src/handlers/registration.ts';
import { COMMON_PASSWORDS } from '@assessment/sdk';
import { PASSWORD_POLICY } from '../src/store/password-policy.ts';
import { MESSAGES } from '../src/messages.ts';
import { MESSAGE_CULTURES } from '../src/message-cultures/index.ts';
import { Client, startServer, type TestServer } from './helpers.ts';
import { confirmByMail } from './mailbox.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startServer();
});
afterAll(async () => t.close());

let serial = 0;
function form(extra: Partial<RegistrationRequest> = {}): RegistrationRequest {
  serial += 1;
  return {
    RegistrationType: 'user-register',
    Email: `policy.${String(serial)}@policy-company.example`,
    FirstName: 'Policy',
    LastName: 'Person',
    CompanyName: 'Policy Company',
    CountryId: 840,
    PhoneNumber: '+1 555 0100',
    PreferredLanguage: 'en-US',
    Password: 'Tangerine-Orbit-58',
    ...extra,
  };
}
const register = (c: Client, body: RegistrationRequest) =>
  c.json<IdEnvelope & ApiEnvelope>('POST', '/api/register', { json: body });
const accountExists = (email: string): boolean => t.server.ctx.repo.userByEmail(email) !== undefined;

describe('the password policy', () => {
  it('is the contract’s: minLength 12, and a message for register_password_weak', () => {
    const password = zRegistrationRequestWritable.shape.Password;
    expect(password.safeParse('x'.repeat(PASSWORD_POLICY.minLength - 1)).success).toBe(false);
    expect(password.safeParse('x'.repeat(PASSWORD_POLICY.minLength)).success).toBe(true);
    expect(PASSWORD_POLICY.minLength).toBe(12);
    expect(MESSAGES.register_password_weak.message).toMatch(/password/i);
  });

  it('ships a list of common passwords, each long enough that only the list can refuse it', () => {
    expect(COMMON_PASSWORDS.size).toBeGreaterThanOrEqual(40);
    for (const p of COMMON_PASSWORDS) expect(p.length, p).toBeGreaterThanOrEqual(PASSWORD_POLICY.minLength);
    expect(COMMON_PASSWORDS.has('password1234')).toBe(true);
  });

  it('refuses a password shorter than 12 characters by validation, and creates no account', async () => {
    const body = form({ Password: 'Short-pw-11' });
    const r = await register(new Client(t.url), body);
    expect(r.status).toBe(400);
    expect(r.body.ResourceKey).toBe('validate_info');
    expect(accountExists(body.Email)).toBe(false);
  });

  it.each([
    ['on the SDK’s list', 'Password1234', 'register_password_common'],
    ['on the list, other case', 'QWERTY123456', 'register_password_common'],
    ['the demo password', 'Demo-Portal-2026', 'register_password_common'],
    ['a common one changed a little', 'Password1111', 'register_password_common'],
    ['a pattern', 'qwertyqwerty', 'register_password_pattern'],
    ['a word and a year', 'Summer2026!!', 'register_password_guessable'],
    ['the company and a year', 'PolicyCompany2026', 'register_password_personal'],
  ] as const)(
    'refuses a password %s (%s → %s) with register_password_weak, and creates no account',
    async (_what, password, reason: PasswordWeakness) => {
      const body = form({ Password: password });
      const r = await register(new Client(t.url), body);
      expect(r.status).toBe(400);
      expect(r.body.ResourceKey).toBe('register_password_weak');
      expect(r.body.ErrorState).toEqual({ ErrorCode: 'register_password_weak', Reason: reason });
      expect(r.body.Message).toBe(MESSAGES[reason].message);
      expect(accountExists(body.Email)).toBe(false);
    },
  );

  it('refuses the email address as the password, saying why in the caller’s language', async () => {
    const body = form();
    const r = await register(new Client(t.url), { ...body, Password: body.Email.toUpperCase() });
    expect(r.status).toBe(400);
    expect(r.body.ErrorState?.Reason).toBe('register_password_personal');
    expect(r.body.Message).toBe(MESSAGES.register_password_personal.message);
    const german = await new Client(t.url).json<ApiEnvelope>('POST', '/api/register', {
      json: form({ Password: 'Person-Policy-Company' }),
      headers: { Cookie: 'culture=de-DE' },
    });
    expect(german.body.ErrorState?.Reason).toBe('register_password_personal');
    expect(german.body.Message).toBe(MESSAGE_CULTURES['de-DE'].messages.register_password_personal?.[1]);
    expect(accountExists(body.Email)).toBe(false);
  });

  it('accepts a password that follows the policy, and the account signs in with it once its address is confirmed', async () => {
    const body = form();
    const r = await register(new Client(t.url), body);
    expect(r.status).toBe(200);
    await confirmByMail(t, body.Email, body.Password);
    await new Client(t.url).signIn(body.Email, body.Password);
  });
});

describe('registration calls per client', () => {
  it('are limited: past the limit 429 with Retry-After, whatever the outcome of the earlier calls', async () => {
    const s = await startServer();
    try {
      const c = new Client(s.url);
      for (let i = 0; i < REGISTRATION_LIMIT.perClient; i++) {
        const r = await c.json<ApiEnvelope>('POST', '/api/register', {
          json: form({ Password: 'Password1234' }),
        });
        expect(r.status).toBe(400);
      }
      const body = form();
      const limited = await c.json<ApiEnvelope>('POST', '/api/register', { json: body });
      expect(limited.status).toBe(429);
      expect(Number(limited.res.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(s.server.ctx.repo.userByEmail(body.Email)).toBeUndefined();
    } finally {
      await s.close();
    }
  });
});

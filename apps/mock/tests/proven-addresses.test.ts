// Issue #32 "proven addresses": a registration (into an existing company or a new one) creates a Pending account
// that can do nothing until the single-use, expiring link mailed to its address is followed. The mail really goes
// over SMTP (nodemailer) to the embedded development mailbox, or to the server SMTP_URL names; registrations and
// confirmation mails are limited per address (never per email domain, issue #39).
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  ApiEnvelope,
  ContactCheckResult,
  RegistrationRequestWritable as RegistrationRequest,
} from '@assessment/sdk';
import { LanguageCulture, MessageKey, UserStatus, zConfirmRegistrationBody } from '@assessment/sdk';
import { CONFIRMATION_MAIL_TEXTS, lifetimeIn } from '../src/mail/texts.ts';
import { loadConfig, DEFAULT_MAIL_FROM } from '../src/config.ts';
import {
  buildServer,
  isPublicOperation,
  operationServicePrefix,
  SESSION_COOKIE,
} from '../src/http/server.ts';
import { REGISTRATION_LIMIT, RESEND_LIMIT } from '../src/handlers/registration.ts';
import { PENDING, TOKEN_BYTES, tokenHash } from '../src/mail/confirmations.ts';
import { DevMailbox, linksOf } from '../src/mail/dev-mailbox.ts';
import { DEV_MAILBOX_JSON_PATH, DEV_MAILBOX_PATH } from '../src/mail/routes.ts';
import { MESSAGES } from '../src/messages.ts';
import { DEMO_ACCOUNTS, REGISTRATION_DOMAIN } from '../src/store/seed.ts';
import {
  Client,
  DEMO_PASSWORD,
  freshDataDir,
  registrationForm,
  startServer,
  type TestServer,
} from './helpers.ts';
import { confirmationLinkFor, confirmByMail, mailbox, mailSettled } from './mailbox.ts';

const PASSWORD = 'Tangerine-Orbit-58';

const form = (domain: string, extra: Partial<RegistrationRequest> = {}): RegistrationRequest =>
  registrationForm('proof', domain, PASSWORD, extra);

const register = (c: Client, body: RegistrationRequest) =>
  c.json<ApiEnvelope>('POST', '/api/register', { json: body });
/** The account a registration made (the answer names none: it is the same for every address, issue #39). */
const idOf = (email: string): number => t.server.ctx.repo.userByEmail(email)?.id ?? 0;
const confirm = (c: Client, token: string | null, password = PASSWORD) =>
  c.json<ApiEnvelope & { Data: { Email: string } | null }>('POST', '/api/register/confirm', {
    json: { Token: token, Password: password },
  });
const resend = (c: Client, email: string) =>
  c.json<ApiEnvelope>('POST', '/api/register/resend', { json: { Email: email } });
const signIn = (c: Client, email: string, password = PASSWORD) =>
  c.json<ApiEnvelope>('POST', '/api/auth/signin', { json: { email, password } });

let t: TestServer;
beforeAll(async () => {
  t = await startServer();
});
afterAll(async () => t.close());

describe('the rules, stated once', () => {
  it('limits and token size are the stated ones', () => {
    expect(REGISTRATION_LIMIT).toEqual({ perClient: 20, perAddress: 5, windowMs: 3_600_000 });
    expect(RESEND_LIMIT).toEqual({ perAddress: 3, perClient: 20, windowMs: 3_600_000 });
    // 32 random bytes: 256 bits (the issue asks for at least 128), 43 base64url characters.
    expect(TOKEN_BYTES * 8).toBeGreaterThanOrEqual(128);
    expect(TOKEN_BYTES).toBe(32);
    expect(zConfirmRegistrationBody.safeParse({ Token: 'a'.repeat(43), Password: 'x' }).success).toBe(true);
    expect(zConfirmRegistrationBody.safeParse({ Token: 'a'.repeat(42), Password: 'x' }).success).toBe(false);
    // The password chosen at registration is part of a confirmation (issue #32, pre-hijack).
    expect(zConfirmRegistrationBody.safeParse({ Token: 'a'.repeat(43) }).success).toBe(false);
  });

  it('the contract declares the Pending status and the message keys, each with its own text', () => {
    expect(Object.values(UserStatus)).toContain(PENDING);
    for (const key of [
      'account_email_not_confirmed',
      'register_confirm_invalid',
      'register_confirm_used',
      'register_confirm_expired',
      'register_confirm_wrong_password',
      'register_resend_throttled',
      'register_lookup_throttled',
    ] as const) {
      expect(Object.values(MessageKey)).toContain(key);
      expect(MESSAGES[key].message.length, key).toBeGreaterThan(20);
    }
    const texts = new Set(
      [
        MESSAGES.register_confirm_invalid,
        MESSAGES.register_confirm_used,
        MESSAGES.register_confirm_expired,
        MESSAGES.register_confirm_wrong_password,
      ].map((m) => m.message),
    );
    expect(texts.size).toBe(4);
  });

  it('configuration: confirmation links work 24 hours unless CONFIRM_TTL says otherwise; SMTP_URL must be smtp(s)', () => {
    const base = loadConfig({}, []);
    expect(base.confirmTtlSeconds).toBe(86_400);
    expect(base.smtpUrl).toBeNull();
    expect(base.mailFrom).toBe(DEFAULT_MAIL_FROM);
    expect(base.publicUrl).toBeNull();
    expect(loadConfig({ CONFIRM_TTL: '600' }, []).confirmTtlSeconds).toBe(600);
    expect(loadConfig({}, ['--confirm-ttl=60']).confirmTtlSeconds).toBe(60);
    expect(loadConfig({ SMTP_URL: 'smtp://u:p@mail.example.com:587' }, []).smtpUrl).toBe(
      'smtp://u:p@mail.example.com:587',
    );
    expect(() => loadConfig({ SMTP_URL: 'http://mail.example.com' }, [])).toThrow(/SMTP_URL/);
    expect(loadConfig({ PUBLIC_URL: 'https://portal.example.com/x' }, []).publicUrl).toBe(
      'https://portal.example.com',
    );
    expect(() => loadConfig({ PUBLIC_URL: 'javascript:alert(1)' }, [])).toThrow(/PUBLIC_URL/);
  });
});

describe('a registration into an existing company', () => {
  const email = `joiner@${REGISTRATION_DOMAIN}`;
  let teamId = 0;
  let userId = 0;

  it('creates a Pending account in the company and mails a confirmation link over SMTP', async () => {
    await mailSettled(t);
    const before = (await mailbox(t)).length;
    const r = await register(
      new Client(t.url),
      form(REGISTRATION_DOMAIN, { Email: email, RegistrationType: 'partner-register' }),
    );
    expect(r.status).toBe(200);
    userId = idOf(email);
    const user = t.server.ctx.repo.user(userId);
    expect(user?.status).toBe('Pending');
    teamId = user?.team_id ?? 0;
    expect(teamId).toBeGreaterThan(0);
    await mailSettled(t);
    const mails = await mailbox(t);
    expect(mails.length).toBe(before + 1);
    const mail = mails[0];
    expect(mail?.to).toEqual([email]);
    expect(mail?.subject).toBe('Confirm your email address');
    expect(mail?.from).toBe('no-reply@assessment.invalid');
    const link = await confirmationLinkFor(t, email);
    // The listen address (PUBLIC_URL unset), never the request's Host (issue #39).
    expect(link.origin).toBe(t.url);
    expect(link.origin).toBe(t.server.ctx.publicOrigin());
    expect(link.searchParams.get('token')).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('signing in with the right password is refused with account_email_not_confirmed and no session', async () => {
    const c = new Client(t.url);
    const r = await signIn(c, email);
    expect(r.status).toBe(403);
    expect(r.body.ResourceKey).toBe('account_email_not_confirmed');
    expect(c.cookie).toBe('');
    expect(r.res.headers.getSetCookie().some((h) => h.startsWith(`${SESSION_COOKIE}=`))).toBe(false);
    // A wrong password says nothing about the pending state.
    const wrong = await signIn(new Client(t.url), email, 'Not-The-Password-1');
    expect(wrong.status).toBe(401);
    expect(wrong.body.ResourceKey).toBe('validate_info');
  });

  it('even with a session forged into the store, every session-only operation refuses it (401)', async () => {
    const token = t.server.ctx.repo.createSession(userId, 3600);
    const operations = t.server.contract.operations.filter((op) => !isPublicOperation(op));
    expect(operations.length).toBeGreaterThan(40);
    const answered: string[] = [];
    for (const op of operations) {
      const url = op.path.replace(/\{[^}]+\}/g, (name) =>
        name === '{teamId}' ? String(teamId) : String(userId),
      );
      const r = await t.server.app.inject({
        method: op.method as 'GET',
        url: operationServicePrefix(op) + url,
        cookies: { [SESSION_COOKIE]: token },
      });
      if (r.statusCode !== 401) answered.push(`${op.operationId} ${String(r.statusCode)}`);
    }
    expect(answered).toEqual([]);
    // Its company's people in particular: GET /api/teams/{its team} names nobody.
    const team = await t.server.app.inject({
      method: 'GET',
      url: `/api/teams/${String(teamId)}`,
      cookies: { [SESSION_COOKIE]: token },
    });
    expect(team.statusCode).toBe(401);
    expect(team.body).not.toContain(`east.admin@${REGISTRATION_DOMAIN}`);
    expect(team.body).not.toContain(`west.admin@${REGISTRATION_DOMAIN}`);
    const viewer = await t.server.app.inject({
      method: 'GET',
      url: '/api/viewer',
      cookies: { [SESSION_COOKIE]: token },
    });
    expect((JSON.parse(viewer.body) as { user: unknown }).user).toBeNull();
  });

  it('the link confirms it once: the account signs in and reads its team; the same link again is register_confirm_used', async () => {
    const token = (await confirmationLinkFor(t, email)).searchParams.get('token');
    const ok = await confirm(new Client(t.url), token);
    expect(ok.status).toBe(200);
    expect(ok.body.Data?.Email).toBe(email);
    expect(t.server.ctx.repo.user(userId)?.status).toBe('Active');
    const again = await confirm(new Client(t.url), token);
    expect(again.status).toBe(410);
    expect(again.body.ResourceKey).toBe('register_confirm_used');
    const c = new Client(t.url);
    expect((await signIn(c, email)).status).toBe(200);
    const team = await c.json<{ Members?: unknown }>('GET', `/api/teams/${String(teamId)}`);
    expect(team.status).toBe(200);
  });

  it('an unknown token is register_confirm_invalid; a malformed one is refused by the contract', async () => {
    const unknown = await confirm(new Client(t.url), 'A'.repeat(43));
    expect(unknown.status).toBe(400);
    expect(unknown.body.ResourceKey).toBe('register_confirm_invalid');
    const malformed = await confirm(new Client(t.url), 'short');
    expect(malformed.status).toBe(400);
    expect(malformed.body.ResourceKey).toBe('validate_info');
  });

  it('stores only the SHA-256 of a token, never the token', async () => {
    const body = form('hash-check.example');
    expect((await register(new Client(t.url), body)).status).toBe(200);
    const token = (await confirmationLinkFor(t, body.Email)).searchParams.get('token') ?? '';
    const rows = t.server.ctx.repo.all<{ token_hash: string }>('SELECT token_hash FROM email_confirmations');
    expect(rows.map((r) => r.token_hash)).toContain(createHash('sha256').update(token).digest('hex'));
    expect(tokenHash(token)).toMatch(/^[0-9a-f]{64}$/);
    const dump = JSON.stringify(t.server.ctx.repo.all('SELECT * FROM email_confirmations'));
    expect(dump).not.toContain(token);
  });
});

describe('a registration of a new company', () => {
  it('creates the company only when the account is confirmed; the account is then its admin', async () => {
    const domain = 'brand-new-company.example';
    const body = form(domain, { CompanyName: 'Brand New Company' });
    const r = await register(new Client(t.url), body);
    expect(r.status).toBe(200);
    const id = idOf(body.Email);
    expect(t.server.ctx.repo.user(id)).toMatchObject({ status: 'Pending', team_id: null, is_admin: 1 });
    expect(t.server.ctx.repo.all('SELECT * FROM teams WHERE domain = ?', domain)).toEqual([]);
    // Nobody registering next on the domain sees a company yet.
    const lookup = await new Client(t.url).json<ContactCheckResult>(
      'GET',
      `/api/contact/check?email=${encodeURIComponent(`next@${domain}`)}`,
    );
    expect(lookup.body.FoundCompany).toBe(false);
    const refused = await signIn(new Client(t.url), body.Email);
    expect(refused.body.ResourceKey).toBe('account_email_not_confirmed');
    await confirmByMail(t, body.Email, PASSWORD);
    const teams = t.server.ctx.repo.all<{ id: number; name: string }>(
      'SELECT id, name FROM teams WHERE domain = ?',
      domain,
    );
    expect(teams.map((x) => x.name)).toEqual(['Brand New Company']);
    expect(t.server.ctx.repo.user(id)).toMatchObject({
      status: 'Active',
      team_id: teams[0]?.id,
      is_admin: 1,
    });
    const c = new Client(t.url);
    expect((await signIn(c, body.Email)).status).toBe(200);
  });
});

describe('registering an address again', () => {
  it('while its link works replaces the pending registration (issue #39): same answer, the newest link and password', async () => {
    const body = form('again.example');
    const first = await register(new Client(t.url), body);
    expect(first.status).toBe(200);
    const again = await register(new Client(t.url), { ...body, Password: 'Another-Orbit-77' });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    await confirmByMail(t, body.Email, 'Another-Orbit-77');
    expect((await signIn(new Client(t.url), body.Email, 'Another-Orbit-77')).status).toBe(200);
  });
});

describe('user administration of a pending account', () => {
  it('cannot disable it (and so cannot enable it past its confirmation)', async () => {
    const body = form('admin-bypass.example');
    await register(new Client(t.url), body);
    const id = idOf(body.Email);
    const admin = new Client(t.url);
    await admin.signIn('admin@dell.example');
    const disabled = await admin.json<ApiEnvelope & { Data: unknown }>('POST', '/api/group/accounts', {
      json: { actionType: 'disable', accountIds: [id], disableNote: 'x' },
    });
    expect(JSON.stringify(disabled.body)).toContain('operationnotallowed');
    expect(t.server.ctx.repo.user(id)?.status).toBe('Pending');
    await admin.json('POST', '/api/group/accounts', { json: { actionType: 'enable', accountIds: [id] } });
    expect(t.server.ctx.repo.user(id)?.status).toBe('Pending');
  });
});

describe('confirmation links expire (clock injected)', () => {
  it('past CONFIRM_TTL a link is register_confirm_expired; a lapsed registration may be made again', async () => {
    let now = Date.UTC(2026, 0, 5, 9, 0, 0);
    const dataDir = freshDataDir();
    const config = loadConfig({}, [], {
      host: '127.0.0.1',
      port: 0,
      dataDir,
      timeScale: 0.01,
      portalDist: `${dataDir}/no-portal`,
      confirmTtlSeconds: 600,
    });
    const server = await buildServer(config, { now: () => now });
    const url = await server.app.listen({ host: '127.0.0.1', port: 0 });
    try {
      const s = { url, server };
      const body = form('expiry.example');
      expect((await register(new Client(url), body)).status).toBe(200);
      const first = (await confirmationLinkFor(s, body.Email)).searchParams.get('token');
      now += 600 * 1000;
      const expired = await confirm(new Client(url), first);
      expect(expired.status).toBe(410);
      expect(expired.body.ResourceKey).toBe('register_confirm_expired');
      // Lapsed: the address is free again, and the new registration's link works within its lifetime.
      const again = await register(new Client(url), { ...body, Password: 'Another-Orbit-77' });
      expect(again.status).toBe(200);
      const second = (await confirmationLinkFor(s, body.Email)).searchParams.get('token');
      expect(second).not.toBe(first);
      now += 599 * 1000;
      expect((await confirm(new Client(url), second, 'Another-Orbit-77')).status).toBe(200);
      expect((await signIn(new Client(url), body.Email, 'Another-Orbit-77')).status).toBe(200);
    } finally {
      await server.close();
    }
  });
});

describe('mailing the link again', () => {
  it('replaces the earlier link, answers an unknown address alike, and is limited per address', async () => {
    const s = await startServer();
    try {
      const body = form('resend.example');
      expect((await register(new Client(s.url), body)).status).toBe(200);
      const first = (await confirmationLinkFor(s, body.Email)).searchParams.get('token');
      const before = (await mailbox(s)).length;
      const r = await resend(new Client(s.url), body.Email);
      expect(r.status).toBe(200);
      await mailSettled(s);
      expect((await mailbox(s)).length).toBe(before + 1);
      const second = (await confirmationLinkFor(s, body.Email)).searchParams.get('token');
      expect(second).not.toBe(first);
      expect((await confirm(new Client(s.url), first)).body.ResourceKey).toBe('register_confirm_invalid');
      // An address without a pending registration: the same answer, no mail.
      const unknown = await resend(new Client(s.url), 'nobody@resend.example');
      expect(unknown.status).toBe(200);
      expect(unknown.body).toEqual(r.body);
      const active = await resend(new Client(s.url), 'enduser@adventure-works.example');
      expect(active.status).toBe(200);
      await mailSettled(s);
      expect((await mailbox(s)).length).toBe(before + 1);
      // Per address: RESEND_LIMIT.perAddress calls in the window, then 429 (from any client).
      for (let i = 1; i < RESEND_LIMIT.perAddress; i++)
        expect((await resend(new Client(s.url), body.Email)).status).toBe(200);
      const limited = await resend(new Client(s.url), body.Email.toUpperCase());
      expect(limited.status).toBe(429);
      expect(limited.body.ResourceKey).toBe('register_resend_throttled');
      expect(Number(limited.res.headers.get('retry-after'))).toBeGreaterThan(0);
      await mailSettled(s);
      expect((await mailbox(s)).length).toBe(before + RESEND_LIMIT.perAddress);
      // The newest link still works.
      await confirmByMail(s, body.Email, PASSWORD);
    } finally {
      await s.close();
    }
  });
});

describe('the development mailbox', () => {
  it('lists the mail on a page, the confirm link clickable, everything escaped, under the strict CSP', async () => {
    const body = form('page-check.example', { FirstName: '<img src=x onerror=alert(1)>' });
    expect((await register(new Client(t.url), body)).status).toBe(200);
    const link = await confirmationLinkFor(t, body.Email);
    const res = await fetch(t.url + DEV_MAILBOX_PATH);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
    const html = await res.text();
    expect(html).toContain(
      `<a href="${link.href.replace(/[&<>"'`=/]/g, (c) => `&#${String(c.charCodeAt(0))};`)}">`,
    );
    expect(html).not.toContain('<img');
    expect(html).toContain('&#60;img');
  });

  it('answers only callers on this machine', async () => {
    for (const path of [DEV_MAILBOX_PATH, DEV_MAILBOX_JSON_PATH]) {
      const r = await t.server.app.inject({ method: 'GET', url: path, remoteAddress: '203.0.113.7' });
      expect(r.statusCode, path).toBe(404);
      expect(r.body).not.toContain('register/confirm');
    }
  });

  it('finds the http(s) links of a text', () => {
    expect(linksOf('a http://x.example/a?b=c, then https://y.example/ and mailto:z@x.example')).toEqual([
      'http://x.example/a?b=c,',
      'https://y.example/',
    ]);
  });
});

describe('SMTP_URL: mail to a configured server', () => {
  it('sends the confirmation there, links to PUBLIC_URL, and serves no development mailbox', async () => {
    const external = await DevMailbox.start();
    const s = await startServer({
      smtpUrl: `smtp://127.0.0.1:${String(external.port)}`,
      mailFrom: 'Portal <portal@mail.example>',
      publicUrl: 'https://portal.example.com',
    });
    try {
      expect(s.server.ctx.mailer.devMailbox).toBeNull();
      const body = form('smtp-url.example');
      expect((await register(new Client(s.url), body)).status).toBe(200);
      await mailSettled(s);
      const mail = external.list()[0];
      expect(mail?.to).toEqual([body.Email]);
      expect(mail?.from).toBe('portal@mail.example');
      const link = new URL(mail?.links[0] ?? '');
      expect(`${link.origin}${link.pathname}`).toBe('https://portal.example.com/register/confirm');
      expect((await fetch(s.url + DEV_MAILBOX_JSON_PATH)).status).toBe(404);
      expect((await fetch(s.url + DEV_MAILBOX_PATH)).status).toBe(404);
    } finally {
      await s.close();
      await external.close();
    }
  });

  it('a server that does not answer leaves the account pending and the registration answered', async () => {
    const s = await startServer({ smtpUrl: 'smtp://127.0.0.1:9' });
    try {
      const body = form('smtp-down.example');
      const r = await register(new Client(s.url), body);
      expect(r.status).toBe(200);
      expect(s.server.ctx.repo.userByEmail(body.Email)?.status).toBe('Pending');
    } finally {
      await s.close();
    }
  });
});

describe('the confirmation mail in the person’s language', () => {
  it('has its words in every culture the portal offers, each translated', () => {
    const cultures = Object.values(LanguageCulture);
    expect(Object.keys(CONFIRMATION_MAIL_TEXTS).sort()).toEqual([...cultures].sort());
    const english = CONFIRMATION_MAIL_TEXTS['en-US'];
    for (const culture of cultures.filter((c) => c !== 'en-US')) {
      const words = CONFIRMATION_MAIL_TEXTS[culture];
      for (const key of Object.keys(english) as (keyof typeof english)[])
        expect(words[key], `${culture} ${key}`).not.toBe(english[key]);
      expect(words.greeting).toContain('{name}');
      expect(words.lifetime).toContain('{lifetime}');
    }
  });

  it('names the lifetime’s unit in the language: hours, or minutes under an hour', () => {
    expect(lifetimeIn('en-US', 86_400)).toBe('24 hours');
    expect(lifetimeIn('de-DE', 86_400)).toBe('24 Stunden');
    expect(lifetimeIn('en-US', 600)).toBe('10 minutes');
    expect(lifetimeIn('en-US', 3600)).toBe('1 hour');
  });

  it('a registration in German gets the German mail, the link intact', async () => {
    const body = form('sprache.example', { PreferredLanguage: 'de-DE', FirstName: 'Jürgen' });
    expect((await register(new Client(t.url), body)).status).toBe(200);
    const link = await confirmationLinkFor(t, body.Email);
    const mail = (await mailbox(t)).find((m) => m.to.includes(body.Email));
    expect(mail?.subject).toBe(CONFIRMATION_MAIL_TEXTS['de-DE'].subject);
    expect(mail?.text).toContain('Hallo Jürgen,');
    expect(mail?.text).toContain('24 Stunden');
    expect(mail?.text).toContain(link.href);
  });
});

describe('seeded demo accounts', () => {
  it('stay confirmed: none is pending, and they sign in', async () => {
    expect(DEMO_ACCOUNTS.length).toBeGreaterThan(3);
    for (const account of DEMO_ACCOUNTS)
      expect(t.server.ctx.repo.userByEmail(account.email)?.status, account.email).not.toBe(PENDING);
    expect((await signIn(new Client(t.url), 'admin@dell.example', DEMO_PASSWORD)).status).toBe(200);
  });
});

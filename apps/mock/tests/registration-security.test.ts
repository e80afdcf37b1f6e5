// Issue #39 items 1 and 6, what an attacker got through registration:
// - someone else's address proven: the mailed link was built from the request's Host / X-Forwarded-Host, a pending
//   registration kept the real owner out for 24 hours, and 10 registrations an hour locked a whole email domain;
// - account enumeration: register answered differently for a new, an existing and a pending address, and a resend
//   took 110 ms for a pending address (its mail was sent before the answer) and 2 ms otherwise.
// Links now come from configuration (PUBLIC_URL, else the listen address), forwarded headers only from
// TRUSTED_PROXIES, a pending address is replaced by whoever registers it again, nothing is limited per domain,
// register answers alike and the mail says which case it was, mail leaves after the answer, and the stage-one
// lookups (which keep the spec's EmailAlreadyExists flag) are limited per client.
import { readdirSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  ApiEnvelope,
  ContactCheckResult,
  RegistrationRequestWritable as RegistrationRequest,
} from '@assessment/sdk';
import { MessageKey } from '@assessment/sdk';
import { listenOrigin, loadConfig, publicOriginNote } from '../src/config.ts';
import { LOOKUP_LIMIT, REGISTRATION_LIMIT } from '../src/handlers/registration.ts';
import { PENDING } from '../src/mail/confirmations.ts';
import type { OutgoingMail } from '../src/mail/mailer.ts';
import { CONFIRMATION_MAIL_TEXTS, EXISTING_ACCOUNT_MAIL_TEXTS } from '../src/mail/texts.ts';
import { MESSAGES } from '../src/messages.ts';
import { MESSAGE_CULTURES } from '../src/message-cultures/index.ts';
import { REGISTRATION_DOMAIN } from '../src/store/seed.ts';
import { Client, DEMO_PASSWORD, registrationForm, startServer, type TestServer } from './helpers.ts';
import { confirmationLinkFor, mailbox, mailSettled } from './mailbox.ts';

const STRANGER_PASSWORD = 'Stranger-Quartz-64';
const OWNER_PASSWORD = 'Owner-Meadow-27';

const form = (domain: string, extra: Partial<RegistrationRequest> = {}): RegistrationRequest =>
  registrationForm('secure', domain, STRANGER_PASSWORD, extra);

const register = (url: string, body: RegistrationRequest) =>
  new Client(url).json<ApiEnvelope & { Data: unknown }>('POST', '/api/register', { json: body });
const confirm = (url: string, token: string | null, password: string) =>
  new Client(url).json<ApiEnvelope>('POST', '/api/register/confirm', {
    json: { Token: token, Password: password },
  });
const tokenFor = async (s: Pick<TestServer, 'url'>, email: string): Promise<string | null> =>
  (await confirmationLinkFor(s, email)).searchParams.get('token');
/** The mail to an address, newest first, once every mail posted so far has left. */
const mailTo = async (s: TestServer, email: string) => {
  await mailSettled(s);
  return (await mailbox(s)).filter((m) => m.to.includes(email.toLowerCase()));
};

let t: TestServer;
beforeAll(async () => {
  t = await startServer();
});
afterAll(async () => t.close());

describe('links in mail come from configuration, never from the request', () => {
  it('a forged Host and X-Forwarded-Host do not move the link: it is the listen address when PUBLIC_URL is unset', async () => {
    const body = form('forged-host.example');
    const r = await t.server.app.inject({
      method: 'POST',
      url: '/api/register',
      headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' },
      payload: body,
    });
    expect(r.statusCode).toBe(200);
    const link = await confirmationLinkFor(t, body.Email);
    expect(link.origin).toBe(new URL(t.url).origin);
    expect(link.origin).toBe(t.server.ctx.publicOrigin());
  });

  it('not even from a trusted proxy: links go to PUBLIC_URL, or the listen address', async () => {
    const s = await startServer({ trustedProxies: ['127.0.0.1'] });
    try {
      const body = form('proxied-host.example');
      await s.server.app.inject({
        method: 'POST',
        url: '/api/register',
        headers: { 'x-forwarded-host': 'evil.example' },
        payload: body,
      });
      expect((await confirmationLinkFor(s, body.Email)).origin).toBe(new URL(s.url).origin);
    } finally {
      await s.close();
    }
  });

  it('configuration: TRUSTED_PROXIES takes IPs and CIDRs (none by default); the listen origin; the start-up line', () => {
    expect(loadConfig({}, []).trustedProxies).toEqual([]);
    expect(loadConfig({ TRUSTED_PROXIES: '10.0.0.0/8, 127.0.0.1 ::1' }, []).trustedProxies).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
      '::1',
    ]);
    expect(() => loadConfig({ TRUSTED_PROXIES: 'proxy.example' }, [])).toThrow(/TRUSTED_PROXIES/);
    expect(() => loadConfig({ TRUSTED_PROXIES: '10.0.0.0/33' }, [])).toThrow(/TRUSTED_PROXIES/);
    expect(listenOrigin({ host: '127.0.0.1', tls: null }, 8080)).toBe('http://127.0.0.1:8080');
    expect(listenOrigin({ host: '0.0.0.0', tls: null }, 8080)).toBe('http://localhost:8080');
    expect(listenOrigin({ host: '::1', tls: { certFile: 'c', keyFile: 'k' } }, 8443)).toBe(
      'https://[::1]:8443',
    );
    expect(publicOriginNote({ publicUrl: null }, 'http://127.0.0.1:8080')).toBe(
      "Links in mail point to http://127.0.0.1:8080, the listen address: set PUBLIC_URL to the portal's public origin.",
    );
    expect(
      publicOriginNote({ publicUrl: 'https://portal.example.com' }, 'https://portal.example.com'),
    ).toBeNull();
  });
});

describe('forwarded headers are believed only from configured proxies', () => {
  const rename = (s: TestServer, cookie: string, projectId: number, headers: Record<string, string>) =>
    s.server.app.inject({
      method: 'POST',
      url: `/project/update/${String(projectId)}?name=Renamed`,
      headers: { cookie, ...headers },
    });
  const signedIn = async (s: TestServer): Promise<{ cookie: string; projectId: number }> => {
    const c = new Client(s.url);
    await c.signIn('enduser@adventure-works.example');
    const me = s.server.ctx.repo.userByEmail('enduser@adventure-works.example');
    return {
      cookie: c.cookie,
      projectId: s.server.ctx.repo.createProject('Guarded', me?.id ?? -1, [], Date.now()),
    };
  };

  it('a write from another origin stays refused when its sender claims that origin in X-Forwarded-Host', async () => {
    const { cookie, projectId } = await signedIn(t);
    const r = await rename(t, cookie, projectId, {
      origin: 'http://evil.example',
      'x-forwarded-host': 'evil.example',
    });
    expect(r.statusCode).toBe(403);
    expect(t.server.ctx.repo.project(projectId)?.name).toBe('Guarded');
  });

  it('behind a trusted proxy, its X-Forwarded-Host is the origin a same-origin write comes from', async () => {
    const s = await startServer({ trustedProxies: ['127.0.0.1'] });
    try {
      const { cookie, projectId } = await signedIn(s);
      const r = await rename(s, cookie, projectId, {
        origin: 'https://portal.example.com',
        'x-forwarded-host': 'portal.example.com',
      });
      expect(r.statusCode).toBe(200);
      // From a peer that is not the proxy, the same headers are a foreign write.
      const direct = await s.server.app.inject({
        method: 'POST',
        url: `/project/update/${String(projectId)}?name=Again`,
        remoteAddress: '198.51.100.7',
        headers: { cookie, origin: 'https://portal.example.com', 'x-forwarded-host': 'portal.example.com' },
      });
      expect(direct.statusCode).toBe(403);
    } finally {
      await s.close();
    }
  });
});

describe('a pending registration never blocks the owner of the address', () => {
  it('the owner registering it again wins: new details and password, a fresh link; the stranger’s link stops working', async () => {
    const email = `victim.${String(Date.now())}@${REGISTRATION_DOMAIN}`;
    const stranger = await register(t.url, form(REGISTRATION_DOMAIN, { Email: email, FirstName: 'Mallory' }));
    expect(stranger.status).toBe(200);
    const strangerToken = await tokenFor(t, email);
    const owner = await register(
      t.url,
      form(REGISTRATION_DOMAIN, { Email: email, FirstName: 'Victoria', Password: OWNER_PASSWORD }),
    );
    expect(owner.status).toBe(200);
    expect(owner.body).toEqual(stranger.body);
    const [fresh] = await mailTo(t, email);
    expect(fresh?.text).toContain('Hello Victoria,');
    expect(fresh?.text).toContain(CONFIRMATION_MAIL_TEXTS['en-US'].again);
    const ownerToken = await tokenFor(t, email);
    expect(ownerToken).not.toBe(strangerToken);
    expect((await confirm(t.url, strangerToken, STRANGER_PASSWORD)).body.ResourceKey).toBe(
      'register_confirm_invalid',
    );
    // Still one account: the pending one replaced, not a second one.
    expect(t.server.ctx.repo.all('SELECT id FROM users WHERE email = ?', email)).toHaveLength(1);
    expect((await confirm(t.url, ownerToken, STRANGER_PASSWORD)).body.ResourceKey).toBe(
      'register_confirm_wrong_password',
    );
    expect((await confirm(t.url, ownerToken, OWNER_PASSWORD)).status).toBe(200);
    const user = t.server.ctx.repo.userByEmail(email);
    expect(user?.first_name).toBe('Victoria');
    await new Client(t.url).signIn(email, OWNER_PASSWORD);
  });

  it('the stage-one lookup answers a pending address as a new one, so the portal lets its owner register it', async () => {
    const body = form(REGISTRATION_DOMAIN);
    await register(t.url, body);
    const check = (email: string) =>
      new Client(t.url).json<ContactCheckResult>(
        'GET',
        `/api/contact/check?email=${encodeURIComponent(email)}`,
      );
    const pending = await check(body.Email);
    const fresh = await check(`never.registered@${REGISTRATION_DOMAIN}`);
    expect(pending.body).toEqual(fresh.body);
    expect(pending.body.EmailAlreadyExists).toBe(false);
    expect(pending.body.CanContinue).toBe(true);
  });

  it('the company to be of the first registration is replaced by the newest one’s', async () => {
    const domain = `replaced-${String(Date.now())}.example`;
    const body = form(domain);
    await register(t.url, body);
    const pending = t.server.ctx.repo.userByEmail(body.Email);
    expect(
      t.server.ctx.repo.all('SELECT * FROM pending_companies WHERE user_id = ?', pending?.id ?? 0),
    ).toHaveLength(1);
    // The same address again, now with another company name: still one company to be, the newest.
    const again = await register(t.url, {
      ...body,
      CompanyName: 'Proper Holdings',
      Password: OWNER_PASSWORD,
    });
    expect(again.status).toBe(200);
    expect(
      t.server.ctx.repo.all<{ name: string }>(
        'SELECT name FROM pending_companies WHERE user_id = ?',
        pending?.id ?? 0,
      ),
    ).toEqual([{ name: 'Proper Holdings' }]);
  });
});

describe('no throttle lets a stranger lock out a company’s domain', () => {
  it('more registrations on one domain than the old per-domain limit (10) all pass; one address is limited on its own', async () => {
    const s = await startServer();
    try {
      const domain = 'busy-domain.example';
      for (let i = 0; i < 12; i++) expect((await register(s.url, form(domain))).status).toBe(200);
      // Per address (each registration mails it): REGISTRATION_LIMIT.perAddress, then 429 with Retry-After.
      const body = form(domain);
      for (let i = 0; i < REGISTRATION_LIMIT.perAddress; i++)
        expect((await register(s.url, body)).status).toBe(200);
      const limited = await register(s.url, { ...body, Email: body.Email.toUpperCase() });
      expect(limited.status).toBe(429);
      expect(limited.body.ResourceKey).toBe('register_resend_throttled');
      expect(Number(limited.res.headers.get('retry-after'))).toBeGreaterThan(0);
      // The domain's other addresses are not affected.
      expect((await register(s.url, form(domain))).status).toBe(200);
    } finally {
      await s.close();
    }
  });

  it('the limits are per client and per address; the per-domain message key is answered nowhere', () => {
    expect(REGISTRATION_LIMIT).toEqual({ perClient: 20, perAddress: 5, windowMs: 3_600_000 });
    // register_domain_throttled stays declared for old clients (its text), but no source of the server answers it.
    const sources = readdirSync(new URL('../src/handlers/', import.meta.url)).map((f) =>
      readFileSync(new URL(`../src/handlers/${f}`, import.meta.url), 'utf8'),
    );
    expect(sources.filter((text) => text.includes("'register_domain_throttled'"))).toEqual([]);
  });
});

describe('register answers alike for a new, an existing and a pending address; the mail says which', () => {
  it('same status and body; the new address gets a link, the pending one a fresh link, the account a sign-in mail', async () => {
    const fresh = form('alike.example');
    const pending = form('alike.example');
    await register(t.url, pending);
    const existing = 'enduser@adventure-works.example';
    const before = t.server.ctx.repo.userByEmail(existing);
    const answers = [
      await register(t.url, fresh),
      await register(t.url, { ...pending, Password: OWNER_PASSWORD }),
      await register(t.url, form('adventure-works.example', { Email: existing, Password: OWNER_PASSWORD })),
      await register(t.url, form(REGISTRATION_DOMAIN, { Email: `inactive.partner@${REGISTRATION_DOMAIN}` })),
    ];
    for (const a of answers) {
      expect(a.status).toBe(200);
      expect(a.body).toEqual({
        StatusCode: 200,
        ResourceKey: null,
        ErrorState: null,
        Message: null,
        Data: null,
      });
    }
    expect(t.server.ctx.repo.userByEmail(fresh.Email)?.status).toBe(PENDING);
    const [newMail] = await mailTo(t, fresh.Email);
    expect(newMail?.subject).toBe(CONFIRMATION_MAIL_TEXTS['en-US'].subject);
    expect(newMail?.text).not.toContain(CONFIRMATION_MAIL_TEXTS['en-US'].again);
    const [pendingMail] = await mailTo(t, pending.Email);
    expect(pendingMail?.text).toContain(CONFIRMATION_MAIL_TEXTS['en-US'].again);
    // The account is told it exists, with a link to sign in and none to confirm; nothing about it changes.
    const [existingMail] = await mailTo(t, existing);
    expect(existingMail?.subject).toBe(EXISTING_ACCOUNT_MAIL_TEXTS['en-US'].subject);
    expect(existingMail?.text).toContain(EXISTING_ACCOUNT_MAIL_TEXTS['en-US'].action);
    expect(existingMail?.links).toEqual([`${new URL(t.url).origin}/auth/login`]);
    expect(t.server.ctx.repo.userByEmail(existing)).toEqual(before);
    await new Client(t.url).signIn(existing, DEMO_PASSWORD);
    const [inactiveMail] = await mailTo(t, `inactive.partner@${REGISTRATION_DOMAIN}`);
    expect(inactiveMail?.subject).toBe(EXISTING_ACCOUNT_MAIL_TEXTS['en-US'].subject);
  });

  it('the rules of a domain refuse an existing account’s address as they refuse a new one', async () => {
    const oem = (Email: string) =>
      form('northwind-oem.example', { Email, RegistrationType: 'partner-register' });
    const existing = await register(t.url, oem('oem.member@northwind-oem.example'));
    const fresh = await register(t.url, oem('someone.else@northwind-oem.example'));
    expect(existing.status).toBe(400);
    expect(existing.body).toEqual(fresh.body);
    expect(existing.body.ResourceKey).toBe('register_contact_oem');
  });

  it('the mail to an existing account has its words in every culture, each translated', () => {
    const english = EXISTING_ACCOUNT_MAIL_TEXTS['en-US'];
    expect(Object.keys(EXISTING_ACCOUNT_MAIL_TEXTS).sort()).toEqual(
      Object.keys(CONFIRMATION_MAIL_TEXTS).sort(),
    );
    for (const [culture, words] of Object.entries(EXISTING_ACCOUNT_MAIL_TEXTS)) {
      expect(words.greeting, culture).toContain('{name}');
      if (culture === 'en-US') continue;
      for (const key of Object.keys(english) as (keyof typeof english)[])
        expect(words[key], `${culture} ${key}`).not.toBe(english[key]);
    }
  });
});

describe('register and resend do the same work for any address: the mail leaves after the answer', () => {
  it('with the mail server holding every message, each answers at once, alike; only then do the mails leave', async () => {
    const s = await startServer();
    const held: OutgoingMail[] = [];
    let release = (): void => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const send = s.server.ctx.mailer.send;
    s.server.ctx.mailer.send = async (mail) => {
      held.push(mail);
      await gate;
      await send(mail);
    };
    try {
      const pending = form('held-mail.example');
      // Each answer arrives while the mails before it are still held: no answer waits for a mail.
      const registered = await register(s.url, pending);
      const existing = await register(
        s.url,
        form('adventure-works.example', { Email: 'enduser@adventure-works.example' }),
      );
      expect(existing.body).toEqual(registered.body);
      const resend = (Email: string) =>
        new Client(s.url).json<ApiEnvelope>('POST', '/api/register/resend', { json: { Email } });
      const toPending = await resend(pending.Email);
      const toUnknown = await resend('nobody@held-mail.example');
      const toActive = await resend('enduser@adventure-works.example');
      expect([toPending.status, toUnknown.status, toActive.status]).toEqual([200, 200, 200]);
      expect(toUnknown.body).toEqual(toPending.body);
      expect(toActive.body).toEqual(toPending.body);
      expect(held.map((m) => m.to)).toEqual([
        pending.Email,
        'enduser@adventure-works.example',
        pending.Email,
      ]);
      expect(await mailbox(s)).toEqual([]);
      release();
      await mailSettled(s);
      expect((await mailbox(s)).length).toBe(3);
    } finally {
      release();
      await s.close();
    }
  });
});

describe('the stage-one lookups are limited per client', () => {
  const lookup = (s: TestServer, path: string, ip?: string) =>
    s.server.app.inject({
      method: 'GET',
      url: path,
      headers: ip === undefined ? {} : { 'x-forwarded-for': ip },
    });

  it('past the limit (contact and capture checks together) 429 register_lookup_throttled with Retry-After; EmailAlreadyExists stays', async () => {
    const s = await startServer({ trustedProxies: ['127.0.0.1'] });
    try {
      const first = await lookup(
        s,
        '/api/contact/check?email=enduser%40adventure-works.example',
        '203.0.113.1',
      );
      expect(first.json<{ EmailAlreadyExists: boolean }>().EmailAlreadyExists).toBe(true);
      for (let i = 1; i < LOOKUP_LIMIT.perClient; i++) {
        const path = i % 2 === 0 ? '/api/contact/check' : '/api/capture/check';
        expect((await lookup(s, `${path}?email=n${String(i)}%40x.example`, '203.0.113.1')).statusCode).toBe(
          200,
        );
      }
      const limited = await lookup(s, '/api/capture/check?email=a%40x.example', '203.0.113.1');
      expect(limited.statusCode).toBe(429);
      expect(limited.json<ApiEnvelope>().ResourceKey).toBe('register_lookup_throttled');
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      expect(limited.json<ApiEnvelope>().Message).toMatch(
        /^Too many email lookups\. Try again in \d+ minutes?\.$/,
      );
      // Another client behind the trusted proxy is not affected.
      expect((await lookup(s, '/api/contact/check?email=a%40x.example', '203.0.113.2')).statusCode).toBe(200);
    } finally {
      await s.close();
    }
  });

  it('X-Forwarded-For from a peer that is not a configured proxy does not make it another client', async () => {
    const s = await startServer();
    try {
      for (let i = 0; i < LOOKUP_LIMIT.perClient; i++)
        await lookup(s, `/api/contact/check?email=n${String(i)}%40x.example`, `203.0.113.${String(i)}`);
      expect((await lookup(s, '/api/contact/check?email=a%40x.example', '198.51.100.1')).statusCode).toBe(
        429,
      );
    } finally {
      await s.close();
    }
  });

  it('the limit and its message key: declared, with its own text in every culture', () => {
    expect(LOOKUP_LIMIT).toEqual({ perClient: 60, windowMs: 600_000 });
    expect(Object.values(MessageKey)).toContain('register_lookup_throttled');
    expect(MESSAGES.register_lookup_throttled.message).toBe(
      'Too many email addresses were looked up from here recently. Wait a few minutes, then try again.',
    );
    for (const [culture, catalogue] of Object.entries(MESSAGE_CULTURES)) {
      const words = catalogue.messages.register_lookup_throttled;
      expect(words?.[1], culture).toBeDefined();
      expect(words?.[1], culture).not.toBe(MESSAGES.register_lookup_throttled.message);
    }
    for (const op of ['checkContactEmail', 'checkCaptureEmail', 'register', 'resendConfirmation']) {
      const declared = t.server.ctx.contract.operations.find((o) => o.operationId === op)?.responses ?? {};
      expect(Object.keys(declared), op).toContain('429');
    }
    const register = t.server.ctx.contract.operations.find((o) => o.operationId === 'register');
    expect(Object.keys(register?.responses ?? {})).not.toContain('409');
  });
});

// The development mailbox as the tests read it (issue #32): its JSON list over HTTP, and a registration's
// confirmation link followed through the API.
import { expect } from 'vitest';
import type { CaughtMail } from '../src/mail/dev-mailbox.ts';
import { Client, waitFor, type TestServer } from './helpers.ts';

/** The mail the embedded catcher received (GET /dev/mailbox/messages.json), newest first. */
export async function mailbox(t: Pick<TestServer, 'url'>): Promise<CaughtMail[]> {
  const r = await new Client(t.url).json<{ messages: CaughtMail[] }>('GET', '/dev/mailbox/messages.json');
  expect(r.status).toBe(200);
  return r.body.messages;
}

/**
 * The confirmation link of the newest mail to the address (waits until it is there). Mail leaves after the answer
 * (issue #39): given the server, the mail it posted so far is waited for first, so the newest link is the newest.
 */
export async function confirmationLinkFor(
  t: Pick<TestServer, 'url'> & Partial<Pick<TestServer, 'server'>>,
  email: string,
): Promise<URL> {
  await t.server?.ctx.outbox.idle();
  const link = await waitFor(async () =>
    (await mailbox(t))
      .find((m) => m.to.includes(email.toLowerCase()) || m.to.includes(email))
      ?.links.find((l) => new URL(l).pathname === '/register/confirm'),
  );
  return new URL(link);
}

/**
 * Follows the newest confirmation link mailed to the address (POST /api/register/confirm with its token and the
 * password chosen at registration).
 */
export async function confirmByMail(
  t: Pick<TestServer, 'url'> & Partial<Pick<TestServer, 'server'>>,
  email: string,
  password: string,
): Promise<void> {
  const token = (await confirmationLinkFor(t, email)).searchParams.get('token');
  const r = await new Client(t.url).json('POST', '/api/register/confirm', {
    json: { Token: token, Password: password },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
}

/** Resolves once every mail the server posted so far has left (mail is sent after the answer, issue #39). */
export async function mailSettled(t: Pick<TestServer, 'server'>): Promise<void> {
  await t.server.ctx.outbox.idle();
}

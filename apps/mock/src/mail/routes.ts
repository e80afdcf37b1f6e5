// The development mailbox's pages (issue #32), served only while mail goes to the embedded catcher (no SMTP_URL)
// and only to callers on this machine (loopback): /dev/mailbox lists what the demo sent, the confirmation links
// clickable; /dev/mailbox/messages.json is the same list for tests.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { failure } from '../http/envelope.ts';
import { styleNonce } from '../http/security.ts';
import type { CaughtMail, DevMailbox } from './dev-mailbox.ts';

export const DEV_MAILBOX_PATH = '/dev/mailbox';
export const DEV_MAILBOX_JSON_PATH = '/dev/mailbox/messages.json';

const escapeHtml = (value: string): string =>
  value.replace(/[&<>"'`=/]/g, (c) => `&#${String(c.charCodeAt(0))};`);

/** Whether the caller is on this machine (the socket's address: a forwarded header is not believed). */
export function fromLoopback(request: FastifyRequest): boolean {
  const address = request.socket.remoteAddress ?? '';
  return address === '::1' || address.startsWith('127.') || address.startsWith('::ffff:127.');
}

/**
 * The text of a message as HTML: escaped, with its http(s) links to this origin made clickable (a link elsewhere
 * stays text).
 */
export function textWithLinks(mail: CaughtMail, origin: string): string {
  let html = '';
  let rest = mail.text;
  for (const link of mail.links) {
    const at = rest.indexOf(link);
    if (at < 0) continue;
    html += escapeHtml(rest.slice(0, at));
    const sameOrigin = URL.parse(link)?.origin === origin;
    html += sameOrigin ? `<a href="${escapeHtml(link)}">${escapeHtml(link)}</a>` : escapeHtml(link);
    rest = rest.slice(at + link.length);
  }
  return html + escapeHtml(rest);
}

function page(mails: readonly CaughtMail[], origin: string, nonce: string): string {
  const items = mails
    .map(
      (m) => `<li><article aria-labelledby="mail-${String(m.id)}">
<h2 id="mail-${String(m.id)}">${escapeHtml(m.subject || '(no subject)')}</h2>
<dl><dt>To</dt><dd>${escapeHtml(m.to.join(', '))}</dd><dt>From</dt><dd>${escapeHtml(m.from)}</dd>
<dt>Received</dt><dd><time datetime="${new Date(m.receivedAt).toISOString()}">${escapeHtml(new Date(m.receivedAt).toUTCString())}</time></dd></dl>
<pre>${textWithLinks(m, origin)}</pre></article></li>`,
    )
    .join('\n');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>Development mailbox – Assessment portal demo</title>
<style nonce="${nonce}">body{font-family:system-ui,sans-serif;max-width:48rem;margin:2rem auto;padding:0 1rem;line-height:1.5;color:#1a1a1a}
ol{list-style:none;padding:0}li{border:1px solid #8a8a8a;border-radius:.5rem;padding:0 1rem;margin:1rem 0}
h2{font-size:1.15rem}dl{display:grid;grid-template-columns:auto 1fr;gap:0 1rem}dt{font-weight:600}dd{margin:0;overflow-wrap:anywhere}
pre{white-space:pre-wrap;overflow-wrap:anywhere;font:inherit}a{color:#0b5cad}</style></head>
<body><main><h1>Development mailbox</h1>
<p>The mail this demo sent (newest first). It reaches no real mailbox: set SMTP_URL to send through a mail server.
Reload the page to see new mail.</p>
${mails.length === 0 ? '<p>No mail yet.</p>' : `<ol>${items}</ol>`}
</main></body></html>`;
}

export function registerDevMailboxRoutes(
  app: FastifyInstance,
  mailbox: DevMailbox | null,
  originOf: (request: FastifyRequest) => string,
): void {
  // Without the embedded mailbox (SMTP_URL set) the paths answer 404, not the portal's page.
  const refuse = (reply: FastifyReply) =>
    reply
      .code(404)
      .send(failure(404, 'generalError', "Error 404 - The file you're looking for could not be found."));
  app.get(DEV_MAILBOX_PATH, async (request, reply) => {
    if (mailbox === null || !fromLoopback(request)) return refuse(reply);
    return reply
      .header('Cache-Control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(page(mailbox.list(), originOf(request), styleNonce(reply)));
  });
  app.get(DEV_MAILBOX_JSON_PATH, async (request, reply) => {
    if (mailbox === null || !fromLoopback(request)) return refuse(reply);
    return reply.header('Cache-Control', 'no-store').send({ messages: mailbox.list() });
  });
}

// The mail the demo sends (issue #32): plain text (what the development mailbox shows) and a simple HTML part, every
// value escaped, in the language the person registered with.
import type { LanguageCulture } from '@assessment/sdk';
import type { OutgoingMail } from './mailer.ts';
import { CONFIRMATION_MAIL_TEXTS, lifetimeIn } from './texts.ts';

const escapeHtml = (value: string): string =>
  value.replace(/[&<>"']/g, (c) => `&#${String(c.charCodeAt(0))};`);

/** The link of a confirmation mail: the portal's /register/confirm page with the token. */
export function confirmationLink(origin: string, token: string): string {
  const url = new URL('/register/confirm', origin);
  url.searchParams.set('token', token);
  return url.href;
}

/** The confirmation mail of a registration (or of a resend), in the account's culture (English if unknown). */
export function confirmationMail(
  to: string,
  firstName: string,
  link: string,
  ttlSeconds: number,
  culture: string,
): OutgoingMail {
  const known = Object.hasOwn(CONFIRMATION_MAIL_TEXTS, culture);
  const lang = (known ? culture : 'en-US') as LanguageCulture;
  const w = CONFIRMATION_MAIL_TEXTS[lang];
  const greeting = w.greeting.replace('{name}', firstName);
  const lifetime = w.lifetime.replace('{lifetime}', lifetimeIn(lang, ttlSeconds));
  const text = [greeting, '', w.intro, '', link, '', lifetime, w.ignore].join('\n');
  const html = `<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(w.intro)}</p>
<p><a href="${escapeHtml(link)}">${escapeHtml(w.button)}</a></p>
<p>${escapeHtml(lifetime)}</p>
<p>${escapeHtml(w.ignore)}</p>`;
  return { to, subject: w.subject, text, html };
}

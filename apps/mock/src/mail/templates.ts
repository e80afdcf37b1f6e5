// The mail the demo sends (issue #32): plain text (what the development mailbox shows) and a simple HTML part, every
// value escaped, in the language the person registered with.
import type { LanguageCulture } from '@assessment/sdk';
import type { OutgoingMail } from './mailer.ts';
import { CONFIRMATION_MAIL_TEXTS, EXISTING_ACCOUNT_MAIL_TEXTS, lifetimeIn } from './texts.ts';

const escapeHtml = (value: string): string =>
  value.replace(/[&<>"']/g, (c) => `&#${String(c.charCodeAt(0))};`);

/** The link of a confirmation mail: the portal's /register/confirm page with the token. */
export function confirmationLink(origin: string, token: string): string {
  const url = new URL('/register/confirm', origin);
  url.searchParams.set('token', token);
  return url.href;
}

/** The culture of a mail: the account's, English if unknown. */
const cultureOf = (culture: string): LanguageCulture =>
  (Object.hasOwn(CONFIRMATION_MAIL_TEXTS, culture) ? culture : 'en-US') as LanguageCulture;

/**
 * The confirmation mail of a registration (or of a resend), in the account's culture (English if unknown). `again`:
 * it replaces earlier links (a pending address registered again, or a resend), and says so.
 */
export function confirmationMail(
  to: string,
  firstName: string,
  link: string,
  ttlSeconds: number,
  culture: string,
  again = false,
): OutgoingMail {
  const lang = cultureOf(culture);
  const w = CONFIRMATION_MAIL_TEXTS[lang];
  const greeting = w.greeting.replace('{name}', firstName);
  const lifetime = w.lifetime.replace('{lifetime}', lifetimeIn(lang, ttlSeconds));
  const intro = again ? [w.intro, w.again] : [w.intro];
  const text = [greeting, '', ...intro, '', link, '', lifetime, w.ignore].join('\n');
  const html = `<p>${escapeHtml(greeting)}</p>
${intro.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n')}
<p><a href="${escapeHtml(link)}">${escapeHtml(w.button)}</a></p>
<p>${escapeHtml(lifetime)}</p>
<p>${escapeHtml(w.ignore)}</p>`;
  return { to, subject: w.subject, text, html };
}

/** The portal's sign-in page: the link of the mail to an address that already has an account. */
export function signInLink(origin: string): string {
  return new URL('/auth/login', origin).href;
}

/**
 * The mail to an address that already has an account, when someone registers it (issue #39): the register call
 * answers alike for every address, so only the owner of the mailbox learns it has one.
 */
export function existingAccountMail(
  to: string,
  firstName: string,
  link: string,
  culture: string,
): OutgoingMail {
  const w = EXISTING_ACCOUNT_MAIL_TEXTS[cultureOf(culture)];
  const greeting = w.greeting.replace('{name}', firstName);
  const text = [greeting, '', w.intro, '', w.action, '', link, '', w.ignore].join('\n');
  const html = `<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(w.intro)}</p>
<p>${escapeHtml(w.action)}</p>
<p><a href="${escapeHtml(link)}">${escapeHtml(w.button)}</a></p>
<p>${escapeHtml(w.ignore)}</p>`;
  return { to, subject: w.subject, text, html };
}

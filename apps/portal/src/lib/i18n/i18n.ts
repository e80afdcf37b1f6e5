/**
 * The portal's own texts (Lingui) and culture-aware formatting (Intl). Server-provided texts (messages, modals,
 * terms) come from the API in the user's culture; everything the portal writes itself lives in
 * src/locales/<language>.json (ICU MessageFormat), compiled at build time (scripts/locale-messages.ts).
 */
import { zLanguageCulture } from '@assessment/sdk';
import { setupI18n, type Messages } from '@lingui/core';
import { use } from 'react';
import type { FeatureSection } from '../../../scripts/locale-messages';
import en from '@/locales/en.json?messages=sign-in';
import type englishTexts from '@/locales/en.json';
import { DATE_TIME_OPTIONS } from './intl-warmup';

/** Dotted ids of a nested locale file: `{ nav: { dashboard } }` → `'nav.dashboard'`. */
type TextIds<Tree, Prefix extends string = ''> = {
  [Key in keyof Tree & string]: Tree[Key] extends string
    ? `${Prefix}${Key}`
    : TextIds<Tree[Key], `${Prefix}${Key}.`>;
}[keyof Tree & string];

/** Every text id of the portal (from the English file): a missing or mistyped id is a type error. */
export type TextId = TextIds<typeof englishTexts>;

declare module '@lingui/core' {
  interface Register {
    messageIds: TextId;
  }
}

/** The cultures the account can be set to: the contract's LanguageCulture enum. */
export const LANGUAGE_CULTURES = zLanguageCulture.options;
export type LanguageCulture = (typeof LANGUAGE_CULTURES)[number];
export const DEFAULT_CULTURE: LanguageCulture = 'en-US';

/** Maps any culture code ("de", "de-AT", "EN-us") to one of the contract's cultures. */
export function resolveCulture(culture: string | null | undefined): LanguageCulture {
  if (!culture) return DEFAULT_CULTURE;
  const lower = culture.toLowerCase();
  const exact = LANGUAGE_CULTURES.find((entry) => entry.toLowerCase() === lower);
  if (exact) return exact;
  const language = lower.split(/[-_]/)[0] ?? '';
  return LANGUAGE_CULTURES.find((entry) => entry.toLowerCase().startsWith(`${language}-`)) ?? DEFAULT_CULTURE;
}

/** The culture's name in its own language, for the language switcher (e.g. "Deutsch (Deutschland)"). */
export function cultureLabel(culture: LanguageCulture): string {
  const name =
    new Intl.DisplayNames([culture], { type: 'language', languageDisplay: 'standard' }).of(culture) ??
    culture;
  return name.charAt(0).toLocaleUpperCase(culture) + name.slice(1);
}

/**
 * A short name of the culture for a narrow switcher ("EN", "DE"; "ZH-CN" and "ZH-TW" where two cultures share a
 * language). Only what the eye sees: the switcher keeps {@link cultureLabel} for assistive technology.
 */
export function cultureShortLabel(culture: LanguageCulture): string {
  const language = culture.split('-')[0] ?? culture;
  const shared = LANGUAGE_CULTURES.filter((entry) => entry.startsWith(`${language}-`)).length > 1;
  return (shared ? culture : language).toUpperCase();
}

/**
 * The English texts loaded so far: the sign-in page's sections ship with the first load, the pages' sections
 * join them before the first page behind sign-in ({@link loadPageTexts}).
 */
const english: Messages = { ...en };
export const i18n = setupI18n({ locale: DEFAULT_CULTURE, messages: { [DEFAULT_CULTURE]: { ...english } } });
const loadedCultures = new Set<LanguageCulture>([DEFAULT_CULTURE]);

/** Each loaded culture's own texts (src/locales/<file>.json), kept to lay them over English texts loaded later. */
const catalogues = new Map<LanguageCulture, Messages>();

/**
 * Loads the texts of a culture once: every culture but English has its own catalogue (all its texts, loaded only
 * when chosen: src/lib/i18n/catalogues.ts), laid over the English texts so that a text not translated yet shows in
 * English rather than as its id.
 */
async function loadTexts(culture: LanguageCulture): Promise<void> {
  if (loadedCultures.has(culture)) return;
  let messages: Messages = english;
  if (culture !== 'en-US') {
    const { CATALOGUES } = await import('./catalogues');
    const own = (await CATALOGUES[culture]()).default;
    catalogues.set(culture, own);
    messages = { ...english, ...own };
  }
  i18n.load(culture, { ...messages });
  loadedCultures.add(culture);
}

let pageTexts: Promise<void> | undefined;

/**
 * Loads the English texts of every page behind the sign-in page, once, into every culture loaded so far, under the
 * culture's own texts (a catalogue has all of them: src/lib/i18n/catalogues.test.ts pins it). The root route awaits
 * it for every page but /auth/login.
 */
export function loadPageTexts(): Promise<void> {
  pageTexts ??= import('@/locales/en.json?messages=pages').then(({ default: pages }) => {
    Object.assign(english, pages);
    for (const culture of loadedCultures) i18n.load(culture, { ...pages, ...catalogues.get(culture) });
  });
  return pageTexts;
}

/** The English texts of each feature section (scripts/locale-messages.ts FEATURE_SECTIONS), one chunk each. */
const SECTION_TEXTS = {
  reports: () => import('@/locales/en.json?messages=section:reports'),
  upload: () => import('@/locales/en.json?messages=section:upload'),
  promo: () => import('@/locales/en.json?messages=section:promo'),
  register: () => import('@/locales/en.json?messages=section:register'),
  selectCompany: () => import('@/locales/en.json?messages=section:selectCompany'),
  performance: () => import('@/locales/en.json?messages=section:performance'),
} satisfies Record<FeatureSection, () => Promise<{ default: Messages }>>;

const sectionTexts = new Map<string, Promise<void>>();
const loadedSections = new Set<FeatureSection>();

/**
 * Loads the English texts of feature sections once (other cultures' catalogues already have them), under each
 * loaded culture's own texts. The same promise for the same sections, so React's `use()` can wait on it.
 */
export function loadSectionTexts(...sections: FeatureSection[]): Promise<void> {
  const key = sections.join(',');
  let loading = sectionTexts.get(key);
  if (!loading) {
    loading = Promise.all(sections.map((section) => SECTION_TEXTS[section]())).then((loaded) => {
      const texts: Messages = {};
      for (const module of loaded) Object.assign(texts, module.default);
      Object.assign(english, texts);
      for (const culture of loadedCultures) i18n.load(culture, { ...texts, ...catalogues.get(culture) });
      for (const section of sections) loadedSections.add(section);
    });
    // A failed load (offline) is tried again next time rather than remembered.
    loading.catch(() => sectionTexts.delete(key));
    sectionTexts.set(key, loading);
  }
  return loading;
}

/**
 * A promise React reads as settled (its `status` field, React's thenable protocol): `use()` of it returns at once,
 * where a settled promise React has not seen yet would still suspend once.
 */
const LOADED: Promise<void> = Object.assign(Promise.resolve(), { status: 'fulfilled', value: undefined });

/**
 * Suspends a feature's component until its sections' texts are loaded (see {@link loadSectionTexts}).
 *
 * `use()` is called on every render, loaded or not: when React replays a component that suspended on its first
 * render, the `use()` call is what switches React back to mounting the hooks that follow it. Skipping it in the
 * replay (the texts arrived meanwhile) made the next hook an "update on initial render" (React #467), which React
 * recovered from with a synchronous re-render of the whole root (React #520, a page error).
 */
export function useSectionTexts(...sections: FeatureSection[]): void {
  use(sections.every((section) => loadedSections.has(section)) ? LOADED : loadSectionTexts(...sections));
}

/**
 * The portal's text for `id` in the current culture, or `fallback` (a name the server gave) when the portal has
 * no text for it. Call it while rendering a component that uses useLingui(), so it follows language changes.
 */
export function textOr(id: string, fallback: string): string {
  // The id is built from server data (a modal or upload type name), so it is checked at run time instead.
  return Object.hasOwn(i18n.messages, id) ? i18n._(id as TextId) : fallback;
}

/** Switches the portal's texts and formats, and the document language. */
export async function applyCulture(culture: string | null | undefined): Promise<LanguageCulture> {
  const resolved = resolveCulture(culture);
  await loadTexts(resolved);
  if (i18n.locale !== resolved) i18n.activate(resolved);
  if (typeof document !== 'undefined') document.documentElement.lang = resolved;
  return resolved;
}

const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** The cookie that tells the server the browser's time zone, for the pages it renders (src/app/first-screen.tsx). */
export const TIME_ZONE_COOKIE = 'assessment_time_zone';

/**
 * Tells the server the browser's time zone (an IANA name, nothing secret), so a page it renders for this browser
 * (apps/mock/src/http/first-screen.ts) prints the times the app then prints, not the server's.
 */
export function rememberTimeZone(): void {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  if (!zone || typeof document === 'undefined') return;
  document.cookie = `${TIME_ZONE_COOKIE}=${encodeURIComponent(zone)}; path=/; max-age=31536000; SameSite=Lax`;
}

/** The time zone a visitor's cookies (a Cookie header's value) name in TIME_ZONE_COOKIE, or undefined. */
export function timeZoneFromCookie(cookie: string): string | undefined {
  for (const part of cookie.split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name !== TIME_ZONE_COOKIE) continue;
    try {
      return decodeURIComponent(value.join('='));
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/** The time zone dates are printed in: the runtime's own, but on the server, the visitor's (setFormattingTimeZone). */
let formattingTimeZone: string | undefined;

/**
 * Prints dates in `zone` (an IANA name) instead of the runtime's own, or in the runtime's own again (undefined, or a
 * zone Intl does not know). For the server's render of a page (src/app/first-screen.tsx).
 */
export function setFormattingTimeZone(zone: string | undefined): void {
  try {
    formattingTimeZone = zone
      ? new Intl.DateTimeFormat('en', { timeZone: zone }).resolvedOptions().timeZone
      : undefined;
  } catch {
    formattingTimeZone = undefined;
  }
}
const numberFormats = new Map<string, Intl.NumberFormat>();

/** A date (ISO string, epoch ms or Date) in the current culture, e.g. 1/31/26 or 31.01.26. */
export function formatDate(value: string | number | Date | null | undefined, culture = i18n.locale): string {
  if (value === null || value === undefined || value === '') return '—';
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '—';
  const key = `${culture}|${formattingTimeZone ?? ''}|date`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(
      culture,
      formattingTimeZone ? { ...DATE_TIME_OPTIONS, timeZone: formattingTimeZone } : DATE_TIME_OPTIONS,
    );
    dateFormats.set(key, format);
  }
  return format.format(date);
}

/** A number in the current culture (1,234.5 or 1.234,5). */
export function formatNumber(
  value: number | null | undefined,
  culture = i18n.locale,
  options?: Intl.NumberFormatOptions,
): string {
  if (value === null || value === undefined || Number.isNaN(value)) return '—';
  const key = `${culture}|${JSON.stringify(options ?? {})}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(culture, options);
    numberFormats.set(key, format);
  }
  return format.format(value);
}

/** A percentage given as 0–100. */
/**
 * A duration in days as the culture says it, plural included ("1 day", "1.5 days", "1 Tag", "1,5 Tage", "7日"):
 * the platform's unit format, never a number glued to a catalogue's plural word.
 */
export function formatDays(value: number | null | undefined, culture = i18n.locale): string {
  return formatNumber(value, culture, {
    style: 'unit',
    unit: 'day',
    unitDisplay: 'long',
    maximumFractionDigits: 1,
  });
}

export function formatPercent(value: number | null | undefined, culture = i18n.locale): string {
  if (value === null || value === undefined) return '—';
  return formatNumber(value / 100, culture, { style: 'percent', maximumFractionDigits: 0 });
}

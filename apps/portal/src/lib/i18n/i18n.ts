/**
 * The portal's own texts (i18next + react-i18next) and culture-aware formatting (Intl). Server-provided
 * texts (messages, modals, terms) come from the API in the user's culture; everything the portal writes
 * itself lives in src/locales/<language>.json.
 */
import { zLanguageCulture } from '@assessment/sdk';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from '@/locales/en.json';

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

export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  resources: { 'en-US': { translation: en } },
  lng: DEFAULT_CULTURE,
  fallbackLng: (code: string) => (code.toLowerCase().startsWith('de') ? ['de-DE', 'en-US'] : ['en-US']),
  supportedLngs: [...LANGUAGE_CULTURES],
  interpolation: { escapeValue: false },
  initAsync: false,
  returnNull: false,
});

/** The German texts load only when German is chosen (English is bundled). */
async function loadTexts(culture: LanguageCulture): Promise<void> {
  if (culture !== 'de-DE' || i18n.hasResourceBundle('de-DE', 'translation')) return;
  const de = await import('@/locales/de.json');
  i18n.addResourceBundle('de-DE', 'translation', de.default);
}

/** Switches the portal's texts and formats, and the document language. */
export async function applyCulture(culture: string | null | undefined): Promise<LanguageCulture> {
  const resolved = resolveCulture(culture);
  await loadTexts(resolved);
  if (i18n.language !== resolved) await i18n.changeLanguage(resolved);
  if (typeof document !== 'undefined') document.documentElement.lang = resolved;
  return resolved;
}

const dateFormats = new Map<string, Intl.DateTimeFormat>();
const numberFormats = new Map<string, Intl.NumberFormat>();

/** A date (ISO string, epoch ms or Date) in the current culture, e.g. 1/31/26 or 31.01.26. */
export function formatDate(
  value: string | number | Date | null | undefined,
  culture = i18n.language,
): string {
  if (value === null || value === undefined || value === '') return '—';
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '—';
  const key = `${culture}|date`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(culture, { dateStyle: 'short', timeStyle: 'short' });
    dateFormats.set(key, format);
  }
  return format.format(date);
}

/** A number in the current culture (1,234.5 or 1.234,5). */
export function formatNumber(
  value: number | null | undefined,
  culture = i18n.language,
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
export function formatPercent(value: number | null | undefined, culture = i18n.language): string {
  if (value === null || value === undefined) return '—';
  return formatNumber(value / 100, culture, { style: 'percent', maximumFractionDigits: 0 });
}

import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import {
  FEATURE_SECTIONS,
  flattenMessages,
  SIGN_IN_SECTIONS,
  sectionsOf,
} from '../../../scripts/locale-messages';
import de from '@/locales/de.json';
import compiledEn from '@/locales/en.json?messages';
import en from '@/locales/en.json';
import {
  applyCulture,
  cultureLabel,
  cultureShortLabel,
  LANGUAGE_CULTURES,
  formatDate,
  formatNumber,
  formatDays,
  formatPercent,
  i18n,
  rememberTimeZone,
  resolveCulture,
  setFormattingTimeZone,
  textOr,
  TIME_ZONE_COOKIE,
  timeZoneFromCookie,
  type TextId,
} from './i18n';

function keysOf(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keysOf(child, prefix ? `${prefix}.${key}` : key));
}

describe('i18n', () => {
  it('German has every English key', () => {
    expect(keysOf(de).sort()).toEqual(keysOf(en).sort());
  });

  it('the sign-in, pages and feature sections split the locale file without overlap or loss', () => {
    const signIn = keysOf(sectionsOf(en, 'sign-in'));
    const pages = keysOf(sectionsOf(en, 'pages'));
    const features = FEATURE_SECTIONS.flatMap((section) => keysOf(sectionsOf(en, `section:${section}`)));
    expect([...signIn, ...pages, ...features].sort()).toEqual(keysOf(en).sort());
    expect(signIn.filter((id) => pages.includes(id))).toEqual([]);
    expect(features.filter((id) => pages.includes(id) || signIn.includes(id))).toEqual([]);
    for (const section of FEATURE_SECTIONS) expect(Object.keys(en)).toContain(section);
    expect(Object.keys(sectionsOf(en, 'sign-in')).sort()).toEqual([...SIGN_IN_SECTIONS].sort());
    // The sign-in page's own texts ship first; a page's texts (the projects list, say) do not.
    expect(signIn).toContain('login.submit');
    expect(pages).toContain('nav.dashboard');
  });

  it('a feature section is used only inside its own feature (it loads with that feature, not with every page)', () => {
    const owner: Record<(typeof FEATURE_SECTIONS)[number], string> = {
      reports: 'features/reports',
      upload: 'features/upload',
      promo: 'features/promo',
      register: 'features/registration',
      selectCompany: 'features/registration',
      performance: 'features/viewer',
    };
    const src = path.resolve(import.meta.dirname, '../..');
    const files = (dir: string): string[] =>
      readdirSync(dir).flatMap((name) => {
        const full = path.join(dir, name);
        if (statSync(full).isDirectory()) return files(full);
        return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : [];
      });
    const misplaced: string[] = [];
    for (const file of files(src)) {
      const text = readFileSync(file, 'utf8');
      for (const section of FEATURE_SECTIONS) {
        const used = new RegExp(`['"\`]${section}\\.[A-Za-z]`).test(text);
        if (used && !path.relative(src, file).startsWith(owner[section]))
          misplaced.push(`${section} in ${file}`);
      }
    }
    expect(misplaced).toEqual([]);
  });

  it('resolves server cultures to supported ones', () => {
    expect(resolveCulture('de-DE')).toBe('de-DE');
    expect(resolveCulture('de-AT')).toBe('de-DE');
    expect(resolveCulture('DE')).toBe('de-DE');
    expect(resolveCulture('en-GB')).toBe('en-US');
    expect(resolveCulture('fr-FR')).toBe('fr-FR');
    expect(resolveCulture('fr')).toBe('fr-FR');
    expect(resolveCulture('xx-YY')).toBe('en-US');
    expect(resolveCulture(null)).toBe('en-US');
  });

  it('switches texts and the document language', async () => {
    await applyCulture('de-DE');
    expect(i18n.t('login.submit')).toBe('Anmelden');
    expect(document.documentElement.lang).toBe('de-DE');
    await applyCulture('fr-FR');
    expect(i18n.t('login.submit')).toBe('Se connecter');
    expect(formatNumber(1234.5)).toBe('1\u202f234,5');
    await applyCulture('en-US');
    expect(i18n.t('login.submit')).toBe('Sign in');
  });

  it('names each culture in its own language', () => {
    expect(cultureLabel('de-DE')).toBe('Deutsch (Deutschland)');
    expect(cultureLabel('en-US')).toBe('English (United States)');
  });

  it('gives each culture a distinct short name for a narrow switcher', () => {
    expect(cultureShortLabel('en-US')).toBe('EN');
    expect(cultureShortLabel('ja-JP')).toBe('JA');
    // Two cultures of one language keep their region.
    expect(cultureShortLabel('zh-CN')).toBe('ZH-CN');
    expect(cultureShortLabel('zh-TW')).toBe('ZH-TW');
    const all = LANGUAGE_CULTURES.map(cultureShortLabel);
    expect(new Set(all).size).toBe(all.length);
    for (const short of all) expect(short.length).toBeLessThanOrEqual(5);
  });

  it('says durations in days with the culture’s own plural (never "1 days" or "1 Tage")', () => {
    expect(formatDays(1, 'en-US')).toBe('1 day');
    expect(formatDays(1.5, 'en-US')).toBe('1.5 days');
    expect(formatDays(7, 'en-US')).toBe('7 days');
    expect(formatDays(1, 'de-DE')).toBe('1 Tag');
    expect(formatDays(2.25, 'de-DE')).toBe('2,3 Tage');
    // French puts a no-break space between number and unit.
    expect(formatDays(1, 'fr-FR')).toBe('1\u00a0jour');
    expect(formatDays(3, 'ja-JP')).toBe('3 日');
    expect(formatDays(null, 'en-US')).toBe('—');
  });

  it('formats numbers and dates per culture', () => {
    expect(formatNumber(1234.5, 'en-US')).toBe('1,234.5');
    expect(formatNumber(1234.5, 'de-DE')).toBe('1.234,5');
    expect(formatPercent(42, 'en-US')).toBe('42%');
    const date = new Date(2026, 0, 31, 14, 5);
    expect(formatDate(date, 'en-US')).toMatch(/^1\/31\/26/);
    expect(formatDate(date, 'de-DE')).toMatch(/^31\.01\.26/);
    expect(formatDate(null)).toBe('—');
    expect(formatDate('not a date')).toBe('—');
  });

  it("prints times in the visitor's zone on the server, which the browser tells it in a cookie", () => {
    const instant = '2026-01-31T14:05:00Z';
    try {
      setFormattingTimeZone('America/Los_Angeles');
      expect(formatDate(instant, 'en-US')).toBe('1/31/26, 6:05 AM');
      setFormattingTimeZone('Asia/Tokyo');
      expect(formatDate(instant, 'en-US')).toBe('1/31/26, 11:05 PM');
      // A zone Intl does not know: the runtime's own, as without one.
      setFormattingTimeZone('Mars/Olympus_Mons');
      expect(formatDate(instant, 'en-US')).toBe(
        new Intl.DateTimeFormat('en-US', { dateStyle: 'short', timeStyle: 'short' }).format(
          new Date(instant),
        ),
      );
    } finally {
      setFormattingTimeZone(undefined);
    }
    document.cookie = `${TIME_ZONE_COOKIE}=; max-age=0; path=/`;
    rememberTimeZone();
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(document.cookie).toContain(`${TIME_ZONE_COOKIE}=${encodeURIComponent(zone)}`);
    // The server's render reads it from the visitor's Cookie header (src/app/first-screen.tsx).
    expect(timeZoneFromCookie(document.cookie)).toBe(zone);
    expect(
      timeZoneFromCookie(`a=1; ${TIME_ZONE_COOKIE}=${encodeURIComponent('America/Los_Angeles')}; b=2`),
    ).toBe('America/Los_Angeles');
    expect(timeZoneFromCookie(`x${TIME_ZONE_COOKIE}=Europe/Berlin; a=1`)).toBeUndefined();
    expect(timeZoneFromCookie(`${TIME_ZONE_COOKIE}=%E0%A4%A`)).toBeUndefined();
    expect(timeZoneFromCookie('')).toBeUndefined();
    expect(TIME_ZONE_COOKIE).toBe('assessment_time_zone');
  });

  it('interpolates values with culture-aware numbers (ICU MessageFormat compiled at build time)', async () => {
    await applyCulture('en-US');
    expect(i18n._('table.pageStatus', { page: 3, pages: 1200 })).toBe('Page 3 of 1,200');
    expect(i18n._('language.switched', { language: 'Deutsch' })).toBe('Language changed to Deutsch.');
    await applyCulture('de-DE');
    expect(i18n._('projects.total', { count: 1234 })).toBe('1.234 Projekte');
    await applyCulture('en-US');
    // An id without text shows the given fallback (server-named modals and upload types).
    expect(textOr('modals.notAKnownModal', 'notAKnownModal')).toBe('notAKnownModal');
    expect(textOr('login.submit', 'fallback')).toBe('Sign in');
  });

  it('compiles every text of every locale: no MessageFormat syntax is left for the browser', async () => {
    const values = { name: 'N', count: 2, formatted: '3', page: 1, pages: 2, language: 'L', label: 'X' };
    for (const culture of ['en-US', 'de-DE'] as const) {
      await applyCulture(culture);
      for (const [id] of flattenMessages(en) as [TextId, string][]) {
        const text = i18n._(id, values);
        expect(text, `${culture} ${id}`).not.toMatch(/[{}]/);
        expect(text, `${culture} ${id}`).not.toBe(id);
      }
    }
    await applyCulture('en-US');
    // Plain texts stay plain strings; texts with placeholders become Lingui's compiled form.
    expect(compiledEn['login.submit']).toEqual(['Sign in']);
    expect(Array.isArray(compiledEn['table.pageStatus'])).toBe(true);
  });

  it('flattens nested locale files into dotted ids and refuses anything but texts', () => {
    expect(flattenMessages({ nav: { dashboard: 'Dashboard', team: { edit: 'Edit' } }, ok: 'OK' })).toEqual([
      ['nav.dashboard', 'Dashboard'],
      ['nav.team.edit', 'Edit'],
      ['ok', 'OK'],
    ]);
    expect(() => flattenMessages({ nav: { count: 3 } })).toThrow('"nav.count" must be a text');
    expect(() => flattenMessages({ list: ['a'] })).toThrow('"list" must be a text');
  });
});

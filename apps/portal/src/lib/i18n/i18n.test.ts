import { describe, expect, it } from 'vitest';
import de from '@/locales/de.json';
import en from '@/locales/en.json';
import {
  applyCulture,
  cultureLabel,
  formatDate,
  formatNumber,
  formatPercent,
  i18n,
  resolveCulture,
} from './i18n';

function keysOf(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keysOf(child, prefix ? `${prefix}.${key}` : key));
}

describe('i18n', () => {
  it('German has every English key', () => {
    expect(keysOf(de).sort()).toEqual(keysOf(en).sort());
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
    expect(i18n.t('login.submit')).toBe('Sign in');
    expect(formatNumber(1234.5)).toBe('1\u202f234,5');
    await applyCulture('en-US');
    expect(i18n.t('login.submit')).toBe('Sign in');
  });

  it('names each culture in its own language', () => {
    expect(cultureLabel('de-DE')).toBe('Deutsch (Deutschland)');
    expect(cultureLabel('en-US')).toBe('English (United States)');
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
});

import { execFileSync } from 'node:child_process';
import type { Messages } from '@lingui/core';
import { describe, expect, it, vi } from 'vitest';
import {
  catalogueFile,
  checkCatalogue,
  icuArguments,
  SAME_AS_ENGLISH,
  SOURCE_CULTURE,
} from '../../../scripts/locale-catalogues';
import { flattenMessages } from '../../../scripts/locale-messages';
import en from '@/locales/en.json';
import { CATALOGUES } from './catalogues';
import { LANGUAGE_CULTURES, type TextId } from './i18n';

/** Every locale file, parsed (src/locales/*.json). */
const files = Object.fromEntries(
  Object.entries(
    import.meta.glob<Record<string, unknown>>('/src/locales/*.json', { eager: true, import: 'default' }),
  ).map(([path, tree]) => [path.split('/').pop() ?? path, tree]),
);
const OTHER_CULTURES = LANGUAGE_CULTURES.filter((culture) => culture !== SOURCE_CULTURE);
const englishTexts = flattenMessages(en) as [TextId, string][];

describe('the catalogue of every culture the language switcher offers', () => {
  it('every offered culture has a locale file and a loader, and nothing else has', () => {
    expect(OTHER_CULTURES.length).toBeGreaterThan(0);
    const expectedFiles = LANGUAGE_CULTURES.map((culture) => catalogueFile(culture, LANGUAGE_CULTURES));
    expect(Object.keys(files).sort()).toEqual([...expectedFiles].sort());
    expect(Object.keys(CATALOGUES).sort()).toEqual([...OTHER_CULTURES].sort());
    expect(catalogueFile('en-US', LANGUAGE_CULTURES)).toBe('en.json');
    expect(catalogueFile('zh-TW', LANGUAGE_CULTURES)).toBe('zh-TW.json');
  });

  it.each(OTHER_CULTURES)(
    '%s: every English text, no other, translated, with the same ICU arguments',
    (culture) => {
      const file = catalogueFile(culture, LANGUAGE_CULTURES);
      const report = checkCatalogue(culture, file, en, files[file]);
      expect(report.missing, `${file}: texts missing`).toEqual([]);
      expect(report.extra, `${file}: texts English does not have`).toEqual([]);
      expect(report.untranslated, `${file}: texts still in English`).toEqual([]);
      expect(report.broken, `${file}: ICU arguments, plural forms or syntax`).toEqual([]);
    },
  );

  it.each(OTHER_CULTURES)(
    '%s: the portal shows the catalogue, also when chosen on the sign-in page before the pages’ texts load',
    async (culture) => {
      const compiled: Messages = (await CATALOGUES[culture]()).default;
      // A fresh portal: the culture is applied on the sign-in page, the pages' English texts load afterwards.
      vi.resetModules();
      const portal = await import('./i18n');
      await portal.applyCulture(culture);
      expect(portal.i18n.messages['login.submit']).toEqual(compiled['login.submit']);
      await portal.loadPageTexts();
      const values: Record<string, number> = Object.fromEntries(
        englishTexts.flatMap(([, text]) =>
          icuArguments(text).map((arg): [string, number] => [arg.split(',')[0] ?? arg, 2]),
        ),
      );
      for (const [id] of englishTexts) {
        expect(portal.i18n.messages[id], `${culture} ${id}`).toEqual(compiled[id]);
        const text = portal.i18n._(id, values);
        expect(text, `${culture} ${id}`).not.toMatch(/[{}]/);
        expect(text, `${culture} ${id}`).not.toBe(id);
      }
      await portal.applyCulture(SOURCE_CULTURE);
      expect(portal.i18n._('login.submit')).toBe('Sign in');
      expect(portal.i18n._('nav.dashboard')).toBe('Dashboard');
    },
  );

  it('a text a catalogue lacks (a new English text not translated yet) shows in English, not as its id', async () => {
    vi.resetModules();
    vi.doMock('./catalogues', () => ({
      CATALOGUES: { 'fr-FR': () => Promise.resolve({ default: { 'login.submit': ['Se connecter'] } }) },
    }));
    try {
      const portal = await import('./i18n');
      await portal.applyCulture('fr-FR');
      expect(portal.i18n._('login.submit')).toBe('Se connecter');
      expect(portal.i18n._('login.password')).toBe('Password');
      await portal.loadPageTexts();
      expect(portal.i18n._('nav.dashboard')).toBe('Dashboard');
      expect(portal.i18n._('login.submit')).toBe('Se connecter');
    } finally {
      vi.doUnmock('./catalogues');
      vi.resetModules();
    }
  });

  it('the list of texts that may equal English names real texts and offered cultures, each with a reason', () => {
    const ids = new Set(englishTexts.map(([id]) => id as string));
    for (const [id, entry] of Object.entries(SAME_AS_ENGLISH)) {
      expect(ids.has(id), id).toBe(true);
      expect(entry.reason.length, id).toBeGreaterThan(10);
      for (const culture of entry.cultures ?? []) {
        expect(OTHER_CULTURES, id).toContain(culture);
        // No stale allowance: each culture it names still reads as in English.
        const file = catalogueFile(culture, LANGUAGE_CULTURES);
        const text = new Map(flattenMessages(files[file])).get(id);
        expect(text, `${id} in ${file}`).toBe(new Map(englishTexts).get(id as TextId));
      }
    }
  });
});

describe('the catalogue check', () => {
  const english = {
    a: { plain: 'Save', named: 'Edit {name}', count: '{count, plural, one {# run} other {# runs}}' },
  };
  const check = (culture: string, catalogue: Record<string, unknown> | undefined) =>
    checkCatalogue(culture, 'x.json', english, catalogue);
  const french = {
    a: {
      plain: 'Enregistrer',
      named: 'Modifier {name}',
      count: '{count, plural, one {# exécution} other {# exécutions}}',
    },
  };

  it('passes a complete translation', () => {
    expect(check('fr-FR', french)).toEqual({
      culture: 'fr-FR',
      file: 'x.json',
      missing: [],
      extra: [],
      untranslated: [],
      broken: [],
    });
  });

  it('finds missing and extra texts, and a catalogue that does not exist', () => {
    const report = check('fr-FR', { a: { plain: 'Enregistrer', named: 'Modifier {name}', old: 'Ancien' } });
    expect(report.missing).toEqual(['a.count']);
    expect(report.extra).toEqual(['a.old']);
    expect(check('fr-FR', undefined).missing).toEqual(['a.plain', 'a.named', 'a.count']);
  });

  it('finds texts still in English, but allows the listed ones', () => {
    expect(check('fr-FR', { a: { ...french.a, plain: 'Save' } }).untranslated).toEqual(['a.plain']);
    const allowed = checkCatalogue(
      'fr-FR',
      'x.json',
      { cookie: { accept: 'OK' } },
      { cookie: { accept: 'OK' } },
    );
    expect(allowed.untranslated).toEqual([]);
    // Korean says 확인, not OK: the allowance is per culture.
    const korean = checkCatalogue(
      'ko-KR',
      'x.json',
      { cookie: { accept: 'OK' } },
      { cookie: { accept: 'OK' } },
    );
    expect(korean.untranslated).toEqual(['cookie.accept']);
  });

  it('finds renamed, dropped, added or retyped ICU arguments and changed select choices', () => {
    const broken = (named: string) => check('fr-FR', { a: { ...french.a, named } }).broken;
    expect(broken('Modifier {nom}')).toEqual(['a.named: arguments {nom} instead of {name}']);
    expect(broken('Modifier')).toEqual(['a.named: arguments {} instead of {name}']);
    expect(broken('Modifier {name} {count}')).toHaveLength(1);
    expect(broken('Modifier {name, number}')).toHaveLength(1);
    expect(check('fr-FR', { a: { ...french.a, count: '# exécutions' } }).broken).toHaveLength(1);
    const select = { s: '{kind, select, host {Host} other {Other}}' };
    expect(
      checkCatalogue('fr-FR', 'x.json', select, { s: '{kind, select, hote {Hôte} other {Autre}}' }).broken,
    ).toEqual(['s: arguments {kind,select:hote|other} instead of {kind,select:host|other}']);
  });

  it('finds plural forms the language does not have, a missing "other", and syntax errors', () => {
    const count = (culture: string, text: string) =>
      check(culture, { a: { ...french.a, count: text } }).broken;
    expect(count('ja-JP', '{count, plural, other {#件}}')).toEqual([]);
    expect(count('ja-JP', '{count, plural, one {#件} other {#件}}')).toEqual([
      'a.count: {count, plural} has a "one" form, which ja-JP does not use',
    ]);
    expect(count('fr-FR', '{count, plural, one {# exécution}}')).toEqual([
      'a.count: {count, plural} has no "other" form',
    ]);
    expect(
      count(
        'fr-FR',
        '{count, plural, =0 {aucune} one {# exécution} many {# d’exécutions} other {# exécutions}}',
      ),
    ).toEqual([]);
    expect(check('fr-FR', { a: { ...french.a, named: 'Modifier {name' } }).broken).toHaveLength(1);
    expect(check('fr-FR', { a: { ...french.a, named: "Modifier '{name}'" } }).broken).not.toEqual([]);
  });
});

describe('locales:check (scripts/locales-check.ts)', () => {
  it('reports every offered culture but English, from the contract, and nothing to do today', () => {
    const output = execFileSync(process.execPath, ['scripts/locales-check.ts', '--json'], {
      encoding: 'utf8',
    });
    const report = JSON.parse(output) as Record<string, { file: string; missing: Record<string, string> }>;
    expect(Object.keys(report).sort()).toEqual([...OTHER_CULTURES].sort());
    for (const [culture, { file, missing }] of Object.entries(report)) {
      expect(file).toBe(catalogueFile(culture, LANGUAGE_CULTURES));
      expect(missing, culture).toEqual({});
    }
  });
});

import { readFile } from 'node:fs/promises';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import type { Plugin } from 'vite';

/**
 * The top-level sections of a locale file the sign-in page needs: they ship with the first load. Every other
 * section ("pages") loads before the first page behind it (`?messages=pages`), so texts of features a person has
 * not reached yet stay out of the sign-in page's JavaScript. `?messages` alone is the whole file.
 */
export const SIGN_IN_SECTIONS: readonly string[] = [
  'app',
  'login',
  'errors',
  'terms',
  'modal',
  'modals',
  'cookie',
  'format',
  'language',
];

/**
 * Sections only one feature uses, away from the first signed-in page: they load with that feature
 * (`?messages=section:<name>`, src/lib/i18n/i18n.ts `loadSectionTexts`) instead of with every page's texts, so a
 * feature's texts cost the first page nothing. A test pins that no other feature uses them.
 */
export const FEATURE_SECTIONS = [
  'reports',
  'upload',
  'promo',
  'register',
  'selectCompany',
  'performance',
] as const;
export type FeatureSection = (typeof FEATURE_SECTIONS)[number];

export type LocalePart = 'all' | 'sign-in' | 'pages' | `section:${FeatureSection}`;

const isFeatureSection = (section: string): boolean =>
  (FEATURE_SECTIONS as readonly string[]).includes(section);

/** Keeps the sections of one part of a locale file. */
export function sectionsOf(tree: Record<string, unknown>, part: LocalePart): Record<string, unknown> {
  if (part === 'all') return tree;
  const keep = (section: string): boolean => {
    if (part === 'sign-in') return SIGN_IN_SECTIONS.includes(section);
    if (part === 'pages') return !SIGN_IN_SECTIONS.includes(section) && !isFeatureSection(section);
    return section === part.slice('section:'.length);
  };
  return Object.fromEntries(Object.entries(tree).filter(([section]) => keep(section)));
}

/** `{ nav: { dashboard: 'Dashboard' } }` → `[['nav.dashboard', 'Dashboard']]`: the message ids the portal uses. */
export function flattenMessages(tree: unknown, prefix = ''): [string, string][] {
  if (typeof tree === 'string') return [[prefix, tree]];
  if (typeof tree !== 'object' || tree === null || Array.isArray(tree)) {
    throw new Error(`locale file: "${prefix}" must be a text or an object of texts`);
  }
  return Object.entries(tree).flatMap(([key, child]) =>
    flattenMessages(child, prefix ? `${prefix}.${key}` : key),
  );
}

/**
 * Compiles a locale file (src/locales/<language>.json, nested texts in ICU MessageFormat) into Lingui's compiled
 * messages when imported with `?messages`, at build time: the browser gets ready-to-render messages and no
 * MessageFormat parser. The result is JSON, so Vite's JSON handling turns it into a module as usual.
 */
export function localeMessages(): Plugin {
  return {
    name: 'portal:locale-messages',
    enforce: 'pre',
    async load(id) {
      const match = /^(.*\.json)\?messages(?:=(sign-in|pages|section:[A-Za-z]+))?$/.exec(id);
      if (!match?.[1]) return null;
      const file = match[1];
      const part: LocalePart = (match[2] as LocalePart | undefined) ?? 'all';
      if (part.startsWith('section:') && !isFeatureSection(part.slice('section:'.length)))
        throw new Error(`${id}: not one of FEATURE_SECTIONS`);
      this.addWatchFile(file);
      const tree = JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>;
      const compiled = Object.fromEntries(
        flattenMessages(sectionsOf(tree, part)).map(([key, text]) => [key, compileMessage(text)]),
      );
      return { code: JSON.stringify(compiled), moduleType: 'json' };
    },
  };
}

import { readFile } from 'node:fs/promises';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import type { Plugin } from 'vite';

const MESSAGES_QUERY = '?messages';

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
      if (!id.endsWith(`.json${MESSAGES_QUERY}`)) return null;
      const file = id.slice(0, -MESSAGES_QUERY.length);
      this.addWatchFile(file);
      const tree: unknown = JSON.parse(await readFile(file, 'utf8'));
      const compiled = Object.fromEntries(
        flattenMessages(tree).map(([key, text]) => [key, compileMessage(text)]),
      );
      return { code: JSON.stringify(compiled), moduleType: 'json' };
    },
  };
}

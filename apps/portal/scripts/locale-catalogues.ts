import { compileMessageOrThrow, type CompiledMessage } from '@lingui/message-utils/compileMessage';
import { flattenMessages } from './locale-messages.ts';

/**
 * The completeness rules of the portal's locale files (src/locales/<file>.json): every culture the language switcher
 * offers (the contract's LanguageCulture enum) has a catalogue with every English text, no other text, the same
 * ICU arguments, and its own words. Shared by the catalogue test (src/lib/i18n/catalogues.test.ts) and the
 * `locales:check` script (scripts/locales-check.ts), which lists what a translator still has to do.
 */

/** The culture whose file (en.json) is the source of every text id. */
export const SOURCE_CULTURE = 'en-US';

/**
 * The locale file of a culture: its language (`fr.json`), or the whole culture when two offered cultures share the
 * language and differ in writing (`zh-CN.json`, `zh-TW.json`).
 */
export function catalogueFile(culture: string, cultures: readonly string[]): string {
  const language = culture.split('-')[0] ?? culture;
  const sharing = cultures.filter((entry) => entry.split('-')[0] === language).length;
  return `${sharing > 1 ? culture : language}.json`;
}

/**
 * Texts a catalogue may keep exactly as in English, with the reason; `cultures` names the cultures where the English
 * word is the idiomatic one (each of them must still read as in English: a test pins the list), absent means any
 * culture. Anything else equal to English is an untranslated text.
 */
export const SAME_AS_ENGLISH: Readonly<
  Record<string, { readonly reason: string; readonly cultures?: readonly string[] }>
> = {
  'app.name': { reason: 'the product name "Assessment Portal" is not translated' },
  'format.empty': { reason: 'the dash for an empty value is a sign, not a word' },
  'messageActions.OK': {
    reason: '"OK" is the usual button word in these languages',
    cultures: ['de-DE', 'fr-FR', 'it-IT', 'ja-JP', 'pt-BR'],
  },
  'cookie.accept': {
    reason: '"OK" is the usual button word in these languages (Korean and Chinese say 확인 / 确定 / 確定)',
    cultures: ['de-DE', 'es-ES', 'fr-FR', 'it-IT', 'ja-JP', 'pt-BR'],
  },
  'projects.nodeKind.cluster': {
    reason: '"Cluster" is the technical term in these languages',
    cultures: ['de-DE', 'fr-FR', 'it-IT', 'pt-BR'],
  },
  'projects.nodeKind.host': {
    reason: '"Host" is the technical term in these languages',
    cultures: ['de-DE', 'es-ES', 'it-IT', 'pt-BR'],
  },
  'runSearch.details.hosts': {
    reason: '"Hosts" is the technical term in these languages',
    cultures: ['de-DE', 'es-ES', 'pt-BR'],
  },
  'projects.nodeKind.server': {
    reason: '"Server" is the technical term in German and Italian',
    cultures: ['de-DE', 'it-IT'],
  },
  'upload.types.server': {
    reason: '"Server" is the technical term in German and Italian',
    cultures: ['de-DE', 'it-IT'],
  },
  'promo.queue': { reason: '"Logo" is the word in these languages', cultures: ['de-DE', 'fr-FR', 'it-IT'] },
  'users.group.team': { reason: '"Team" is the word in German and Italian', cultures: ['de-DE', 'it-IT'] },
  'projects.row.viewer': { reason: '"Viewer" is the German UI word', cultures: ['de-DE'] },
  'runSearch.row.view': { reason: '"Details" is the German word', cultures: ['de-DE'] },
  'columns.name': { reason: '"Name" is the German word', cultures: ['de-DE'] },
  'performance.vms.col.type': { reason: '"Type" (of a datastore) is the French word', cultures: ['fr-FR'] },
  'project.name': { reason: '"Name" is the German word', cultures: ['de-DE'] },
  'projectSearch.name': { reason: '"Name" is the German word', cultures: ['de-DE'] },
  'runSearch.name': { reason: '"Name" is the German word', cultures: ['de-DE'] },
  'profile.name': { reason: '"Name" is the German word', cultures: ['de-DE'] },
  'columns.status': {
    reason: '"Status" is the German word and the usual Brazilian UI word',
    cultures: ['de-DE', 'pt-BR'],
  },
  'project.status': {
    reason: '"Status" is the German word and the usual Brazilian UI word',
    cultures: ['de-DE', 'pt-BR'],
  },
  'users.fields.Status': {
    reason: '"Status" is the German word and the usual Brazilian UI word',
    cultures: ['de-DE', 'pt-BR'],
  },
  'errors.title': { reason: '"Error" is the Spanish word', cultures: ['es-ES'] },
  'project.no': { reason: '"No" is the Spanish and Italian word', cultures: ['es-ES', 'it-IT'] },
  'app.notifications': { reason: '"Notifications" is the French word', cultures: ['fr-FR'] },
  'projects.actions': { reason: '"Actions" is the French word', cultures: ['fr-FR'] },
  'team.actions': { reason: '"Actions" is the French word', cultures: ['fr-FR'] },
  'collectors.keys.action': { reason: '"Action" is the French word', cultures: ['fr-FR'] },
  'projects.share.optionsStep': { reason: '"Options" is the French word', cultures: ['fr-FR'] },
  'pss.contactsStep': { reason: '"Contacts" is the French word', cultures: ['fr-FR'] },
  'runSearch.archiveState.Active': {
    reason: '"Active" is the French word (a run, feminine)',
    cultures: ['fr-FR'],
  },
  'nav.dashboard': { reason: '"Dashboard" is the Italian UI word', cultures: ['it-IT'] },
  'dashboard.title': { reason: '"Dashboard" is the Italian UI word', cultures: ['it-IT'] },
  'login.password': { reason: '"Password" is the Italian UI word', cultures: ['it-IT'] },
  'pss.accountStep': { reason: '"Account" is the Italian UI word', cultures: ['it-IT'] },
  'collectors.download.template': {
    reason: 'Italian keeps "collector" as the technical term throughout its catalogue',
    cultures: ['it-IT'],
  },
  'register.password': { reason: '"Password" is the Italian UI word', cultures: ['it-IT'] },
  'reports.region.label': { reason: '"Region" is the German word', cultures: ['de-DE'] },
  'reports.section.air': { reason: 'the product name "AIR" (the assessment report) is not translated' },
  'reports.section.details': { reason: '"Details" is the German word', cultures: ['de-DE'] },
  'reports.section.vmware': { reason: 'the product name "VMware" is not translated' },
  'reports.grid.server': {
    reason: '"Server" is the technical term in German and Italian',
    cultures: ['de-DE', 'it-IT'],
  },
  'reports.grid.iops': { reason: '"IOPS" is the unit abbreviation in every language' },
  'performance.chart.iops': { reason: '"IOPS" is the unit abbreviation in every language' },
  'performance.chart.cpu': {
    reason: '"CPU" is the usual abbreviation in these languages (French says "Processeur")',
    cultures: ['de-DE', 'es-ES', 'it-IT', 'ja-JP', 'ko-KR', 'pt-BR', 'zh-CN', 'zh-TW'],
  },
  'performance.unit.iops': { reason: '"IOPS" is the unit abbreviation in every language' },
  'performance.unit.percent': { reason: 'the percent sign is a sign, not a word' },
  'performance.unit.megabytesPerSecond': {
    reason: '"MB/s" is the unit symbol in these languages (French writes "Mo/s", Japanese "MB/秒")',
    cultures: ['de-DE', 'es-ES', 'it-IT', 'ko-KR', 'pt-BR', 'zh-CN', 'zh-TW'],
  },
  'performance.unit.milliseconds': {
    reason: '"ms" is the unit symbol in these languages (Japanese and Chinese spell the unit out)',
    cultures: ['de-DE', 'es-ES', 'fr-FR', 'it-IT', 'ko-KR', 'pt-BR'],
  },
  'performance.unit.gibibytes': {
    reason: '"GiB" is the unit symbol in these languages (French writes "Gio")',
    cultures: ['de-DE', 'es-ES', 'it-IT', 'ja-JP', 'ko-KR', 'pt-BR', 'zh-CN', 'zh-TW'],
  },
  'performance.unit.tebibytes': {
    reason: '"TiB" is the unit symbol in these languages (French writes "Tio")',
    cultures: ['de-DE', 'es-ES', 'it-IT', 'ja-JP', 'ko-KR', 'pt-BR', 'zh-CN', 'zh-TW'],
  },
  'performance.unit.kibibytes': {
    reason: '"KiB" is the unit symbol in these languages (French writes "Kio")',
    cultures: ['de-DE', 'es-ES', 'it-IT', 'ja-JP', 'ko-KR', 'pt-BR', 'zh-CN', 'zh-TW'],
  },
  'performance.server': {
    reason: '"Server" is the technical term in German and Italian',
    cultures: ['de-DE', 'it-IT'],
  },
  'performance.scopeServer': {
    reason: '"Server" is the technical term in German and Italian',
    cultures: ['de-DE', 'it-IT'],
  },
  'performance.sizing.basisLabel': { reason: '"Basis" is the German word', cultures: ['de-DE'] },
  'performance.sizing.short.p99': {
    reason: '"p99" is how these languages write the 99th percentile in a formula',
    cultures: ['es-ES', 'fr-FR', 'it-IT', 'pt-BR'],
  },
  'performance.sizing.short.p95': {
    reason: '"p95" is how these languages write the 95th percentile in a formula',
    cultures: ['es-ES', 'fr-FR', 'it-IT', 'pt-BR'],
  },
  'performance.sizing.short.p90': {
    reason: '"p90" is how these languages write the 90th percentile in a formula',
    cultures: ['es-ES', 'fr-FR', 'it-IT', 'pt-BR'],
  },
};

/** Whether `id` may read as in English in `culture` ({@link SAME_AS_ENGLISH}). */
export function mayEqualEnglish(id: string, culture: string): boolean {
  const entry = SAME_AS_ENGLISH[id];
  return entry !== undefined && (entry.cultures === undefined || entry.cultures.includes(culture));
}

/**
 * The ICU arguments of a text, one line each, sorted: `name`, `count,number`, `count,plural`, `kind,select:a|b|other`.
 * Plural forms are not part of it (each language has its own plural categories, see {@link pluralProblems}); select
 * choices are (they are the values the portal passes). Throws on MessageFormat syntax errors.
 */
export function icuArguments(text: string): string[] {
  const found = new Set<string>();
  const walk = (message: CompiledMessage) => {
    for (const token of message) {
      if (typeof token === 'string') continue;
      const [name, type, format] = token;
      const choices = choicesOf(format);
      if (type === 'select' && choices) {
        found.add(`${name},select:${Object.keys(choices).sort().join('|')}`);
      } else {
        found.add(type ? `${name},${type}` : name);
      }
      for (const choice of Object.values(choices ?? {})) walk(choice);
    }
  };
  walk(compileMessageOrThrow(text));
  return [...found].sort();
}

function choicesOf(format: unknown): Record<string, CompiledMessage> | undefined {
  if (typeof format !== 'object' || format === null) return undefined;
  return Object.fromEntries(
    Object.entries(format).filter(
      (entry): entry is [string, CompiledMessage] => entry[0] !== 'offset' && Array.isArray(entry[1]),
    ),
  );
}

/**
 * Plural forms a culture cannot use: each plural needs `other` and only the culture's own categories (CLDR, e.g.
 * Japanese has only `other`; French has `one`, `many`, `other`) or exact values (`=0`).
 */
export function pluralProblems(text: string, culture: string): string[] {
  const categories = new Set<string>(new Intl.PluralRules(culture).resolvedOptions().pluralCategories);
  const ordinal = new Set<string>(
    new Intl.PluralRules(culture, { type: 'ordinal' }).resolvedOptions().pluralCategories,
  );
  const problems: string[] = [];
  const walk = (message: CompiledMessage) => {
    for (const token of message) {
      if (typeof token === 'string') continue;
      const [name, type, format] = token;
      const choices = choicesOf(format) ?? {};
      if (type === 'plural' || type === 'selectordinal') {
        const allowed = type === 'plural' ? categories : ordinal;
        if (!('other' in choices)) problems.push(`{${name}, ${type}} has no "other" form`);
        for (const key of Object.keys(choices)) {
          if (!allowed.has(key) && !/^\d+$/.test(key)) {
            problems.push(`{${name}, ${type}} has a "${key}" form, which ${culture} does not use`);
          }
        }
      }
      for (const choice of Object.values(choices)) walk(choice);
    }
  };
  walk(compileMessageOrThrow(text));
  return problems;
}

/** What a catalogue lacks or gets wrong against English. */
export interface CatalogueReport {
  culture: string;
  file: string;
  /** Text ids of English the catalogue lacks. */
  missing: string[];
  /** Text ids the catalogue has and English has not. */
  extra: string[];
  /** Texts still equal to English (not in {@link SAME_AS_ENGLISH} for this culture). */
  untranslated: string[];
  /** Texts whose ICU arguments, plural forms or syntax differ from what English needs: `id: problem`. */
  broken: string[];
}

/** Compares a culture's catalogue (the parsed locale file, or undefined when there is none) with English. */
export function checkCatalogue(
  culture: string,
  file: string,
  english: Record<string, unknown>,
  catalogue: Record<string, unknown> | undefined,
): CatalogueReport {
  const source = new Map(flattenMessages(english));
  const own = new Map(catalogue === undefined ? [] : flattenMessages(catalogue));
  const report: CatalogueReport = { culture, file, missing: [], extra: [], untranslated: [], broken: [] };
  for (const [id, englishText] of source) {
    const text = own.get(id);
    if (text === undefined) {
      report.missing.push(id);
      continue;
    }
    if (text === englishText && culture !== SOURCE_CULTURE && !mayEqualEnglish(id, culture)) {
      report.untranslated.push(id);
    }
    try {
      const expected = icuArguments(englishText).join(' ');
      const actual = icuArguments(text).join(' ');
      if (actual !== expected) {
        report.broken.push(`${id}: arguments {${actual}} instead of {${expected}}`);
      }
      for (const problem of pluralProblems(text, culture)) report.broken.push(`${id}: ${problem}`);
      if (/[{}]/.test(textOnly(text))) report.broken.push(`${id}: a brace is left outside an argument`);
    } catch (error) {
      report.broken.push(`${id}: ${(error as Error).message.split('\n')[0] ?? 'MessageFormat syntax error'}`);
    }
  }
  for (const id of own.keys()) if (!source.has(id)) report.extra.push(id);
  return report;
}

/** The literal words of a compiled text (no arguments): a leftover brace there is a typo. */
function textOnly(text: string): string {
  const words: string[] = [];
  const walk = (message: CompiledMessage) => {
    for (const token of message) {
      if (typeof token === 'string') words.push(token);
      else for (const choice of Object.values(choicesOf(token[2]) ?? {})) walk(choice);
    }
  };
  walk(compileMessageOrThrow(text));
  return words.join('');
}

/** Whether a report has anything to fix. */
export function hasProblems(report: CatalogueReport): boolean {
  return report.missing.length + report.extra.length + report.untranslated.length + report.broken.length > 0;
}

// Issue #40 item 3: dates, durations and sizes reach the reader through the platform's Intl (formatDate, formatDays,
// formatNumber, the kit's formatBytes and date fields), never as a pattern in a catalogue or pieces glued together in
// a component. This check reads every locale file and every source file of the portal and the UI kit.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { flattenMessages } from '../../../scripts/locale-messages';

const PORTAL = join(import.meta.dirname, '..', '..', '..');
const REPO = join(PORTAL, '..', '..');
const SOURCES = [join(PORTAL, 'src'), join(REPO, 'packages', 'ui', 'src')];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'locales' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.(test|stories|gen)\.tsx?$|\.d\.ts$/.test(entry.name)
      ? [path]
      : [];
  });
}

/** Units Intl formats itself (style: 'unit'); binary units (KiB, GiB, TiB) have none there and stay labels. */
const INTL_UNIT = String.raw`(?:bytes?|Bytes?|octets?|B|kB|KB|MB|GB|TB|days?|Tage?n?|jours?|días?|giorni|dias?|hours?|Stunden?|minutes?|Minuten?|seconds?|Sekunden?|日|天|일|시간|時間|分|秒)`;

/** A date written as a pattern: mm/dd/yy, dd.mm.yyyy, tt.mm.jj, 年/月/日 and the like. */
const DATE_PATTERN =
  /\b(?:mm|dd|yy|yyyy|tt|jj|jjjj|aa|aaaa|gg)[/.-](?:mm|dd|tt|jj|gg)[/.-]?(?:yy|yyyy|jj|jjjj|aa|aaaa)?\b|年\/月\/日/iu;

/**
 * uPlot's date templates ("{MMM}", "{M}/{D}", "{h}:{mm}{aa}", fmtDate): English month names and orders; a chart's
 * time axis writes its ticks through Intl instead (features/viewer/time-axis.ts).
 */
const UPLOT_TEMPLATE =
  /\{(?:YYYY|YY|MMMM|MMM|WWWW|WWW|fff|aa|AA)\}|\{(?:h|H|HH)\}:\{mm\}|\{MM?\}\/\{DD?\}|:\{ss\}|\bfmtDate\s*\(/;

/** A number argument glued to a unit word: "{size} MB", "# days" (a plural word is no unit format). */
const GLUED_UNIT = new RegExp(String.raw`(?:\{[^{},]+\}|#)\s?${INTL_UNIT}(?![\p{L}])`, 'u');

/**
 * Texts that still glue a number to a unit (an id, or a group of ids ending in "."), each with why it is left: the
 * list may only shrink (a mended text leaves it, a new one fails the check).
 */
const KNOWN_GLUED: Readonly<Record<string, string>> = {};
const isKnownGlued = (id: string) =>
  Object.keys(KNOWN_GLUED).some((known) => (known.endsWith('.') ? id.startsWith(known) : id === known));

const catalogues = Object.entries(
  import.meta.glob<Record<string, unknown>>('/src/locales/*.json', { eager: true, import: 'default' }),
).map(([path, tree]) => [path.split('/').pop() ?? path, flattenMessages(tree)] as const);

describe('no catalogue formats a date or a unit by hand', () => {
  it('reads all ten catalogues', () => {
    expect(catalogues.map(([file]) => file).sort()).toEqual(
      ['de', 'en', 'es', 'fr', 'it', 'ja', 'ko', 'pt', 'zh-CN', 'zh-TW'].map((name) => `${name}.json`),
    );
  });

  it.each(catalogues)(
    '%s: no date pattern (mm/dd/yy, tt.mm.jj, 年/月/日…): date fields and dates use Intl',
    (_, texts) => {
      expect(texts.filter(([, text]) => DATE_PATTERN.test(text))).toEqual([]);
    },
  );

  it.each(catalogues)('%s: no uPlot date template ({MMM}, {M}/{D}, {h}:{mm}{aa})', (_, texts) => {
    expect(texts.filter(([, text]) => UPLOT_TEMPLATE.test(text))).toEqual([]);
  });

  it.each(catalogues)('%s: no number glued to a unit Intl formats ("{size} MB", "# days")', (_, texts) => {
    const glued = texts.filter(([id, text]) => GLUED_UNIT.test(text) && !isKnownGlued(id)).map(([id]) => id);
    expect(glued).toEqual([]);
  });

  it('the known glued texts are still there (mended ones leave the list)', () => {
    const english = catalogues.find(([file]) => file === 'en.json')?.[1] ?? [];
    for (const known of Object.keys(KNOWN_GLUED)) {
      const texts = english.filter(([id]) => (known.endsWith('.') ? id.startsWith(known) : id === known));
      expect(
        texts.some(([, text]) => GLUED_UNIT.test(text)),
        known,
      ).toBe(true);
    }
  });

  it('the patterns catch what they are for', () => {
    for (const text of ['(mm/dd/yy)', 'TT.MM.JJJJ', 'dd/mm/yyyy', '年/月/日', 'yyyy-mm-dd'])
      expect(DATE_PATTERN.test(text), text).toBe(true);
    for (const text of ['{size} MB', '{count} bytes', '# days', '{n} Tage', '{count}日'])
      expect(GLUED_UNIT.test(text), text).toBe(true);
    for (const text of [
      'Capacity (GiB)',
      '{size}',
      'Last 7 days',
      '{count, plural, one {# VM} other {# VMs}}',
    ])
      expect(GLUED_UNIT.test(text) || DATE_PATTERN.test(text), text).toBe(false);
  });
});

/** Hand formatting in code: a date assembled from its parts, a date pattern, a figure glued to a unit. */
const HAND_FORMATTING: readonly [string, RegExp][] = [
  ['a date assembled from its parts', /\$\{[^}]*\bget(?:UTC)?(?:Date|Month|FullYear)\(\)[^}]*\}[/.-]/],
  [
    'a date assembled from its parts',
    /\bget(?:UTC)?(?:Date|Month|FullYear)\(\)\s*(?:\+\s*1\s*)?\)?\s*\+\s*['"`][/.-]/,
  ],
  ['a date pattern in code', /['"`](?:mm|dd|yy|yyyy)[/.-](?:mm|dd)[/.-](?:yy|yyyy)['"`]/i],
  ['a figure glued to a unit', new RegExp(String.raw`\}\s?${INTL_UNIT}\b[^\w(]`, 'u')],
  ['a figure glued to a unit', new RegExp(String.raw`\+\s*['"]\s?${INTL_UNIT}['"]`, 'u')],
  ["uPlot's English date template", UPLOT_TEMPLATE],
];

/** The spec's English date format itself: the constant the kit's tests compare the English field with. */
const SPEC_CONSTANTS = new Set([join(REPO, 'packages', 'ui', 'src', 'constants.ts')]);

describe('no component of the portal or the kit formats a date or a unit by hand', () => {
  const files = SOURCES.flatMap(sourceFiles).filter((file) => !SPEC_CONSTANTS.has(file));

  it('reads the sources of both', () => {
    expect(files.length).toBeGreaterThan(200);
  });

  it('every date, duration and size goes through Intl', () => {
    const found = files.flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, index) =>
          // Comments may name a format ("mm/dd/yy in English"); only code formats.
          (/^\s*(?:\*|\/\/|\/\*)/.test(line) ? [] : HAND_FORMATTING)
            .filter(([, pattern]) => pattern.test(line))
            .map(([what]) => `${relative(REPO, file)}:${String(index + 1)}: ${what}: ${line.trim()}`),
        ),
    );
    expect(found).toEqual([]);
  });

  it('the code patterns catch what they are for', () => {
    const caught = (line: string) => HAND_FORMATTING.some(([, pattern]) => pattern.test(line));
    expect(caught('const text = `${d.getMonth() + 1}/${d.getDate()}/${d.getFullYear()}`;')).toBe(true);
    expect(caught("return d.getDate() + '.' + (d.getMonth() + 1);")).toBe(true);
    expect(caught("const hint = 'mm/dd/yy';")).toBe(true);
    expect(caught('label = `${size.toFixed(1)} MB`;')).toBe(true);
    expect(caught("label = size + ' KB';")).toBe(true);
    // uPlot's templates, as an axis' values or a series' value would name them.
    expect(caught("values: [[3600, '{h}:{mm}{aa}', '\\n{M}/{D}/{YY}']],")).toBe(true);
    expect(caught("values: '{MMM} {YYYY}',")).toBe(true);
    expect(caught("values: '{M}/{D}',")).toBe(true);
    expect(caught("value: '{YYYY}-{MM}-{DD} {h}:{mm}{aa}',")).toBe(true);
    expect(caught("values: ':{ss}',")).toBe(true);
    expect(caught("const stamp = uPlot.fmtDate('{h}');")).toBe(true);
    expect(caught('<HeadlineFigures summary={s} />')).toBe(false);
    expect(caught("text.replace(/\\p{M}+/gu, '')")).toBe(false);
    expect(caught('const day = { year: d.getFullYear(), month: d.getMonth() + 1 };')).toBe(false);
    expect(caught('t(`viewer.${unit} GiB`)')).toBe(false);
  });
});

// locales:check — lists, per culture the language switcher offers (the contract's LanguageCulture enum), the English
// texts its catalogue (src/locales/<file>.json) still lacks, with the English text to translate, and anything else
// to fix: texts English no longer has, texts still equal to English, changed ICU arguments or plural forms.
//
//   pnpm --filter @assessment/portal run locales:check            # a list to read; exit code 1 when anything is open
//   pnpm --filter @assessment/portal run locales:check -- --json  # the same as JSON: { culture: { file, missing: { id: English }, ... } }
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { catalogueFile, checkCatalogue, hasProblems, SOURCE_CULTURE } from './locale-catalogues.ts';
import { flattenMessages } from './locale-messages.ts';

const portal = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const locales = join(portal, 'src', 'locales');
/** The cultures the switcher offers: the contract's LanguageCulture enum (the bundled contract, openapi/dist). */
const contract = JSON.parse(
  readFileSync(join(portal, '..', '..', 'openapi', 'dist', 'openapi.json'), 'utf8'),
) as {
  components: { schemas: { LanguageCulture?: { enum?: string[] } } };
};
const cultures: readonly string[] = contract.components.schemas.LanguageCulture?.enum ?? [];
if (!cultures.includes(SOURCE_CULTURE))
  throw new Error('the contract has no LanguageCulture enum with en-US');
const read = (file: string) =>
  existsSync(join(locales, file))
    ? (JSON.parse(readFileSync(join(locales, file), 'utf8')) as Record<string, unknown>)
    : undefined;

const english = read(catalogueFile(SOURCE_CULTURE, cultures));
if (!english) throw new Error(`no English locale file in ${locales}`);
const englishTexts = new Map(flattenMessages(english));

const reports = cultures
  .filter((culture) => culture !== SOURCE_CULTURE)
  .map((culture) => {
    const file = catalogueFile(culture, cultures);
    return { exists: read(file) !== undefined, ...checkCatalogue(culture, file, english, read(file)) };
  });

if (process.argv.includes('--json')) {
  const json = Object.fromEntries(
    reports.map(({ culture, file, exists, missing, extra, untranslated, broken }) => [
      culture,
      {
        file,
        exists,
        missing: Object.fromEntries(missing.map((id) => [id, englishTexts.get(id)])),
        extra,
        untranslated: Object.fromEntries(untranslated.map((id) => [id, englishTexts.get(id)])),
        broken,
      },
    ]),
  );
  console.log(JSON.stringify(json, null, 2));
} else {
  console.log(`${englishTexts.size} English texts (src/locales/en.json); ${reports.length} other cultures.`);
  for (const report of reports) {
    const { culture, file, exists, missing, extra, untranslated, broken } = report;
    if (!hasProblems(report)) {
      console.log(`\n${culture} (${file}): complete`);
      continue;
    }
    console.log(
      `\n${culture} (${file}${exists ? '' : ', no such file'}): ${missing.length} missing, ${extra.length} extra, ` +
        `${untranslated.length} same as English, ${broken.length} broken`,
    );
    const line = (label: string, text: string) => console.log(`  ${label.padEnd(16)}${text}`);
    for (const id of missing) line('missing', `${id}: ${JSON.stringify(englishTexts.get(id))}`);
    for (const id of extra) line('extra', `${id} (not in en.json: remove it)`);
    for (const id of untranslated) line('same as English', `${id}: ${JSON.stringify(englishTexts.get(id))}`);
    for (const problem of broken) line('broken', problem);
  }
}
process.exitCode = reports.some(hasProblems) ? 1 : 0;

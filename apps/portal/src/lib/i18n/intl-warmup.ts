/**
 * Intl's start-up, off the main thread. The first Intl object a page makes loads ICU's data for the process: ~40–60 ms
 * of main thread on this project's CI machine (×4 on a phone), and each further kind of format or culture more. The
 * first pages pay it while their modules evaluate (React Aria checks the text direction and a number-format feature
 * at import time) and again in the first render (dates, the current language's name). ICU's caches belong to the
 * process, so a worker that makes the same objects first leaves the main thread only the cheap part: the boot script
 * starts one before the page's chunks arrive (scripts/page-entries.ts), and by the time the modules run the data is
 * loaded.
 *
 * `warmUpIntl` runs in that worker as its own source text (`Function.prototype.toString`): it must stay
 * self-contained, with everything it needs passed in.
 */

/** How the portal writes a date (formatDate), shared with the warm-up so that it loads the very same patterns. */
export const DATE_TIME_OPTIONS: Intl.DateTimeFormatOptions = { dateStyle: 'short', timeStyle: 'short' };

export interface IntlWarmUp {
  /** The cultures to load (the browser's language and the portal's default). */
  cultures: readonly string[];
  /** formatDate's options. */
  dateTime: Intl.DateTimeFormatOptions;
}

/** Makes, once each, the Intl objects the first render makes. A culture the browser does not know is skipped. */
export function warmUpIntl({ cultures, dateTime }: IntlWarmUp): void {
  for (const culture of cultures) {
    try {
      // React Aria's text direction (useDefaultLocale) and its collator (tables, combo boxes).
      new Intl.Locale(culture).maximize();
      new Intl.Collator(culture).compare('a', 'b');
      // formatDate, formatNumber, Lingui's plural rules, and the current language's name (cultureLabel).
      new Intl.DateTimeFormat(culture, dateTime).format(0);
      new Intl.NumberFormat(culture).format(1.5);
      new Intl.PluralRules(culture).select(1);
      new Intl.DisplayNames([culture], { type: 'language' }).of(culture);
    } catch {
      // An unknown or malformed culture: nothing to load.
    }
  }
  // @internationalized/number checks signDisplay support with this exact format when its module evaluates.
  new Intl.NumberFormat('de-DE', { signDisplay: 'exceptZero' }).resolvedOptions();
}

/**
 * The worker's whole script: the browser's language and the default culture warmed up, then the worker ends. Plain
 * JavaScript (no import, no export), so it runs as a classic worker.
 */
export function intlWarmUpScript(defaultCulture: string): string {
  return (
    `(${warmUpIntl.toString()})({cultures:[...new Set([navigator.language,${JSON.stringify(defaultCulture)}])],` +
    `dateTime:${JSON.stringify(DATE_TIME_OPTIONS)}});close();\n`
  );
}

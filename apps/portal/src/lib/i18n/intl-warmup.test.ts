import { runInNewContext } from 'node:vm';
import { describe, expect, it, vi } from 'vitest';
import { formatDate } from './i18n';
import { DATE_TIME_OPTIONS, intlWarmUpScript } from './intl-warmup';

type Constructor = new (...args: unknown[]) => object;

/** Runs the worker's script as the browser does, in a worker-like global, with every Intl object it makes recorded. */
function runWorker(language: string) {
  const made: string[] = [];
  const recorded = (name: keyof typeof Intl) => {
    const constructor = Intl[name] as unknown as Constructor;
    return new Proxy(constructor, {
      construct(target, args) {
        made.push(`${name} ${JSON.stringify(args)}`);
        return Reflect.construct(target, args);
      },
    });
  };
  const close = vi.fn();
  const intl = Object.fromEntries(
    (['Locale', 'Collator', 'DateTimeFormat', 'NumberFormat', 'PluralRules', 'DisplayNames'] as const).map(
      (name) => [name, recorded(name)],
    ),
  );
  runInNewContext(intlWarmUpScript('en-US'), { navigator: { language }, Intl: intl, close });
  return { made, close };
}

describe('Intl warm-up worker', () => {
  it("makes the first render's Intl objects for the browser's language and the default, then ends", () => {
    const { made, close } = runWorker('de-AT');
    const forCulture = (culture: string) => [
      `Locale ["${culture}"]`,
      `Collator ["${culture}"]`,
      `DateTimeFormat ["${culture}",${JSON.stringify(DATE_TIME_OPTIONS)}]`,
      `NumberFormat ["${culture}"]`,
      `PluralRules ["${culture}"]`,
      `DisplayNames [["${culture}"],{"type":"language"}]`,
    ];
    expect(made).toEqual([
      ...forCulture('de-AT'),
      ...forCulture('en-US'),
      'NumberFormat ["de-DE",{"signDisplay":"exceptZero"}]',
    ]);
    expect(close).toHaveBeenCalledOnce();
  });

  it('loads a language once when the browser speaks the default, and skips a culture it cannot read', () => {
    expect(runWorker('en-US').made.filter((made) => made.startsWith('DateTimeFormat'))).toHaveLength(1);
    const { made, close } = runWorker('not a culture!');
    expect(made.filter((entry) => entry.startsWith('DateTimeFormat'))).toEqual([
      `DateTimeFormat ["en-US",${JSON.stringify(DATE_TIME_OPTIONS)}]`,
    ]);
    expect(close).toHaveBeenCalledOnce();
  });

  it('warms the very format the portal writes dates with', () => {
    const date = Date.UTC(2026, 0, 31, 14, 5);
    expect(formatDate(date, 'de-DE')).toBe(new Intl.DateTimeFormat('de-DE', DATE_TIME_OPTIONS).format(date));
    expect(DATE_TIME_OPTIONS).toEqual({ dateStyle: 'short', timeStyle: 'short' });
  });
});

import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isCookieWarningAcknowledged } from './index';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('isCookieWarningAcknowledged', () => {
  it('reads localStorage displayedCookieWarning: any stored value but "" and "false" counts', () => {
    expect(isCookieWarningAcknowledged()).toBe(false);
    for (const [value, acknowledged] of [
      ['', false],
      ['false', false],
      ['true', true],
      ['1', true],
    ] as const) {
      window.localStorage.setItem('displayedCookieWarning', value);
      expect(isCookieWarningAcknowledged(), `stored ${JSON.stringify(value)}`).toBe(acknowledged);
    }
    window.localStorage.clear();
    window.localStorage.setItem('cookieWarning', 'true');
    expect(isCookieWarningAcknowledged()).toBe(false);
  });

  it('is false when storage is unavailable', () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    expect(isCookieWarningAcknowledged()).toBe(false);
  });
});

/**
 * The packages reachable through the static (non-type) imports of a kit module, following the kit's own
 * modules. Bundlers split and share code per module, so what a module imports statically ships with it.
 */
function staticPackages(file: string, seen = new Set<string>(), found = new Set<string>()): Set<string> {
  if (seen.has(file)) return found;
  seen.add(file);
  const text = readFileSync(file, 'utf8');
  for (const [, specifier] of text.matchAll(
    /^(?:import|export)\s(?!type\s)(?:[^;]*?\sfrom\s)?'([^']+)'/gms,
  )) {
    if (!specifier!.startsWith('.')) found.add(specifier!);
    else {
      const base = join(dirname(file), specifier!);
      const next = [`${base}.ts`, `${base}.tsx`, join(base, 'index.ts')].find((p) => existsSync(p));
      if (next) staticPackages(next, seen, found);
    }
  }
  return found;
}

describe('cookie-notice module boundaries', () => {
  it('the acknowledgement check imports no package (no React, no React Aria); the notice does', () => {
    const here = import.meta.dirname;
    expect([...staticPackages(join(here, 'acknowledged.ts'))]).toEqual([]);
    expect([...staticPackages(join(here, 'CookieNotice.tsx'))]).toContain('react-aria-components');
  });
});

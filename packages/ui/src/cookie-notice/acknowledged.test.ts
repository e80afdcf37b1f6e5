import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { staticPackages } from '../test/module-graph';
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

describe('cookie-notice module boundaries', () => {
  it('the acknowledgement check imports no package (no React, no React Aria); the notice does', () => {
    const here = import.meta.dirname;
    expect([...staticPackages(join(here, 'acknowledged.ts'))]).toEqual([]);
    expect([...staticPackages(join(here, 'CookieNotice.tsx'))]).toContain('react-aria-components');
  });
});

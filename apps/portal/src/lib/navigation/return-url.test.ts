import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_RETURN_PATH, safeReturnUrl } from './return-url';

describe('safeReturnUrl', () => {
  it('falls back to /dashboard', () => {
    expect(DEFAULT_RETURN_PATH).toBe('/dashboard');
    expect(safeReturnUrl(undefined)).toBe('/dashboard');
    expect(safeReturnUrl(null)).toBe('/dashboard');
    expect(safeReturnUrl('')).toBe('/dashboard');
  });

  it.each([
    '/projects',
    '/project/details/42',
    '/project/search?mine=true&email=a%40b.com',
    '/collectorruns/Upload-Iokit',
    '/wizard/members?verified=true',
    '/dashboard#recent',
  ])('keeps the same-origin path %s', (path) => {
    expect(safeReturnUrl(path)).toBe(path);
  });

  it.each([
    ['protocol-relative', '//evil.com'],
    ['protocol-relative with path', '//evil.com/dashboard'],
    ['backslash', '/\\evil.com'],
    ['backslash first', '\\\\evil.com'],
    ['http', 'http://evil.com'],
    ['https', 'https://evil.com/dashboard'],
    ['javascript', 'javascript:alert(1)'],
    ['JavaScript mixed case', 'JaVaScRiPt:alert(1)'],
    ['data', 'data:text/html,<script>alert(1)</script>'],
    ['relative without slash', 'dashboard'],
    ['encoded double slash', '%2F%2Fevil.com'],
    ['encoded slash after slash', '/%2Fevil.com'],
    ['encoded backslash', '/%5Cevil.com'],
    ['double-encoded slash', '/%252Fevil.com'],
    ['encoded javascript', 'javascript%3Aalert(1)'],
    ['encoded http', 'http%3A%2F%2Fevil.com'],
    ['tab inside', '/\t/evil.com'],
    ['newline inside', '/\n/evil.com'],
    ['leading space', ' //evil.com'],
    ['malformed encoding', '/%E0%A4%A'],
    ['dot segment before a double slash', '/.//evil.example'],
    ['parent segment before a double slash', '/..//evil.example'],
    ['encoded dot segment', '/%2e//evil.example'],
    ['segment and parent before a double slash', '/a/..//evil.example'],
    ['encoded parent segment', '/%2e%2e//evil.example'],
  ])('refuses %s (%s)', (_name, value) => {
    expect(safeReturnUrl(value)).toBe('/dashboard');
  });

  /** What the browser does with the output: it must stay on the portal's origin, whatever came in. */
  const ORIGIN = 'https://portal.example';
  const staysOnSite = (out: string) =>
    out.startsWith('/') &&
    !out.startsWith('//') &&
    !out.startsWith('/\\') &&
    new URL(out, ORIGIN).origin === ORIGIN;

  it('never outputs a scheme-relative or off-site form, for any input (property)', () => {
    const segment = fc.constantFrom(
      '',
      '.',
      '..',
      '%2e',
      '%2E%2e',
      'a',
      'evil.example',
      '%2f',
      '%5c',
      '\\',
      ':',
      '@',
    );
    const pathLike = fc.array(segment, { maxLength: 6 }).map((parts) => parts.join('/'));
    const input = fc.oneof(
      fc.string(),
      fc.webUrl(),
      pathLike,
      pathLike.map((p) => `/${p}`),
    );
    fc.assert(
      fc.property(input, (raw) => {
        const out = safeReturnUrl(raw);
        expect(staysOnSite(out)).toBe(true);
        // Its output is a fixed point: feeding it back changes nothing.
        expect(safeReturnUrl(out)).toBe(out);
      }),
      { seed: 20261122, numRuns: 2000 },
    );
    // 2,000 generated paths take ~0.5 s alone; room for a loaded CI machine.
  }, 30_000);
});

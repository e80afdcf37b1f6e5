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
  ])('refuses %s (%s)', (_name, value) => {
    expect(safeReturnUrl(value)).toBe('/dashboard');
  });
});

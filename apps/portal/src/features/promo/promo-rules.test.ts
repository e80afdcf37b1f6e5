import { describe, expect, it } from 'vitest';
import {
  LOGO_EXTENSIONS,
  LOGO_MAX_BYTES,
  LOGO_MAX_KB,
  LOGO_POLL_MS,
  logoFileError,
  logoPollInterval,
  mayEditPromoSites,
} from './promo-rules';

const file = (name: string, size: number) => ({ name, size });

describe('promo logo rules (spec parts 5 and 9)', () => {
  it('jpg, jpeg, png or gif only (any case); a type error otherwise', () => {
    expect(LOGO_EXTENSIONS).toEqual(['jpg', 'jpeg', 'png', 'gif']);
    for (const name of ['a.jpg', 'a.JPEG', 'a.png', 'logo.gif'])
      expect(logoFileError(file(name, 10))).toBeNull();
    for (const name of ['a.bmp', 'a.svg', 'png', 'a.png.exe', 'a.webp'])
      expect(logoFileError(file(name, 10))).toBe('type');
  });

  it('at most 1024 KB; a size error above', () => {
    expect(LOGO_MAX_KB).toBe(1024);
    expect(LOGO_MAX_BYTES).toBe(1024 * 1024);
    expect(logoFileError(file('a.png', 1024 * 1024))).toBeNull();
    expect(logoFileError(file('a.png', 1024 * 1024 + 1))).toBe('size');
    // The type is checked first.
    expect(logoFileError(file('a.bmp', 5 * 1024 * 1024))).toBe('type');
  });

  it('polls every 5 s while processing, stops when ready, failed or absent', () => {
    expect(LOGO_POLL_MS).toBe(5000);
    expect(logoPollInterval('Processing')).toBe(5000);
    expect(logoPollInterval('Ready')).toBe(false);
    expect(logoPollInterval('Failed')).toBe(false);
    expect(logoPollInterval('None')).toBe(false);
    expect(logoPollInterval(undefined)).toBe(false);
  });

  it('only team admins (and internal staff) may change promo sites', () => {
    expect(mayEditPromoSites({ isAdmin: true, isInternal: false })).toBe(true);
    expect(mayEditPromoSites({ isAdmin: false, isInternal: true })).toBe(true);
    expect(mayEditPromoSites({ isAdmin: false, isInternal: false })).toBe(false);
    expect(mayEditPromoSites(null)).toBe(false);
  });
});

import * as z from 'zod/mini';
import { describe, expect, it } from 'vitest';
import { zSizingSettings } from '@assessment/sdk';
import { SIZING_BASES, SIZING_NUMBERS, sizingNumber, viewerSearch } from './sizing-search';

const none = { basis: undefined, headroom: undefined, growth: undefined, horizon: undefined };

describe('the viewer search params', () => {
  it('keep the time range and the four sizing settings, from numbers or strings', () => {
    expect(
      z.parse(viewerSearch, { from: 10, to: 20, basis: 'p99', headroom: 45, growth: '-20', horizon: '4' }),
    ).toEqual({ from: 10, to: 20, basis: 'p99', headroom: 45, growth: -20, horizon: 4 });
  });

  it('leave a bad or out-of-bounds setting out (the saved one applies)', () => {
    expect(z.parse(viewerSearch, { basis: 'p50', headroom: 201, growth: -51, horizon: 1.5 })).toEqual({
      from: undefined,
      to: undefined,
      ...none,
    });
    expect(z.parse(viewerSearch, { headroom: 'x', growth: '', horizon: '11' })).toEqual({
      from: undefined,
      to: undefined,
      ...none,
    });
  });

  it('hold the bounds at the edges', () => {
    expect(sizingNumber('headroom', '0')).toBe(0);
    expect(sizingNumber('headroom', '200')).toBe(200);
    expect(sizingNumber('growth', '-50')).toBe(-50);
    expect(sizingNumber('growth', '100')).toBe(100);
    expect(sizingNumber('horizon', '5')).toBe(5);
    // A growth factor of 59,049 (200 % over 10 years) makes no physical sense: refused.
    expect(sizingNumber('growth', '200')).toBeUndefined();
    expect(sizingNumber('horizon', '10')).toBeUndefined();
    expect(sizingNumber('horizon', '-0')).toBe(0);
    expect(sizingNumber('horizon', '3.0')).toBeUndefined();
  });

  it('are the contract’s SizingSettings: the same bases and bounds', () => {
    expect(SIZING_BASES).toEqual(['peak', 'p99', 'p95', 'p90']);
    expect(SIZING_NUMBERS).toEqual({
      headroom: { min: 0, max: 200 },
      growth: { min: -50, max: 100 },
      horizon: { min: 0, max: 5 },
    });
    const ok = { Basis: 'p95', HeadroomPercent: 0, GrowthPercent: 0, HorizonYears: 0 };
    const field = { headroom: 'HeadroomPercent', growth: 'GrowthPercent', horizon: 'HorizonYears' } as const;
    for (const [name, { min, max }] of Object.entries(SIZING_NUMBERS) as [
      keyof typeof field,
      { min: number; max: number },
    ][]) {
      expect(zSizingSettings.safeParse({ ...ok, [field[name]]: min }).success, `${name} ${min}`).toBe(true);
      expect(zSizingSettings.safeParse({ ...ok, [field[name]]: max }).success, `${name} ${max}`).toBe(true);
      expect(zSizingSettings.safeParse({ ...ok, [field[name]]: min - 1 }).success, `${name} ${min - 1}`).toBe(
        false,
      );
      expect(zSizingSettings.safeParse({ ...ok, [field[name]]: max + 1 }).success, `${name} ${max + 1}`).toBe(
        false,
      );
    }
    for (const basis of SIZING_BASES)
      expect(zSizingSettings.safeParse({ ...ok, Basis: basis }).success).toBe(true);
    expect(zSizingSettings.safeParse({ ...ok, Basis: 'p50' }).success).toBe(false);
  });
});

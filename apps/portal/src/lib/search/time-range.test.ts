import * as z from 'zod/mini';
import { describe, expect, it } from 'vitest';
import { timeRangeSearch } from './time-range';

describe('time range search params', () => {
  it('keeps whole non-negative seconds (numbers or strings) and leaves bad values out', () => {
    expect(z.parse(timeRangeSearch, { from: 10, to: '20' })).toEqual({ from: 10, to: 20 });
    expect(z.parse(timeRangeSearch, { from: 'x', to: -5 })).toEqual({ from: undefined, to: undefined });
    expect(z.parse(timeRangeSearch, { from: 1.5 })).toEqual({ from: undefined, to: undefined });
    expect(z.parse(timeRangeSearch, {})).toEqual({ from: undefined, to: undefined });
  });

  it('drops a range that does not start before it ends (from < to)', () => {
    expect(z.parse(timeRangeSearch, { from: 20, to: 20 })).toEqual({});
    expect(z.parse(timeRangeSearch, { from: 30, to: 20 })).toEqual({});
  });
});

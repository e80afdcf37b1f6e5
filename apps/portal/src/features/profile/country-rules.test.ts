import { COUNTRY_DELAY_MS, COUNTRY_MIN_LENGTH, COUNTRY_RECHECK_DELAY_MS } from '@assessment/ui/constants';
import { describe, expect, it } from 'vitest';
import { isCountryValid } from './country-rules';

const countries = [{ CountryId: 276 }, { CountryId: 840 }];

describe('country field (spec parts 4, 5, 9)', () => {
  it('uses the spec constants: min length 0, delay 0, re-check after 150 ms', () => {
    expect(COUNTRY_MIN_LENGTH).toBe(0);
    expect(COUNTRY_DELAY_MS).toBe(0);
    expect(COUNTRY_RECHECK_DELAY_MS).toBe(150);
  });

  it('is valid only with a listed country', () => {
    expect(isCountryValid(276, countries)).toBe(true);
    expect(isCountryValid(null, countries)).toBe(false);
    expect(isCountryValid(undefined, countries)).toBe(false);
    expect(isCountryValid(1, countries)).toBe(false);
  });
});

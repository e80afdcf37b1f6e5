import { describe, expect, it } from 'vitest';
import { termsAfterAccept } from './terms-flow';

describe('termsAfterAccept (spec part 4)', () => {
  it('goes to /dashboard', () => {
    expect(termsAfterAccept(null)).toBe('/dashboard');
    expect(termsAfterAccept('')).toBe('/dashboard');
    expect(termsAfterAccept('Accepted')).toBe('/dashboard');
  });

  it('goes to the partner terms page when Message is PartnerTCNeeded', () => {
    expect(termsAfterAccept('PartnerTCNeeded')).toBe('/account/PartnerTCNeeded?modal=PartnerTCNeeded');
  });
});

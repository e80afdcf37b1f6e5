import { describe, expect, it } from 'vitest';
import { idParams, modalSearchSchema, optionalFlag } from './search-schemas';

describe('search schemas', () => {
  it('reads flags from booleans and strings', () => {
    expect(optionalFlag.parse(true)).toBe(true);
    expect(optionalFlag.parse('true')).toBe(true);
    expect(optionalFlag.parse('')).toBe(true);
    expect(optionalFlag.parse('false')).toBe(false);
    expect(optionalFlag.parse(undefined)).toBeUndefined();
  });

  it('accepts only the page-load modals and keeps the companions', () => {
    expect(
      modalSearchSchema.parse({ modal: 'PartnerTCNeeded', modalsize: 'large', 'modal-clear': 'true' }),
    ).toEqual({
      modal: 'PartnerTCNeeded',
      modalsize: 'large',
      'modal-clear': true,
    });
    expect(modalSearchSchema.parse({ modal: 'evil' }).modal).toBeUndefined();
  });

  it('id path params are positive integers', () => {
    const params = idParams('id');
    expect(params.parse({ id: '42' })).toEqual({ id: 42 });
    expect(params.stringify({ id: 42 })).toEqual({ id: '42' });
    expect(() => params.parse({ id: 'abc' })).toThrow();
    expect(() => params.parse({ id: '-1' })).toThrow();
  });
});

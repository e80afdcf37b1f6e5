import { describe, expect, it } from 'vitest';
import { modalSearchSchema, optionalFlag, pagingSchema, sortOrder } from './search-schemas';

describe('search schemas', () => {
  it('reads flags from booleans and strings', () => {
    expect(optionalFlag.parse(true)).toBe(true);
    expect(optionalFlag.parse('true')).toBe(true);
    expect(optionalFlag.parse('')).toBe(true);
    expect(optionalFlag.parse('false')).toBe(false);
    expect(optionalFlag.parse(undefined)).toBeUndefined();
  });

  it('accepts only the page-load modals and keeps the companions', () => {
    expect(modalSearchSchema.parse({ modal: 'PartnerTCNeeded', modalsize: 'large', 'modal-clear': 'true' })).toEqual({
      modal: 'PartnerTCNeeded',
      modalsize: 'large',
      'modal-clear': true,
    });
    expect(modalSearchSchema.parse({ modal: 'evil' }).modal).toBeUndefined();
  });

  it('SortOrder is 0 (ascending) or 1 and defaults to 0', () => {
    expect(sortOrder.parse(undefined)).toBe(0);
    expect(sortOrder.parse('1')).toBe(1);
    expect(sortOrder.parse(7)).toBe(0);
  });

  it('paging falls back to its defaults', () => {
    const schema = pagingSchema({ PageSize: 25, SortByField: 'Email' });
    expect(schema.parse({})).toEqual({ PageSize: 25, PageNumber: 1, SortByField: 'Email', SortOrder: 0 });
    expect(schema.parse({ PageSize: '50', PageNumber: 'x', SortByField: 'LastName', SortOrder: 1 })).toEqual({
      PageSize: 50,
      PageNumber: 1,
      SortByField: 'LastName',
      SortOrder: 1,
    });
  });
});

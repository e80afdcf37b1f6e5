import { describe, expect, expectTypeOf, it } from 'vitest';
import * as z from 'zod/mini';
import { defaultStringifySearch } from '@tanstack/react-router';
import { contractSearch, idParams, modalSearchSchema, optionalFlag, optionalInteger } from './search-schemas';

describe('search schemas', () => {
  it('reads flags from booleans and strings', () => {
    expect(optionalFlag.parse(true)).toBe(true);
    expect(optionalFlag.parse('true')).toBe(true);
    expect(optionalFlag.parse('')).toBe(true);
    expect(optionalFlag.parse('false')).toBe(false);
    expect(optionalFlag.parse(undefined)).toBeUndefined();
  });

  it('reads ids as numbers, so the URL carries them bare (companyId=7, never companyId=%227%22)', () => {
    expect(optionalInteger.parse(7)).toBe(7);
    expect(optionalInteger.parse('7')).toBe(7);
    expect(optionalInteger.parse('7a')).toBeUndefined();
    expect(optionalInteger.parse(1.5)).toBeUndefined();
    expect(optionalInteger.parse(undefined)).toBeUndefined();
    const schema = z.object({ email: z.string(), companyId: optionalInteger });
    const search = schema.parse({ email: 'me@litware.example', companyId: '7' });
    expect(defaultStringifySearch(search)).toBe('?email=me%40litware.example&companyId=7');
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

// The shape of a generated z…Query: optional parameters, some with a contract default.
const zQuery = z.object({
  search: z.optional(z.string().check(z.maxLength(5))),
  PageSize: z._default(z.optional(z.int().check(z.gte(1), z.lte(200))), 25),
  SortOrder: z.optional(z.union([z.literal(0), z.literal(1)])),
});

describe('contractSearch', () => {
  const list = contractSearch(zQuery, { extra: { advanced: optionalFlag } });

  it('keeps valid values; a bad value falls back to its contract default or is left out', () => {
    expect(list.schema.parse({ search: 'ab', PageSize: 50, SortOrder: 1, advanced: 'true' })).toEqual({
      search: 'ab',
      PageSize: 50,
      SortOrder: 1,
      advanced: true,
    });
    expect(list.schema.parse({ search: 'too long', PageSize: 0, SortOrder: 5, advanced: 3 })).toEqual({
      search: undefined,
      PageSize: 25,
      SortOrder: undefined,
      advanced: false,
    });
  });

  it('the defaults are what an empty URL gives', () => {
    expect(list.defaults).toEqual({ PageSize: 25 });
  });

  it('the query has only the contract parameters that have a value', () => {
    const search = { ...list.schema.parse({ search: 'ab', advanced: true }), modal: 'CollectorInfo', x: 1 };
    expect(list.toQuery(search)).toEqual({ search: 'ab', PageSize: 25 });
    expectTypeOf(list.toQuery(search)).toEqualTypeOf<{
      search?: string | undefined;
      PageSize: number;
      SortOrder?: 0 | 1 | undefined;
    }>();
  });

  it('leaveOut keeps a contract parameter off the page and out of its query', () => {
    const paged = contractSearch(zQuery, { leaveOut: ['search'] });
    const search = paged.schema.parse({ search: 'ab', PageSize: 10 });
    expect(search).not.toHaveProperty('search');
    expect(paged.toQuery(search)).toEqual({ PageSize: 10 });
  });

  it('extra replaces a parameter rule', () => {
    const sorted = contractSearch(zQuery, {
      extra: { SortOrder: z._default(z.catch(zQuery.shape.SortOrder, 0), 0) },
    });
    expect(sorted.schema.parse({}).SortOrder).toBe(0);
    expect(sorted.defaults).toEqual({ PageSize: 25, SortOrder: 0 });
  });
});

import { describe, expect, it } from 'vitest';
import { USER_SORT_FIELDS, toUserListQuery, userListSearch, userSearchFormSearch } from './search';

describe('user management search params', () => {
  it('defaults to page 1, ascending (SortOrder 0)', () => {
    expect(userListSearch.parse({})).toMatchObject({
      PageNumber: 1,
      PageSize: 25,
      SortByField: 'Email',
      SortOrder: 0,
    });
  });

  it('keeps valid values and falls back on invalid ones', () => {
    expect(
      userListSearch.parse({ PageSize: 50, PageNumber: 3, SortByField: 'LastName', SortOrder: 1 }),
    ).toMatchObject({
      PageSize: 50,
      PageNumber: 3,
      SortByField: 'LastName',
      SortOrder: 1,
    });
    expect(
      userListSearch.parse({ PageSize: -1, PageNumber: 0, SortByField: 'Password', SortOrder: 5 }),
    ).toMatchObject({
      PageSize: 25,
      PageNumber: 1,
      SortByField: 'Email',
      SortOrder: 0,
    });
  });

  it('offers the contract sort fields', () => {
    expect(USER_SORT_FIELDS).toContain('Email');
    expect(USER_SORT_FIELDS).toContain('LastName');
  });

  it('builds the API query without empty values and without the modal parameters', () => {
    const search = { ...userListSearch.parse({ UserScope: 'MyUsers' }), modal: 'CollectorInfo' as const };
    expect(toUserListQuery(search)).toEqual({
      UserScope: 'MyUsers',
      PageSize: 25,
      PageNumber: 1,
      SortByField: 'Email',
      SortOrder: 0,
    });
  });

  it('the search form defaults to AllUsers', () => {
    expect(userSearchFormSearch.parse({})).toEqual({ UserScope: 'AllUsers' });
    expect(userSearchFormSearch.parse({ UserScope: 'MyUsers', PrimaryRepEmail: 'a@b.co' })).toEqual({
      UserScope: 'MyUsers',
      PrimaryRepEmail: 'a@b.co',
    });
  });
});

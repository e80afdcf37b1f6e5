import { describe, expect, it } from 'vitest';
import { withSort } from './paging';

describe('user list sort selector', () => {
  it('a new sort keeps the page size and starts at page 1 (0 ascending, 1 descending)', () => {
    expect(withSort({ PageSize: 10, PageNumber: 3 }, 'LastName', 0)).toEqual({
      PageSize: 10,
      PageNumber: 1,
      SortByField: 'LastName',
      SortOrder: 0,
    });
    expect(
      withSort({ PageSize: 10, PageNumber: 3, SortByField: 'Email', SortOrder: 0 as const }, 'Email', 1)
        .SortOrder,
    ).toBe(1);
  });
});

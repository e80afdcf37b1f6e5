import { describe, expect, it } from 'vitest';
import { DEFAULT_NO_RESULTS_TEXT } from '@assessment/ui/combobox';
import {
  NO_SEARCH_RESULTS_TEXT,
  PROJECT_LIST_DEFAULTS,
  projectListSearch,
  toProjectListQuery,
} from './search';

describe('project list search params', () => {
  it('an empty URL gives the contract defaults, which stay out of the URL', () => {
    expect(PROJECT_LIST_DEFAULTS).toEqual({
      myProjectsOnly: false,
      PageSize: 25,
      PageNumber: 1,
      SortByField: 'CreatedDate',
    });
    expect(projectListSearch.parse({ PageSize: 'x', SortByField: 'Password', myProjectsOnly: 2 })).toEqual({
      myProjectsOnly: false,
      PageSize: 25,
      PageNumber: 1,
      SortByField: 'CreatedDate',
    });
  });

  it('the API query has only the contract parameters (not the modal ones)', () => {
    const search = {
      ...projectListSearch.parse({ myProjectsOnly: true, primaryRepEmail: 'rep@example.com', PageNumber: 2 }),
      modal: 'CollectorInfo' as const,
      modalsize: 'large',
    };
    expect(toProjectListQuery(search)).toEqual({
      myProjectsOnly: true,
      primaryRepEmail: 'rep@example.com',
      PageSize: 25,
      PageNumber: 2,
      SortByField: 'CreatedDate',
    });
  });
});

describe('empty search results', () => {
  it('say the fixed text of part 8, the same as the kit type-ahead', () => {
    expect(NO_SEARCH_RESULTS_TEXT).toBe('No search results');
    expect(NO_SEARCH_RESULTS_TEXT).toBe(DEFAULT_NO_RESULTS_TEXT);
  });
});

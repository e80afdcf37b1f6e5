import { describe, expect, it } from 'vitest';
import { COLLECTOR_RUN_DEFAULTS, collectorRunSearch, toCollectorRunQuery } from './search';

describe('collector run search params', () => {
  it('an empty URL gives the contract defaults, which stay out of the URL', () => {
    expect(COLLECTOR_RUN_DEFAULTS).toEqual({
      myCollectorRunsOnly: false,
      includeArchived: false,
      PageSize: 25,
      PageNumber: 1,
      SortByField: 'EndTime',
    });
  });

  it('reads the advanced-search toggle but leaves it (and projectId) out of the API query', () => {
    const search = collectorRunSearch.parse({
      myCollectorRunsOnly: true,
      advanced: 'true',
      ownerEmail: 'owner@example.com',
      projectId: 4,
    });
    expect(search.advanced).toBe(true);
    const withModal = { ...search, modal: 'CollectorInfo' as const };
    expect(toCollectorRunQuery(withModal)).toEqual({
      myCollectorRunsOnly: true,
      ownerEmail: 'owner@example.com',
      includeArchived: false,
      PageSize: 25,
      PageNumber: 1,
      SortByField: 'EndTime',
    });
  });
});

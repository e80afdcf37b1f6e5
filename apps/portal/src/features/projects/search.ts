import { zListProjectsQuery } from '@assessment/sdk';
import { z } from 'zod';
import type { ProjectListQuery } from './api/list-projects';

const query = zListProjectsQuery.shape;

/**
 * Search params of /projects and /project/search: the contract's own query parameters, each falling back to its
 * default when a hand-typed URL carries a bad value.
 */
export const projectListSearch = z.object({
  search: query.search.catch(undefined),
  myProjectsOnly: query.myProjectsOnly.catch(false),
  primaryRepEmail: query.primaryRepEmail.catch(undefined),
  PageSize: query.PageSize.catch(25),
  PageNumber: query.PageNumber.catch(1),
  SortByField: query.SortByField.catch('CreatedDate'),
  SortOrder: query.SortOrder.catch(undefined),
});
/** Defaults left out of the URL (stripSearchParams). */
export const PROJECT_LIST_DEFAULTS = {
  myProjectsOnly: false,
  PageSize: 25,
  PageNumber: 1,
  SortByField: 'CreatedDate',
} as const satisfies Partial<z.infer<typeof projectListSearch>>;

export type ProjectListSearch = z.infer<typeof projectListSearch>;

export function toProjectListQuery(search: ProjectListSearch): ProjectListQuery {
  return search;
}

import { zListProjectsQuery } from '@assessment/sdk';
import * as z from 'zod/mini';
import type { ProjectListQuery } from './api/list-projects';

const query = zListProjectsQuery.shape;

/**
 * Search params of /projects and /project/search: the contract's own query parameters, each falling back to its
 * default when a hand-typed URL carries a bad value.
 */
export const projectListSearch = z.object({
  search: z.catch(query.search, undefined),
  myProjectsOnly: z.catch(query.myProjectsOnly, false),
  primaryRepEmail: z.catch(query.primaryRepEmail, undefined),
  PageSize: z.catch(query.PageSize, 25),
  PageNumber: z.catch(query.PageNumber, 1),
  SortByField: z.catch(query.SortByField, 'CreatedDate'),
  SortOrder: z.catch(query.SortOrder, undefined),
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

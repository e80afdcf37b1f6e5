import { zListProjectsQuery } from '@assessment/sdk';
import type * as z from 'zod/mini';
import { contractSearch } from '@/lib/search/search-schemas';

/** Search params of /projects and /project/search: the contract's own query parameters of GET /api/projects. */
const projectList = contractSearch(zListProjectsQuery);

export const projectListSearch = projectList.schema;
/** Defaults left out of the URL (stripSearchParams). */
export const PROJECT_LIST_DEFAULTS = projectList.defaults;
export type ProjectListSearch = z.infer<typeof projectListSearch>;
/** The query of GET /api/projects: only the contract's parameters of the page's search. */
export const toProjectListQuery = projectList.toQuery;
/** What a projects page gets from its route: the query with the contract defaults filled in. */
export type ProjectListParams = ReturnType<typeof toProjectListQuery>;

/**
 * Spec part 8, fixed text of an empty search. The kit's type-ahead has the same default; importing it from there
 * would put React Aria's combobox into the search page's own code (the test pins that both agree).
 */
export const NO_SEARCH_RESULTS_TEXT = 'No search results';

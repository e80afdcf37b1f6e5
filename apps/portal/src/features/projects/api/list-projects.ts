import type { ListProjectsData } from '@assessment/sdk';
import { listProjectsOptions } from '@assessment/sdk/query';

export type ProjectListQuery = NonNullable<ListProjectsData['query']>;

/** GET /api/projects: the projects list and the project search (paged). */
export const projectListQuery = (query: ProjectListQuery) => listProjectsOptions({ query });

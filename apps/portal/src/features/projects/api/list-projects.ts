import type { ListProjectsData } from '@assessment/sdk';
import { listProjectsOptions } from '@assessment/sdk/query';
import { queryOptions } from '@tanstack/react-query';
import { archiveStatusPollMs, isArchiveRestoreBusy } from '../project-status';

export type ProjectListQuery = NonNullable<ListProjectsData['query']>;

/** GET /api/projects: the projects list and the project search (paged). */
export const projectListQuery = (query: ProjectListQuery) => listProjectsOptions({ query });

/**
 * The same list read by a page: while a row is being archived or restored it is polled like the details page
 * (25 s, or the injected interval), so the row's status and action follow without a reload.
 */
export const polledProjectListQuery = (query: ProjectListQuery) =>
  queryOptions({
    ...projectListQuery(query),
    refetchInterval: (current) =>
      current.state.data?.Items.some((project) => isArchiveRestoreBusy(project.CurrentStatusString))
        ? archiveStatusPollMs()
        : false,
  });

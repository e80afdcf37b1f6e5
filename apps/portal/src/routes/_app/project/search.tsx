import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { PagePending, RouteError } from '@/features/errors';
import {
  PROJECT_LIST_DEFAULTS,
  ProjectSearchPage,
  projectListQuery,
  projectListSearch,
  toProjectListQuery,
} from '@/features/projects';
import { ensureQueryData } from '@/lib/query/ensure';

export const Route = createFileRoute('/_app/project/search')({
  validateSearch: projectListSearch,
  search: { middlewares: [stripSearchParams(PROJECT_LIST_DEFAULTS)] },
  loaderDeps: ({ search }) => toProjectListQuery(search),
  loader: ({ context, deps }) => ensureQueryData(context.queryClient, projectListQuery(deps)),
  head: () => ({ meta: [{ title: 'Project search – Assessment Portal' }] }),
  pendingComponent: PagePending,
  errorComponent: RouteError,
  component: ProjectSearchRoute,
});

function ProjectSearchRoute() {
  const search = Route.useSearch();
  return <ProjectSearchPage query={toProjectListQuery(search)} />;
}

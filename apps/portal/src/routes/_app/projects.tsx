import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { PagePending, RouteError } from '@/features/errors';
import {
  PROJECT_LIST_DEFAULTS,
  ProjectsPage,
  projectListQuery,
  projectListSearch,
  toProjectListQuery,
} from '@/features/projects';
import { ensureQueryData } from '@/lib/query/ensure';

export const Route = createFileRoute('/_app/projects')({
  validateSearch: projectListSearch,
  search: { middlewares: [stripSearchParams(PROJECT_LIST_DEFAULTS)] },
  loaderDeps: ({ search }) => toProjectListQuery(search),
  loader: ({ context, deps }) => ensureQueryData(context.queryClient, projectListQuery(deps)),
  head: () => ({ meta: [{ title: 'Projects – Assessment Portal' }] }),
  pendingComponent: PagePending,
  errorComponent: RouteError,
  component: ProjectsRoute,
});

function ProjectsRoute() {
  const search = Route.useSearch();
  return <ProjectsPage query={toProjectListQuery(search)} />;
}

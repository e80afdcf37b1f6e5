import { createFileRoute } from '@tanstack/react-router';
import { PagePending, RouteError } from '@/features/errors';
import { ProjectsPage, projectListQuery, projectListSearch, toProjectListQuery } from '@/features/projects';
import { ensureQueryData } from '@/lib/query/ensure';

export const Route = createFileRoute('/_app/projects')({
  validateSearch: projectListSearch,
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

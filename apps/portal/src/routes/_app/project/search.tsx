import { createFileRoute } from '@tanstack/react-router';
import { PagePending, RouteError } from '@/features/errors';
import { ProjectSearchPage, projectListQuery, projectListSearch, toProjectListQuery } from '@/features/projects';
import { ensureQueryData } from '@/lib/query/ensure';

export const Route = createFileRoute('/_app/project/search')({
  validateSearch: projectListSearch,
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

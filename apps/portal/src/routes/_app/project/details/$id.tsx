import { createFileRoute } from '@tanstack/react-router';
import { PagePending, RouteError } from '@/features/errors';
import { ProjectDetailsPage, projectQuery } from '@/features/projects';
import { idParams } from '@/lib/search/search-schemas';
import { ensureQueryData } from '@/lib/query/ensure';

export const Route = createFileRoute('/_app/project/details/$id')({
  params: idParams('id'),
  loader: ({ context, params }) => ensureQueryData(context.queryClient, projectQuery(params.id)),
  head: () => ({ meta: [{ title: 'Project details – Assessment Portal' }] }),
  pendingComponent: PagePending,
  errorComponent: RouteError,
  component: ProjectDetailsRoute,
});

function ProjectDetailsRoute() {
  const { id } = Route.useParams();
  return <ProjectDetailsPage id={id} />;
}

import { createFileRoute } from '@tanstack/react-router';
import { PagePending, RouteError } from '@/features/errors';
import { ProjectEditPage, projectQuery } from '@/features/projects';
import { idParams } from '@/lib/search/search-schemas';
import { ensureQueryData } from '@/lib/query/ensure';

export const Route = createFileRoute('/_app/project/edit/$id')({
  params: idParams('id'),
  loader: ({ context, params }) => ensureQueryData(context.queryClient, projectQuery(params.id)),
  head: () => ({ meta: [{ title: 'Edit project – Assessment Portal' }] }),
  pendingComponent: PagePending,
  errorComponent: RouteError,
  component: ProjectEditRoute,
});

function ProjectEditRoute() {
  const { id } = Route.useParams();
  return <ProjectEditPage id={id} />;
}

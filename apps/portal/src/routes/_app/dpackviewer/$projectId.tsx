import { createFileRoute } from '@tanstack/react-router';
import { PagePending, RouteError } from '@/features/errors';
import { ProjectViewerPage, projectViewerQuery } from '@/features/projects';
import { idParams } from '@/lib/search/search-schemas';
import { ensureQueryData } from '@/lib/query/ensure';

export const Route = createFileRoute('/_app/dpackviewer/$projectId')({
  params: idParams('projectId'),
  loader: ({ context, params }) => ensureQueryData(context.queryClient, projectViewerQuery(params.projectId)),
  head: () => ({ meta: [{ title: 'Project viewer – Assessment Portal' }] }),
  pendingComponent: PagePending,
  errorComponent: RouteError,
  component: ProjectViewerRoute,
});

function ProjectViewerRoute() {
  const { projectId } = Route.useParams();
  return <ProjectViewerPage projectId={projectId} />;
}

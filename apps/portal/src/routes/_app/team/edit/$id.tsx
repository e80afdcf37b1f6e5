import { createFileRoute } from '@tanstack/react-router';
import { PagePending, RouteError } from '@/features/errors';
import { TeamPage, teamQuery } from '@/features/team';
import { idParams } from '@/lib/search/search-schemas';
import { ensureQueryData } from '@/lib/query/ensure';

export const Route = createFileRoute('/_app/team/edit/$id')({
  params: idParams('id'),
  loader: ({ context, params }) => ensureQueryData(context.queryClient, teamQuery(params.id)),
  head: () => ({ meta: [{ title: 'Team settings – Assessment Portal' }] }),
  pendingComponent: PagePending,
  errorComponent: RouteError,
  component: TeamRoute,
});

function TeamRoute() {
  const { id } = Route.useParams();
  return <TeamPage teamId={id} />;
}

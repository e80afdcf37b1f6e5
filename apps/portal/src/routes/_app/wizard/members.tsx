import { createFileRoute, notFound } from '@tanstack/react-router';
import { z } from 'zod';
import { PagePending, RouteError } from '@/features/errors';
import { MembersWizardPage, teamQuery } from '@/features/team';
import { optionalFlag } from '@/lib/search/search-schemas';

export const Route = createFileRoute('/_app/wizard/members')({
  validateSearch: z.object({ verified: optionalFlag }),
  loader: async ({ context }) => {
    const teamId = context.viewer.team?.TeamId;
    if (teamId === undefined) throw notFound();
    await context.queryClient.ensureQueryData(teamQuery(teamId));
    return { teamId };
  },
  head: () => ({ meta: [{ title: 'Team members – Assessment Portal' }] }),
  pendingComponent: PagePending,
  errorComponent: RouteError,
  component: MembersWizardRoute,
});

function MembersWizardRoute() {
  const { teamId } = Route.useLoaderData();
  const { verified } = Route.useSearch();
  return <MembersWizardPage teamId={teamId} verified={verified === true} />;
}

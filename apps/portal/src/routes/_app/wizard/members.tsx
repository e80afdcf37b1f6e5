import { createFileRoute } from '@tanstack/react-router';
import * as z from 'zod/mini';
import { PagePending, RouteError } from '@/features/errors';
import { MembersWizardPage, teamQuery } from '@/features/team';
import { ensureQueryData } from '@/lib/query/ensure';
import { optionalFlag } from '@/lib/search/search-schemas';

export const Route = createFileRoute('/_app/wizard/members')({
  validateSearch: z.object({ verified: optionalFlag }),
  loader: async ({ context }) => {
    const teamId = context.viewer.team?.TeamId ?? null;
    if (teamId !== null) await ensureQueryData(context.queryClient, teamQuery(teamId));
    return { teamId };
  },
  head: () => ({ meta: [{ title: 'Team members – Assessment Portal' }] }),
  pendingComponent: PagePending,
  errorComponent: RouteError,
  component: MembersWizardRoute,
});

function MembersWizardRoute() {
  const { teamId } = Route.useLoaderData();
  const navigate = Route.useNavigate();
  // ?verified=true is recorded after a verification; the page itself says "verified" only when one happened.
  return (
    <MembersWizardPage
      teamId={teamId}
      onVerified={() => {
        void navigate({ search: { verified: true }, replace: true });
      }}
    />
  );
}

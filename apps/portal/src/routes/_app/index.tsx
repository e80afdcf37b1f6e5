import { createFileRoute } from '@tanstack/react-router';
import { DashboardPage, dashboardQuery } from '@/features/dashboard';
import { PagePending, RouteError } from '@/features/errors';

/** `/` is the landing page too (spec part 2: "/dashboard and /"). */
export const Route = createFileRoute('/_app/')({
  loader: ({ context }) => context.queryClient.ensureQueryData(dashboardQuery()),
  head: () => ({ meta: [{ title: 'Dashboard – Assessment Portal' }] }),
  pendingComponent: PagePending,
  errorComponent: RouteError,
  component: DashboardPage,
});

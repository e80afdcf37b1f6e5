import { createFileRoute } from '@tanstack/react-router';
import { DashboardPage, dashboardQuery } from '@/features/dashboard';
import { PagePending, RouteError } from '@/features/errors';

export const Route = createFileRoute('/_app/dashboard')({
  loader: ({ context }) => context.queryClient.ensureQueryData(dashboardQuery()),
  head: () => ({ meta: [{ title: 'Dashboard – Assessment Portal' }] }),
  pendingComponent: PagePending,
  errorComponent: RouteError,
  component: DashboardPage,
});

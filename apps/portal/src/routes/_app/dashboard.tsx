import { createFileRoute } from '@tanstack/react-router';
import { DashboardPage, dashboardQuery } from '@/features/dashboard';
import { PagePending, RouteError } from '@/features/errors';
import { ensureQueryData } from '@/lib/query/ensure';

export const Route = createFileRoute('/_app/dashboard')({
  loader: ({ context }) => ensureQueryData(context.queryClient, dashboardQuery()),
  head: () => ({ meta: [{ title: 'Dashboard – Assessment Portal' }] }),
  pendingComponent: PagePending,
  errorComponent: RouteError,
  component: DashboardPage,
});

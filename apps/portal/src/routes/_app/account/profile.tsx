import { createFileRoute } from '@tanstack/react-router';
import { PagePending, RouteError } from '@/features/errors';
import { ProfilePage, countriesQuery, languagesQuery, profileQuery } from '@/features/profile';
import { ensureQueryData } from '@/lib/query/ensure';

export const Route = createFileRoute('/_app/account/profile')({
  loader: ({ context }) =>
    Promise.all([
      ensureQueryData(context.queryClient, profileQuery()),
      ensureQueryData(context.queryClient, countriesQuery()),
      ensureQueryData(context.queryClient, languagesQuery()),
    ]),
  head: () => ({ meta: [{ title: 'Edit profile – Assessment Portal' }] }),
  pendingComponent: PagePending,
  errorComponent: RouteError,
  component: ProfilePage,
});

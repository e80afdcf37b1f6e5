import { createFileRoute } from '@tanstack/react-router';
import { PagePending, RouteError } from '@/features/errors';
import { ProfilePage, countriesQuery, languagesQuery, profileQuery } from '@/features/profile';

export const Route = createFileRoute('/_app/account/profile')({
  loader: ({ context }) =>
    Promise.all([
      context.queryClient.ensureQueryData(profileQuery()),
      context.queryClient.ensureQueryData(countriesQuery()),
      context.queryClient.ensureQueryData(languagesQuery()),
    ]),
  head: () => ({ meta: [{ title: 'Edit profile – Assessment Portal' }] }),
  pendingComponent: PagePending,
  errorComponent: RouteError,
  component: ProfilePage,
});

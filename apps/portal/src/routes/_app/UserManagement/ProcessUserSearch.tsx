import { createFileRoute } from '@tanstack/react-router';
import { PagePending, RouteError } from '@/features/errors';
import { UserSearchPage, userSearchFormSearch } from '@/features/users';

export const Route = createFileRoute('/_app/UserManagement/ProcessUserSearch')({
  validateSearch: userSearchFormSearch,
  head: () => ({ meta: [{ title: 'User search – Assessment Portal' }] }),
  pendingComponent: PagePending,
  errorComponent: RouteError,
  component: UserSearchRoute,
});

function UserSearchRoute() {
  const search = Route.useSearch();
  return <UserSearchPage scope={search.UserScope} email={search.PrimaryRepEmail} />;
}

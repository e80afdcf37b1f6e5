import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { PagePending, RouteError } from '@/features/errors';
import {
  USER_LIST_DEFAULTS,
  UserListPage,
  toUserListQuery,
  userListQuery,
  userListSearch,
} from '@/features/users';
import { ensureQueryData } from '@/lib/query/ensure';

/** The user management list: PageSize, PageNumber, SortByField and SortOrder (0 ascending) in the URL. */
export const Route = createFileRoute('/_app/UserManagement/List')({
  validateSearch: userListSearch,
  search: { middlewares: [stripSearchParams(USER_LIST_DEFAULTS)] },
  loaderDeps: ({ search }) => toUserListQuery(search),
  loader: ({ context, deps }) => ensureQueryData(context.queryClient, userListQuery(deps)),
  head: () => ({ meta: [{ title: 'User management – Assessment Portal' }] }),
  pendingComponent: PagePending,
  errorComponent: RouteError,
  component: UserListRoute,
});

function UserListRoute() {
  const search = Route.useSearch();
  return <UserListPage query={toUserListQuery(search)} />;
}

import { zListUsersQuery } from '@assessment/sdk';
import * as z from 'zod/mini';
import type { UserListQuery } from './api/list-users';

const query = zListUsersQuery.shape;

/** The fields the user list can be sorted by (the contract's SortByField enum). */
export const USER_SORT_FIELDS = query.SortByField.def.innerType.def.innerType.options;

/** Search params of the user management list: PageSize, PageNumber, SortByField, SortOrder (0 ascending). */
export const userListSearch = z.object({
  UserScope: z.catch(query.UserScope, undefined),
  PrimaryRepEmail: z.catch(query.PrimaryRepEmail, undefined),
  search: z.catch(query.search, undefined),
  PageSize: z.catch(query.PageSize, 25),
  PageNumber: z.catch(query.PageNumber, 1),
  SortByField: z.catch(query.SortByField, 'Email'),
  SortOrder: z._default(z.catch(query.SortOrder, 0), 0),
});
/** Defaults left out of the URL (stripSearchParams). */
export const USER_LIST_DEFAULTS = {
  PageSize: 25,
  PageNumber: 1,
  SortByField: 'Email',
  SortOrder: 0,
} as const satisfies Partial<z.infer<typeof userListSearch>>;

export type UserListSearch = z.infer<typeof userListSearch>;

export function toUserListQuery(search: UserListSearch): UserListQuery {
  return search;
}

/** Search params of /UserManagement/ProcessUserSearch: the UserScope radio and the primary-rep email. */
export const userSearchFormSearch = z.object({
  UserScope: z._default(z.catch(query.UserScope.def.innerType, 'AllUsers'), 'AllUsers'),
  PrimaryRepEmail: z.catch(query.PrimaryRepEmail, undefined),
});

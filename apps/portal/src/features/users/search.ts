import { zListUsersQuery } from '@assessment/sdk';
import { z } from 'zod';
import type { UserListQuery } from './api/list-users';

const query = zListUsersQuery.shape;

/** The fields the user list can be sorted by (the contract's SortByField enum). */
export const USER_SORT_FIELDS = query.SortByField.unwrap().unwrap().options;

/** Search params of the user management list: PageSize, PageNumber, SortByField, SortOrder (0 ascending). */
export const userListSearch = z.object({
  UserScope: query.UserScope.catch(undefined),
  PrimaryRepEmail: query.PrimaryRepEmail.catch(undefined),
  search: query.search.catch(undefined),
  PageSize: query.PageSize.catch(25),
  PageNumber: query.PageNumber.catch(1),
  SortByField: query.SortByField.catch('Email'),
  SortOrder: query.SortOrder.catch(0).default(0),
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
  UserScope: query.UserScope.unwrap().catch('AllUsers').default('AllUsers'),
  PrimaryRepEmail: query.PrimaryRepEmail.catch(undefined),
});

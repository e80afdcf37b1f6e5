import { zListUsersQuery } from '@assessment/sdk';
import * as z from 'zod/mini';
import { contractSearch } from '@/lib/search/search-schemas';

const query = zListUsersQuery.shape;

/** The fields the user list can be sorted by (the contract's SortByField enum). */
export const USER_SORT_FIELDS = query.SortByField.def.innerType.def.innerType.options;

/**
 * Search params of the user management list: the contract's parameters (PageSize, PageNumber, SortByField, ...);
 * SortOrder defaults to 0 (ascending).
 */
const userList = contractSearch(zListUsersQuery, {
  extra: { SortOrder: z._default(z.catch(query.SortOrder, 0), 0) },
});

export const userListSearch = userList.schema;
/** Defaults left out of the URL (stripSearchParams). */
export const USER_LIST_DEFAULTS = userList.defaults;
export type UserListSearch = z.infer<typeof userListSearch>;
/** The query of the user list: only the contract's parameters of the page's search. */
export const toUserListQuery = userList.toQuery;
/** What the user list gets from its route: the query with the defaults filled in. */
export type UserListParams = ReturnType<typeof toUserListQuery>;

/** Search params of /UserManagement/ProcessUserSearch: the UserScope radio and the primary-rep email. */
export const userSearchFormSearch = z.object({
  UserScope: z._default(z.catch(query.UserScope.def.innerType, 'AllUsers'), 'AllUsers'),
  PrimaryRepEmail: z.catch(query.PrimaryRepEmail, undefined),
});

import type { ListUsersData } from '@assessment/sdk';
import { listUsersOptions } from '@assessment/sdk/query';

export type UserListQuery = NonNullable<ListUsersData['query']>;

/** The user management list: scope, primary-rep email, PageSize, PageNumber, SortByField, SortOrder (0 ascending). */
export const userListQuery = (query: UserListQuery) => listUsersOptions({ query });

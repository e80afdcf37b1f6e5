export { userListQuery, type UserListQuery } from './api/list-users';
export { UserListPage } from './components/UserListPage';
export { UserSearchPage } from './components/UserSearchPage';
export { roleText, statusText } from './labels';
export { withSort } from './paging';
export {
  USER_LIST_DEFAULTS,
  USER_SORT_FIELDS,
  toUserListQuery,
  userListSearch,
  userSearchFormSearch,
  type UserListSearch,
} from './search';

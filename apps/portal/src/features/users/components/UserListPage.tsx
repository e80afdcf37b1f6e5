import type { User } from '@assessment/sdk';
import { NativeSelect } from '@assessment/ui/native-select';
import { useLingui } from '@lingui/react';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { DataTable, serverPaging, type Column } from '@/components/DataTable';
import { useViewer } from '@/features/auth';
import { useServerMessage } from '@/features/errors';
import { userListQuery } from '../api/list-users';
import { roleText, statusText } from '../labels';
import { withSort } from '../paging';
import { USER_SORT_FIELDS, userListSearch, type UserListParams } from '../search';
import { UserGroupBar } from './UserGroupBar';

/**
 * The user management list: group actions bar, sort selector and paging (PageSize, PageNumber, SortByField,
 * SortOrder with 0 ascending) kept in the URL. User administrators (the viewer's isAdmin) select rows (a checkbox
 * per row, select-all for the page) and act on them; everyone else sees the list without selection or actions.
 * The two sort choices are short lists: the browser's select, which loads no widget code.
 */
export function UserListPage({ query }: { query: UserListParams }) {
  const { _: t } = useLingui();
  const navigate = useNavigate();
  const { data } = useSuspenseQuery(userListQuery(query));
  const sortBy = query.SortByField;
  const order = query.SortOrder;
  const viewer = useViewer();
  const isUserAdmin = viewer.user?.isAdmin === true;
  const { messageElement, showMessage, confirm } = useServerMessage();
  const [selectedKeys, setSelectedKeys] = useState<ReadonlySet<string>>(new Set());
  // The selection is of the rows on this page (select-all is for the page); a changed page drops the others.
  const selected = data.Items.filter((user) => selectedKeys.has(String(user.UserId)));

  const go = (next: object) => {
    void navigate({ to: '/UserManagement/List', search: userListSearch.parse(next) });
  };

  const columns: Column<User>[] = [
    { id: 'Email', sortable: true, header: t('columns.email'), cell: (user) => user.Email },
    { id: 'FirstName', sortable: true, header: t('team.firstName'), cell: (user) => user.FirstName },
    { id: 'LastName', sortable: true, header: t('team.lastName'), cell: (user) => user.LastName },
    { id: 'CompanyName', sortable: true, header: t('users.company'), cell: (user) => user.CompanyName },
    { id: 'Role', sortable: true, header: t('columns.role'), cell: (user) => t(roleText(user.Role)) },
    { id: 'Status', sortable: true, header: t('columns.status'), cell: (user) => t(statusText(user.Status)) },
    { id: 'rep', header: t('users.primaryRep'), cell: (user) => user.PrimaryRepEmail ?? '—' },
  ];

  return (
    <section aria-labelledby="page-title" className="page">
      <h1 id="page-title">{t('users.listTitle')}</h1>
      <div className="toolbar">
        {isUserAdmin && (
          <UserGroupBar
            selected={selected}
            onDone={() => {
              setSelectedKeys(new Set());
            }}
            showMessage={showMessage}
            confirm={confirm}
          />
        )}
        <NativeSelect
          label={t('users.sortBy')}
          value={sortBy}
          options={USER_SORT_FIELDS.map((field) => ({ id: field, label: t(`users.fields.${field}`) }))}
          onChange={(field) => {
            go(withSort(query, field, order));
          }}
        />
        <NativeSelect
          label={t('users.sortOrder')}
          value={String(order)}
          options={[
            { id: '0', label: t('users.ascending') },
            { id: '1', label: t('users.descending') },
          ]}
          onChange={(value) => {
            go(withSort(query, sortBy, value === '1' ? 1 : 0));
          }}
        />
      </div>
      <DataTable
        label={t('users.listTitle')}
        columns={columns}
        rows={data.Items}
        rowKey={(user) => user.UserId}
        cardsOnPhones
        paging={serverPaging(data, query, go)}
        {...(isUserAdmin
          ? {
              selection: {
                selectedKeys,
                onSelectionChange: setSelectedKeys,
                rowLabel: (user: User) => user.Email,
              },
            }
          : {})}
      />
      {messageElement}
    </section>
  );
}

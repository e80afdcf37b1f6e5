import { Button } from '@assessment/ui/button';
import { useLingui } from '@lingui/react';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import type { UserListQuery } from '../api/list-users';
import { PrimaryRepEmailField } from '@/features/projects';

type Scope = NonNullable<UserListQuery['UserScope']>;

/** /UserManagement/ProcessUserSearch: UserScope radio (AllUsers or MyUsers) and a primary-rep email type-ahead. */
export function UserSearchPage({ scope, email }: { scope: Scope; email: string | undefined }) {
  const { _: t } = useLingui();
  const navigate = useNavigate();
  const [userScope, setUserScope] = useState<Scope>(scope);
  const [repEmail, setRepEmail] = useState(email ?? '');
  return (
    <section aria-labelledby="page-title" className="page">
      <h1 id="page-title">{t('users.searchTitle')}</h1>
      <form
        className="filters"
        onSubmit={(event) => {
          event.preventDefault();
          void navigate({
            to: '/UserManagement/List',
            search: { UserScope: userScope, PrimaryRepEmail: repEmail.trim() || undefined, PageNumber: 1 },
          });
        }}
      >
        <fieldset>
          <legend>{t('users.scope')}</legend>
          <label>
            <input
              type="radio"
              name="UserScope"
              value="AllUsers"
              checked={userScope === 'AllUsers'}
              onChange={() => {
                setUserScope('AllUsers');
              }}
            />{' '}
            {t('users.allUsers')}
          </label>
          <label>
            <input
              type="radio"
              name="UserScope"
              value="MyUsers"
              checked={userScope === 'MyUsers'}
              onChange={() => {
                setUserScope('MyUsers');
              }}
            />{' '}
            {t('users.myUsers')}
          </label>
        </fieldset>
        <PrimaryRepEmailField label={t('users.email')} initialEmail={repEmail} onChange={setRepEmail} />
        <Button type="submit">{t('users.submit')}</Button>
      </form>
    </section>
  );
}

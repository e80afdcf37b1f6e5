import { Button } from '@assessment/ui/button';
import { TextField } from '@/components/form';
import { useLingui } from '@lingui/react';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { serverPaging } from '@/components/DataTable';
import { polledProjectListQuery } from '../api/list-projects';
import { useServerMessage } from '@/features/errors';
import { NO_SEARCH_RESULTS_TEXT, projectListSearch, type ProjectListParams } from '../search';
import { isValidEmail } from '../share-rules';
import { PrimaryRepEmailField } from './PrimaryRepEmailField';
import { ProjectsTableWithActions } from './ProjectsTableWithActions';

/** /project/search: my-projects-only radio, primary-rep email type-ahead, name; an empty result says so. */
export function ProjectSearchPage({ query }: { query: ProjectListParams }) {
  const { _: t } = useLingui();
  const navigate = useNavigate();
  const { data } = useSuspenseQuery(polledProjectListQuery(query));
  const [mine, setMine] = useState(query.myProjectsOnly);
  const [email, setEmail] = useState(query.primaryRepEmail ?? '');
  const [text, setText] = useState(query.search ?? '');
  const { messageElement, showMessage } = useServerMessage();

  return (
    <section aria-labelledby="page-title" className="page">
      <h1 id="page-title">{t('projectSearch.title')}</h1>
      <form
        className="filters"
        onSubmit={(event) => {
          event.preventDefault();
          // The filter is an exact email (part 5's rule); anything else would be dropped silently.
          if (email.trim() !== '' && !isValidEmail(email)) {
            showMessage('invalid_email');
            return;
          }
          void navigate({
            to: '/project/search',
            search: {
              myProjectsOnly: mine,
              primaryRepEmail: email.trim() || undefined,
              search: text.trim() || undefined,
              PageNumber: 1,
            },
          });
        }}
      >
        <fieldset>
          <legend>{t('projectSearch.scope')}</legend>
          <label>
            <input
              type="radio"
              name="mine"
              checked={mine}
              onChange={() => {
                setMine(true);
              }}
            />{' '}
            {t('projectSearch.mineOnly')}
          </label>
          <label>
            <input
              type="radio"
              name="mine"
              checked={!mine}
              onChange={() => {
                setMine(false);
              }}
            />{' '}
            {t('projectSearch.allProjects')}
          </label>
        </fieldset>
        <TextField label={t('projectSearch.name')} value={text} onChange={setText} showHint={false} />
        <PrimaryRepEmailField label={t('projectSearch.email')} initialEmail={email} onChange={setEmail} />
        <Button type="submit">{t('projectSearch.submit')}</Button>
      </form>
      {data.TotalCount === 0 && (
        <p role="status" className="projects-empty">
          {NO_SEARCH_RESULTS_TEXT}
        </p>
      )}
      <ProjectsTableWithActions
        projects={data.Items}
        label={t('projectSearch.title')}
        emptyText={NO_SEARCH_RESULTS_TEXT}
        paging={serverPaging(data, query, (next) => {
          void navigate({ to: '/project/search', search: projectListSearch.parse(next) });
        })}
      />
      {messageElement}
    </section>
  );
}

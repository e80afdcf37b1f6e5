import { useLingui } from '@lingui/react';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { serverPaging } from '@/components/DataTable';
import { polledProjectListQuery } from '../api/list-projects';
import { projectListSearch, type ProjectListParams } from '../search';
import { CreateProjectButton } from './CreateProjectButton';
import { ProjectsTableWithActions } from './ProjectsTableWithActions';

/** /projects: the viewer's projects, paged, with "New project". */
export function ProjectsPage({ query }: { query: ProjectListParams }) {
  const { _: t } = useLingui();
  const navigate = useNavigate();
  const { data } = useSuspenseQuery(polledProjectListQuery(query));
  return (
    <section aria-labelledby="page-title" className="page">
      <h1 id="page-title">{t('projects.title')}</h1>
      <div className="toolbar">
        <CreateProjectButton />
      </div>
      <p className="muted">{t('projects.total', { count: data.TotalCount })}</p>
      <ProjectsTableWithActions
        projects={data.Items}
        label={t('projects.title')}
        paging={serverPaging(data, query, (next) => {
          void navigate({ to: '/projects', search: projectListSearch.parse(next) });
        })}
      />
    </section>
  );
}

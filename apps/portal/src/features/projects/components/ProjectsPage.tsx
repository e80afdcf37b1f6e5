import { useSuspenseQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Pager } from '@/components/Pager';
import { projectListQuery, type ProjectListQuery } from '../api/list-projects';
import { ProjectsTable } from './ProjectsTable';

/** /projects: the viewer's projects, paged (read-only until the projects feature lands). */
export function ProjectsPage({ query }: { query: ProjectListQuery }) {
  const { t } = useTranslation();
  const { data } = useSuspenseQuery(projectListQuery(query));
  return (
    <section aria-labelledby="page-title" className="page">
      <h1 id="page-title">{t('projects.title')}</h1>
      <p className="muted">{t('projects.total', { count: data.TotalCount })}</p>
      <ProjectsTable projects={data.Items} label={t('projects.title')} />
      <Pager pageNumber={data.PageNumber} pageSize={data.PageSize} totalCount={data.TotalCount} />
    </section>
  );
}

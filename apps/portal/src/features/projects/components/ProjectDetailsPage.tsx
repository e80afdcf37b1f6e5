import { useLingui } from '@lingui/react';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { formatDate, formatPercent } from '@/lib/i18n/i18n';
import { projectQuery } from '../api/get-project';
import { CollectorRunsOfProject } from './CollectorRunsOfProject';

/** /project/details/{id} (read-only until the archive/restore feature lands). */
export function ProjectDetailsPage({ id, mode }: { id: number; mode: 'details' | 'edit' }) {
  const { _: t } = useLingui();
  const { data: project } = useSuspenseQuery(projectQuery(id));
  return (
    <section aria-labelledby="page-title" className="page">
      <h1 id="page-title">
        {mode === 'edit' ? t('project.editTitle') : t('project.detailsTitle')}: {project.Name}
      </h1>
      <dl className="facts">
        <dt>{t('project.owner')}</dt>
        <dd>{project.OwnerEmail}</dd>
        <dt>{t('project.publicUrl')}</dt>
        <dd>{project.PublicURL ?? t('project.notPublished')}</dd>
        <dt>{t('project.anonymous')}</dt>
        <dd>{project.IsAnonymous ? t('project.yes') : t('project.no')}</dd>
        <dt>{t('project.status')}</dt>
        <dd>
          {project.CurrentStatusString ?? '—'}
          {project.CurrentStatusString ? ` (${formatPercent(project.ProgressPercentage)})` : ''}
        </dd>
        <dt>{t('columns.created')}</dt>
        <dd>{formatDate(project.CreatedDate)}</dd>
      </dl>
      <p>
        <Link to="/dpackviewer/$projectId" params={{ projectId: project.Id }}>
          {t('project.viewerTitle')}
        </Link>
      </p>
      <h2>{t('project.collectorRuns')}</h2>
      <CollectorRunsOfProject runs={project.CollectorRuns} />
    </section>
  );
}

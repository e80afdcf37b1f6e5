import { useLingui } from '@lingui/react';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useViewer } from '@/features/auth';
import { RecentCollectorRunsTable } from '@/features/collector-runs';
import { DownloadCollectorButton } from '@/features/collectors';
import { CreateProjectButton, RecentProjectsTable } from '@/features/projects';
import { RequestPssButton } from '@/features/pss';
import { dashboardQuery } from '../api/get-dashboard';

/** / and /dashboard: the user's recent projects and collector runs. */
export function DashboardPage() {
  const { _: t } = useLingui();
  const viewer = useViewer();
  const { data } = useSuspenseQuery(dashboardQuery());
  return (
    <section aria-labelledby="page-title" className="page">
      <h1 id="page-title">{t('dashboard.title')}</h1>
      {viewer.user && <p>{t('dashboard.welcome', { name: viewer.user.firstName })}</p>}
      <h2>{t('dashboard.recentProjects')}</h2>
      <div className="toolbar">
        <CreateProjectButton />
        <RequestPssButton />
      </div>
      <RecentProjectsTable projects={data.RecentProjects} label={t('dashboard.recentProjects')} />
      <h2>{t('dashboard.recentRuns')}</h2>
      <div className="toolbar">
        <DownloadCollectorButton />
      </div>
      <RecentCollectorRunsTable runs={data.RecentCollectorRuns} label={t('dashboard.recentRuns')} />
    </section>
  );
}

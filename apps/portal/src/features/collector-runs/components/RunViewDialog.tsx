import type { CollectorRun } from '@assessment/sdk';
import { Dialog } from '@assessment/ui/dialog';
import { useLingui } from '@lingui/react';
import { formatDate, formatDays, formatPercent } from '@/lib/i18n/i18n';
import { archiveStateText, isCollecting, runStatusText } from '@/lib/runs/run-status';

/**
 * A run's Details: its facts as the run tables word them — owner, hosts, start and end (still collecting has no
 * end: it would lie in the future), duration (so far, while collecting), status, project and progress.
 */
export function RunViewDialog({ run, onClose }: { run: CollectorRun; onClose: () => void }) {
  const { _: t } = useLingui();
  const collecting = isCollecting(run);
  const days = formatDays(run.Duration / 86400);
  const hosts = run.Hosts ?? [];
  const facts: [label: string, value: React.ReactNode][] = [
    [t('columns.owner'), run.OwnerEmail ? `${run.OwnerName} (${run.OwnerEmail})` : run.OwnerName],
    [
      t('columns.status'),
      run.ArchiveState === 'Active'
        ? t(runStatusText(run.Status))
        : `${t(runStatusText(run.Status))}, ${t(archiveStateText(run.ArchiveState))}`,
    ],
    [t('columns.progress'), formatPercent(run.Progress)],
    [t('runSearch.details.started'), run.StartTime ? formatDate(run.StartTime) : '—'],
    [t('columns.ended'), collecting ? t('runSearch.stillCollecting') : formatDate(run.EndTime)],
    [t('columns.duration'), collecting ? t('runSearch.durationSoFar', { duration: days }) : days],
    [
      t('runSearch.row.project'),
      run.ProjectId === null
        ? t('runSearch.details.noProject')
        : (run.ProjectName ?? t('runSearch.projectHidden')),
    ],
    [
      t('runSearch.details.hosts'),
      hosts.length === 0 ? (
        t('runSearch.details.noHosts')
      ) : (
        <>
          {t('runSearch.details.hostCount', { count: hosts.length })}
          <ul className="run-facts__hosts">
            {hosts.map((host, index) => (
              <li key={`${host}-${String(index)}`}>{host}</li>
            ))}
          </ul>
        </>
      ),
    ],
  ];
  return (
    <Dialog isOpen title={run.Name} closeLabel={t('errors.close')} onClose={onClose}>
      <dl className="run-facts" aria-label={t('runSearch.details.facts')}>
        {facts.map(([label, value]) => (
          <div key={label} className="run-facts__row">
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </Dialog>
  );
}

import type { CollectorRun } from '@assessment/sdk';
import { Button } from '@assessment/ui/button';
import { useLingui } from '@lingui/react';
import { DataTable, ROW_ACTIONS_COLUMN_ID, type Column } from '@/components/DataTable';
import { formatDate, formatPercent } from '@/lib/i18n/i18n';
import './projects.css';

export interface CollectorRunsOfProjectProps {
  runs: readonly CollectorRun[];
  /** When given, each row has a Remove button (the edit page). */
  onRemove?: (run: CollectorRun) => void;
}

export function CollectorRunsOfProject({ runs, onRemove }: CollectorRunsOfProjectProps) {
  const { _: t } = useLingui();
  const columns: Column<CollectorRun>[] = [
    { id: 'name', header: t('columns.name'), cell: (run) => run.Name },
    { id: 'status', header: t('columns.status'), cell: (run) => run.Status },
    { id: 'progress', header: t('columns.progress'), cell: (run) => formatPercent(run.Progress) },
    { id: 'ended', header: t('columns.ended'), cell: (run) => formatDate(run.EndTime) },
    { id: 'owner', header: t('columns.owner'), cell: (run) => run.OwnerName },
  ];
  if (onRemove)
    columns.push({
      id: ROW_ACTIONS_COLUMN_ID,
      header: t('projects.actions'),
      cell: (run) => (
        <Button
          variant="secondary"
          aria-label={t('projects.removeRun.label', { name: run.Name })}
          onPress={() => {
            onRemove(run);
          }}
        >
          {t('projects.removeRun.button')}
        </Button>
      ),
    });
  return (
    <DataTable label={t('project.collectorRuns')} columns={columns} rows={runs} rowKey={(run) => run.Id} />
  );
}

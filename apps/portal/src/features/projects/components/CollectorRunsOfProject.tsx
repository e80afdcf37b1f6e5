import type { CollectorRun } from '@assessment/sdk';
import { useLingui } from '@lingui/react';
import { DataTable, type Column } from '@/components/DataTable';
import { formatDate, formatPercent } from '@/lib/i18n/i18n';

export function CollectorRunsOfProject({ runs }: { runs: readonly CollectorRun[] }) {
  const { _: t } = useLingui();
  const columns: Column<CollectorRun>[] = [
    { id: 'name', header: t('columns.name'), cell: (run) => run.Name },
    { id: 'status', header: t('columns.status'), cell: (run) => run.Status },
    { id: 'progress', header: t('columns.progress'), cell: (run) => formatPercent(run.Progress) },
    { id: 'ended', header: t('columns.ended'), cell: (run) => formatDate(run.EndTime) },
    { id: 'owner', header: t('columns.owner'), cell: (run) => run.OwnerName },
  ];
  return (
    <DataTable label={t('project.collectorRuns')} columns={columns} rows={runs} rowKey={(run) => run.Id} />
  );
}

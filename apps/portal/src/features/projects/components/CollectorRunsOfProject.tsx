import type { CollectorRun } from '@assessment/sdk';
import { Button } from '@assessment/ui/button';
import { useLingui } from '@lingui/react';
import { useCollectorRunColumns } from '@/components/collector-run-columns';
import { DataTable, ROW_ACTIONS_COLUMN_ID, type Column } from '@/components/DataTable';
import './projects.css';

export interface CollectorRunsOfProjectProps {
  runs: readonly CollectorRun[];
  /** When given, each row has a Remove button (the edit page). */
  onRemove?: (run: CollectorRun) => void;
}

/** The run tables' column naming a run's project: on a project's own page every run is in that project. */
export const PROJECT_COLUMN_ID = 'project';

/**
 * The runs of a project (details and edit pages) with the columns and words of every run table (run search,
 * dashboard): statuses as translated words, "Collecting" with "Still collecting" instead of a future end date.
 * Only the project column is left out, as it would name the page's own project on every row.
 */
export function CollectorRunsOfProject({ runs, onRemove }: CollectorRunsOfProjectProps) {
  const { _: t } = useLingui();
  const columns: Column<CollectorRun>[] = useCollectorRunColumns().filter(
    (column) => column.id !== PROJECT_COLUMN_ID,
  );
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

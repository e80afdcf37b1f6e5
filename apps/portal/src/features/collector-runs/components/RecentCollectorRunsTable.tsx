import type { CollectorRun } from '@assessment/sdk';
import { StaticTable } from '@/components/StaticTable';
import { useCollectorRunColumns } from '@/components/collector-run-columns';

/** A few recent runs (the dashboard): the same columns, no sorting or paging, so no table library. */
export function RecentCollectorRunsTable({ runs, label }: { runs: readonly CollectorRun[]; label: string }) {
  return (
    <StaticTable label={label} columns={useCollectorRunColumns()} rows={runs} rowKey={(run) => run.Id} />
  );
}

import type { CollectorRun } from '@assessment/sdk';
import { DataTable, type ServerPaging } from '@/components/DataTable';
import { useCollectorRunColumns } from './collector-run-columns';

export interface CollectorRunsTableProps {
  runs: readonly CollectorRun[];
  label: string;
  /** Server-side paging and sorting of the collector run search. */
  paging?: ServerPaging;
}

export function CollectorRunsTable({ runs, label, paging }: CollectorRunsTableProps) {
  return (
    <DataTable
      label={label}
      columns={useCollectorRunColumns()}
      rows={runs}
      rowKey={(run) => run.Id}
      {...(paging ? { paging } : {})}
    />
  );
}

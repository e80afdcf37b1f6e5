import type { ProjectSummary } from '@assessment/sdk';
import { StaticTable } from '@/components/StaticTable';
import { useProjectColumns } from './project-columns';
import './projects.css';

/** A few recent projects (the dashboard): the same columns, no sorting or paging, so no table library. */
export function RecentProjectsTable({
  projects,
  label,
}: {
  projects: readonly ProjectSummary[];
  label: string;
}) {
  return (
    <StaticTable
      label={label}
      columns={useProjectColumns()}
      rows={projects}
      rowKey={(project) => project.Id}
    />
  );
}

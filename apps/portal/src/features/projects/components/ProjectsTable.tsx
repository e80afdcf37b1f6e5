import type { ProjectSummary } from '@assessment/sdk';
import { useLingui } from '@lingui/react';
import { Link } from '@tanstack/react-router';
import { DataTable, type Column, type ServerPaging } from '@/components/DataTable';
import { formatDate, formatNumber } from '@/lib/i18n/i18n';

export interface ProjectsTableProps {
  projects: readonly ProjectSummary[];
  label: string;
  /** Server-side paging and sorting of /projects and /project/search. */
  paging?: ServerPaging;
}

export function ProjectsTable({ projects, label, paging }: ProjectsTableProps) {
  const { _: t } = useLingui();
  const columns: Column<ProjectSummary>[] = [
    {
      id: 'Name',
      sortable: true,
      header: t('columns.name'),

      cell: (project) => (
        <Link to="/project/details/$id" params={{ id: project.Id }}>
          {project.Name}
        </Link>
      ),
    },
    { id: 'OwnerEmail', sortable: true, header: t('columns.owner'), cell: (project) => project.OwnerEmail },
    {
      id: 'CollectorRunCount',
      sortable: true,
      header: t('columns.runs'),
      cell: (project) => formatNumber(project.CollectorRunCount),
    },
    { id: 'status', header: t('columns.status'), cell: (project) => project.CurrentStatusString ?? '—' },
    {
      id: 'CreatedDate',
      sortable: true,
      header: t('columns.created'),
      cell: (project) => formatDate(project.CreatedDate),
    },
  ];
  return (
    <DataTable
      label={label}
      columns={columns}
      rows={projects}
      rowKey={(project) => project.Id}
      {...(paging ? { paging } : {})}
    />
  );
}

import type { ProjectSummary } from '@assessment/sdk';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { DataTable, type Column } from '@/components/DataTable';
import { formatDate, formatNumber } from '@/lib/i18n/i18n';

export function ProjectsTable({ projects, label }: { projects: readonly ProjectSummary[]; label: string }) {
  const { t } = useTranslation();
  const columns: Column<ProjectSummary>[] = [
    {
      id: 'name',
      header: t('columns.name'),
      isRowHeader: true,
      cell: (project) => (
        <Link to="/project/details/$id" params={{ id: String(project.Id) }}>
          {project.Name}
        </Link>
      ),
    },
    { id: 'owner', header: t('columns.owner'), cell: (project) => project.OwnerEmail },
    { id: 'runs', header: t('columns.runs'), cell: (project) => formatNumber(project.CollectorRunCount) },
    { id: 'status', header: t('columns.status'), cell: (project) => project.CurrentStatusString ?? '—' },
    { id: 'created', header: t('columns.created'), cell: (project) => formatDate(project.CreatedDate) },
  ];
  return <DataTable label={label} columns={columns} rows={projects} rowKey={(project) => project.Id} empty={t('dashboard.none')} />;
}

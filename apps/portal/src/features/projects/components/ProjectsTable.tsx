import type { ProjectSummary } from '@assessment/sdk';
import { Button } from '@assessment/ui/button';
import { useLingui } from '@lingui/react';
import { Link } from '@tanstack/react-router';
import { DataTable, type Column, type ServerPaging } from '@/components/DataTable';
import { formatDate, formatNumber } from '@/lib/i18n/i18n';
import { useProjectDialogs } from '../hooks/use-project-dialogs';
import { useServerMessage } from '../hooks/use-server-message';
import { projectStatusLabel } from '../project-status';
import { ArchiveRowButton } from './ArchiveRowButton';
import './projects.css';

export interface ProjectsTableProps {
  projects: readonly ProjectSummary[];
  label: string;
  /** Server-side paging and sorting of /projects and /project/search. */
  paging?: ServerPaging;
}

/** Project rows with their actions: open the viewer, the details (archive/restore, delete) and the edit page. */
export function ProjectsTable({ projects, label, paging }: ProjectsTableProps) {
  const { _: t } = useLingui();
  const { messageElement, showMessage } = useServerMessage();
  const { dialogElement, openPublish, openShare } = useProjectDialogs(showMessage);
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
    {
      id: 'status',
      header: t('columns.status'),
      cell: (project) => projectStatusLabel(project.CurrentStatusString, t),
    },
    {
      id: 'CreatedDate',
      sortable: true,
      header: t('columns.created'),
      cell: (project) => formatDate(project.CreatedDate),
    },
    {
      id: 'actions',
      header: t('projects.actions'),
      cell: (project) => (
        <span className="projects-row-actions">
          <Link
            to="/dpackviewer/$projectId"
            params={{ projectId: project.Id }}
            aria-label={t('projects.row.viewerOf', { name: project.Name })}
          >
            {t('projects.row.viewer')}
          </Link>
          <Link
            to="/project/edit/$id"
            params={{ id: project.Id }}
            aria-label={t('projects.row.editOf', { name: project.Name })}
          >
            {t('projects.row.edit')}
          </Link>
          <Button
            variant="link"
            aria-label={t('projects.row.publishOf', { name: project.Name })}
            onPress={() => {
              openPublish(project);
            }}
          >
            {t('projects.publish.open_dialog')}
          </Button>
          <Button
            variant="link"
            aria-label={t('projects.row.shareOf', { name: project.Name })}
            onPress={() => {
              openShare(project);
            }}
          >
            {t('projects.share.open')}
          </Button>
          <ArchiveRowButton project={project} />
        </span>
      ),
    },
  ];
  return (
    <div className="projects-table-scroll">
      <DataTable
        label={label}
        columns={columns}
        rows={projects}
        rowKey={(project) => project.Id}
        {...(paging ? { paging } : {})}
      />
      {dialogElement}
      {messageElement}
    </div>
  );
}

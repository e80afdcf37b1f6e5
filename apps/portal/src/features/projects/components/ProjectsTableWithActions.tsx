import type { ProjectSummary } from '@assessment/sdk';
import { Button } from '@assessment/ui/button';
import { useLingui } from '@lingui/react';
import { Link } from '@tanstack/react-router';
import { ROW_ACTIONS_COLUMN_ID, type Column } from '@/components/DataTable';
import { useProjectDialogs } from '../hooks/use-project-dialogs';
import { useServerMessage } from '@/features/errors';
import { ArchiveRowButton } from './ArchiveRowButton';
import { ProjectsTable, type ProjectsTableProps } from './ProjectsTable';

/** The list pages' project table: each row with its actions (viewer, edit, publish, share, archive/restore). */
export function ProjectsTableWithActions(props: Omit<ProjectsTableProps, 'extraColumns'>) {
  const { _: t } = useLingui();
  const { messageElement, showMessage } = useServerMessage();
  const { dialogElement, openPublish, openShare } = useProjectDialogs(showMessage);
  const actionsColumn: Column<ProjectSummary> = {
    id: ROW_ACTIONS_COLUMN_ID,
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
  };
  return (
    <>
      <ProjectsTable {...props} extraColumns={[actionsColumn]} />
      {dialogElement}
      {messageElement}
    </>
  );
}

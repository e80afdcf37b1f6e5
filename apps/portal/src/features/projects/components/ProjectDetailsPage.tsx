import { Button } from '@assessment/ui/button';
import { useLingui } from '@lingui/react';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useViewer } from '@/features/auth';
import { RequestPssButton } from '@/features/pss';
import { ReportsButton } from '@/features/reports';
import { formatDate } from '@/lib/i18n/i18n';
import { projectQuery } from '../api/get-project';
import { useDeleteProject } from '../api/delete-project';
import { useRetryProject } from '../api/retry-project';
import { useProjectDialogs } from '../hooks/use-project-dialogs';
import { useServerMessage } from '@/features/errors';
import { isInternalStaff } from '../reassign-rules';
import { ArchiveRestorePanel } from './ArchiveRestorePanel';
import { CollectorRunsOfProject } from './CollectorRunsOfProject';
import { RenameProjectForm } from './RenameProjectForm';
import { lazyDialog } from '@/components/lazy-dialog';
import { WorkingButton } from '@/components/WorkingButton';

const ReassignOwnerDialog = lazyDialog(() =>
  import('./ReassignOwnerDialog').then((module) => module.ReassignOwnerDialog),
);
const SupportTicketDialog = lazyDialog(() =>
  import('./SupportTicketDialog').then((module) => module.SupportTicketDialog),
);

/** /project/details/{id}: the facts, inline rename, archive/restore, retry and delete. */
export function ProjectDetailsPage({ id }: { id: number }) {
  const { _: t } = useLingui();
  const navigate = useNavigate();
  const { data: project } = useSuspenseQuery(projectQuery(id));
  const { messageElement, showMessage, confirm } = useServerMessage();
  const { dialogElement, openPublish, openShare } = useProjectDialogs(showMessage);
  const [renaming, setRenaming] = useState(false);
  const [reassigning, setReassigning] = useState(false);
  const [reporting, setReporting] = useState(false);
  const viewer = useViewer();
  // Internal staff only (spec part 6); the server refuses everyone else too.
  const canReassign = viewer.user !== null && isInternalStaff(viewer.user.role);
  const retry = useRetryProject();
  const remove = useDeleteProject();
  return (
    <section aria-labelledby="page-title" className="page">
      <h1 id="page-title">
        {t('project.detailsTitle')}: {project.Name}
      </h1>
      {renaming ? (
        <RenameProjectForm
          projectId={project.Id}
          currentName={project.Name}
          showMessage={showMessage}
          onDone={() => {
            setRenaming(false);
          }}
          onCancel={() => {
            setRenaming(false);
          }}
        />
      ) : (
        <div className="toolbar">
          <Button
            variant="secondary"
            onPress={() => {
              setRenaming(true);
            }}
          >
            {t('projects.rename.open')}
          </Button>
          <Link to="/dpackviewer/$projectId" params={{ projectId: project.Id }}>
            {t('project.viewerTitle')}
          </Link>
          <Link to="/project/edit/$id" params={{ id: project.Id }}>
            {t('project.editTitle')}
          </Link>
          <Button
            variant="secondary"
            onPress={() => {
              openPublish(project);
            }}
          >
            {t('projects.publish.open_dialog')}
          </Button>
          <Button
            variant="secondary"
            onPress={() => {
              openShare(project);
            }}
          >
            {t('projects.share.open')}
          </Button>
          <RequestPssButton projectId={project.Id} />
          <ReportsButton projectId={project.Id} projectName={project.Name} />
        </div>
      )}
      <dl className="facts">
        <dt>{t('project.owner')}</dt>
        <dd>
          {project.OwnerEmail}{' '}
          {canReassign && (
            <Button
              variant="link"
              onPress={() => {
                setReassigning(true);
              }}
            >
              {t('projects.reassign.open')}
            </Button>
          )}
        </dd>
        <dt>{t('project.publicUrl')}</dt>
        <dd>{project.PublicURL ?? t('project.notPublished')}</dd>
        <dt>{t('project.anonymous')}</dt>
        <dd>{project.IsAnonymous ? t('project.yes') : t('project.no')}</dd>
        <dt>{t('columns.created')}</dt>
        <dd>{formatDate(project.CreatedDate)}</dd>
      </dl>
      <ArchiveRestorePanel
        projectId={project.Id}
        initialStatus={project.CurrentStatusString}
        from="details"
      />
      <h2>{t('project.collectorRuns')}</h2>
      <CollectorRunsOfProject runs={project.CollectorRuns} />
      {project.ProcessingFailed && (
        <section className="projects-failed" aria-labelledby="processing-failed">
          <h2 id="processing-failed">{t('projects.failed.title')}</h2>
          <p>{t('projects.failed.explain')}</p>
          <div className="toolbar">
            <WorkingButton
              variant="secondary"
              working={retry.isPending}
              onPress={() => {
                retry.mutate(
                  { path: { id: project.Id } },
                  {
                    onSuccess: (answer) => {
                      showMessage(answer.ResourceKey ?? 'retry_initiated');
                    },
                  },
                );
              }}
            >
              {t('projects.retry')}
            </WorkingButton>
            <Button
              variant="secondary"
              onPress={() => {
                setReporting(true);
              }}
            >
              {t('projects.ticket.open')}
            </Button>
          </div>
        </section>
      )}
      <h2>{t('projects.more')}</h2>
      <div className="toolbar">
        <WorkingButton
          variant="danger"
          working={remove.isPending}
          onPress={() => {
            confirm('project_delete', () => {
              remove.mutate(
                { path: { id: project.Id } },
                {
                  onSuccess: () => {
                    void navigate({ to: '/projects' });
                  },
                },
              );
            });
          }}
        >
          {t('projects.delete')}
        </WorkingButton>
      </div>
      {reporting && (
        <SupportTicketDialog
          projectId={project.Id}
          projectName={project.Name}
          showMessage={showMessage}
          onClose={() => {
            setReporting(false);
          }}
        />
      )}
      {reassigning && viewer.user && (
        <ReassignOwnerDialog
          projectId={project.Id}
          projectName={project.Name}
          viewerEmail={viewer.user.email}
          showMessage={showMessage}
          onClose={() => {
            setReassigning(false);
          }}
        />
      )}
      {dialogElement}
      {messageElement}
    </section>
  );
}

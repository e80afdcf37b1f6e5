import type { ReactNode } from 'react';
import { useLingui } from '@lingui/react';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Button } from '@assessment/ui/button';
import { Link } from '@tanstack/react-router';
import { useViewer } from '@/features/auth';
import { projectViewerQuery } from '../api/get-project-viewer';
import { useProjectDialogs } from '../hooks/use-project-dialogs';
import { useServerMessage } from '@/features/errors';
import { ArchiveRestorePanel } from './ArchiveRestorePanel';

/**
 * /dpackviewer/{projectId}: the project viewer's frame (title, actions, archive/restore) around its content. An owner also publishes, archives and restores here; an
 * anonymous visitor of a published project sees it read-only.
 */
export function ProjectViewerPage({
  projectId,
  actions,
  children,
}: {
  projectId: number;
  /** Actions of the project the viewer adds (Reports), shown with the others, before the archive block. */
  actions?: ReactNode;
  /** The viewer's own content: its performance section and node list (the viewer feature). */
  children: ReactNode;
}) {
  const { _: t } = useLingui();
  const viewer = useViewer();
  const { data } = useSuspenseQuery(projectViewerQuery(projectId));
  const { messageElement, showMessage } = useServerMessage();
  const { dialogElement, openPublish, openShare } = useProjectDialogs(showMessage);
  return (
    <section aria-labelledby="page-title" className="page">
      <h1 id="page-title">
        {t('project.viewerTitle')}: {data.Project.Name}
      </h1>
      {viewer.isPublic ? (
        <>
          <p className="muted">{t('projects.viewer.readOnly')}</p>
          <div className="toolbar" role="group" aria-label={t('project.actions')}>
            {actions}
          </div>
        </>
      ) : (
        <div className="toolbar" role="group" aria-label={t('project.actions')}>
          <Link to="/project/details/$id" params={{ id: data.Project.Id }}>
            {t('project.detailsTitle')}
          </Link>
          {data.CanEdit && (
            <>
              <Button
                variant="secondary"
                onPress={() => {
                  openPublish(data.Project);
                }}
              >
                {t('projects.publish.open_dialog')}
              </Button>
              <Button
                variant="secondary"
                onPress={() => {
                  openShare(data.Project);
                }}
              >
                {t('projects.share.open')}
              </Button>
            </>
          )}
          {actions}
        </div>
      )}
      {children}
      {/* The archive block after the viewer: the first screen is the decision (how big), archiving is rarer. */}
      {data.CanEdit && (
        <ArchiveRestorePanel
          projectId={data.Project.Id}
          initialStatus={data.Project.CurrentStatusString}
          from="viewer"
        />
      )}
      {dialogElement}
      {messageElement}
    </section>
  );
}

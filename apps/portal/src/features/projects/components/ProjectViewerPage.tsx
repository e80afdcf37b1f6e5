import type { ViewerNode } from '@assessment/sdk';
import type { ReactNode } from 'react';
import type { TextId } from '@/lib/i18n/i18n';
import { useLingui } from '@lingui/react';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Button } from '@assessment/ui/button';
import { Link } from '@tanstack/react-router';
import { DataTable, type Column } from '@/components/DataTable';
import { useViewer } from '@/features/auth';
import { projectViewerQuery } from '../api/get-project-viewer';
import { useProjectDialogs } from '../hooks/use-project-dialogs';
import { useServerMessage } from '@/features/errors';
import { ArchiveRestorePanel } from './ArchiveRestorePanel';

const NODE_KIND_TEXT = {
  cluster: 'projects.nodeKind.cluster',
  host: 'projects.nodeKind.host',
  server: 'projects.nodeKind.server',
  storage: 'projects.nodeKind.storage',
} as const satisfies Record<ViewerNode['Kind'], TextId>;

/**
 * /dpackviewer/{projectId}: the project viewer's nodes. An owner also publishes, archives and restores here; an
 * anonymous visitor of a published project sees it read-only.
 */
export function ProjectViewerPage({
  projectId,
  children,
}: {
  projectId: number;
  /** The viewer's own content (performance and the node list) in place of the plain node table. */
  children?: ReactNode;
}) {
  const { _: t } = useLingui();
  const viewer = useViewer();
  const { data } = useSuspenseQuery(projectViewerQuery(projectId));
  const { messageElement, showMessage } = useServerMessage();
  const { dialogElement, openPublish, openShare } = useProjectDialogs(showMessage);
  const columns: Column<ViewerNode>[] = [
    { id: 'name', header: t('columns.name'), cell: (node) => node.Name },
    { id: 'kind', header: t('viewer.kind'), cell: (node) => t(NODE_KIND_TEXT[node.Kind]) },
    {
      id: 'enabled',
      header: t('viewer.enabled'),
      cell: (node) => (node.Enabled ? t('project.yes') : t('project.no')),
    },
  ];
  return (
    <section aria-labelledby="page-title" className="page">
      <h1 id="page-title">
        {t('project.viewerTitle')}: {data.Project.Name}
      </h1>
      {viewer.isPublic ? (
        <p className="muted">{t('projects.viewer.readOnly')}</p>
      ) : (
        <div className="toolbar">
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
        </div>
      )}
      {data.CanEdit && (
        <ArchiveRestorePanel
          projectId={data.Project.Id}
          initialStatus={data.Project.CurrentStatusString}
          from="viewer"
        />
      )}
      {children ?? (
        <DataTable
          label={t('viewer.nodes')}
          columns={columns}
          rows={data.Nodes}
          rowKey={(node) => node.NodeId}
        />
      )}
      {dialogElement}
      {messageElement}
    </section>
  );
}

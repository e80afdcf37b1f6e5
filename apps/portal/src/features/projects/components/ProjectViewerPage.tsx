import type { ViewerNode } from '@assessment/sdk';
import { useLingui } from '@lingui/react';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { DataTable, type Column } from '@/components/DataTable';
import { projectViewerQuery } from '../api/get-project-viewer';
import { ArchiveRestorePanel } from './ArchiveRestorePanel';

/** /dpackviewer/{projectId}: the project viewer's nodes, read-only until the viewer feature lands. */
export function ProjectViewerPage({ projectId }: { projectId: number }) {
  const { _: t } = useLingui();
  const { data } = useSuspenseQuery(projectViewerQuery(projectId));
  const columns: Column<ViewerNode>[] = [
    { id: 'name', header: t('columns.name'), cell: (node) => node.Name },
    { id: 'kind', header: t('viewer.kind'), cell: (node) => node.Kind },
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
      <p>
        <Link to="/project/details/$id" params={{ id: data.Project.Id }}>
          {t('project.detailsTitle')}
        </Link>
      </p>
      {data.CanEdit && (
        <ArchiveRestorePanel
          projectId={data.Project.Id}
          initialStatus={data.Project.CurrentStatusString}
          from="viewer"
        />
      )}
      <DataTable
        label={t('viewer.nodes')}
        columns={columns}
        rows={data.Nodes}
        rowKey={(node) => node.NodeId}
      />
    </section>
  );
}

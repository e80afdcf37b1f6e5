import type { ViewerNode } from '@assessment/sdk';
import { Button } from '@assessment/ui/button';
import { useLingui } from '@lingui/react';
import { useState } from 'react';
import { StaticTable } from '@/components/StaticTable';
import type { TextId } from '@/lib/i18n/i18n';
import { useSetNodeEnabled } from '../api/set-project-node-enabled';
import { useSectionTexts } from '@/lib/i18n/i18n';

const NODE_KIND_TEXT = {
  cluster: 'projects.nodeKind.cluster',
  host: 'projects.nodeKind.host',
  server: 'projects.nodeKind.server',
  storage: 'projects.nodeKind.storage',
} as const satisfies Record<ViewerNode['Kind'], TextId>;

/** A longer list shows this many nodes until asked for all (its total line says how many there are). */
const LONG_LIST = 10;

/**
 * The viewer's nodes. An editor includes or leaves out each node (persisted; the totals recompute at once);
 * everyone else sees the state read-only. Publishing needs at least one included node. A total line says how many
 * are included; a long list shows its first nodes and the rest on demand.
 */
export function NodeList({
  projectId,
  nodes,
  canEdit,
}: {
  projectId: number;
  nodes: readonly ViewerNode[];
  canEdit: boolean;
}) {
  useSectionTexts('performance');
  const { _: t } = useLingui();
  const setEnabled = useSetNodeEnabled();
  const [all, setAll] = useState(false);
  const pendingNode = setEnabled.isPending ? setEnabled.variables.path.nodeId : null;
  // While its call runs the node shows the state asked for; a failure falls back to the server's.
  const shown = (node: ViewerNode): boolean =>
    pendingNode === node.NodeId ? setEnabled.variables?.query.enabled === true : node.Enabled;
  return (
    <div className="viewer-nodes">
      <h2 id="viewer-nodes-title">{t('viewer.nodes')}</h2>
      {canEdit && <p className="muted">{t('performance.nodesHint')}</p>}
      <p data-testid="viewer-nodes-total">
        {t('performance.nodesTotal', { count: nodes.length, included: nodes.filter(shown).length })}
      </p>
      <StaticTable
        label={t('viewer.nodes')}
        rows={all ? nodes : nodes.slice(0, LONG_LIST)}
        rowKey={(node) => node.NodeId}
        columns={[
          { id: 'name', header: t('columns.name'), cell: (node) => node.Name },
          { id: 'kind', header: t('viewer.kind'), cell: (node) => t(NODE_KIND_TEXT[node.Kind]) },
          {
            id: 'enabled',
            header: t('performance.included'),
            cell: (node) =>
              canEdit ? (
                <span className="checkbox">
                  <input
                    type="checkbox"
                    id={`node-${node.NodeId}`}
                    checked={shown(node)}
                    disabled={pendingNode !== null}
                    aria-busy={pendingNode === node.NodeId}
                    onChange={(event) => {
                      setEnabled.mutate({
                        path: { id: projectId, nodeId: node.NodeId },
                        query: { enabled: event.target.checked },
                      });
                    }}
                  />
                  <label htmlFor={`node-${node.NodeId}`}>
                    <span className="visually-hidden">
                      {t('performance.includeNode', { name: node.Name })}
                    </span>
                  </label>
                </span>
              ) : node.Enabled ? (
                t('project.yes')
              ) : (
                t('project.no')
              ),
          },
        ]}
      />
      {nodes.length > LONG_LIST && (
        <Button
          variant="link"
          aria-expanded={all}
          onPress={() => {
            setAll(!all);
          }}
        >
          {all
            ? t('performance.showFewer', { count: LONG_LIST })
            : t('performance.nodesShow', { count: nodes.length })}
        </Button>
      )}
    </div>
  );
}

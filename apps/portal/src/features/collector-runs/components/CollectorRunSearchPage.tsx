import type { CollectorRun } from '@assessment/sdk';
import { useLingui } from '@lingui/react';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { DataTable, ROW_ACTIONS_COLUMN_ID, serverPaging, type Column } from '@/components/DataTable';
import { lazyDialog } from '@/components/lazy-dialog';
import { DownloadCollectorButton } from '@/features/collectors';
import { useServerMessage } from '@/features/errors';
import { collectorRunSearchQuery } from '../api/search-collector-runs';
import { useRunGroup } from '../hooks/use-run-group';
import { applyPageSelection } from '../run-group';
import { isCollecting } from '@/lib/runs/run-status';
import { collectorRunSearch, type CollectorRunParams } from '../search';
import { useCollectorRunColumns } from '@/components/collector-run-columns';
import { RunGroupBar } from './RunGroupBar';
import { RunRowActions } from './RunRowActions';
import { RunSearchFilters } from './RunSearchFilters';
import './collector-runs.css';

const RunViewDialog = lazyDialog(() => import('./RunViewDialog').then((m) => m.RunViewDialog));

/** While a run on the page collects, the page is read again this often: its progress and duration stay live. */
export const LIVE_RUNS_REFETCH_MS = 30_000;

export interface CollectorRunSearchPageProps {
  query: CollectorRunParams;
  advanced: boolean;
}

/**
 * /collectorruns/search: the filters, the group-actions bar (a checkbox per row and a select-all for the page; the
 * group lives in local storage) and each run's actions.
 */
export function CollectorRunSearchPage({ query, advanced }: CollectorRunSearchPageProps) {
  const { _: t } = useLingui();
  const navigate = useNavigate();
  const { data } = useSuspenseQuery({
    ...collectorRunSearchQuery(query),
    refetchInterval: (current) =>
      current.state.data?.Items.some(isCollecting) === true ? LIVE_RUNS_REFETCH_MS : false,
  });
  const { messageElement, showMessage, confirm } = useServerMessage();
  const [group, setGroup] = useRunGroup();
  // The run whose Details are open, by id: the dialog shows the page's latest read of it (live while collecting).
  const [viewedId, setViewedId] = useState<number | null>(null);
  const viewed = data.Items.find((run) => run.Id === viewedId) ?? null;
  // What the last row action did when its row left the list (an archive): a polite live region says it.
  const [notice, setNotice] = useState('');
  const columns = useCollectorRunColumns();
  const actionsColumn: Column<CollectorRun> = {
    id: ROW_ACTIONS_COLUMN_ID,
    header: t('projects.actions'),
    cell: (run) => (
      <RunRowActions
        run={run}
        showMessage={showMessage}
        confirm={confirm}
        onOpenView={(run) => {
          setViewedId(run.Id);
        }}
        onArchived={(run) => {
          setNotice(
            query.includeArchived
              ? t('runSearch.row.archivedShown', { name: run.Name })
              : t('runSearch.row.archived', { name: run.Name, option: t('runSearch.includeArchived') }),
          );
        }}
      />
    ),
  };
  const selectedKeys = useMemo(() => new Set(group.map((item) => String(item.Id))), [group]);

  return (
    <section aria-labelledby="page-title" className="page run-search">
      <h1 id="page-title">{t('runSearch.title')}</h1>
      <div className="toolbar">
        <DownloadCollectorButton />
      </div>
      <RunSearchFilters
        query={query}
        advanced={advanced}
        showMessage={showMessage}
        onSearch={(filters) => {
          void navigate({ to: '/collectorruns/search', search: { ...filters, PageNumber: 1 } });
        }}
      />
      <p role="status" className="run-notice">
        {notice}
      </p>
      <RunGroupBar group={group} onGroupChange={setGroup} showMessage={showMessage} confirm={confirm} />
      <DataTable
        label={t('runSearch.title')}
        emptyText={t('table.noSearchResults')}
        columns={[...columns, actionsColumn]}
        rows={data.Items}
        rowKey={(run) => run.Id}
        cardsOnPhones
        selection={{
          selectedKeys,
          rowLabel: (run) => run.Name,
          onSelectionChange: (keys) => {
            setGroup(applyPageSelection(group, data.Items, new Set([...keys].map(Number))));
          },
        }}
        paging={serverPaging(data, query, (next) => {
          void navigate({
            to: '/collectorruns/search',
            search: collectorRunSearch.parse({ ...next, advanced }),
          });
        })}
      />
      {viewed && (
        <RunViewDialog
          run={viewed}
          onClose={() => {
            setViewedId(null);
          }}
        />
      )}
      {messageElement}
    </section>
  );
}

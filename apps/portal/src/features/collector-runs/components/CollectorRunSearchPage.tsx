import { Button } from '@assessment/ui/button';
import { TextField } from '@assessment/ui/form';
import { useLingui } from '@lingui/react';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { serverPaging } from '@/components/DataTable';
import { DownloadCollectorButton } from '@/features/collectors';
import { collectorRunSearchQuery } from '../api/search-collector-runs';
import { collectorRunSearch, type CollectorRunParams } from '../search';
import { CollectorRunsTable } from './CollectorRunsTable';

export interface CollectorRunSearchPageProps {
  query: CollectorRunParams;
  advanced: boolean;
}

/**
 * /collectorruns/search: my-collector-runs-only filter, advanced-search toggle and the group-actions bar
 * (actions arrive with the collector-run feature; results are read-only here).
 */
export function CollectorRunSearchPage({ query, advanced }: CollectorRunSearchPageProps) {
  const { _: t } = useLingui();
  const navigate = useNavigate();
  const { data } = useSuspenseQuery(collectorRunSearchQuery(query));
  const [mine, setMine] = useState(query.myCollectorRunsOnly);
  const [showAdvanced, setShowAdvanced] = useState(advanced);
  const [ownerEmail, setOwnerEmail] = useState(query.ownerEmail ?? '');
  const [includeArchived, setIncludeArchived] = useState(query.includeArchived);

  return (
    <section aria-labelledby="page-title" className="page">
      <h1 id="page-title">{t('runSearch.title')}</h1>
      <div className="actions">
        <DownloadCollectorButton />
      </div>
      <form
        className="filters"
        onSubmit={(event) => {
          event.preventDefault();
          void navigate({
            to: '/collectorruns/search',
            search: {
              myCollectorRunsOnly: mine,
              advanced: showAdvanced,
              ownerEmail: showAdvanced && ownerEmail.trim() ? ownerEmail.trim() : undefined,
              includeArchived: showAdvanced ? includeArchived : undefined,
              PageNumber: 1,
            },
          });
        }}
      >
        <label className="checkbox">
          <input
            type="checkbox"
            checked={mine}
            onChange={(event) => {
              setMine(event.target.checked);
            }}
          />
          {t('runSearch.mineOnly')}
        </label>
        <Button
          variant="link"
          aria-expanded={showAdvanced}
          aria-controls="advanced-search"
          onPress={() => {
            setShowAdvanced(!showAdvanced);
          }}
        >
          {t('runSearch.advanced')}
        </Button>
        <div id="advanced-search" hidden={!showAdvanced} className="advanced">
          <TextField
            label={t('runSearch.ownerEmail')}
            type="email"
            value={ownerEmail}
            onChange={setOwnerEmail}
            showHint={false}
          />
          <label className="checkbox">
            <input
              type="checkbox"
              checked={includeArchived}
              onChange={(event) => {
                setIncludeArchived(event.target.checked);
              }}
            />
            {t('runSearch.includeArchived')}
          </label>
        </div>
        <Button type="submit">{t('runSearch.submit')}</Button>
      </form>
      <div className="group-actions" role="toolbar" aria-label={t('runSearch.groupActions')}>
        <span>{t('runSearch.selected', { count: 0 })}</span>
      </div>
      <CollectorRunsTable
        runs={data.Items}
        label={t('runSearch.title')}
        paging={serverPaging(data, query, (next) => {
          void navigate({
            to: '/collectorruns/search',
            search: collectorRunSearch.parse({ ...next, advanced }),
          });
        })}
      />
    </section>
  );
}

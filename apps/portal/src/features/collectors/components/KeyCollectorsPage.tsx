import type { KeyCollector } from '@assessment/sdk';
import { Button } from '@assessment/ui/button';
import { useLingui } from '@lingui/react';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { DataTable, ROW_ACTIONS_COLUMN_ID, type Column } from '@/components/DataTable';
import { LazyServerMessageModal } from '@/features/errors';
import { formatDate } from '@/lib/i18n/i18n';
import { keyCollectorsQuery } from '../api/list-key-collectors';
import { useSetKeyCollectorEnabled } from '../api/set-key-collector-enabled';
import { CONFIRM_ACTION, keyCollectorConfirmKey, keyCollectorStateText } from '../key-collector-status';

/**
 * /collectors/keys: the RSA-key collectors of the account (a team admin's: the team's) with enable/disable per key
 * (POST /api/collector/{keyId}?isenabled=), each behind the server's confirm_disable_collector /
 * confirm_enable_collector confirmation. The state shown is the server's (the list reloads after a change).
 */
export function KeyCollectorsPage() {
  const { _: t } = useLingui();
  const { data } = useSuspenseQuery(keyCollectorsQuery());
  const setEnabled = useSetKeyCollectorEnabled();
  const [confirming, setConfirming] = useState<KeyCollector | null>(null);
  const [changed, setChanged] = useState<{ name: string; enabled: boolean } | null>(null);
  const pendingKey = setEnabled.isPending ? setEnabled.variables.path.keyId : undefined;

  const nameOf = (key: KeyCollector) => key.Name ?? key.KeyId;
  const change = (key: KeyCollector) => {
    const enable = !key.IsEnabled;
    setEnabled.mutate(
      { path: { keyId: key.KeyId }, query: { isenabled: enable } },
      {
        onSuccess: (answer) => {
          setChanged({ name: nameOf(key), enabled: answer.Data.IsEnabled });
        },
      },
    );
  };

  const columns: Column<KeyCollector>[] = [
    { id: 'name', sortable: true, header: t('columns.name'), cell: nameOf },
    { id: 'key', header: t('collectors.keys.keyId'), cell: (key) => <code>{key.KeyId}</code> },
    {
      id: 'created',
      header: t('collectors.keys.created'),
      cell: (key) => formatDate(key.CreatedDate),
    },
    {
      id: 'state',
      sortable: true,
      header: t('columns.status'),
      cell: (key) => t(keyCollectorStateText(key.IsEnabled)),
    },
    {
      id: ROW_ACTIONS_COLUMN_ID,
      header: t('collectors.keys.action'),
      cell: (key) => (
        <Button
          variant="link"
          isDisabled={pendingKey === key.KeyId}
          aria-label={t(key.IsEnabled ? 'collectors.keys.disableOf' : 'collectors.keys.enableOf', {
            name: nameOf(key),
          })}
          onPress={() => {
            setConfirming(key);
          }}
        >
          {pendingKey === key.KeyId
            ? t('collectors.keys.working')
            : t(key.IsEnabled ? 'collectors.keys.disable' : 'collectors.keys.enable')}
        </Button>
      ),
    },
  ];

  return (
    <section aria-labelledby="page-title" className="page">
      <title>{t('collectors.keys.documentTitle')}</title>
      <h1 id="page-title">{t('collectors.keys.title')}</h1>
      <p>{t('collectors.keys.explain')}</p>
      <p role="status">
        {changed
          ? t(changed.enabled ? 'collectors.keys.nowEnabled' : 'collectors.keys.nowDisabled', {
              name: changed.name,
            })
          : ''}
      </p>
      <DataTable
        label={t('collectors.keys.title')}
        columns={columns}
        rows={data}
        rowKey={(key) => key.KeyId}
      />
      {confirming && (
        <LazyServerMessageModal
          key={confirming.KeyId}
          messageKey={keyCollectorConfirmKey(!confirming.IsEnabled)}
          onAction={(action) => {
            if (action === CONFIRM_ACTION) change(confirming);
          }}
          onClose={() => {
            setConfirming(null);
          }}
        />
      )}
    </section>
  );
}

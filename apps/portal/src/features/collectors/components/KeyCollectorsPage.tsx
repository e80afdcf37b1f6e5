import type { KeyCollector } from '@assessment/sdk';
import { Button } from '@assessment/ui/button';
import { useLingui } from '@lingui/react';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { Column } from '@/components/DataTable';
import { StaticTable } from '@/components/StaticTable';
import { formatDate } from '@/lib/i18n/i18n';
import { keyCollectorsQuery } from '../api/list-key-collectors';
import { useSetKeyCollectorEnabled } from '../api/set-key-collector-enabled';
import { keyCollectorConfirmKey, keyCollectorStateText } from '../key-collector-status';
import { useCollectorMessage } from './use-collector-message';

/**
 * /collectors/keys: the RSA-key collectors of the account (a team admin's: the team's) with enable/disable per key
 * (POST /api/collector/{keyId}?isenabled=), each behind the server's confirm_disable_collector /
 * confirm_enable_collector confirmation. The state shown is the server's (the list reloads after a change).
 */
export function KeyCollectorsPage() {
  const { _: t } = useLingui();
  const { data } = useSuspenseQuery(keyCollectorsQuery());
  const setEnabled = useSetKeyCollectorEnabled();
  const { messageElement, confirm } = useCollectorMessage();
  const [changed, setChanged] = useState<{ name: string; enabled: boolean } | null>(null);
  const pendingKey = setEnabled.isPending ? setEnabled.variables.path.keyId : undefined;

  const nameOf = (key: KeyCollector) => key.Name ?? key.KeyId;
  const toggle = (key: KeyCollector) => {
    const enable = !key.IsEnabled;
    confirm(keyCollectorConfirmKey(enable), () => {
      setEnabled.mutate(
        { path: { keyId: key.KeyId }, query: { isenabled: enable } },
        {
          onSuccess: (answer) => {
            setChanged({ name: nameOf(key), enabled: answer.Data.IsEnabled });
          },
        },
      );
    });
  };

  const columns: Column<KeyCollector>[] = [
    { id: 'name', header: t('columns.name'), cell: nameOf },
    { id: 'key', header: t('collectors.keys.keyId'), cell: (key) => <code>{key.KeyId}</code> },
    { id: 'created', header: t('collectors.keys.created'), cell: (key) => formatDate(key.CreatedDate) },
    {
      id: 'state',
      header: t('columns.status'),
      cell: (key) => (
        <span data-testid={`key-state-${key.KeyId}`}>{t(keyCollectorStateText(key.IsEnabled))}</span>
      ),
    },
    {
      id: 'action',
      header: t('collectors.keys.action'),
      cell: (key) => (
        <Button
          variant="link"
          isDisabled={pendingKey === key.KeyId}
          aria-label={t(key.IsEnabled ? 'collectors.keys.disableOf' : 'collectors.keys.enableOf', {
            name: nameOf(key),
          })}
          onPress={() => {
            toggle(key);
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
      <h1 id="page-title">{t('collectors.keys.title')}</h1>
      <p>{t('collectors.keys.explain')}</p>
      <p role="status">
        {changed
          ? t(changed.enabled ? 'collectors.keys.nowEnabled' : 'collectors.keys.nowDisabled', {
              name: changed.name,
            })
          : ''}
      </p>
      <StaticTable
        label={t('collectors.keys.title')}
        columns={columns}
        rows={data}
        rowKey={(key) => key.KeyId}
      />
      {messageElement}
    </section>
  );
}

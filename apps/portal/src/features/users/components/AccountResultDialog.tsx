import type { GroupActionResult, GroupActionStatus } from '@assessment/sdk';
import { Button } from '@assessment/ui/button';
import { Dialog } from '@assessment/ui/dialog';
import { SafeHtml } from '@assessment/ui/safe-html';
import { useLingui } from '@lingui/react';
import { useQuery } from '@tanstack/react-query';
import { messageQuery } from '@/features/errors';
import type { TextId } from '@/lib/i18n/i18n';

const STATUS_TITLE: Record<GroupActionStatus, TextId> = {
  success: 'users.group.result.success',
  partialsuccess: 'users.group.result.partialsuccess',
  failure: 'users.group.result.failure',
};

/**
 * The outcome of a group account action (spec parts 7 and 8): the server's message for the returned ResourceKey
 * (useraccounts_disabled, useraccounts_enabled, useraccounts_reassigned…) and each account that failed by name.
 */
export function AccountResultDialog({ result, onClose }: { result: GroupActionResult; onClose: () => void }) {
  const { _: t } = useLingui();
  const key = result.ResourceKey;
  const message = useQuery({ ...messageQuery(key ?? ''), enabled: key !== null && key !== '' });
  return (
    <Dialog
      isOpen
      title={t(STATUS_TITLE[result.Status])}
      closeLabel={t('errors.close')}
      onClose={onClose}
      footer={(close) => <Button onPress={() => close('action')}>OK</Button>}
    >
      <div className="group-result" data-status={result.Status} data-resource-key={key ?? ''}>
        {message.data && (
          <>
            {message.data.title && <p className="group-result__title">{message.data.title}</p>}
            <SafeHtml html={message.data.message} />
          </>
        )}
        {result.PartialErrorList.length > 0 && (
          <>
            <p>{t('users.group.result.failed')}</p>
            <ul className="group-result__errors">
              {result.PartialErrorList.map((error, index) => (
                <li key={`${error.ObjectDisplayName}-${String(index)}`}>{error.ObjectDisplayName}</li>
              ))}
            </ul>
          </>
        )}
      </div>
    </Dialog>
  );
}

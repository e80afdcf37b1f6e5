import type { GroupActionResult, GroupActionStatus } from '@assessment/sdk';
import { Button } from '@assessment/ui/button';
import { Dialog } from '@assessment/ui/dialog';
import { SafeHtml } from '@assessment/ui/safe-html';
import { useLingui } from '@lingui/react';
import { useQuery } from '@tanstack/react-query';
import { messageQuery } from '@/features/errors';
import type { TextId } from '@/lib/i18n/i18n';

export interface GroupResultDialogProps {
  result: GroupActionResult;
  /** The dialog's title per outcome (success, partial success, failure) as words. */
  titles: Record<GroupActionStatus, TextId>;
  /** The line above the failed items ("These collector runs could not be included:"). */
  failedHeading: TextId;
  onClose: () => void;
}

/**
 * The outcome of a group action on runs or accounts (spec parts 7 and 8): success, partial success or failure as
 * words, the server's message for the returned ResourceKey (sanitized), and each failed item by its
 * ObjectDisplayName.
 */
export function GroupResultDialog({ result, titles, failedHeading, onClose }: GroupResultDialogProps) {
  const { _: t } = useLingui();
  const key = result.ResourceKey;
  const message = useQuery({ ...messageQuery(key ?? ''), enabled: key !== null && key !== '' });
  return (
    <Dialog
      isOpen
      title={t(titles[result.Status])}
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
            <p>{t(failedHeading)}</p>
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

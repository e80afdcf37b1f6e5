import type { GroupActionResult, GroupActionStatus } from '@assessment/sdk';
import { Button } from '@assessment/ui/button';
import { Dialog } from '@assessment/ui/dialog';
import { SafeHtml } from '@assessment/ui/safe-html';
import { useLingui } from '@lingui/react';
import { useQueries, useQuery } from '@tanstack/react-query';
import { messageQuery } from '@/features/errors';
import type { TextId } from '@/lib/i18n/i18n';

export interface GroupResultDialogProps {
  result: GroupActionResult;
  /** The dialog's title per outcome (success, partial success, failure) as words. */
  titles: Record<GroupActionStatus, TextId>;
  /** The line above the failed items ("These collector runs could not be included:"). */
  failedHeading: TextId;
  /** What was done, to how many items, in words ("3 collector runs were archived."); shown when anything was done. */
  summary?: string;
  onClose: () => void;
}

/**
 * The outcome of a group action on runs or accounts (spec parts 7 and 8): success, partial success or failure as
 * words, what was done to how many items (the caller's summary), the server's message for the returned
 * ResourceKey (sanitized), and each failed item by its ObjectDisplayName with the server's message for its own
 * ErrorMessage key (user_already_assigned_to_team, operationnotallowed, …).
 */
export function GroupResultDialog({
  result,
  titles,
  failedHeading,
  summary,
  onClose,
}: GroupResultDialogProps) {
  const { _: t } = useLingui();
  const key = result.ResourceKey;
  const message = useQuery({ ...messageQuery(key ?? ''), enabled: key !== null && key !== '' });
  const reasonKeys = [
    ...new Set(
      result.PartialErrorList.map((error) => error.ErrorMessage).filter((k): k is string => Boolean(k)),
    ),
  ];
  const reasons = useQueries({ queries: reasonKeys.map((reasonKey) => messageQuery(reasonKey)) });
  /** The server's words for a failed item's key: its message, else its title; the generic error if it has none. */
  const reasonOf = (reasonKey: string | null): string | undefined => {
    if (!reasonKey) return undefined;
    const answer = reasons[reasonKeys.indexOf(reasonKey)];
    if (!answer || answer.isPending) return undefined;
    return answer.data?.message || answer.data?.title || t('errors.generic');
  };
  return (
    <Dialog
      isOpen
      title={t(titles[result.Status])}
      closeLabel={t('errors.close')}
      onClose={onClose}
      footer={(close) => <Button onPress={() => close('action')}>{t('messageActions.OK')}</Button>}
    >
      <div className="group-result" data-status={result.Status} data-resource-key={key ?? ''}>
        {summary && <p className="group-result__summary">{summary}</p>}
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
              {result.PartialErrorList.map((error, index) => {
                const reason = reasonOf(error.ErrorMessage);
                return (
                  <li
                    key={`${error.ObjectDisplayName}-${String(index)}`}
                    data-reason-key={error.ErrorMessage}
                  >
                    <span className="group-result__item">{error.ObjectDisplayName}</span>
                    {reason !== undefined && (
                      <>
                        {': '}
                        <SafeHtml as="span" className="group-result__reason" html={reason} />
                      </>
                    )}
                  </li>
                );
              })}
            </ul>
          </>
        )}
      </div>
    </Dialog>
  );
}

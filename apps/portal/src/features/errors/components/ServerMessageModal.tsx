import { MessageDialog, type ServerMessage } from '@assessment/ui/dialog';
import { useLingui } from '@lingui/react';
import { useQuery } from '@tanstack/react-query';
import { textOr } from '@/lib/i18n/i18n';
import { messageQuery } from '../api/get-message';

export interface ServerMessageModalProps {
  messageKey: string;
  onClose: () => void;
  onAction?: (action: string) => void;
}

/**
 * Shows the server's message for a key in a modal (spec part 8). Empty title and message fall back to the
 * default error; a message that cannot be fetched falls back to the generic text.
 */
export function ServerMessageModal({ messageKey, onClose, onAction }: ServerMessageModalProps) {
  const { _: t } = useLingui();
  const query = useQuery(messageQuery(messageKey));
  if (query.isPending) return null;
  const data = query.data;
  const message: ServerMessage = data
    ? {
        title: data.title,
        message: data.message,
        isHtml: true,
        // The actions are the server's English ids (CONFIRM_ACTION matches one); their labels are the portal's.
        actions: data.actions.map((action) => ({
          id: action,
          label: textOr(`messageActions.${action}`, action),
        })),
      }
    : { title: t('errors.title'), message: t('errors.generic') };
  return (
    <MessageDialog
      isOpen
      message={message}
      onAction={onAction}
      onClose={onClose}
      okLabel={textOr('messageActions.OK', 'OK')}
      closeLabel={t('errors.close')}
      fallbackTitle={t('errors.title')}
      fallbackMessage={t('errors.default')}
    />
  );
}

import { MessageDialog } from '@assessment/ui/dialog';
import { useLingui } from '@lingui/react';
import type { ErrorDescription } from '@/lib/errors/describe-error';
import { ServerMessageModal } from './ServerMessageModal';

export interface ErrorModalProps {
  description: Extract<ErrorDescription, { kind: 'message' | 'text' }>;
  onClose: () => void;
}

/** A failure as the catalogue says: the server's message for its key, or one of the fixed texts. */
export default function ErrorModal({ description, onClose }: ErrorModalProps) {
  const { _: t } = useLingui();
  if (description.kind === 'message')
    return <ServerMessageModal messageKey={description.key} onClose={onClose} />;
  return (
    <MessageDialog
      isOpen
      onClose={onClose}
      message={{ title: t('errors.title'), message: description.text }}
      closeLabel={t('errors.close')}
    />
  );
}

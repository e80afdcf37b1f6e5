import { operations, type OperationId } from '@assessment/sdk';
import { MessageDialog } from '@assessment/ui/dialog';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { describeError, type ErrorDescription } from '@/lib/errors/describe-error';
import { onErrorReported } from '@/lib/errors/error-bus';
import { ServerMessageModal } from './ServerMessageModal';

/** Upload-related calls are the contract's `upload` service: a 302 on them reloads the page (spec part 4). */
export function isUploadOperation(operation: string): boolean {
  return operation in operations && operations[operation as OperationId].service === 'upload';
}

/** The one error modal of the app: shows whatever was reported to the error bus (spec part 8). */
export function ErrorModalHost() {
  const { t } = useTranslation();
  const [current, setCurrent] = useState<ErrorDescription | null>(null);

  useEffect(
    () =>
      onErrorReported((error) => {
        const description = describeError(error, { isUploadOperation });
        if (description.kind === 'reload') {
          window.location.reload();
          return;
        }
        if (description.kind === 'none') return;
        setCurrent(description);
      }),
    [],
  );

  const close = () => {
    setCurrent(null);
  };
  if (current === null) return null;
  if (current.kind === 'message') return <ServerMessageModal messageKey={current.key} onClose={close} />;
  if (current.kind === 'text') {
    return (
      <MessageDialog
        isOpen
        onClose={close}
        message={{ title: t('errors.title'), message: current.text }}
        closeLabel={t('errors.close')}
      />
    );
  }
  return null;
}

import type { ModalName } from '@assessment/sdk';
import { Dialog, dialogSizeFromParam } from '@assessment/ui/dialog';
import { Spinner } from '@assessment/ui/progress';
import { SafeHtml } from '@assessment/ui/safe-html';
import { useLingui } from '@lingui/react';
import { useQuery } from '@tanstack/react-query';
import { useMemo, type ReactNode } from 'react';
import { ServerMessageModal } from '@/features/errors';
import { textOr } from '@/lib/i18n/i18n';
import { MODAL_NOT_ALLOWED_KEY } from '@/lib/modals/modal-registry';
import { modalQuery, type ModalQuery } from '../api/get-modal';
import { splitServerHeading } from '../server-heading';

export interface ServerModalProps {
  name: ModalName;
  query?: ModalQuery | undefined;
  size?: string | undefined;
  title?: ReactNode;
  onClose: () => void;
}

/**
 * A server-rendered modal: the body of /modal/{name} sanitized by the UI kit's SafeHtml. A load that does not
 * answer 200 shows the operationnotallowed message instead (spec part 8). One title only (issue 14): the server's
 * own heading leaves the body; it becomes the dialog title unless the caller gives one (the portal's translated
 * name of the modal until the HTML has loaded, or when it brings no heading).
 */
export function ServerModal({ name, query, size, title, onClose }: ServerModalProps) {
  const { _: t } = useLingui();
  const modal = useQuery(modalQuery(name, query));
  const html = useMemo(
    () => (modal.data === undefined ? null : splitServerHeading(modal.data)),
    [modal.data],
  );
  if (modal.isError) return <ServerMessageModal messageKey={MODAL_NOT_ALLOWED_KEY} onClose={onClose} />;
  return (
    <Dialog
      isOpen
      title={title ?? html?.heading ?? textOr(`modals.${name}`, name)}
      size={dialogSizeFromParam(size)}
      isDismissable
      closeLabel={t('modal.close')}
      onClose={onClose}
    >
      {html === null ? (
        <Spinner label={t('modal.loading')} />
      ) : (
        <SafeHtml html={html.body} className="server-modal" />
      )}
    </Dialog>
  );
}

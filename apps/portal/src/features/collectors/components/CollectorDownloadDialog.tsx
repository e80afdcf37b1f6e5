import { Button } from '@assessment/ui/button';
import { Dialog, dialogSizeFromParam } from '@assessment/ui/dialog';
import { useLingui } from '@lingui/react';
import { CollectorDownloadFlow } from './CollectorDownloadFlow';

export interface CollectorDownloadDialogProps {
  onClose: () => void;
  /** The `modalsize` query parameter when opened on page load (?modal=CollectorInfo). */
  size?: string | undefined;
  /** A poll interval other than the spec's (tests). */
  pollMs?: number;
}

/** The collector download dialog (CollectorInfo / addcollector): the download flow in a dialog. */
export function CollectorDownloadDialog({ onClose, size, pollMs }: CollectorDownloadDialogProps) {
  const { _: t } = useLingui();
  return (
    <Dialog
      isOpen
      title={t('collectors.download.title')}
      size={dialogSizeFromParam(size)}
      closeLabel={t('errors.close')}
      onClose={onClose}
      footer={
        <Button variant="secondary" onPress={onClose}>
          {t('errors.close')}
        </Button>
      }
    >
      <CollectorDownloadFlow {...(pollMs === undefined ? {} : { pollMs })} />
    </Dialog>
  );
}

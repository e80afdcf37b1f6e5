import { Button } from '@assessment/ui/button';
import { useLingui } from '@lingui/react';
import { useState } from 'react';
import { LazyCollectorDownloadDialog } from './LazyCollectorDownloadDialog';

/** "Download a collector" (dashboard, collector run search): opens the collector download dialog. */
export function DownloadCollectorButton() {
  const { _: t } = useLingui();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="secondary"
        onPress={() => {
          setOpen(true);
        }}
      >
        {t('collectors.download.open')}
      </Button>
      {open && (
        <LazyCollectorDownloadDialog
          onClose={() => {
            setOpen(false);
          }}
        />
      )}
    </>
  );
}

import { Button } from '@assessment/ui/button';
import { useLingui } from '@lingui/react';
import { useNavigate } from '@tanstack/react-router';

/**
 * "Download a collector" (dashboard, collector run search): opens the collector download dialog the spec's way,
 * through the page's `modal=CollectorInfo` parameter (the ModalHosts open it; closing takes the parameter away).
 */
export function DownloadCollectorButton() {
  const { _: t } = useLingui();
  const navigate = useNavigate();
  return (
    <Button
      variant="secondary"
      onPress={() => {
        void navigate({ to: '.', search: (previous) => ({ ...previous, modal: 'CollectorInfo' }) });
      }}
    >
      {t('collectors.download.open')}
    </Button>
  );
}

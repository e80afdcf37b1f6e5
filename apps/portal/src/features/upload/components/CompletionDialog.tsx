import { Button } from '@assessment/ui/button';
import { Dialog } from '@assessment/ui/dialog';
import { useLingui } from '@lingui/react';
import { useNavigate } from '@tanstack/react-router';

export interface CompletionDialogProps {
  projectId: number;
  onClose: () => void;
}

/**
 * The upload is queued: go to the project viewer (the default), the project details, the collector run search
 * or the home page.
 */
export default function CompletionDialog({ projectId, onClose }: CompletionDialogProps) {
  const { _: t } = useLingui();
  const navigate = useNavigate();
  return (
    <Dialog
      isOpen
      title={t('upload.doneTitle')}
      closeLabel={t('errors.close')}
      onClose={onClose}
      footer={
        <>
          <Button
            autoFocus
            onPress={() => {
              void navigate({ to: '/dpackviewer/$projectId', params: { projectId } });
            }}
          >
            {t('upload.goViewer')}
          </Button>
          <Button
            variant="secondary"
            onPress={() => {
              void navigate({ to: '/project/details/$id', params: { id: projectId } });
            }}
          >
            {t('upload.goDetails')}
          </Button>
          <Button
            variant="secondary"
            onPress={() => {
              void navigate({ to: '/collectorruns/search' });
            }}
          >
            {t('upload.goRuns')}
          </Button>
          <Button
            variant="secondary"
            onPress={() => {
              void navigate({ to: '/' });
            }}
          >
            {t('upload.goHome')}
          </Button>
        </>
      }
    >
      <p>{t('upload.doneText')}</p>
    </Dialog>
  );
}

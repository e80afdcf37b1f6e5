import { Button } from '@assessment/ui/button';
import { Dialog } from '@assessment/ui/dialog';
import { ProgressBar } from '@assessment/ui/progress';
import { useLingui } from '@lingui/react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { projectQuery } from '@/features/projects';
import { ingestProgress, ingestRefetchInterval } from '../ingest-progress';

export interface CompletionDialogProps {
  projectId: number;
  onClose: () => void;
}

/**
 * The upload is queued: go to the project viewer (the default), the project details, the collector run search
 * or the home page. The demo API stores collector files in the background (issue #32): while it does, the dialog
 * reads the project every second and shows how far it got, then that the files are ready (or that processing failed).
 */
export default function CompletionDialog({ projectId, onClose }: CompletionDialogProps) {
  const { _: t } = useLingui();
  const navigate = useNavigate();
  const { data: project } = useQuery({
    ...projectQuery(projectId),
    refetchInterval: (query) => ingestRefetchInterval(query.state.data),
  });
  const progress = project ? ingestProgress(project) : null;
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
      <div role="status">
        {progress?.state === 'processing' && (
          <>
            <p>{t('upload.processingText')}</p>
            <ProgressBar label={t('upload.processingLabel')} value={progress.percent} />
          </>
        )}
        {progress?.state === 'failed' && <p>{t('upload.processingFailedText')}</p>}
        {progress?.state === 'done' && <p>{t('upload.doneText')}</p>}
      </div>
    </Dialog>
  );
}

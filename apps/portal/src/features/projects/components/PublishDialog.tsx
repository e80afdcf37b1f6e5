import { Button } from '@assessment/ui/button';
import { Dialog } from '@assessment/ui/dialog';
import { useLingui } from '@lingui/react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { projectViewerQuery } from '../api/get-project-viewer';
import { usePublishProject } from '../api/publish-project';
import { WorkingButton } from '@/components/WorkingButton';
import './projects.css';

export interface PublishDialogProps {
  projectId: number;
  projectName: string;
  /** The project's public URL as loaded (null when not published). */
  publicUrl: string | null;
  onClose: () => void;
  /** Shows a server message (nodes_required_to_publish). */
  showMessage: (key: string) => void;
}

/**
 * The publishproject dialog: publish (needs at least one enabled node in the viewer, else
 * nodes_required_to_publish) shows the public URL with copy and open; unpublish sends the user to the viewer.
 */
export function PublishDialog({
  projectId,
  projectName,
  publicUrl,
  onClose,
  showMessage,
}: PublishDialogProps) {
  const { _: t } = useLingui();
  const navigate = useNavigate();
  const publish = usePublishProject();
  const viewer = useQuery(projectViewerQuery(projectId));
  const [url, setUrl] = useState(publicUrl);
  const [copied, setCopied] = useState(false);
  const enabledNodes = viewer.data?.Nodes.filter((node) => node.Enabled).length;

  const onPublish = () => {
    if (enabledNodes === 0) {
      showMessage('nodes_required_to_publish');
      return;
    }
    publish.mutate(
      { path: { id: projectId }, query: { publish: true } },
      {
        onSuccess: (answer) => {
          setUrl(answer.Data.Data.PublicURL);
        },
      },
    );
  };
  const onUnpublish = () => {
    publish.mutate(
      { path: { id: projectId }, query: { publish: false } },
      {
        onSuccess: (answer) => {
          onClose();
          void navigate({ to: '/dpackviewer/$projectId', params: { projectId: answer.Data.Data.ProjectId } });
        },
      },
    );
  };

  return (
    <Dialog
      isOpen
      title={t('projects.publish.title', { name: projectName })}
      closeLabel={t('errors.close')}
      onClose={onClose}
      footer={
        <>
          {url === null ? (
            <WorkingButton working={publish.isPending} isDisabled={viewer.isPending} onPress={onPublish}>
              {t('projects.publish.publish')}
            </WorkingButton>
          ) : (
            <WorkingButton variant="danger" working={publish.isPending} onPress={onUnpublish}>
              {t('projects.publish.unpublish')}
            </WorkingButton>
          )}
          <Button variant="secondary" onPress={onClose}>
            {t('errors.close')}
          </Button>
        </>
      }
    >
      {url === null ? (
        <p>{t('projects.publish.explain')}</p>
      ) : (
        <div className="stack">
          <p>{t('projects.publish.published')}</p>
          <p className="projects-public-url">
            <span className="visually-hidden">{t('project.publicUrl')}: </span>
            <code data-testid="public-url">{url}</code>
          </p>
          <div className="toolbar">
            <Button
              variant="secondary"
              onPress={() => {
                void navigator.clipboard.writeText(url).then(() => {
                  setCopied(true);
                });
              }}
            >
              {t('projects.publish.copy')}
            </Button>
            <a href={url} target="_blank" rel="noopener noreferrer">
              {t('projects.publish.open')}
            </a>
          </div>
          <p role="status">{copied ? t('projects.publish.copied') : ''}</p>
        </div>
      )}
    </Dialog>
  );
}

import { useCallback, useState, type ReactNode } from 'react';
import { lazyDialog } from '@/components/lazy-dialog';

const PublishDialog = lazyDialog(() =>
  import('../components/PublishDialog').then((module) => module.PublishDialog),
);
const ShareWizardDialog = lazyDialog(() =>
  import('../components/ShareWizardDialog').then((module) => module.ShareWizardDialog),
);

/** What the project dialogs need to know about the project they act on. */
export interface DialogProject {
  Id: number;
  Name: string;
  PublicURL: string | null;
}

type Open = { kind: 'publish' | 'share'; project: DialogProject } | null;

/** The publishproject (and share) dialogs of a page or table, opened for one project at a time. */
export function useProjectDialogs(showMessage: (key: string) => void): {
  dialogElement: ReactNode;
  openPublish: (project: DialogProject) => void;
  openShare: (project: DialogProject) => void;
} {
  const [open, setOpen] = useState<Open>(null);
  const close = useCallback(() => {
    setOpen(null);
  }, []);
  const openPublish = useCallback((project: DialogProject) => {
    setOpen({ kind: 'publish', project });
  }, []);
  const openShare = useCallback((project: DialogProject) => {
    setOpen({ kind: 'share', project });
  }, []);
  const dialogElement =
    open?.kind === 'publish' ? (
      <PublishDialog
        projectId={open.project.Id}
        projectName={open.project.Name}
        publicUrl={open.project.PublicURL}
        onClose={close}
        showMessage={showMessage}
      />
    ) : open?.kind === 'share' ? (
      <ShareWizardDialog
        projectId={open.project.Id}
        projectName={open.project.Name}
        onClose={close}
        showMessage={showMessage}
      />
    ) : null;
  return { dialogElement, openPublish, openShare };
}

import { Button } from '@assessment/ui/button';
import { useLingui } from '@lingui/react';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useServerMessage } from '@/features/errors';
import { lazyDialog } from '@/components/lazy-dialog';

// The dialog's code (React Aria dialog, type-ahead, form) loads when it is first opened, not with the page.
const CreateProjectDialog = lazyDialog(() =>
  import('./CreateProjectDialog').then((module) => module.CreateProjectDialog),
);

/** The server's projectcreated message offers this action to open the new project. */
const VIEW_PROJECT_ACTION = 'View project';

/**
 * "New project" and its dialog (projects list, dashboard): a name, optionally a first collector run
 * (POST /api/projects?name=, with &CollectorRunIdToAddToProject= when a run is chosen).
 */
export function CreateProjectButton() {
  const { _: t } = useLingui();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const { messageElement, showMessage } = useServerMessage();
  return (
    <>
      <Button
        onPress={() => {
          setOpen(true);
        }}
      >
        {t('projects.create.open')}
      </Button>
      {open && (
        <CreateProjectDialog
          onClose={() => {
            setOpen(false);
          }}
          onCreated={(id, key) => {
            setOpen(false);
            showMessage(key, (action) => {
              if (action === VIEW_PROJECT_ACTION)
                void navigate({ to: '/project/details/$id', params: { id } });
            });
          }}
          onInvalid={showMessage}
        />
      )}
      {messageElement}
    </>
  );
}

import type { ComboBoxOption } from '@assessment/ui/combobox';
import { Button } from '@assessment/ui/button';
import { Dialog } from '@assessment/ui/dialog';
import { useLingui } from '@lingui/react';
import { useNavigate } from '@tanstack/react-router';
import { useId, useState } from 'react';
import { useCreateProjectByName, useCreateProjectWithRun } from '../api/mutations';
import { useServerMessage } from '../hooks/use-server-message';
import { CollectorRunPicker } from './CollectorRunPicker';
import { ProjectNameField } from './ProjectNameField';
import { WorkingButton } from './WorkingButton';

/** The server's projectcreated message offers this action to open the new project. */
const VIEW_PROJECT_ACTION = 'View project';

/**
 * "New project" and its dialog (projects list, dashboard): a name, optionally a first collector run
 * (POST /api/projects?name=&CollectorRunIdToAddToProject=, else POST /api/projects/?name=).
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

interface CreateProjectDialogProps {
  onClose: () => void;
  onCreated: (id: number, messageKey: string) => void;
  onInvalid: (messageKey: string) => void;
}

function CreateProjectDialog({ onClose, onCreated, onInvalid }: CreateProjectDialogProps) {
  const { _: t } = useLingui();
  const formId = useId();
  const [name, setName] = useState('');
  const [run, setRun] = useState<ComboBoxOption | null>(null);
  const withRun = useCreateProjectWithRun();
  const byName = useCreateProjectByName();
  const isPending = withRun.isPending || byName.isPending;

  const submit = () => {
    const trimmed = name.trim();
    if (trimmed === '') {
      onInvalid('emptyfield');
      return;
    }
    const created = (answer: { ResourceKey?: string | null; Data: { Id: number } }) => {
      onCreated(answer.Data.Id, answer.ResourceKey ?? 'projectcreated');
    };
    if (run) {
      withRun.mutate(
        { query: { name: trimmed, CollectorRunIdToAddToProject: Number(run.id) } },
        { onSuccess: created },
      );
    } else {
      byName.mutate({ query: { name: trimmed } }, { onSuccess: created });
    }
  };

  return (
    <Dialog
      isOpen
      title={t('projects.create.title')}
      closeLabel={t('errors.close')}
      onClose={onClose}
      footer={
        <>
          <WorkingButton type="submit" form={formId} working={isPending}>
            {t('projects.create.submit')}
          </WorkingButton>
          <Button variant="secondary" onPress={onClose}>
            {t('projects.cancel')}
          </Button>
        </>
      }
    >
      <form
        id={formId}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <ProjectNameField label={t('projects.name')} value={name} onChange={setName} autoFocus />
        <CollectorRunPicker
          label={t('projects.create.firstRun')}
          description={t('projects.create.firstRunHint')}
          selected={run}
          onChange={setRun}
        />
      </form>
    </Dialog>
  );
}

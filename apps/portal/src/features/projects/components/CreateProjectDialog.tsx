import type { ComboBoxOption } from '@assessment/ui/combobox';
import { useLingui } from '@lingui/react';
import { useState } from 'react';
import { useCreateProjectByName } from '../api/create-project-by-name';
import { useCreateProjectWithRun } from '../api/create-project-with-run';
import { CollectorRunPicker } from './CollectorRunPicker';
import { ProjectNameField } from './ProjectNameField';
import { FormDialog } from '@/components/FormDialog';

export interface CreateProjectDialogProps {
  onClose: () => void;
  onCreated: (id: number, messageKey: string) => void;
  onInvalid: (messageKey: string) => void;
}

/** The new-project dialog: a name, optionally a first collector run. */
export function CreateProjectDialog({ onClose, onCreated, onInvalid }: CreateProjectDialogProps) {
  const { _: t } = useLingui();
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
    <FormDialog
      title={t('projects.create.title')}
      submitLabel={t('projects.create.submit')}
      working={isPending}
      onClose={onClose}
      onSubmit={submit}
    >
      <ProjectNameField label={t('projects.name')} value={name} onChange={setName} autoFocus />
      <CollectorRunPicker
        label={t('projects.create.firstRun')}
        description={t('projects.create.firstRunHint')}
        selected={run}
        onChange={setRun}
      />
    </FormDialog>
  );
}

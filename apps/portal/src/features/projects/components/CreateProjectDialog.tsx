import type { ComboBoxOption } from '@assessment/ui/combobox';
import { useLingui } from '@lingui/react';
import { useState } from 'react';
import { useCreateProject } from '../api/create-project';
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
  const create = useCreateProject();

  const submit = () => {
    const trimmed = name.trim();
    if (trimmed === '') {
      onInvalid('emptyfield');
      return;
    }
    const created = (answer: { ResourceKey?: string | null; Data: { Id: number } }) => {
      onCreated(answer.Data.Id, answer.ResourceKey ?? 'projectcreated');
    };
    create.mutate(
      { query: { name: trimmed, ...(run ? { CollectorRunIdToAddToProject: Number(run.id) } : {}) } },
      { onSuccess: created },
    );
  };

  return (
    <FormDialog
      title={t('projects.create.title')}
      submitLabel={t('projects.create.submit')}
      working={create.isPending}
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

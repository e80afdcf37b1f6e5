import { Button } from '@assessment/ui/button';
import { useLingui } from '@lingui/react';
import { useState } from 'react';
import { useRenameProject } from '../api/rename-project';
import { ProjectNameField } from './ProjectNameField';
import { WorkingButton } from '@/components/WorkingButton';

export interface RenameProjectFormProps {
  projectId: number;
  currentName: string;
  /** Shows a server message (emptyfield, projectupdated). */
  showMessage: (key: string) => void;
  onDone?: () => void;
  onCancel?: () => void;
}

/** Inline rename (POST /{type}/update/{id}?name=): empty → emptyfield, success → projectupdated. */
export function RenameProjectForm({
  projectId,
  currentName,
  showMessage,
  onDone,
  onCancel,
}: RenameProjectFormProps) {
  const { _: t } = useLingui();
  const [name, setName] = useState(currentName);
  const rename = useRenameProject();
  return (
    <form
      className="stack"
      aria-label={t('projects.rename.title')}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const trimmed = name.trim();
        if (trimmed === '') {
          showMessage('emptyfield');
          return;
        }
        rename.mutate(
          { path: { type: 'project', id: projectId }, query: { name: trimmed } },
          {
            onSuccess: (answer) => {
              showMessage(answer.ResourceKey ?? 'projectupdated');
              onDone?.();
            },
          },
        );
      }}
    >
      <ProjectNameField label={t('projects.name')} value={name} onChange={setName} />
      <div className="toolbar">
        <WorkingButton type="submit" working={rename.isPending}>
          {t('projects.rename.submit')}
        </WorkingButton>
        {onCancel && (
          <Button variant="secondary" onPress={onCancel}>
            {t('projects.cancel')}
          </Button>
        )}
      </div>
    </form>
  );
}

import type { GroupCollectorRunAction } from '@assessment/sdk';
import type { ComboBoxOption } from '@assessment/ui/combobox';
import { useLingui } from '@lingui/react';
import { useState } from 'react';
import { FormDialog } from '@/components/FormDialog';
import { ProjectNameField, ProjectPicker } from '@/features/projects';

export interface GroupProjectDialogProps {
  /** Add the group to an existing project (update_proj) or create a new project from it. */
  mode: 'existing' | 'new';
  runCount: number;
  working: boolean;
  onClose: () => void;
  /** The action without its runs; called only with a chosen project or a non-empty name. */
  onSubmit: (action: Omit<GroupCollectorRunAction, 'collectorRunIds'>) => void;
  /** Shows a server message (emptyfield). */
  showMessage: (key: string) => void;
}

/** The group's project step: a project by type-ahead, or a new project's name (pattern-filtered). */
export function GroupProjectDialog({
  mode,
  runCount,
  working,
  onClose,
  onSubmit,
  showMessage,
}: GroupProjectDialogProps) {
  const { _: t } = useLingui();
  const [project, setProject] = useState<ComboBoxOption | null>(null);
  const [name, setName] = useState('');
  return mode === 'existing' ? (
    <FormDialog
      title={t('runSearch.group.addToProjectTitle', { count: runCount })}
      submitLabel={t('runSearch.group.addToProjectSubmit')}
      working={working}
      onClose={onClose}
      onSubmit={() => {
        if (project === null) showMessage('emptyfield');
        else onSubmit({ actionType: 'update_proj', projectId: Number(project.id), isNewProject: false });
      }}
    >
      <ProjectPicker label={t('runSearch.group.project')} selected={project} onChange={setProject} />
    </FormDialog>
  ) : (
    <FormDialog
      title={t('runSearch.group.newProjectTitle', { count: runCount })}
      submitLabel={t('runSearch.group.newProjectSubmit')}
      working={working}
      onClose={onClose}
      onSubmit={() => {
        if (name.trim() === '') showMessage('emptyfield');
        else onSubmit({ actionType: 'create_proj', projectName: name.trim(), isNewProject: true });
      }}
    >
      <ProjectNameField label={t('projects.name')} value={name} onChange={setName} autoFocus />
    </FormDialog>
  );
}

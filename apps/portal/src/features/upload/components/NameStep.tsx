import type { ComboBoxOption } from '@assessment/ui/combobox';
import { Spinner } from '@assessment/ui/progress';
import { useLingui } from '@lingui/react';
import { lazy, Suspense } from 'react';
import { ProjectNameField } from '@/features/projects';

const ExistingProjectPicker = lazy(() => import('./ExistingProjectPicker'));

export type ProjectTarget = 'new' | 'existing';

export interface NameStepProps {
  target: ProjectTarget;
  onTargetChange: (target: ProjectTarget) => void;
  name: string;
  onNameChange: (name: string) => void;
  project: ComboBoxOption | null;
  onProjectChange: (project: ComboBoxOption | null) => void;
  /** Storage-protection files always make a new project (ProcessSiokit takes a project name only). */
  allowsExisting: boolean;
}

/** Step 2: a new project name (filtered to the configured pattern) or an existing project by type-ahead. */
export function NameStep({
  target,
  onTargetChange,
  name,
  onNameChange,
  project,
  onProjectChange,
  allowsExisting,
}: NameStepProps) {
  const { _: t } = useLingui();
  const current = allowsExisting ? target : 'new';
  return (
    <div className="upload-name">
      {allowsExisting && (
        <fieldset className="upload-types">
          <legend>{t('upload.target')}</legend>
          <label className="upload-type">
            <input
              type="radio"
              name="projectTarget"
              checked={current === 'new'}
              onChange={() => {
                onTargetChange('new');
              }}
            />{' '}
            {t('upload.newProject')}
          </label>
          <label className="upload-type">
            <input
              type="radio"
              name="projectTarget"
              checked={current === 'existing'}
              onChange={() => {
                onTargetChange('existing');
              }}
            />{' '}
            {t('upload.existingProject')}
          </label>
        </fieldset>
      )}
      {current === 'new' ? (
        <ProjectNameField label={t('upload.projectName')} value={name} onChange={onNameChange} />
      ) : (
        <Suspense fallback={<Spinner label={t('upload.loading')} />}>
          <ExistingProjectPicker
            label={t('upload.chooseProject')}
            project={project}
            onProjectChange={onProjectChange}
          />
        </Suspense>
      )}
    </div>
  );
}

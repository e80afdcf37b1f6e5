import type { ComboBoxOption } from '@assessment/ui/combobox';
import { useLingui } from '@lingui/react';
import { useState } from 'react';
import { useAddCollectorRun } from '../api/add-collector-run';
import { CollectorRunPicker } from './CollectorRunPicker';
import { FormDialog } from '@/components/FormDialog';

export interface AddCollectorRunDialogProps {
  projectId: number;
  onClose: () => void;
  /** Shows a server message (choose_collector, collector_added). */
  showMessage: (key: string) => void;
}

/** The addcollector dialog: pick a run by type-ahead; none chosen → choose_collector; success → collector_added. */
export function AddCollectorRunDialog({ projectId, onClose, showMessage }: AddCollectorRunDialogProps) {
  const { _: t } = useLingui();
  const [run, setRun] = useState<ComboBoxOption | null>(null);
  const add = useAddCollectorRun();
  const submit = () => {
    if (!run) {
      showMessage('choose_collector');
      return;
    }
    add.mutate(
      { path: { projectId, collectorRunId: Number(run.id) } },
      {
        onSuccess: (answer) => {
          onClose();
          showMessage(answer.ResourceKey ?? 'collector_added');
        },
      },
    );
  };
  return (
    <FormDialog
      title={t('projects.addRun.title')}
      submitLabel={t('projects.addRun.submit')}
      working={add.isPending}
      onClose={onClose}
      onSubmit={submit}
    >
      <CollectorRunPicker label={t('projects.addRun.run')} selected={run} onChange={setRun} />
    </FormDialog>
  );
}

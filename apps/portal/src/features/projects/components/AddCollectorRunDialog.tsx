import type { ComboBoxOption } from '@assessment/ui/combobox';
import { Button } from '@assessment/ui/button';
import { Dialog } from '@assessment/ui/dialog';
import { useLingui } from '@lingui/react';
import { useId, useState } from 'react';
import { useAddCollectorRun } from '../api/mutations';
import { CollectorRunPicker } from './CollectorRunPicker';
import { WorkingButton } from './WorkingButton';

export interface AddCollectorRunDialogProps {
  projectId: number;
  onClose: () => void;
  /** Shows a server message (choose_collector, collector_added). */
  showMessage: (key: string) => void;
}

/** The addcollector dialog: pick a run by type-ahead; none chosen → choose_collector; success → collector_added. */
export function AddCollectorRunDialog({ projectId, onClose, showMessage }: AddCollectorRunDialogProps) {
  const { _: t } = useLingui();
  const formId = useId();
  const [run, setRun] = useState<ComboBoxOption | null>(null);
  const add = useAddCollectorRun();
  return (
    <Dialog
      isOpen
      title={t('projects.addRun.title')}
      closeLabel={t('errors.close')}
      onClose={onClose}
      footer={
        <>
          <WorkingButton type="submit" form={formId} working={add.isPending}>
            {t('projects.addRun.submit')}
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
        }}
      >
        <CollectorRunPicker label={t('projects.addRun.run')} selected={run} onChange={setRun} />
      </form>
    </Dialog>
  );
}

import { Button } from '@assessment/ui/button';
import { Dialog } from '@assessment/ui/dialog';
import { useLingui } from '@lingui/react';
import { WorkingButton } from '@/components/WorkingButton';

export interface RemoveEmployeeDialogProps {
  name: string;
  working: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** Asks before an employee leaves the team (they keep their account and projects). */
export function RemoveEmployeeDialog({ name, working, onConfirm, onClose }: RemoveEmployeeDialogProps) {
  const { _: t } = useLingui();
  return (
    <Dialog
      isOpen
      role="alertdialog"
      title={t('team.removeTitle')}
      closeLabel={t('errors.close')}
      onClose={onClose}
      footer={
        <>
          <WorkingButton variant="danger" working={working} onPress={onConfirm}>
            {t('team.remove')}
          </WorkingButton>
          <Button variant="secondary" onPress={onClose}>
            {t('projects.cancel')}
          </Button>
        </>
      }
    >
      <p>{t('team.removeConfirm', { name })}</p>
    </Dialog>
  );
}

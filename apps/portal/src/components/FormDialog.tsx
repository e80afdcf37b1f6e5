import { Button } from '@assessment/ui/button';
import { Dialog } from '@assessment/ui/dialog';
import { useLingui } from '@lingui/react';
import { useId, type ReactNode } from 'react';
import { WorkingButton } from './WorkingButton';

export interface FormDialogProps {
  title: string;
  submitLabel: string;
  /** The request is under way: the submit button is disabled with a working label. */
  working: boolean;
  /** Nothing to submit yet (e.g. no choice made): the submit button is disabled. */
  submitDisabled?: boolean;
  onClose: () => void;
  /** Called on submit (the browser's own submission and validation bubbles are prevented). */
  onSubmit: () => void;
  className?: string;
  children: ReactNode;
}

/** A project dialog holding one form: its submit and cancel buttons in the dialog's footer. */
export function FormDialog({
  title,
  submitLabel,
  working,
  submitDisabled = false,
  onClose,
  onSubmit,
  className,
  children,
}: FormDialogProps) {
  const { _: t } = useLingui();
  const formId = useId();
  return (
    <Dialog
      isOpen
      title={title}
      closeLabel={t('errors.close')}
      onClose={onClose}
      footer={
        <>
          <WorkingButton type="submit" form={formId} working={working} isDisabled={submitDisabled}>
            {submitLabel}
          </WorkingButton>
          <Button variant="secondary" onPress={onClose}>
            {t('projects.cancel')}
          </Button>
        </>
      }
    >
      <form
        id={formId}
        className={className}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit();
        }}
      >
        {children}
      </form>
    </Dialog>
  );
}

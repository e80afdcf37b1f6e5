import { Button, type ButtonProps } from '@assessment/ui/button';
import { useLingui } from '@lingui/react';

export interface WorkingButtonProps extends Omit<ButtonProps, 'isPending' | 'pendingLabel'> {
  /** The call is running: the button is disabled and says it is working. */
  working: boolean;
}

/**
 * A button whose call is running shows the working label and is disabled. Not React Aria's isPending: its
 * announcement points at the button by id, and once the button unmounts (a dialog closes, the page changes)
 * the dangling announcement is an unnamed image to assistive technology.
 */
export function WorkingButton({ working, children, isDisabled = false, ...props }: WorkingButtonProps) {
  const { _: t } = useLingui();
  const label = props['aria-label'];
  return (
    <Button
      {...props}
      // The accessible name keeps the visible text (WCAG 2.5.3): "Working… Archive X" while working.
      {...(label !== undefined && working ? { 'aria-label': `${t('projects.working')} ${label}` } : {})}
      isDisabled={working || isDisabled}
    >
      {working ? t('projects.working') : children}
    </Button>
  );
}

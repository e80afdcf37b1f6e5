import { useEffect, useRef, useState } from 'react';
import { Button, type ButtonProps } from '../button';

/**
 * Props of {@link SubmitButton}: the ones below plus the other props of the kit's {@link Button}
 * (`variant`, `isPending`, `pendingLabel`, `onPress`…).
 */
export interface SubmitButtonProps extends Omit<ButtonProps, 'type' | 'ref'> {
  /**
   * Whether the button stays disabled until any input of its form changes (an `input` or `change`
   * event inside the form). A form `reset` makes it clean again.
   * @default true
   */
  requiresChange?: boolean;
  /**
   * Whether the button is disabled regardless of changes (e.g. while the call is pending).
   * @default false
   */
  isDisabled?: boolean;
  /**
   * Extra class name, appended to `ui-button ui-submit-button`.
   * @default undefined
   */
  className?: string;
}

/**
 * The kit's {@link Button} as a form's submit button that stays disabled until the user changes any input
 * of its form (dirty tracking through the form's input events, so it works with any fields). State
 * attribute: `data-dirty`.
 */
export function SubmitButton({
  requiresChange = true,
  isDisabled = false,
  className,
  ...props
}: SubmitButtonProps) {
  const ref = useRef<HTMLButtonElement>(null);
  const [isDirty, setDirty] = useState(false);

  useEffect(() => {
    const form = ref.current?.form;
    if (!form) return;
    const markDirty = (event: Event) => {
      if (event.target !== ref.current) setDirty(true);
    };
    const markClean = () => {
      setDirty(false);
    };
    form.addEventListener('input', markDirty);
    form.addEventListener('change', markDirty);
    form.addEventListener('reset', markClean);
    return () => {
      form.removeEventListener('input', markDirty);
      form.removeEventListener('change', markDirty);
      form.removeEventListener('reset', markClean);
    };
  }, []);

  return (
    <Button
      {...props}
      ref={ref}
      type="submit"
      isDisabled={isDisabled || (requiresChange && !isDirty)}
      className={['ui-submit-button', className].filter(Boolean).join(' ')}
      data-dirty={isDirty || undefined}
    />
  );
}

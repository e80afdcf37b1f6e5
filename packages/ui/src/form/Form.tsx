import { useEffect, useRef } from 'react';
import { Form as RACForm, type FormProps as RACFormProps } from 'react-aria-components';

export interface FormProps extends RACFormProps {
  /**
   * Whether Enter in a single-line input is blocked from submitting the form (the more-information
   * form). Enter still works in text areas and on buttons.
   * @default false
   */
  blockEnter?: boolean;
}

function isSingleLineInput(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLInputElement)) return false;
  return !['button', 'submit', 'reset', 'checkbox', 'radio', 'file', 'image'].includes(target.type);
}

/**
 * A form (React Aria `Form`: native or aria validation, server `validationErrors`) with the option to
 * block Enter submitting. State attribute: `data-block-enter`.
 */
export function Form({ blockEnter = false, className, ...props }: FormProps) {
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    const form = formRef.current;
    if (!form || !blockEnter) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Enter' && isSingleLineInput(event.target)) event.preventDefault();
    };
    form.addEventListener('keydown', onKeyDown);
    return () => {
      form.removeEventListener('keydown', onKeyDown);
    };
  }, [blockEnter]);
  return (
    <RACForm
      {...props}
      ref={formRef}
      className={['ui-form', className].filter(Boolean).join(' ')}
      data-block-enter={blockEnter || undefined}
    />
  );
}

import { useEffect, useRef } from 'react';
import { Form as RACForm, type FormProps as RACFormProps } from 'react-aria-components';

/** Props of {@link Form}: the ones below plus every prop of React Aria's `Form` / a native form. */
export interface FormProps extends RACFormProps {
  /**
   * The fields and buttons.
   * @default undefined
   */
  children?: RACFormProps['children'];
  /**
   * Called on submit (call `preventDefault()` to handle it in JavaScript).
   * @default undefined
   */
  onSubmit?: RACFormProps['onSubmit'];
  /**
   * Server-side errors by field name, shown on the matching fields.
   * @default undefined
   */
  validationErrors?: RACFormProps['validationErrors'];
  /**
   * `native`: invalid fields block submit (browser validation); `aria`: errors are shown but submit is
   * not blocked.
   * @default 'native'
   */
  validationBehavior?: RACFormProps['validationBehavior'];
  /**
   * Extra class name, appended to `ui-form`.
   * @default undefined
   */
  className?: string;
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

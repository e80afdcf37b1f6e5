import { useEffect, useId, useState, type ReactNode } from 'react';
import {
  FieldError,
  Label,
  Text,
  TextArea as RACTextArea,
  TextField as RACTextField,
  type TextFieldProps as RACTextFieldProps,
} from 'react-aria-components';
import { useControlledState } from 'react-stately/useControlledState';
import { TEXTAREA_DEFAULT_MAXLENGTH } from '../constants';
import { COUNTER_ANNOUNCE_DELAY_MS } from './constants';
import { defaultFieldHint, type FieldHintFormatter } from './hints';

export interface TextAreaProps
  extends Omit<RACTextFieldProps, 'children' | 'className' | 'value' | 'defaultValue' | 'onChange' | 'maxLength'> {
  /** Visible label. */
  label: ReactNode;
  /**
   * Current text (controlled).
   * @default undefined
   */
  value?: string;
  /**
   * Initial text (uncontrolled).
   * @default ''
   */
  defaultValue?: string;
  /**
   * Called with the new text.
   * @default undefined
   */
  onChange?: (value: string) => void;
  /**
   * Maximum number of characters (spec part 5 and 9: text areas with a counter default to 1000; the
   * account disable note passes 500). Typing and pasting stop at the limit.
   * @default 1000 (TEXTAREA_DEFAULT_MAXLENGTH)
   */
  maxLength?: number;
  /**
   * Text of the live counter (visible, read with the field, and announced after typing pauses).
   * @default (remaining, max) => `${remaining} of ${max} characters remaining`
   */
  formatCounter?: (remaining: number, maxLength: number) => string;
  /**
   * Whether the required hint is shown (from `isRequired`).
   * @default true
   */
  showHint?: boolean;
  /**
   * Formats that hint (pass a translated one).
   * @default defaultFieldHint
   */
  formatHint?: FieldHintFormatter;
  /**
   * Help text, wired with aria-describedby.
   * @default undefined
   */
  description?: ReactNode;
  /**
   * Error text shown when invalid, wired with aria-describedby.
   * @default undefined (the browser's validation message)
   */
  errorMessage?: string | ((validation: { validationErrors: string[] }) => string);
  /**
   * Visible rows.
   * @default 4
   */
  rows?: number;
  /**
   * Extra class name on the field.
   * @default undefined
   */
  className?: string;
}

const defaultCounter = (remaining: number, max: number) => `${remaining} of ${max} characters remaining`;

/**
 * A multi-line text field with a live character counter: `maxLength` (default 1000) is enforced, the
 * counter is visible and part of the field's description, and the remaining count is announced in a
 * polite live region once typing pauses. State attributes: `data-at-limit` (plus React Aria's).
 */
export function TextArea({
  label,
  value,
  defaultValue = '',
  onChange,
  maxLength = TEXTAREA_DEFAULT_MAXLENGTH,
  formatCounter = defaultCounter,
  showHint = true,
  formatHint = defaultFieldHint,
  description,
  errorMessage,
  rows = 4,
  className,
  ...props
}: TextAreaProps) {
  const [text, setText] = useControlledState(value, defaultValue, onChange);
  const counterId = useId();
  const remaining = Math.max(0, maxLength - text.length);
  const counterText = formatCounter(remaining, maxLength);
  const [announced, setAnnounced] = useState('');
  const [hasTyped, setHasTyped] = useState(false);

  useEffect(() => {
    if (!hasTyped) return;
    const timer = setTimeout(() => {
      setAnnounced(counterText);
    }, COUNTER_ANNOUNCE_DELAY_MS);
    return () => {
      clearTimeout(timer);
    };
  }, [counterText, hasTyped]);

  const hint = showHint ? formatHint({ isRequired: props.isRequired }) : '';
  const describedBy = [props['aria-describedby'], counterId].filter(Boolean).join(' ');

  return (
    <RACTextField
      {...props}
      aria-describedby={describedBy}
      value={text}
      maxLength={maxLength}
      onChange={(next) => {
        setHasTyped(true);
        setText(next.slice(0, maxLength));
      }}
      className={['ui-field', 'ui-textarea', className].filter(Boolean).join(' ')}
      data-at-limit={remaining === 0 || undefined}
    >
      <Label className="ui-field__label">{label}</Label>
      <RACTextArea className="ui-field__input ui-textarea__input" rows={rows} />
      <div className="ui-textarea__footer">
        {hint || description ? (
          <Text slot="description" className="ui-field__description">
            {hint && <span className="ui-field__hint">{hint}</span>}
            {hint && description ? ' ' : null}
            {description}
          </Text>
        ) : (
          <span />
        )}
        <span id={counterId} className="ui-textarea__counter" data-at-limit={remaining === 0 || undefined}>
          {counterText}
        </span>
      </div>
      <span className="ui-visually-hidden" aria-live="polite" role="status">
        {announced}
      </span>
      <FieldError className="ui-field__error">{errorMessage}</FieldError>
    </RACTextField>
  );
}

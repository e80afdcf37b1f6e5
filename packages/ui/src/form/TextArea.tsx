import { useEffect, useId, useState } from 'react';
import {
  FieldError,
  Label,
  TextArea as RACTextArea,
  TextField as RACTextField,
  type TextFieldProps as RACTextFieldProps,
} from 'react-aria-components';
import { useControlledState } from 'react-stately/useControlledState';
import { TEXTAREA_DEFAULT_MAXLENGTH } from '../constants';
import { COUNTER_ANNOUNCE_DELAY_MS } from './constants';
import { FieldDescription, type FieldProps } from './field';
import { defaultFieldHint } from './hints';

/**
 * Props of {@link TextArea}: the ones below, the shared {@link FieldProps} and the other props of React
 * Aria's `TextField` (`validate`, `aria-*`…, documented there).
 */
export interface TextAreaProps
  extends
    Omit<RACTextFieldProps, 'children' | 'className' | 'value' | 'defaultValue' | 'onChange' | 'maxLength'>,
    FieldProps {
  /**
   * Maximum number of characters (spec part 5 and 9: text areas with a counter default to 1000; the
   * account disable note passes 500). Typing and pasting stop at the limit.
   * @default 1000 (TEXTAREA_DEFAULT_MAXLENGTH)
   */
  maxLength?: number;
  /**
   * Whether typing and pasting stop at `maxLength`. When false the text may run over; the counter
   * then warns and the field is invalid (e.g. the account disable note "warns when over 500").
   * @default true
   */
  isLimitEnforced?: boolean;
  /**
   * Text of the live counter (visible, read with the field, and announced after typing pauses).
   * `remaining` is negative when the text runs over an unenforced limit.
   * @default "{remaining} of {max} characters remaining" / "{n} characters over the limit of {max}"
   */
  formatCounter?: (remaining: number, maxLength: number) => string;
  /**
   * Visible rows.
   * @default 4
   */
  rows?: number;
}

const defaultCounter = (remaining: number, max: number) =>
  remaining >= 0
    ? `${remaining} of ${max} characters remaining`
    : `${-remaining} character${remaining === -1 ? '' : 's'} over the limit of ${max}`;

/**
 * A multi-line text field with a live character counter: `maxLength` (default 1000) is enforced, the
 * counter is visible and part of the field's description, and the remaining count is announced in a
 * polite live region once typing pauses. With `isLimitEnforced={false}` the text may run over and the
 * counter warns. State attributes: `data-at-limit`, `data-over-limit` (plus React Aria's).
 */
export function TextArea({
  label,
  value,
  defaultValue = '',
  onChange,
  maxLength = TEXTAREA_DEFAULT_MAXLENGTH,
  isLimitEnforced = true,
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
  const remaining = isLimitEnforced ? Math.max(0, maxLength - text.length) : maxLength - text.length;
  const isOverLimit = remaining < 0;
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
      maxLength={isLimitEnforced ? maxLength : undefined}
      isInvalid={isOverLimit || props.isInvalid}
      onChange={(next) => {
        setHasTyped(true);
        setText(isLimitEnforced ? next.slice(0, maxLength) : next);
      }}
      className={['ui-field', 'ui-textarea', className].filter(Boolean).join(' ')}
      data-at-limit={remaining === 0 || undefined}
      data-over-limit={isOverLimit || undefined}
    >
      <Label className="ui-field__label">{label}</Label>
      <RACTextArea className="ui-field__input ui-textarea__input" rows={rows} />
      <div className="ui-textarea__footer">
        <FieldDescription hint={hint} description={description} />
        <span
          id={counterId}
          className="ui-textarea__counter"
          data-at-limit={remaining === 0 || undefined}
          data-over-limit={isOverLimit || undefined}
        >
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

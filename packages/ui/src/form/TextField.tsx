import type { ReactNode } from 'react';
import {
  FieldError,
  Input,
  Label,
  Text,
  TextField as RACTextField,
  type TextFieldProps as RACTextFieldProps,
} from 'react-aria-components';
import { useControlledState } from 'react-stately/useControlledState';
import { defaultFieldHint, type FieldHintFormatter } from './hints';

/**
 * Props of {@link TextField}: the ones below plus the other props of React Aria's `TextField`
 * (`validate`, `autoComplete`, `type`, `aria-*`…, documented there).
 */
export interface TextFieldProps extends Omit<
  RACTextFieldProps,
  'children' | 'className' | 'value' | 'defaultValue' | 'onChange'
> {
  /** Visible label. */
  label: ReactNode;
  /**
   * Whether a value is required (shown in the hint, `data-required`, `aria-required`).
   * @default false
   */
  isRequired?: boolean;
  /**
   * Whether the field is disabled.
   * @default false
   */
  isDisabled?: boolean;
  /**
   * Whether the field is read-only.
   * @default false
   */
  isReadOnly?: boolean;
  /**
   * Forces the invalid state (e.g. a server error); the error text is wired with aria-describedby.
   * @default false (invalid only when validation fails)
   */
  isInvalid?: boolean;
  /**
   * Name for native form submission.
   * @default undefined
   */
  name?: string;
  /**
   * Maximum number of characters (enforced by the input and shown in the hint, spec part 5:
   * "data-maxlength applies").
   * @default undefined (no limit)
   */
  maxLength?: number;
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
   * Called with the new (already filtered) text.
   * @default undefined
   */
  onChange?: (value: string) => void;
  /**
   * Restricts what can be typed or pasted: receives the whole new text, returns the allowed text
   * (e.g. the project-name pattern). Rejected characters never reach the value.
   * @default undefined (everything allowed)
   */
  filter?: (text: string) => string;
  /**
   * Help text under the field, wired with aria-describedby.
   * @default undefined
   */
  description?: ReactNode;
  /**
   * Error text, shown when the field is invalid and wired with aria-describedby. Either a string or
   * a function of the validation result.
   * @default undefined (the browser's validation message)
   */
  errorMessage?: string | ((validation: { validationErrors: string[] }) => string);
  /**
   * Whether the hint built from `isRequired`/`maxLength` is shown.
   * @default true
   */
  showHint?: boolean;
  /**
   * Formats that hint (pass a translated one).
   * @default defaultFieldHint (English, e.g. "Required. At most 50 characters.")
   */
  formatHint?: FieldHintFormatter;
  /**
   * Placeholder of the input (never a replacement for the label).
   * @default undefined
   */
  placeholder?: string;
  /**
   * Extra class name on the field.
   * @default undefined
   */
  className?: string;
}

/**
 * A single-line text field (React Aria `TextField`) with label, constraint hint (required, max
 * length), description and error text all wired through aria-describedby, and an optional input
 * filter applied to typed and pasted text.
 */
export function TextField({
  label,
  value,
  defaultValue = '',
  onChange,
  filter,
  description,
  errorMessage,
  showHint = true,
  formatHint = defaultFieldHint,
  placeholder,
  className,
  ...props
}: TextFieldProps) {
  const [text, setText] = useControlledState(value, defaultValue, onChange);
  const hint = showHint ? formatHint({ isRequired: props.isRequired, maxLength: props.maxLength }) : '';
  return (
    <RACTextField
      {...props}
      value={text}
      onChange={(next) => {
        setText(filter ? filter(next) : next);
      }}
      className={['ui-field', className].filter(Boolean).join(' ')}
    >
      <Label className="ui-field__label">{label}</Label>
      <Input className="ui-field__input" placeholder={placeholder} />
      {(hint || description) && (
        <Text slot="description" className="ui-field__description">
          {hint && <span className="ui-field__hint">{hint}</span>}
          {hint && description ? ' ' : null}
          {description}
        </Text>
      )}
      <FieldError className="ui-field__error">{errorMessage}</FieldError>
    </RACTextField>
  );
}

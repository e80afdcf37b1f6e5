import {
  FieldError,
  Input,
  Label,
  TextField as RACTextField,
  type TextFieldProps as RACTextFieldProps,
} from 'react-aria-components';
import { useControlledState } from 'react-stately/useControlledState';
import { FieldDescription, type FieldProps } from './field';
import { defaultFieldHint } from './hints';

/**
 * Props of {@link TextField}: the ones below, the shared {@link FieldProps} and the other props of React
 * Aria's `TextField` (`validate`, `autoComplete`, `type`, `aria-*`…, documented there).
 */
export interface TextFieldProps
  extends
    Omit<RACTextFieldProps, 'children' | 'className' | 'value' | 'defaultValue' | 'onChange'>,
    FieldProps {
  /**
   * Maximum number of characters (enforced by the input and shown in the hint, spec part 5:
   * "data-maxlength applies").
   * @default undefined (no limit)
   */
  maxLength?: number;
  /**
   * Restricts what can be typed or pasted: receives the whole new text, returns the allowed text
   * (e.g. the project-name pattern). Rejected characters never reach the value.
   * @default undefined (everything allowed)
   */
  filter?: (text: string) => string;
  /**
   * Placeholder of the input (never a replacement for the label).
   * @default undefined
   */
  placeholder?: string;
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
      <FieldDescription hint={hint} description={description} />
      <FieldError className="ui-field__error">{errorMessage}</FieldError>
    </RACTextField>
  );
}

import type { ReactNode } from 'react';
import { Text } from 'react-aria-components';
import type { FieldHintFormatter } from './hints';

/** Props shared by {@link TextField} and {@link TextArea} (and, through TextField, NumberInput). */
export interface FieldProps {
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
   * Called with the new text (already filtered by a TextField's `filter`, already cut at a TextArea's
   * enforced limit).
   * @default undefined
   */
  onChange?: (value: string) => void;
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
   * Whether the hint built from the field's constraints (required, max length; min and max of a
   * NumberInput) is shown.
   * @default true
   */
  showHint?: boolean;
  /**
   * Formats that hint (pass a translated one).
   * @default defaultFieldHint (English, e.g. "Required. At most 50 characters.")
   */
  formatHint?: FieldHintFormatter;
  /**
   * Extra class name on the field.
   * @default undefined
   */
  className?: string;
}

/**
 * The description slot of a field: the constraint hint, then the help text; nothing when both are empty.
 */
export function FieldDescription({ hint, description }: { hint: string; description: ReactNode }) {
  if (!hint && !description) return null;
  return (
    <Text slot="description" className="ui-field__description">
      {hint && <span className="ui-field__hint">{hint}</span>}
      {hint && description ? ' ' : null}
      {description}
    </Text>
  );
}

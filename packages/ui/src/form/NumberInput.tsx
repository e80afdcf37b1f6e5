import { useCallback } from 'react';
import { TextField, type TextFieldProps } from './TextField';
import { defaultFieldHint, sanitizeNumberText, type FieldHintFormatter } from './hints';

export interface NumberInputProps extends Omit<
  TextFieldProps,
  'filter' | 'formatHint' | 'validate' | 'inputMode' | 'type'
> {
  /**
   * Lowest allowed number: shown in the hint and checked on validation.
   * @default undefined
   */
  minValue?: number;
  /**
   * Highest allowed number: shown in the hint and checked on validation.
   * @default undefined
   */
  maxValue?: number;
  /**
   * Formats the hint from min, max and required (pass a translated one).
   * @default defaultFieldHint (English, e.g. "Required. Minimum 1. Maximum 20.")
   */
  formatHint?: FieldHintFormatter;
  /**
   * Error text when the number is outside the range.
   * @default 'Enter a number from {min} to {max}.' (English)
   */
  rangeErrorMessage?: (range: { minValue?: number | undefined; maxValue?: number | undefined }) => string;
}

const defaultRangeError: NonNullable<NumberInputProps['rangeErrorMessage']> = ({ minValue, maxValue }) => {
  if (minValue !== undefined && maxValue !== undefined)
    return `Enter a number from ${minValue} to ${maxValue}.`;
  if (minValue !== undefined) return `Enter a number of at least ${minValue}.`;
  return `Enter a number of at most ${maxValue ?? ''}.`;
};

/**
 * A text input for decimal numbers: only digits and one dot are accepted, whether typed or pasted
 * (other characters are dropped). Min, max and required are shown as a hint wired with
 * aria-describedby and checked on validation. The value stays a string, e.g. "12.5".
 * State attributes: `data-min`, `data-max` (plus React Aria's `data-invalid`, `data-required`).
 */
export function NumberInput({
  minValue,
  maxValue,
  formatHint = defaultFieldHint,
  rangeErrorMessage = defaultRangeError,
  ...props
}: NumberInputProps) {
  const validate = useCallback(
    (text: string) => {
      if (text === '') return null;
      const n = Number(text);
      if ((minValue !== undefined && n < minValue) || (maxValue !== undefined && n > maxValue)) {
        return rangeErrorMessage({ minValue, maxValue });
      }
      return null;
    },
    [minValue, maxValue, rangeErrorMessage],
  );
  return (
    <TextField
      {...props}
      formatHint={({ isRequired }) => formatHint({ isRequired, minValue, maxValue })}
      filter={sanitizeNumberText}
      validate={validate}
      inputMode="decimal"
      data-min={minValue}
      data-max={maxValue}
    />
  );
}

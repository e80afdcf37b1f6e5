import {
  NumberInput as KitNumberInput,
  TextArea as KitTextArea,
  TextField as KitTextField,
  type FieldHintFormatter,
  type NumberInputProps,
  type TextAreaProps,
  type TextFieldProps,
} from '@assessment/ui/form';
import { useLingui } from '@lingui/react';
import { useCallback } from 'react';

/**
 * The field hints of spec part 5 ("Required. At most 50 characters.") in the reader's language: the kit's own
 * formatter is English only.
 */
export function useFieldHint(): FieldHintFormatter {
  const { _: t } = useLingui();
  return useCallback<FieldHintFormatter>(
    ({ isRequired, minValue, maxValue, maxLength }) => {
      const parts: string[] = [];
      if (isRequired) parts.push(t('format.hint.required'));
      if (minValue !== undefined) parts.push(t('format.hint.min', { min: minValue }));
      if (maxValue !== undefined) parts.push(t('format.hint.max', { max: maxValue }));
      if (maxLength !== undefined) parts.push(t('format.hint.maxLength', { max: maxLength }));
      return parts.join(' ');
    },
    [t],
  );
}

/** The kit's TextField with its hint translated. The portal's fields come from here, never from the kit. */
export function TextField(props: TextFieldProps) {
  const formatHint = useFieldHint();
  return <KitTextField formatHint={formatHint} {...props} />;
}

/** The kit's TextArea with its hint translated. */
export function TextArea(props: TextAreaProps) {
  const formatHint = useFieldHint();
  return <KitTextArea formatHint={formatHint} {...props} />;
}

/** The kit's NumberInput with its hint translated. */
export function NumberInput(props: NumberInputProps) {
  const formatHint = useFieldHint();
  return <KitNumberInput formatHint={formatHint} {...props} />;
}

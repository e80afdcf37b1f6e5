import { useState } from 'react';
import { ComboBox as AriaComboBox, Input, type Key } from 'react-aria-components';
import { SelectFieldParts, useSelectField, type SelectBaseProps, type SelectOption } from './options';

export type SearchableSelectProps = SelectBaseProps;

function labelOf(options: readonly SelectOption[], id: string | null): string {
  return options.find((o) => o.id === id)?.label ?? '';
}

/**
 * Select list the user can type into (the country field, spec part 5), on React Aria's ComboBox:
 * typing filters the options; text that exactly matches an option selects it; any other text reverts
 * to the current option on blur; emptying the field clears the value. An empty required value is invalid.
 */
export function SearchableSelect({
  label,
  options,
  description,
  errorMessage,
  placeholder,
  ...field
}: SearchableSelectProps) {
  const { current, setCurrent, fieldProps } = useSelectField(field);
  const [text, setText] = useState(() => labelOf(options, current));
  const [lastValue, setLastValue] = useState(current);
  if (current !== lastValue) {
    setLastValue(current);
    setText(labelOf(options, current));
  }
  const [filtering, setFiltering] = useState(false);
  const needle = text.trim().toLowerCase();
  const shown =
    filtering && needle !== '' ? options.filter((o) => o.label.toLowerCase().includes(needle)) : options;

  return (
    <AriaComboBox
      {...fieldProps}
      items={shown}
      inputValue={text}
      onInputChange={(next) => {
        setText(next);
        setFiltering(true);
        if (next.trim() === '') {
          // An emptied field has no value (and is invalid when required).
          setCurrent(null);
          return;
        }
        const exact = options.find(
          (o) => !o.isDisabled && o.label.toLowerCase() === next.trim().toLowerCase(),
        );
        if (exact) setCurrent(exact.id);
      }}
      value={current}
      onChange={(key: Key | null) => {
        setFiltering(false);
        if (key === null) return;
        setCurrent(String(key));
        setText(labelOf(options, String(key)));
      }}
      onOpenChange={(open) => {
        if (!open) setFiltering(false);
      }}
      allowsCustomValue={false}
      menuTrigger="focus"
      formValue="key"
    >
      <SelectFieldParts label={label} options={shown} description={description} errorMessage={errorMessage}>
        <Input
          className="ui-select-input"
          placeholder={placeholder}
          onBlur={() => {
            // Typed text that matches no option reverts to the current option.
            setFiltering(false);
            setText(labelOf(options, current));
          }}
        />
      </SelectFieldParts>
    </AriaComboBox>
  );
}

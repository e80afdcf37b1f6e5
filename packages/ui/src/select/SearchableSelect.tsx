import { useState } from 'react';
import { ComboBox as AriaComboBox, Input, Label, Popover, type Key } from 'react-aria-components';
import { useControlledState } from 'react-stately/useControlledState';
import { FieldHelp } from '../internal/FieldHelp';
import { OptionList, type SelectBaseProps, type SelectOption } from './options';

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
  value,
  defaultValue = null,
  onChange,
  isRequired = false,
  isInvalid,
  isDisabled = false,
  errorMessage = 'This field is required',
  description,
  placeholder,
  name,
  className,
}: SearchableSelectProps) {
  const [current, setCurrent] = useControlledState<string | null>(value, defaultValue, onChange);
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
  const invalid = isInvalid ?? (isRequired && current === null);

  return (
    <AriaComboBox
      className={className ? `ui-select ${className}` : 'ui-select'}
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
      isRequired={isRequired}
      isInvalid={invalid}
      isDisabled={isDisabled}
      validationBehavior="aria"
      name={name}
      formValue="key"
    >
      <Label className="ui-field-label">{label}</Label>
      <Input
        className="ui-select-input"
        placeholder={placeholder}
        onBlur={() => {
          // Typed text that matches no option reverts to the current option.
          setFiltering(false);
          setText(labelOf(options, current));
        }}
      />
      <FieldHelp description={description} errorMessage={errorMessage} />
      <Popover className="ui-popover" offset={4}>
        <OptionList options={shown} />
      </Popover>
    </AriaComboBox>
  );
}

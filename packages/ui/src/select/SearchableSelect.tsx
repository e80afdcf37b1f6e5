import { useEffect, useRef, useState } from 'react';
import { ComboBox as AriaComboBox, Input, type Key } from 'react-aria-components';
import { SelectFieldParts, useSelectField, type SelectBaseProps, type SelectOption } from './options';

export type SearchableSelectProps = SelectBaseProps;

function labelOf(options: readonly SelectOption[], id: string | null): string {
  return options.find((o) => o.id === id)?.label ?? '';
}

/** The enabled option whose label is the typed text, ignoring case and surrounding spaces. */
function exactMatch(options: readonly SelectOption[], typed: string): SelectOption | undefined {
  const needle = typed.trim().toLowerCase();
  return options.find((o) => !o.isDisabled && o.label.toLowerCase() === needle);
}

/**
 * Select list the user can type into (the country field, spec part 5), on React Aria's ComboBox:
 * typing filters the options; text that exactly matches an option selects it; any other text reverts
 * to the current option on blur; emptying the field clears the value. An empty required value is invalid.
 * Options that arrive after the typing (a list still loading) are matched against the text already typed, and
 * text typed while there are no options yet is kept until they come.
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
  const focused = useRef(false);
  // A list that changes under typed text (it was still loading): take an exact match, or revert text that
  // matches nothing once the field is left. Typing itself is matched in onInputChange.
  useEffect(() => {
    if (options.length === 0 || text.trim() === '') return;
    const exact = exactMatch(options, text);
    if (exact) {
      if (exact.id !== current) setCurrent(exact.id);
    } else if (!focused.current) {
      setText(labelOf(options, current));
    }
  }, [options, text, current, setCurrent]);
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
        const exact = exactMatch(options, next);
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
          onFocus={() => {
            focused.current = true;
          }}
          onBlur={() => {
            focused.current = false;
            setFiltering(false);
            // Typed text that matches no option reverts to the current option; with no options yet (still
            // loading) it stays, to be matched when they arrive.
            if (options.length > 0) setText(labelOf(options, current));
          }}
        />
      </SelectFieldParts>
    </AriaComboBox>
  );
}

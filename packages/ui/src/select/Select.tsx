import { useState, type ReactNode } from 'react';
import {
  Button as AriaButton,
  ComboBox as AriaComboBox,
  Input,
  Label,
  ListBox,
  ListBoxItem,
  Popover,
  Select as AriaSelect,
  SelectValue,
  type Key,
} from 'react-aria-components';
import { SELECT_SCROLL_HEIGHT_PX, SELECT_SCROLL_THRESHOLD } from '../constants';
import { FieldHelp } from '../internal/FieldHelp';
import { useControlledState } from '../internal/useControlledState';

/** An option of a select list. */
export interface SelectOption {
  /** Stable id of the option (the value and the submitted form value). */
  id: string;
  /** Visible text of the option; typing matches it. */
  label: string;
  /**
   * Whether the option cannot be chosen (shown, skipped by the keyboard, never matched by typing).
   * @default false
   */
  isDisabled?: boolean;
}

interface SelectBaseProps {
  /**
   * Visible label of the field.
   */
  label: ReactNode;
  /**
   * The options, in display order.
   */
  options: readonly SelectOption[];
  /**
   * Id of the selected option (controlled); `null` for none.
   * @default undefined
   */
  value?: string | null;
  /**
   * Id of the option selected initially (uncontrolled).
   * @default null
   */
  defaultValue?: string | null;
  /**
   * Called with the id of the newly selected option.
   * @default undefined
   */
  onChange?: (value: string | null) => void;
  /**
   * Whether a value is required; an empty required field is invalid (`data-invalid`, `aria-invalid`).
   * @default false
   */
  isRequired?: boolean;
  /**
   * Forces the invalid state (e.g. a server validation error).
   * @default false
   */
  isInvalid?: boolean;
  /**
   * Whether the field is disabled.
   * @default false
   */
  isDisabled?: boolean;
  /**
   * Error text, shown while invalid and referenced by aria-describedby.
   * @default 'This field is required'
   */
  errorMessage?: ReactNode;
  /**
   * Help text under the field.
   * @default undefined
   */
  description?: ReactNode;
  /**
   * Placeholder shown when nothing is selected.
   * @default undefined
   */
  placeholder?: string;
  /**
   * Form field name (submits the option id).
   * @default undefined
   */
  name?: string;
  /**
   * Extra class names.
   * @default undefined
   */
  className?: string;
}

export interface SelectProps extends SelectBaseProps {
  /**
   * Whether the list is open (controlled).
   * @default undefined
   */
  isOpen?: boolean;
  /**
   * Whether the list is open initially (uncontrolled).
   * @default false
   */
  defaultOpen?: boolean;
  /**
   * Called with the new open state of the list.
   * @default undefined
   */
  onOpenChange?: (isOpen: boolean) => void;
}

/** Lists with more than 12 options scroll at 240 px height (spec part 9). */
export function listScrolls(count: number): boolean {
  return count > SELECT_SCROLL_THRESHOLD;
}

function OptionList({ options }: { options: readonly SelectOption[] }) {
  const scrolls = listScrolls(options.length);
  return (
    <ListBox
      className="ui-listbox"
      items={options}
      data-scrolls={scrolls || undefined}
      style={scrolls ? { maxHeight: SELECT_SCROLL_HEIGHT_PX, overflowY: 'auto' } : undefined}
    >
      {(option) => (
        <ListBoxItem
          id={option.id}
          textValue={option.label}
          isDisabled={option.isDisabled}
          className="ui-listbox-item"
        >
          {option.label}
        </ListBoxItem>
      )}
    </ListBox>
  );
}

/**
 * Custom select list on React Aria's Select (a button opening a listbox): full keyboard support
 * (arrows, type to jump, Enter/Space, Escape). Over 12 options the list scrolls at 240 px.
 */
export function Select({
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
  isOpen,
  defaultOpen,
  onOpenChange,
}: SelectProps) {
  const [current, setCurrent] = useControlledState<string | null>(value, defaultValue, onChange);
  const invalid = isInvalid ?? (isRequired && current === null);
  return (
    <AriaSelect
      isOpen={isOpen}
      defaultOpen={defaultOpen}
      onOpenChange={onOpenChange}
      className={className ? `ui-select ${className}` : 'ui-select'}
      value={current}
      onChange={(key: Key | null) => {
        setCurrent(key === null ? null : String(key));
      }}
      isRequired={isRequired}
      isInvalid={invalid}
      isDisabled={isDisabled}
      validationBehavior="aria"
      placeholder={placeholder}
      name={name}
    >
      <Label className="ui-field-label">{label}</Label>
      <AriaButton className="ui-select-trigger">
        <SelectValue />
        <span aria-hidden="true">▾</span>
      </AriaButton>
      <FieldHelp description={description} errorMessage={errorMessage} />
      <Popover className="ui-popover" offset={4}>
        <OptionList options={options} />
      </Popover>
    </AriaSelect>
  );
}

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
          if (current !== null) setCurrent(null);
          return;
        }
        const exact = options.find(
          (o) => !o.isDisabled && o.label.toLowerCase() === next.trim().toLowerCase(),
        );
        if (exact && exact.id !== current) setCurrent(exact.id);
      }}
      value={current}
      onChange={(key: Key | null) => {
        setFiltering(false);
        if (key === null) return;
        if (String(key) !== current) setCurrent(String(key));
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

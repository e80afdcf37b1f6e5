import {
  Button as AriaButton,
  Label,
  Popover,
  Select as AriaSelect,
  SelectValue,
  type Key,
} from 'react-aria-components';
import { useControlledState } from 'react-stately/useControlledState';
import { FieldHelp } from '../internal/FieldHelp';
import { OptionList, type SelectBaseProps } from './options';

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

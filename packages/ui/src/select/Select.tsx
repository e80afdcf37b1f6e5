import { Button as AriaButton, Select as AriaSelect, SelectValue, type Key } from 'react-aria-components';
import { SelectFieldParts, useSelectField, type SelectBaseProps } from './options';

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
  description,
  errorMessage,
  placeholder,
  isOpen,
  defaultOpen,
  onOpenChange,
  ...field
}: SelectProps) {
  const { current, setCurrent, fieldProps } = useSelectField(field);
  return (
    <AriaSelect
      {...fieldProps}
      isOpen={isOpen}
      defaultOpen={defaultOpen}
      onOpenChange={onOpenChange}
      value={current}
      onChange={(key: Key | null) => {
        setCurrent(key === null ? null : String(key));
      }}
      placeholder={placeholder}
    >
      <SelectFieldParts label={label} options={options} description={description} errorMessage={errorMessage}>
        <AriaButton className="ui-select-trigger">
          <SelectValue />
          <span aria-hidden="true">▾</span>
        </AriaButton>
      </SelectFieldParts>
    </AriaSelect>
  );
}

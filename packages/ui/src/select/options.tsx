import type { ReactNode } from 'react';
import { Label, ListBox, ListBoxItem, Popover } from 'react-aria-components';
import { useControlledState } from 'react-stately/useControlledState';
import { SELECT_SCROLL_HEIGHT_PX, SELECT_SCROLL_THRESHOLD } from '../constants';
import { FieldHelp } from '../internal/FieldHelp';

// Shared by Select and SearchableSelect, which live in separate modules so a page using one does not bundle
// the other's React Aria widgets (the ComboBox is only needed by the type-ahead field).

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

/** Props shared by Select and SearchableSelect. */
export interface SelectBaseProps {
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

/** Lists with more than 12 options scroll at 240 px height (spec part 9). */
export function listScrolls(count: number): boolean {
  return count > SELECT_SCROLL_THRESHOLD;
}

export function OptionList({ options }: { options: readonly SelectOption[] }) {
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
 * The value state of a select field and the props its React Aria root (Select or ComboBox) gets: an empty
 * required value is invalid unless `isInvalid` says otherwise; validation is shown, never blocking (`aria`).
 */
export function useSelectField({
  value,
  defaultValue = null,
  onChange,
  isRequired = false,
  isInvalid,
  isDisabled = false,
  name,
  className,
}: Omit<SelectBaseProps, 'label' | 'options' | 'errorMessage' | 'description' | 'placeholder'>) {
  const [current, setCurrent] = useControlledState<string | null>(value, defaultValue, onChange);
  const fieldProps = {
    className: className ? `ui-select ${className}` : 'ui-select',
    isRequired,
    isInvalid: isInvalid ?? (isRequired && current === null),
    isDisabled,
    validationBehavior: 'aria',
    name,
  } as const;
  return { current, setCurrent, fieldProps };
}

/**
 * The parts around a select field's control (its trigger button or text input, the children): label,
 * help and error text, and the popover with the option list.
 */
export function SelectFieldParts({
  label,
  description,
  errorMessage = 'This field is required',
  options,
  children,
}: Pick<SelectBaseProps, 'label' | 'description' | 'errorMessage' | 'options'> & { children: ReactNode }) {
  return (
    <>
      <Label className="ui-field-label">{label}</Label>
      {children}
      <FieldHelp description={description} errorMessage={errorMessage} />
      <Popover className="ui-popover" offset={4}>
        <OptionList options={options} />
      </Popover>
    </>
  );
}

import { useId, type ReactNode } from 'react';
import { useControlledState } from 'react-stately/useControlledState';
import type { SelectOption } from '../select';

export interface NativeSelectProps {
  /** Visible label of the field. */
  label: ReactNode;
  /** The options, in display order. */
  options: readonly SelectOption[];
  /**
   * Id of the selected option (controlled).
   * @default undefined
   */
  value?: string;
  /**
   * Id of the option selected initially (uncontrolled).
   * @default the first option
   */
  defaultValue?: string;
  /**
   * Called with the id of the newly selected option.
   * @default undefined
   */
  onChange?: (value: string) => void;
  /**
   * Whether the field is disabled.
   * @default false
   */
  isDisabled?: boolean;
  /**
   * Help text under the field, referenced by aria-describedby.
   * @default undefined
   */
  description?: ReactNode;
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

/**
 * A short choice (such as the language switcher) on the browser's own `<select>`: no JavaScript widget to
 * load, the platform's keyboard, touch and screen-reader behaviour. Use Select for the portal's custom,
 * scrolling lists. State attributes on the root: `data-disabled`.
 */
export function NativeSelect({
  label,
  options,
  value,
  defaultValue,
  onChange,
  isDisabled = false,
  description,
  name,
  className,
}: NativeSelectProps) {
  const id = useId();
  const descriptionId = `${id}-description`;
  const [current, setCurrent] = useControlledState(value, defaultValue ?? options[0]?.id ?? '', onChange);
  return (
    <div
      className={className ? `ui-native-select ${className}` : 'ui-native-select'}
      data-disabled={isDisabled || undefined}
    >
      <label className="ui-field-label" htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        className="ui-native-select__control"
        name={name}
        value={current}
        disabled={isDisabled}
        aria-describedby={description === undefined ? undefined : descriptionId}
        onChange={(event) => {
          setCurrent(event.currentTarget.value);
        }}
      >
        {options.map((option) => (
          <option key={option.id} value={option.id} disabled={option.isDisabled}>
            {option.label}
          </option>
        ))}
      </select>
      {description !== undefined && (
        <span id={descriptionId} className="ui-field-description">
          {description}
        </span>
      )}
    </div>
  );
}

import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import {
  ComboBox as AriaComboBox,
  Input,
  Label,
  ListBox,
  ListBoxItem,
  Popover,
  type Key,
} from 'react-aria-components';
import { useControlledState } from 'react-stately/useControlledState';
import { TYPEAHEAD_AUTO_SELECT_MS, TYPEAHEAD_DEBOUNCE_MS, TYPEAHEAD_MIN_LENGTH } from '../constants';
import { FieldHelp } from '../internal/FieldHelp';

/** An option of a type-ahead: an id and the text shown and matched. */
export interface ComboBoxOption {
  /** Stable id of the option (the form value and the selection key). */
  id: string;
  /** Text shown in the list, put in the field when chosen, and compared for the exact-match auto-select. */
  label: string;
}

/** Status of the last search, exposed as `data-status`. */
export type ComboBoxStatus = 'idle' | 'loading' | 'ready' | 'error';

/** Default announcement of the result count (spec part 8, fixed text). */
export const defaultResultsText = (count: number): string =>
  `${count} results are available, use up and down arrow keys to navigate.`;
/** Default text when a search finds nothing (spec part 8, fixed text). */
export const DEFAULT_NO_RESULTS_TEXT = 'No search results';
/** Default text when the source rejects (spec part 8, fixed text). */
export const DEFAULT_ERROR_TEXT = 'Sorry, an error occurred. Please try again';

export interface ComboBoxProps<T extends ComboBoxOption> {
  /**
   * Visible label of the field.
   */
  label: ReactNode;
  /**
   * Async source: called with the typed text and an AbortSignal that aborts when a newer search starts.
   */
  loadOptions: (text: string, signal: AbortSignal) => Promise<readonly T[]>;
  /**
   * Characters needed before a search starts (the country field uses 0).
   * @default 1 (TYPEAHEAD_MIN_LENGTH)
   */
  minLength?: number;
  /**
   * Debounce in ms between the last keystroke and the search (the country field uses 0).
   * @default 350 (TYPEAHEAD_DEBOUNCE_MS)
   */
  delay?: number;
  /**
   * When a search returns a single option whose label equals the typed text, it is selected after this many ms.
   * @default 1000 (TYPEAHEAD_AUTO_SELECT_MS)
   */
  autoSelectDelay?: number;
  /**
   * The selected option (controlled).
   * @default undefined
   */
  selectedOption?: T | null;
  /**
   * The option selected initially (uncontrolled).
   * @default null
   */
  defaultSelectedOption?: T | null;
  /**
   * Called when the user picks an option (or when typing clears the selection, with `null`).
   * @default undefined
   */
  onSelectionChange?: (option: T | null) => void;
  /**
   * Called with the text as the user types.
   * @default undefined
   */
  onInputChange?: (text: string) => void;
  /**
   * Whether typed text that matches no option may stay in the field.
   * @default true
   */
  allowsCustomValue?: boolean;
  /**
   * Announcement after results arrive.
   * @default count => `${count} results are available, use up and down arrow keys to navigate.`
   */
  resultsText?: (count: number) => string;
  /**
   * Text shown and announced when a search finds nothing.
   * @default 'No search results'
   */
  noResultsText?: string;
  /**
   * Text shown and announced when the source rejects.
   * @default 'Sorry, an error occurred. Please try again'
   */
  errorText?: string;
  /**
   * Text shown while a search is pending.
   * @default 'Searching…'
   */
  loadingText?: string;
  /**
   * Renders an option; defaults to its label.
   * @default option => option.label
   */
  renderOption?: (option: T) => ReactNode;
  /**
   * Placeholder of the input.
   * @default undefined
   */
  placeholder?: string;
  /**
   * Help text under the field.
   * @default undefined
   */
  description?: ReactNode;
  /**
   * Error text shown when `isInvalid`.
   * @default undefined
   */
  errorMessage?: ReactNode;
  /**
   * Whether the field is required.
   * @default false
   */
  isRequired?: boolean;
  /**
   * Whether the field is invalid.
   * @default false
   */
  isInvalid?: boolean;
  /**
   * Whether the field is disabled.
   * @default false
   */
  isDisabled?: boolean;
  /**
   * Form field name (submits the selected option's id).
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
 * Type-ahead on React Aria's ComboBox with an async source (spec part 9): debounced search from
 * `minLength` characters, stale responses dropped (abort + sequence number), a polite live region that
 * announces the result count, "No search results" / error texts, and auto-selection of a single exact match.
 */
export function ComboBox<T extends ComboBoxOption>({
  label,
  loadOptions,
  minLength = TYPEAHEAD_MIN_LENGTH,
  delay = TYPEAHEAD_DEBOUNCE_MS,
  autoSelectDelay = TYPEAHEAD_AUTO_SELECT_MS,
  selectedOption: selectedProp,
  defaultSelectedOption = null,
  onSelectionChange,
  onInputChange,
  allowsCustomValue = true,
  resultsText = defaultResultsText,
  noResultsText = DEFAULT_NO_RESULTS_TEXT,
  errorText = DEFAULT_ERROR_TEXT,
  loadingText = 'Searching…',
  renderOption,
  placeholder,
  description,
  errorMessage,
  isRequired = false,
  isInvalid = false,
  isDisabled = false,
  name,
  className,
}: ComboBoxProps<T>) {
  // T is an option object, never undefined: the casts only spell that out for the generic.
  const [selected, select] = useControlledState<T | null>(
    selectedProp as Exclude<T, undefined> | null | undefined,
    defaultSelectedOption as Exclude<T, undefined> | null,
    onSelectionChange,
  );
  const [text, setText] = useState(selected?.label ?? '');
  const [items, setItems] = useState<readonly T[]>([]);
  const [status, setStatus] = useState<ComboBoxStatus>('idle');
  const [announcement, setAnnouncement] = useState('');

  const seq = useRef(0);
  const controller = useRef<AbortController | null>(null);
  const debounceTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const autoSelectTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const cancelPending = useCallback(() => {
    clearTimeout(debounceTimer.current);
    clearTimeout(autoSelectTimer.current);
    controller.current?.abort();
    controller.current = null;
  }, []);

  useEffect(() => cancelPending, [cancelPending]);

  // Keep the text in step with a controlled selection.
  const [lastSelectedId, setLastSelectedId] = useState(selected?.id);
  if (selected?.id !== lastSelectedId) {
    setLastSelectedId(selected?.id);
    if (selected) setText(selected.label);
  }

  const search = useCallback(
    (query: string) => {
      seq.current += 1;
      const mine = seq.current;
      const ctrl = new AbortController();
      controller.current = ctrl;
      setStatus('loading');
      loadOptions(query, ctrl.signal).then(
        (result) => {
          if (mine !== seq.current || ctrl.signal.aborted) return;
          setItems(result);
          setStatus('ready');
          setAnnouncement(result.length > 0 ? resultsText(result.length) : noResultsText);
          const only = result.length === 1 ? result[0] : undefined;
          if (only && only.label.trim().toLowerCase() === query.trim().toLowerCase() && query.trim() !== '') {
            autoSelectTimer.current = setTimeout(() => {
              if (mine !== seq.current) return;
              setText(only.label);
              select(only);
            }, autoSelectDelay);
          }
        },
        () => {
          if (mine !== seq.current || ctrl.signal.aborted) return;
          setItems([]);
          setStatus('error');
          setAnnouncement(errorText);
        },
      );
    },
    [loadOptions, resultsText, noResultsText, errorText, autoSelectDelay, select],
  );

  const schedule = useCallback(
    (query: string) => {
      cancelPending();
      seq.current += 1; // any response of an older query is now stale
      if (query.length < minLength) {
        setItems([]);
        setStatus('idle');
        setAnnouncement('');
        return;
      }
      if (delay <= 0) search(query);
      else {
        setStatus('loading');
        debounceTimer.current = setTimeout(() => {
          search(query);
        }, delay);
      }
    },
    [cancelPending, minLength, delay, search],
  );

  const handleInputChange = (value: string) => {
    setText(value);
    onInputChange?.(value);
    if (selected && value !== selected.label) select(null);
    if (selected && value === selected.label) return;
    schedule(value);
  };

  const handleSelectionChange = (key: Key | null) => {
    if (key === null) return;
    const option = items.find((item) => item.id === key);
    if (!option) return;
    cancelPending();
    setText(option.label);
    select(option);
  };

  const emptyText = status === 'error' ? errorText : status === 'ready' ? noResultsText : loadingText;
  const selectedInItems = selected !== null && items.some((item) => item.id === selected.id);

  return (
    <AriaComboBox
      className={className ? `ui-combobox ${className}` : 'ui-combobox'}
      data-status={status}
      items={items}
      inputValue={text}
      onInputChange={handleInputChange}
      value={selectedInItems ? selected.id : null}
      onChange={handleSelectionChange}
      allowsCustomValue={allowsCustomValue}
      allowsEmptyCollection={text.length >= minLength}
      menuTrigger={minLength === 0 ? 'focus' : 'input'}
      onOpenChange={(open) => {
        if (open && status === 'idle' && text.length >= minLength) schedule(text);
      }}
      isRequired={isRequired}
      isInvalid={isInvalid}
      isDisabled={isDisabled}
      name={name}
      formValue="key"
    >
      <Label className="ui-field-label">{label}</Label>
      <Input className="ui-combobox-input" placeholder={placeholder} />
      <FieldHelp description={description} errorMessage={errorMessage} />
      <Popover className="ui-popover ui-combobox-popover" offset={4}>
        <ListBox<T>
          className="ui-listbox"
          renderEmptyState={() => (
            <div className="ui-listbox-empty" data-status={status}>
              {emptyText}
            </div>
          )}
        >
          {(item) => (
            <ListBoxItem id={item.id} textValue={item.label} className="ui-listbox-item">
              {renderOption ? renderOption(item) : item.label}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
      <div className="ui-visually-hidden" role="status" aria-live="polite" aria-atomic="true">
        {announcement}
      </div>
    </AriaComboBox>
  );
}

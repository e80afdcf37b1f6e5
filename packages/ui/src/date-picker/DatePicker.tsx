import { getLocalTimeZone, today, type CalendarDate } from '@internationalized/date';
import type { ReactNode } from 'react';
import {
  Button,
  Calendar,
  DateInput,
  DatePicker as RACDatePicker,
  DateSegment,
  Dialog,
  FieldError,
  Group,
  I18nProvider,
  Label,
  Popover,
  Text,
  useLocale,
} from 'react-aria-components';
import { useControlledState } from 'react-stately/useControlledState';
import { DATE_PICKER_FIRST_DAY_OF_WEEK } from '../constants';
import { CalendarMonth } from '../internal/CalendarMonth';
import { DateFormatHint, dateSegmentText, yearDigits } from '../internal/date-format';

export interface DatePickerProps {
  /** Visible label. */
  label: ReactNode;
  /**
   * Selected date (controlled); null when empty.
   * @default undefined
   */
  value?: CalendarDate | null;
  /**
   * Initially selected date (uncontrolled).
   * @default null
   */
  defaultValue?: CalendarDate | null;
  /**
   * Called with the new date (two-digit years are completed, e.g. 24 → 2024) or null.
   * @default undefined
   */
  onChange?: (value: CalendarDate | null) => void;
  /**
   * Latest selectable date; later dates are unavailable in the calendar and invalid when typed
   * (spec part 9: maximum date today).
   * @default today in the user's time zone
   */
  maxValue?: CalendarDate;
  /**
   * Earliest selectable date.
   * @default undefined
   */
  minValue?: CalendarDate;
  /**
   * Name of the hidden input for native form submission (ISO yyyy-mm-dd).
   * @default undefined
   */
  name?: string;
  /**
   * Whether a date is required.
   * @default false
   */
  isRequired?: boolean;
  /**
   * Whether the picker is disabled.
   * @default false
   */
  isDisabled?: boolean;
  /**
   * Whether the value is invalid (e.g. a server error).
   * @default false
   */
  isInvalid?: boolean;
  /**
   * Error text shown when invalid, wired with aria-describedby.
   * @default React Aria's message (e.g. "Value must be 11/22/26 or earlier.")
   */
  errorMessage?: string;
  /**
   * Help text, wired with aria-describedby.
   * @default undefined (the format hint, "mm/dd/yy" in English, is always shown)
   */
  description?: ReactNode;
  /**
   * The culture the field and its calendar follow: the order of day, month and year, the placeholders and the
   * format hint ("mm/dd/yy" in English — the spec's DATE_FORMAT —, "tt.mm.jj" in German, "年/月/日" in Japanese),
   * the year's digits as the culture's short dates write it, month and day names.
   * @default React Aria's locale (its I18nProvider, else the browser's language)
   */
  locale?: string;
  /**
   * Extra class name on the root element.
   * @default undefined
   */
  className?: string;
  /**
   * Whether the calendar popover is open (controlled).
   * @default undefined
   */
  isOpen?: boolean;
  /**
   * Whether the calendar popover is open initially (uncontrolled).
   * @default false
   */
  defaultOpen?: boolean;
  /**
   * Called with the new open state of the calendar popover.
   * @default undefined
   */
  onOpenChange?: (isOpen: boolean) => void;
}

/** Completes a typed two-digit year: within the next 100 years up to the current year. */
export function completeTwoDigitYear(date: CalendarDate, now: CalendarDate): CalendarDate {
  if (date.year >= 100) return date;
  const century = Math.floor(now.year / 100) * 100;
  const year = century + date.year > now.year ? century - 100 + date.year : century + date.year;
  return date.set({ year });
}

/**
 * Date picker (React Aria `DatePicker`): a date field that always reads mm/dd/yy, and a calendar
 * popover whose week starts on Sunday. Dates after today (`maxValue`) are unavailable in the
 * calendar and invalid when typed. The calendar uses the user's locale for month and day names.
 * State attributes from React Aria: `data-invalid`, `data-open`, `data-disabled`, `data-required`.
 */
export function DatePicker({
  label,
  value,
  defaultValue = null,
  onChange,
  maxValue,
  minValue,
  name,
  isRequired = false,
  isDisabled = false,
  isInvalid,
  errorMessage,
  description,
  className,
  isOpen,
  defaultOpen,
  onOpenChange,
  locale: localeProp,
}: DatePickerProps) {
  const { locale: contextLocale } = useLocale();
  const locale = localeProp ?? contextLocale;
  const segmentText = dateSegmentText(yearDigits(locale));
  const now = today(getLocalTimeZone());
  const [date, setDate] = useControlledState<CalendarDate | null>(value, defaultValue, onChange);
  return (
    <I18nProvider locale={locale}>
      <RACDatePicker<CalendarDate>
        value={date}
        isOpen={isOpen}
        defaultOpen={defaultOpen}
        onOpenChange={onOpenChange}
        onChange={(next) => {
          setDate(next ? completeTwoDigitYear(next, now) : null);
        }}
        maxValue={maxValue ?? now}
        minValue={minValue}
        name={name}
        isRequired={isRequired}
        isDisabled={isDisabled}
        isInvalid={isInvalid}
        firstDayOfWeek={DATE_PICKER_FIRST_DAY_OF_WEEK}
        shouldForceLeadingZeros
        validationBehavior="aria"
        className={['ui-date-picker', className].filter(Boolean).join(' ')}
      >
        <Label className="ui-date-picker__label">{label}</Label>
        <Group className="ui-date-picker__group">
          <DateInput className="ui-date-picker__input">
            {(segment) => (
              <DateSegment segment={segment} className="ui-date-picker__segment">
                {segmentText}
              </DateSegment>
            )}
          </DateInput>
          <Button className="ui-date-picker__button">
            <span aria-hidden="true">▾</span>
          </Button>
        </Group>
        <Text slot="description" className="ui-date-picker__description">
          {description}
          {description ? ' ' : null}
          <span className="ui-date-picker__format">
            (<DateFormatHint locale={locale} />)
          </span>
        </Text>
        <FieldError className="ui-date-picker__error">{errorMessage}</FieldError>
        <Popover className="ui-date-picker__popover">
          <Dialog className="ui-date-picker__dialog">
            <Calendar className="ui-calendar" firstDayOfWeek={DATE_PICKER_FIRST_DAY_OF_WEEK}>
              <CalendarMonth cellClassName="ui-calendar__cell" />
            </Calendar>
          </Dialog>
        </Popover>
      </RACDatePicker>
    </I18nProvider>
  );
}

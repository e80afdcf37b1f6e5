import { getLocalTimeZone, today, type CalendarDate } from '@internationalized/date';
import type { ReactNode } from 'react';
import {
  Button,
  DateInput,
  DateRangePicker as RACDateRangePicker,
  DateSegment,
  Dialog,
  FieldError,
  Group,
  I18nProvider,
  Label,
  Popover,
  RangeCalendar,
  Text,
  useLocale,
} from 'react-aria-components';
import { useControlledState } from 'react-stately/useControlledState';
import { DATE_PICKER_FIRST_DAY_OF_WEEK } from '../constants';
import { CalendarMonth } from '../internal/CalendarMonth';
import { completeTwoDigitYear } from '../date-picker/DatePicker';
import { DateFormatHint, dateSegmentText, yearDigits } from '../internal/date-format';

/** A range of days, both ends included. */
export interface DateRange {
  /** The first day of the range. */
  start: CalendarDate;
  /** The last day of the range (on or after start). */
  end: CalendarDate;
}

export interface DateRangePickerProps {
  /** Visible label of the range. */
  label: ReactNode;
  /**
   * Selected range (controlled); null when empty.
   * @default undefined
   */
  value?: DateRange | null;
  /**
   * Initially selected range (uncontrolled).
   * @default null
   */
  defaultValue?: DateRange | null;
  /**
   * Called with the new range once both ends are complete (two-digit years completed, e.g. 24 → 2024). Also
   * called with a range that is out of bounds or reversed, so the parent can keep what was typed and say why.
   * @default undefined
   */
  onChange?: (value: DateRange | null) => void;
  /**
   * Latest selectable day; later days are unavailable in the calendar and invalid when typed
   * (spec part 9: maximum date today).
   * @default today in the user's time zone
   */
  maxValue?: CalendarDate;
  /**
   * Earliest selectable day.
   * @default undefined
   */
  minValue?: CalendarDate;
  /**
   * Names of the hidden inputs for native form submission (ISO yyyy-mm-dd).
   * @default undefined
   */
  startName?: string;
  /**
   * Name of the end's hidden input.
   * @default undefined
   */
  endName?: string;
  /**
   * Whether a range is required.
   * @default false
   */
  isRequired?: boolean;
  /**
   * Whether the picker is disabled.
   * @default false
   */
  isDisabled?: boolean;
  /**
   * Whether the value is invalid (e.g. the parent's own rule: outside a period, a reversed range).
   * @default false
   */
  isInvalid?: boolean;
  /**
   * Error text shown when invalid, wired with aria-describedby (pass the translated reason).
   * @default React Aria's message (English)
   */
  errorMessage?: string;
  /**
   * Help text, wired with aria-describedby.
   * @default undefined (the format hint, "mm/dd/yy" in English, is always shown)
   */
  description?: ReactNode;
  /**
   * The culture both fields and the calendar follow: the order of day, month and year, the placeholders and the
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

/**
 * Date range picker (React Aria `DateRangePicker`), the range companion of the kit's DatePicker with its
 * conventions: both ends follow the reader's culture (mm/dd/yy in English, tt.mm.jj in German, 年/月/日 in Japanese), the calendar (a range calendar) starts its week on
 * Sunday, days after `maxValue` (today by default) or before `minValue` are unavailable in the calendar and
 * invalid when typed. What was typed stays in the fields when it is invalid; the parent decides the message.
 * State attributes from React Aria: `data-invalid`, `data-open`, `data-disabled`, `data-required`.
 */
export function DateRangePicker({
  label,
  value,
  defaultValue = null,
  onChange,
  maxValue,
  minValue,
  startName,
  endName,
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
}: DateRangePickerProps) {
  const { locale: contextLocale } = useLocale();
  const locale = localeProp ?? contextLocale;
  const segmentText = dateSegmentText(yearDigits(locale));
  const now = today(getLocalTimeZone());
  const [range, setRange] = useControlledState<DateRange | null>(value, defaultValue, onChange);
  return (
    <I18nProvider locale={locale}>
      <RACDateRangePicker<CalendarDate>
        value={range}
        isOpen={isOpen}
        defaultOpen={defaultOpen}
        onOpenChange={onOpenChange}
        onChange={(next) => {
          setRange(
            next
              ? { start: completeTwoDigitYear(next.start, now), end: completeTwoDigitYear(next.end, now) }
              : null,
          );
        }}
        maxValue={maxValue ?? now}
        minValue={minValue}
        startName={startName}
        endName={endName}
        isRequired={isRequired}
        isDisabled={isDisabled}
        isInvalid={isInvalid}
        firstDayOfWeek={DATE_PICKER_FIRST_DAY_OF_WEEK}
        shouldForceLeadingZeros
        validationBehavior="aria"
        className={['ui-date-picker', 'ui-date-range-picker', className].filter(Boolean).join(' ')}
      >
        <Label className="ui-date-picker__label">{label}</Label>
        <Group className="ui-date-picker__group ui-date-range-picker__group">
          <DateInput slot="start" className="ui-date-picker__input">
            {(segment) => (
              <DateSegment segment={segment} className="ui-date-picker__segment">
                {segmentText}
              </DateSegment>
            )}
          </DateInput>
          <span aria-hidden="true" className="ui-date-range-picker__dash">
            –
          </span>
          <DateInput slot="end" className="ui-date-picker__input">
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
            <RangeCalendar className="ui-calendar" firstDayOfWeek={DATE_PICKER_FIRST_DAY_OF_WEEK}>
              <CalendarMonth cellClassName="ui-calendar__cell ui-range-calendar__cell" />
            </RangeCalendar>
          </Dialog>
        </Popover>
      </RACDateRangePicker>
    </I18nProvider>
  );
}

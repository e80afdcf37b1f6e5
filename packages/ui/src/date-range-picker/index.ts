export { DateRangePicker } from './DateRangePicker';
export type { DateRange, DateRangePickerProps } from './DateRangePicker';
export { CalendarDate, parseDate, today, getLocalTimeZone } from '@internationalized/date';

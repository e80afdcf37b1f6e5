export { DatePicker, completeTwoDigitYear } from './DatePicker';
export type { DatePickerProps } from './DatePicker';
export { DATE_PICKER_FIRST_DAY_OF_WEEK } from './constants';
export { CalendarDate, parseDate, today, getLocalTimeZone } from '@internationalized/date';

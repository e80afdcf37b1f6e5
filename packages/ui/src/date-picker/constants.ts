/**
 * First day of the calendar week (spec part 9: "first day Sunday"). Kept here because
 * src/constants.ts does not have it; React Aria's `firstDayOfWeek` value for Sunday.
 */
export const DATE_PICKER_FIRST_DAY_OF_WEEK = 'sun' as const;

/** Locale whose date-field order is month/day/year, used so the field always reads mm/dd/yy. */
export const DATE_FIELD_LOCALE = 'en-US';

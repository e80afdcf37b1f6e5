/** The spec's first day of the week (Sunday) lives in src/constants.ts; re-exported for this folder's subpath. */
export { DATE_PICKER_FIRST_DAY_OF_WEEK } from '../constants';

/**
 * Kit default, not a spec constant: the locale whose date-field order is month/day/year. The field is
 * always rendered in it so it reads mm/dd/yy (the spec's DATE_FORMAT) in every UI language; the
 * calendar popover still uses the user's locale for month and day names.
 */
export const DATE_FIELD_LOCALE = 'en-US';

/** The spec's first day of the week (Sunday) lives in src/constants.ts; re-exported for this folder's subpath. */
export { DATE_PICKER_FIRST_DAY_OF_WEEK } from '../constants';

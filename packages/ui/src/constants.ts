/**
 * Business constants of the product specification (parts 4 and 9) that the UI kit uses.
 * Every value is asserted by constants.test.ts; components import them from here, never repeat the number.
 */

/** A toast is visible for 2.7 s (spec part 4 and 9). */
export const TOAST_VISIBLE_MS = 2700;
/** A toast is removed from the DOM at 3 s (spec part 4 and 9). */
export const TOAST_REMOVE_MS = 3000;

/** Type-ahead debounce (spec part 9). */
export const TYPEAHEAD_DEBOUNCE_MS = 350;
/** Type-ahead starts at 1 character (spec part 9). */
export const TYPEAHEAD_MIN_LENGTH = 1;
/** A single exact match is selected automatically after 1 s (spec part 9). */
export const TYPEAHEAD_AUTO_SELECT_MS = 1000;
/** The country field searches from 0 characters (spec part 9). */
export const COUNTRY_MIN_LENGTH = 0;
/** The country field searches without delay (spec part 9). */
export const COUNTRY_DELAY_MS = 0;
/** Country change validation re-check delay (spec part 9). */
export const COUNTRY_RECHECK_DELAY_MS = 150;

/** Select lists with more than 12 items scroll (spec part 9). */
export const SELECT_SCROLL_THRESHOLD = 12;
/** Height of a scrolling select list (spec part 9). */
export const SELECT_SCROLL_HEIGHT_PX = 240;

/** Tooltip width (spec part 9). */
export const TOOLTIP_WIDTH_PX = 300;
/** Small tooltip width (spec part 9). */
export const TOOLTIP_SMALL_WIDTH_PX = 150;

/** An info bar opens after 100 ms (spec part 9). */
export const INFO_BAR_OPEN_DELAY_MS = 100;
/** An info bar closes with a 350 ms animation (spec part 9). */
export const INFO_BAR_CLOSE_MS = 350;

/** Local-storage key of the cookie warning acknowledgment (spec part 9). */
export const COOKIE_WARNING_STORAGE_KEY = 'displayedCookieWarning';

/** Table sorter processing indicator shows after 500 ms (spec part 9). */
export const TABLE_PROCESSING_DELAY_MS = 500;
/** Offset of sticky elements below the header. */
export const STICKY_OFFSET_PX = 75;
/** A report data grid above 10 rows gets a fixed height (spec part 9). */
export const DATA_GRID_ROW_THRESHOLD = 10;
/** Height of a report data grid above the row threshold (spec part 9). */
export const DATA_GRID_HEIGHT_PX = 380;
/** Width of a report data grid (spec part 9). */
export const REPORT_GRID_WIDTH_PX = 814;
/** Width of the collapsed side navigation. */
export const NAV_COLLAPSED_PX = 50;
/** Width of the expanded side navigation. */
export const NAV_EXPANDED_PX = 228;
/** Paged form slide-out animation (spec part 4 and 9). */
export const PAGED_FORM_OUT_MS = 200;
/** Paged form settle animation (spec part 4 and 9). */
export const PAGED_FORM_SETTLE_MS = 400;
/** Default text area limit (spec part 9). */
export const TEXTAREA_DEFAULT_MAXLENGTH = 1000;
/** Date picker display format (spec part 9). */
export const DATE_FORMAT = 'mm/dd/yy';

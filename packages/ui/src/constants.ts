/**
 * Business constants of the product specification (parts 4, 5 and 9) that the UI kit uses: every spec
 * number, format, extension list and message key of the kit lives here and nowhere else, and every value
 * is asserted by constants.test.ts. Components import them from here (some folders re-export the ones
 * they implement), never repeat the number. Kit-only defaults that the spec does not fix (table page
 * sizes and row height, the counter announce delay, the date field locale) stay in their folder.
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
/** Offset of sticky elements below the header (spec part 9: "Sticky offset 75 px"). */
export const STICKY_OFFSET_PX = 75;
/** A report data grid above 10 rows gets a fixed height (spec part 9). */
export const DATA_GRID_ROW_THRESHOLD = 10;
/** Height of a report data grid above the row threshold (spec part 9). */
export const DATA_GRID_HEIGHT_PX = 380;
/** Width of a report data grid (spec part 9). */
export const REPORT_GRID_WIDTH_PX = 814;
/** Width of the collapsed side navigation (spec part 9: "Nav widths 50 and 228 px"). */
export const NAV_COLLAPSED_PX = 50;
/** Width of the expanded side navigation (spec part 9). */
export const NAV_EXPANDED_PX = 228;
/** Paged form slide-out animation (spec part 4 and 9). */
export const PAGED_FORM_OUT_MS = 200;
/** Paged form settle animation (spec part 4 and 9). */
export const PAGED_FORM_SETTLE_MS = 400;
/** Default text area limit (spec part 5 and 9: "text areas with a counter are limited to maxlength, default 1000"). */
export const TEXTAREA_DEFAULT_MAXLENGTH = 1000;
/** Account disable note: a box warns when over 500 characters (spec part 4, 5 and 9). */
export const DISABLE_NOTE_MAXLENGTH = 500;

/** Date picker display format (spec part 9). */
export const DATE_FORMAT = 'mm/dd/yy';
/**
 * First day of the date picker's week: Sunday (spec part 9: "first day Sunday"), as React Aria's
 * `firstDayOfWeek` value.
 */
export const DATE_PICKER_FIRST_DAY_OF_WEEK = 'sun' as const;

/** Promo logo: accepted extensions (spec part 5: "jpg, jpeg, png or gif"). */
export const LOGO_EXTENSIONS: readonly string[] = ['jpg', 'jpeg', 'png', 'gif'];
/** Promo logo: at most 1024 KB (spec part 5 and 9). */
export const LOGO_MAX_KB = 1024;
/** Promo logo size limit in bytes (LOGO_MAX_KB × 1024). */
export const LOGO_MAX_BYTES = LOGO_MAX_KB * 1024;

/** Collector upload: only iokit or siokit files (spec part 5). */
export const IOKIT_EXTENSIONS: readonly string[] = ['iokit', 'siokit'];
/**
 * Collector upload: the per-file limit the messages name (spec part 5 and 9: "100 MB per the message";
 * the real per-file and combined limits come from settings, pass them to the drop zone).
 */
export const IOKIT_MAX_FILE_MB = 100;
/** Collector upload per-file limit in bytes (IOKIT_MAX_FILE_MB × 1024 × 1024). */
export const IOKIT_MAX_FILE_BYTES = IOKIT_MAX_FILE_MB * 1024 * 1024;

/** Collector upload message key: a file is not iokit/siokit (spec part 5). */
export const IOKIT_TYPE_ERROR_KEY = 'only_iokit_allowed';
/** Collector upload message key: a file is over the per-file limit (spec part 5). */
export const IOKIT_SIZE_ERROR_KEY = 'only_iokit_lessthen_hundred_mb_allowed';
/** Collector upload message key: wrong-type and oversized files in one batch (spec part 5). */
export const IOKIT_TYPE_AND_SIZE_ERROR_KEY = 'only_iokit_and_lessthen_hundred_mb_allowed';
/** Collector upload message key: the files together exceed the combined limit (spec part 5). */
export const IOKIT_COMBINED_SIZE_ERROR_KEY = 'siokit_upload_combined_file_size_exceeded_limit';
/** Collector upload message key: no file was chosen (spec part 5: "No files gives nofiles"). */
export const IOKIT_NO_FILES_KEY = 'nofiles';

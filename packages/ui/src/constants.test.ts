import { describe, expect, it } from 'vitest';
import * as c from './constants';

const SCALARS = [
  ['TOAST_VISIBLE_MS', 2700],
  ['TOAST_REMOVE_MS', 3000],
  ['TYPEAHEAD_DEBOUNCE_MS', 350],
  ['TYPEAHEAD_MIN_LENGTH', 1],
  ['TYPEAHEAD_AUTO_SELECT_MS', 1000],
  ['COUNTRY_MIN_LENGTH', 0],
  ['COUNTRY_DELAY_MS', 0],
  ['COUNTRY_RECHECK_DELAY_MS', 150],
  ['SELECT_SCROLL_THRESHOLD', 12],
  ['SELECT_SCROLL_HEIGHT_PX', 240],
  ['TOOLTIP_WIDTH_PX', 300],
  ['TOOLTIP_SMALL_WIDTH_PX', 150],
  ['INFO_BAR_OPEN_DELAY_MS', 100],
  ['INFO_BAR_CLOSE_MS', 350],
  ['COOKIE_WARNING_STORAGE_KEY', 'displayedCookieWarning'],
  ['TABLE_PROCESSING_DELAY_MS', 500],
  ['STICKY_OFFSET_PX', 75],
  ['DATA_GRID_ROW_THRESHOLD', 10],
  ['DATA_GRID_HEIGHT_PX', 380],
  ['REPORT_GRID_WIDTH_PX', 814],
  ['NAV_COLLAPSED_PX', 50],
  ['NAV_EXPANDED_PX', 228],
  ['PAGED_FORM_OUT_MS', 200],
  ['PAGED_FORM_SETTLE_MS', 400],
  ['TEXTAREA_DEFAULT_MAXLENGTH', 1000],
  ['DISABLE_NOTE_MAXLENGTH', 500],
  ['DATE_FORMAT', 'mm/dd/yy'],
  ['DATE_PICKER_FIRST_DAY_OF_WEEK', 'sun'],
  ['LOGO_MAX_KB', 1024],
  ['LOGO_MAX_BYTES', 1024 * 1024],
  ['IOKIT_MAX_FILE_MB', 100],
  ['IOKIT_MAX_FILE_BYTES', 100 * 1024 * 1024],
  ['IOKIT_TYPE_ERROR_KEY', 'only_iokit_allowed'],
  ['IOKIT_SIZE_ERROR_KEY', 'only_iokit_lessthen_hundred_mb_allowed'],
  ['IOKIT_TYPE_AND_SIZE_ERROR_KEY', 'only_iokit_and_lessthen_hundred_mb_allowed'],
  ['IOKIT_COMBINED_SIZE_ERROR_KEY', 'siokit_upload_combined_file_size_exceeded_limit'],
  ['IOKIT_NO_FILES_KEY', 'nofiles'],
] as const;

const LISTS = [
  ['LOGO_EXTENSIONS', ['jpg', 'jpeg', 'png', 'gif']],
  ['IOKIT_EXTENSIONS', ['iokit', 'siokit']],
] as const;

describe('spec constants', () => {
  it.each(SCALARS)('%s is %s', (name, value) => {
    expect(c[name]).toBe(value);
  });

  it.each(LISTS)('%s is %j', (name, value) => {
    expect(c[name]).toEqual(value);
  });

  it('exports no constant without a test', () => {
    const tested = [...SCALARS, ...LISTS].map(([name]) => name);
    expect(Object.keys(c).sort()).toEqual([...tested].sort());
    expect(Object.keys(c)).toHaveLength(39);
  });
});

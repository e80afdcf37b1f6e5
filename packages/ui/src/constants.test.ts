import { describe, expect, it } from 'vitest';
import * as c from './constants';

describe('spec constants', () => {
  it.each([
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
    ['DATE_FORMAT', 'mm/dd/yy'],
  ] as const)('%s is %s', (name, value) => {
    expect(c[name]).toBe(value);
  });

  it('exports no constant without a test', () => {
    expect(Object.keys(c)).toHaveLength(26);
  });
});

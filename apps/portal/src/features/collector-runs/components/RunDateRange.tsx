import { DatePicker, parseDate, type CalendarDate } from '@assessment/ui/date-picker';
import { useLingui } from '@lingui/react';

export interface RunDateRangeProps {
  /** ISO dates (YYYY-MM-DD) as the search keeps them; undefined when not set. */
  endedAfter: string | undefined;
  endedBefore: string | undefined;
  onEndedAfterChange: (date: string | undefined) => void;
  onEndedBeforeChange: (date: string | undefined) => void;
}

function dateOrNull(text: string | undefined): CalendarDate | null {
  if (!text) return null;
  try {
    return parseDate(text);
  } catch {
    return null;
  }
}

/**
 * The end-date range of the advanced search on the kit's DatePicker in the chosen culture (mm/dd/yy in English,
 * tt.mm.jj in German, 年/月/日 in Japanese; Sunday first, nothing after today); "on or before" cannot start before
 * "on or after". Loaded with the advanced search, not the page.
 */
export function RunDateRange({
  endedAfter,
  endedBefore,
  onEndedAfterChange,
  onEndedBeforeChange,
}: RunDateRangeProps) {
  const { i18n, _: t } = useLingui();
  const after = dateOrNull(endedAfter);
  return (
    <>
      <DatePicker
        label={t('runSearch.endedAfter')}
        locale={i18n.locale}
        value={after}
        onChange={(date) => {
          onEndedAfterChange(date?.toString());
        }}
      />
      <DatePicker
        label={t('runSearch.endedBefore')}
        locale={i18n.locale}
        value={dateOrNull(endedBefore)}
        onChange={(date) => {
          onEndedBeforeChange(date?.toString());
        }}
        {...(after ? { minValue: after } : {})}
      />
    </>
  );
}

// The custom from/to of the viewer's time range, in its own lazy chunk (the kit's date range picker and calendar).
import { CalendarDate, DateRangePicker, type DateRange } from '@assessment/ui/date-range-picker';
import { useLingui } from '@lingui/react';
import { useState } from 'react';
import { formatDate, type TextId } from '@/lib/i18n/i18n';
import { dayOf, rangeOfDays, type DaysRangeError, type Period, type TimeRange } from '../range';

const calendarDay = (time: number) => {
  const d = dayOf(time);
  return new CalendarDate(d.year, d.month, d.day);
};

const ERROR_TEXT = {
  order: 'performance.range.errorOrder',
  outside: 'performance.range.errorOutside',
} as const satisfies Record<DaysRangeError, TextId>;

export interface CustomRangeProps {
  /** The range shown now (inside the period; {} for the whole period). */
  range: TimeRange;
  period: Period;
  /** A valid range of days, as the viewer's range. */
  onChange: (range: TimeRange) => void;
}

/**
 * From/to days bounded by the collection period. A valid range applies at once; an invalid one (first day after the
 * last, a day outside the period) stays in the fields as typed, with the reason, and changes nothing. When the
 * range changes elsewhere (a preset, a zoom, the reset) the fields follow it.
 */
export default function CustomRange({ range, period, onChange }: CustomRangeProps) {
  const { _: t, i18n } = useLingui();
  const shown: DateRange = {
    start: calendarDay(range.from ?? period.first),
    end: calendarDay(range.to ?? period.last),
  };
  const source = `${String(range.from)}-${String(range.to)}-${String(period.first)}-${String(period.last)}`;
  const [draft, setDraft] = useState<{
    source: string;
    value: DateRange | null;
    error: DaysRangeError | null;
  }>({ source, value: shown, error: null });
  const current = draft.source === source ? draft : { source, value: shown, error: null };
  const first = formatDate(period.first * 1000, i18n.locale);
  const last = formatDate(period.last * 1000, i18n.locale);
  return (
    <DateRangePicker
      // The portal's chosen culture, not the browser's language: day order, placeholders and hint follow it.
      locale={i18n.locale}
      label={t('performance.range.days')}
      value={current.value}
      minValue={calendarDay(period.first)}
      maxValue={calendarDay(period.last)}
      description={t('performance.range.period', { first, last })}
      isInvalid={current.error !== null}
      errorMessage={current.error === null ? undefined : t(ERROR_TEXT[current.error], { first, last })}
      className="viewer-days"
      onChange={(value) => {
        if (value === null) {
          setDraft({ source, value, error: null });
          return;
        }
        const result = rangeOfDays(value.start, value.end, period);
        if ('error' in result) {
          setDraft({ source, value, error: result.error });
          return;
        }
        setDraft({ source, value, error: null });
        onChange(result.range);
      }}
    />
  );
}

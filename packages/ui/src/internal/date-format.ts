import { createCalendar } from '@internationalized/date';
import { memo } from 'react';
import type { DateSegmentRenderProps } from 'react-aria-components';
import { useDateFieldState } from 'react-stately/useDateFieldState';

const yearDigitsOf = new Map<string, 2 | 4>();

/** A day whose short form shows every part with its width (two-digit month and day). */
const SAMPLE = new Date(Date.UTC(2026, 10, 22, 12));

/**
 * How many digits of the year a culture writes in a short date (Intl's `dateStyle: 'short'`, the portal's way of
 * printing a date): 2 in English (mm/dd/yy, the spec's format), German (22.11.26) or Korean, 4 in French, Japanese
 * (2026/11/22) or Chinese. A date field shows its year the same way.
 */
export function yearDigits(locale: string): 2 | 4 {
  let digits = yearDigitsOf.get(locale);
  if (digits === undefined) {
    const year = new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeZone: 'UTC' })
      .formatToParts(SAMPLE)
      .find((part) => part.type === 'year');
    digits = year?.value.length === 2 ? 2 : 4;
    yearDigitsOf.set(locale, digits);
  }
  return digits;
}

/** React Aria's placeholder of a year segment ("yyyy", "jjjj", "aaaa", "年") at the culture's width ("yy", "jj"). */
function yearPlaceholder(placeholder: string, digits: 2 | 4): string {
  const letter = /^(.)\1{3}$/u.exec(placeholder)?.[1];
  return digits === 2 && letter !== undefined ? letter.repeat(2) : placeholder;
}

/**
 * A date segment's text in the culture's short form: React Aria's localized placeholder while empty (the year's at
 * the culture's width), the year with the culture's digits once filled (while it is being typed, as typed).
 */
export function dateSegmentText(digits: 2 | 4) {
  return ({ type, text, placeholder, isPlaceholder, isFocused }: DateSegmentRenderProps): string => {
    if (type === 'literal') return text;
    if (isPlaceholder) return type === 'year' ? yearPlaceholder(placeholder, digits) : placeholder;
    if (type === 'year' && !isFocused) return text.padStart(digits, '0').slice(-digits);
    return text;
  };
}

/**
 * The format hint of a date field in a culture, from the same segments and placeholders React Aria's field shows:
 * "mm/dd/yy" in English (the spec's DATE_FORMAT), "tt.mm.jj" in German, "年/月/日" in Japanese. Never written by hand.
 */
function useDateFormatHint(locale: string): string {
  const digits = yearDigits(locale);
  const state = useDateFieldState({
    locale,
    createCalendar,
    granularity: 'day',
    shouldForceLeadingZeros: true,
  });
  return state.segments
    .map((segment) =>
      segment.type === 'literal'
        ? segment.text
        : segment.type === 'year'
          ? yearPlaceholder(segment.placeholder, digits)
          : segment.placeholder,
    )
    .join('')
    .replace(/[\u2066-\u2069\u200e\u200f]/g, '')
    .trim();
}

/**
 * The format hint's text as a component of its own, memoised: the field state it is read from (a whole date field's,
 * ~7 ms of main thread at 1x) is built when the culture changes, not again on every render of the date field around
 * it (the viewer's date range renders twice as it loads).
 */
export const DateFormatHint = memo(function DateFormatHint({ locale }: { locale: string }) {
  return useDateFormatHint(locale);
});

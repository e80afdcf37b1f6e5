/**
 * The search params of a time range (the project viewer's `from` / `to`, Unix seconds), in the shared search lib:
 * a route's search schema ships with the route tree (not the route's lazy chunk), so it must not pull a feature's
 * code into the first page.
 */
import * as z from 'zod/mini';
import { optionalText } from './search-schemas';

/** A range in Unix seconds; both undefined: the whole period. */
export interface TimeRange {
  from?: number | undefined;
  to?: number | undefined;
}

/** Whole non-negative seconds, or undefined. */
function seconds(value: string | undefined): number | undefined {
  const n = value === undefined || value.trim() === '' ? Number.NaN : Number(value);
  return Number.isInteger(n) && n >= 0 ? n : undefined;
}

/**
 * A time range's search params (zod): `from` and `to` in Unix seconds. A bad value is left out; a range that
 * does not start before it ends is left out as a whole (the whole period). Built from the search lib's pieces the
 * first page already carries (a route's search schema ships with the route tree, in every page's first load).
 */
export const timeRangeSearch = z.pipe(
  z.object({ from: optionalText, to: optionalText }),
  z.transform((raw: { from?: string | undefined; to?: string | undefined }): TimeRange => {
    const from = seconds(raw.from);
    const to = seconds(raw.to);
    return from !== undefined && to !== undefined && from >= to ? {} : { from, to };
  }),
);

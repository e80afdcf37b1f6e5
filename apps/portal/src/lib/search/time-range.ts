/**
 * The search params of a time range (the project viewer's `from` / `to`, Unix seconds), in the shared search lib:
 * a route's search schema ships with the route tree (not the route's lazy chunk), so it must not pull a feature's
 * code into the first page.
 */
import * as z from 'zod/mini';

/** A range in Unix seconds; both undefined: the whole period. */
export interface TimeRange {
  from?: number | undefined;
  to?: number | undefined;
}

const seconds = z.catch(
  z.optional(
    z.pipe(
      z.union([z.number(), z.string()]),
      z.pipe(
        z.transform((value: number | string) => Number(value)),
        z.int().check(z.minimum(0)),
      ),
    ),
  ),
  undefined,
);

/**
 * A time range's search params (zod): `from` and `to` in Unix seconds. A bad value is left out; a range that
 * does not start before it ends is left out as a whole (the whole period).
 */
export const timeRangeSearch = z.pipe(
  z.object({ from: seconds, to: seconds }),
  z.transform((range: TimeRange): TimeRange =>
    range.from !== undefined && range.to !== undefined && range.from >= range.to ? {} : range,
  ),
);

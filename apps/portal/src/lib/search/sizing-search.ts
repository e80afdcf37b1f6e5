/**
 * The viewer's sizing settings as search params (`basis`, `headroom`, `growth`, `horizon`: a link reproduces the
 * sizing), in the shared search lib like the time range: a route's search schema ships with the route tree, so it
 * must not pull the sizing panel's code into the first page. The bounds are the contract's SizingSettings (a test
 * holds them to the SDK's generated schema).
 */
import * as z from 'zod/mini';
import { clusterSearch, type ClusterSearch } from './cluster-search';
import { optionalText } from './search-schemas';
import { timeRangeSearch, type TimeRange } from './time-range';

export const SIZING_BASES = ['peak', 'p99', 'p95', 'p90'] as const;
export type SizingBasis = (typeof SIZING_BASES)[number];

/** The whole-number settings and their bounds (headroom and growth in percent, the horizon in years). */
export const SIZING_NUMBERS = {
  headroom: { min: 0, max: 200 },
  growth: { min: -50, max: 100 },
  horizon: { min: 0, max: 5 },
} as const;
export type SizingNumber = keyof typeof SIZING_NUMBERS;

/** The sizing settings a URL carries; a setting it leaves out (or carries badly) is the project's saved one. */
export interface SizingSearch {
  basis?: SizingBasis | undefined;
  headroom?: number | undefined;
  growth?: number | undefined;
  horizon?: number | undefined;
}

/** A whole number within the setting's bounds, or undefined. */
export function sizingNumber(name: SizingNumber, value: string | undefined): number | undefined {
  const text = value?.trim() ?? '';
  if (!/^-?\d+$/.test(text)) return undefined;
  // + 0: '-0' is 0.
  const n = Number(text) + 0;
  const { min, max } = SIZING_NUMBERS[name];
  return n >= min && n <= max ? n : undefined;
}

const sizingSearch = z.pipe(
  z.object({ basis: optionalText, headroom: optionalText, growth: optionalText, horizon: optionalText }),
  z.transform((raw: Record<'basis' | SizingNumber, string | undefined>): SizingSearch => ({
    basis: (SIZING_BASES as readonly string[]).includes(raw.basis ?? '')
      ? (raw.basis as SizingBasis)
      : undefined,
    headroom: sizingNumber('headroom', raw.headroom),
    growth: sizingNumber('growth', raw.growth),
    horizon: sizingNumber('horizon', raw.horizon),
  })),
);

/** The project viewer's search params: its time range, its sizing settings and its cluster filter (vSphere). */
export const viewerSearch = z.pipe(
  z.looseObject({}),
  z.transform((raw: Record<string, unknown>): TimeRange & SizingSearch & ClusterSearch => ({
    ...z.parse(timeRangeSearch, raw),
    ...z.parse(sizingSearch, raw),
    ...z.parse(clusterSearch, raw),
  })),
);

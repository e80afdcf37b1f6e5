import type { SizingFigure } from '@assessment/sdk';
import { formatNumber, type TextId } from '@/lib/i18n/i18n';
import {
  SIZING_BASES,
  SIZING_NUMBERS,
  type SizingBasis,
  type SizingNumber,
} from '@/lib/search/sizing-search';

export type SizingResource = SizingFigure['Resource'];

/** The settings a reader types (headroom, growth, horizon). */
const SIZING_NUMBER_NAMES = Object.keys(SIZING_NUMBERS) as SizingNumber[];

/** The decimals the server rounds each resource to (apps/mock/src/sizing/arithmetic.ts): shown as many. */
export const DECIMALS: Record<SizingResource, number> = {
  iops: 0,
  throughput: 1,
  capacity: 1,
  cores: 1,
  memory: 1,
};

/**
 * The message id of each key: the prefix and the key (`performance.sizing.basis.` + `p95`). The ids are typed, so a
 * key without its text in the English locale file is a type error.
 */
function textIds<const P extends string, const K extends string>(
  prefix: P,
  keys: readonly K[],
): { readonly [Key in K]: `${P}${Key}` } {
  return Object.fromEntries(keys.map((key) => [key, `${prefix}${key}`])) as {
    readonly [Key in K]: `${P}${Key}`;
  };
}

/** The resources: IOPS as the viewer's chart names it, the others as the sizing panel does. */
export const RESOURCE_TEXT = {
  iops: 'performance.chart.iops',
  ...textIds('performance.sizing.resource.', ['throughput', 'capacity', 'cores', 'memory']),
} as const satisfies Record<SizingResource, TextId>;

/** The units: the viewer's own unit texts, and cores. */
export const UNIT_TEXT = {
  ...textIds('performance.unit.', ['iops', 'megabytesPerSecond', 'gibibytes']),
  cores: 'performance.sizing.unit.cores',
} as const satisfies Record<SizingFigure['Unit'], TextId>;

export const BASIS_TEXT = textIds('performance.sizing.basis.', SIZING_BASES) satisfies Record<
  SizingBasis,
  TextId
>;

/** The basis as the formula names it. */
export const BASIS_SHORT_TEXT = textIds('performance.sizing.short.', SIZING_BASES) satisfies Record<
  SizingBasis,
  TextId
>;

export const FIELD_TEXT = textIds('performance.sizing.', SIZING_NUMBER_NAMES) satisfies Record<
  SizingNumber,
  TextId
>;

/** A sizing number in the reader's locale with its resource's decimals (41,230; 1 106,6). */
export function formatAmount(value: number, resource: SizingResource, locale: string): string {
  const d = DECIMALS[resource];
  // The shared formatter cache: the panel formats every server's figures, a new Intl.NumberFormat each is costly.
  return formatNumber(value, locale, { minimumFractionDigits: d, maximumFractionDigits: d });
}

/** 1 + percent / 100 with two decimals (30 → 1.30, −50 → 0.50): the factor the formula multiplies by. */
export function factorText(percent: number, locale: string): string {
  return formatNumber(1 + percent / 100, locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
}

/** What a typed setting may hold: digits, and a leading minus where the setting may be negative. */
export function keepInteger(text: string, negative: boolean): string {
  const digits = text.replace(/[^\d]/g, '').slice(0, 4);
  return negative && text.trimStart().startsWith('-') ? `-${digits}` : digits;
}

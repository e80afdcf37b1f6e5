import type { SizingFigure } from '@assessment/sdk';
import type { TextId } from '@/lib/i18n/i18n';
import type { SizingBasis, SizingNumber } from '@/lib/search/sizing-search';

export type SizingResource = SizingFigure['Resource'];

/** The decimals the server rounds each resource to (apps/mock/src/sizing/arithmetic.ts): shown as many. */
export const DECIMALS: Record<SizingResource, number> = {
  iops: 0,
  throughput: 1,
  capacity: 1,
  cores: 1,
  memory: 1,
};

export const RESOURCE_TEXT = {
  iops: 'performance.chart.iops',
  throughput: 'performance.sizing.resource.throughput',
  capacity: 'performance.sizing.resource.capacity',
  cores: 'performance.sizing.resource.cores',
  memory: 'performance.sizing.resource.memory',
} as const satisfies Record<SizingResource, TextId>;

/** The units: the viewer's own unit texts, and cores. */
export const UNIT_TEXT = {
  iops: 'performance.unit.iops',
  megabytesPerSecond: 'performance.unit.megabytesPerSecond',
  gibibytes: 'performance.unit.gibibytes',
  cores: 'performance.sizing.unit.cores',
} as const satisfies Record<SizingFigure['Unit'], TextId>;

export const BASIS_TEXT = {
  peak: 'performance.sizing.basis.peak',
  p99: 'performance.sizing.basis.p99',
  p95: 'performance.sizing.basis.p95',
  p90: 'performance.sizing.basis.p90',
} as const satisfies Record<SizingBasis, TextId>;

/** The basis as the formula names it. */
export const BASIS_SHORT_TEXT = {
  peak: 'performance.sizing.short.peak',
  p99: 'performance.sizing.short.p99',
  p95: 'performance.sizing.short.p95',
  p90: 'performance.sizing.short.p90',
} as const satisfies Record<SizingBasis, TextId>;

export const FIELD_TEXT = {
  headroom: 'performance.sizing.headroom',
  growth: 'performance.sizing.growth',
  horizon: 'performance.sizing.horizon',
} as const satisfies Record<SizingNumber, TextId>;

/** A sizing number in the reader's locale with its resource's decimals (41,230; 1 106,6). */
export function formatAmount(value: number, resource: SizingResource, locale: string): string {
  const d = DECIMALS[resource];
  return new Intl.NumberFormat(locale, { minimumFractionDigits: d, maximumFractionDigits: d }).format(value);
}

/** 1 + percent / 100 with two decimals (30 → 1.30, −50 → 0.50): the factor the formula multiplies by. */
export function factorText(percent: number, locale: string): string {
  return new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(
    1 + percent / 100,
  );
}

/** What a typed setting may hold: digits, and a leading minus where the setting may be negative. */
export function keepInteger(text: string, negative: boolean): string {
  const digits = text.replace(/[^\d]/g, '').slice(0, 4);
  return negative && text.trimStart().startsWith('-') ? `-${digits}` : digits;
}

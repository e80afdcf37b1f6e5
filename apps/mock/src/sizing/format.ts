// The sizing as the reports write it (English, as the rest of the reports): the resources' names and units and the
// formula written out beside each number, e.g. "p95 41,230 IOPS × 1.30 headroom × 1.10^3 growth = 71,341 IOPS".
import { DECIMALS, type SizingBasis, type SizingResource, type SizingSettings } from './arithmetic.ts';

export const RESOURCE_LABELS: Record<SizingResource, string> = {
  iops: 'IOPS',
  throughput: 'Throughput',
  capacity: 'Capacity',
  cores: 'Cores',
  memory: 'Memory',
};

export const UNIT_LABELS: Record<SizingResource, string> = {
  iops: 'IOPS',
  throughput: 'MB/s',
  capacity: 'GiB',
  cores: 'cores',
  memory: 'GiB',
};

export const BASIS_LABELS: Record<SizingBasis, string> = {
  peak: 'Peak',
  p99: '99th percentile',
  p95: '95th percentile',
  p90: '90th percentile',
};

/** The basis as the formula names it (capacity: the used space, whatever the basis). */
export const BASIS_SHORT: Record<SizingBasis, string> = { peak: 'peak', p99: 'p99', p95: 'p95', p90: 'p90' };

/** A number with thousands separators and the resource's decimals. */
export function formatAmount(value: number, resource: SizingResource): string {
  const d = DECIMALS[resource];
  return value.toLocaleString('en-US', { minimumFractionDigits: d, maximumFractionDigits: d });
}

/** The general rule, said once. */
export const SIZING_RULE = 'required = basis × (1 + headroom %) × (1 + annual growth %) ^ horizon years';

/** The formula of one resource written out; null without a figure. */
export function formulaText(
  resource: SizingResource,
  s: SizingSettings,
  basis: number | null,
  required: number | null,
): string | null {
  if (basis === null || required === null) return null;
  const unit = UNIT_LABELS[resource];
  const name = resource === 'capacity' ? 'used' : BASIS_SHORT[s.basis];
  const headroom = (1 + s.headroomPercent / 100).toFixed(2);
  const growth = (1 + s.growthPercent / 100).toFixed(2);
  return `${name} ${formatAmount(basis, resource)} ${unit} × ${headroom} headroom × ${growth}^${String(s.horizonYears)} growth = ${formatAmount(required, resource)} ${unit}`;
}

import type { ProjectVm } from '@assessment/sdk';
import { formatNumber, type TextId } from '@/lib/i18n/i18n';
import { formatValue } from '../../metrics';

/** A VM's power state as words a person reads (never the contract's enum names). */
export const POWER_STATE_TEXT = {
  poweredOn: 'performance.vms.power.poweredOn',
  poweredOff: 'performance.vms.power.poweredOff',
  suspended: 'performance.vms.power.suspended',
} as const satisfies Record<ProjectVm['PowerState'], TextId>;

/** Binary units (as the viewer's capacity figures): 1 GiB = 2^30 bytes, 1 TiB = 2^40 bytes. */
const GIB = 2 ** 30;
const TIB = 2 ** 40;

/**
 * A datastore amount with its unit: TiB from 1 TiB up, GiB below (one decimal, the culture's digits). The unit is
 * the catalogue's text id (its symbol per language: "TiB", French "Tio").
 */
export function capacityAmount(
  bytes: number,
  culture: string,
): { value: string; unit: 'performance.unit.gibibytes' | 'performance.unit.tebibytes' } {
  if (bytes >= TIB)
    return {
      value: formatNumber(bytes / TIB, culture, { maximumFractionDigits: 1 }),
      unit: 'performance.unit.tebibytes',
    };
  return {
    value: formatNumber(bytes / GIB, culture, { maximumFractionDigits: 1 }),
    unit: 'performance.unit.gibibytes',
  };
}

/** The VM table's figure columns: the VM's field and the viewer's display unit of its values. */
export const VM_FIGURES = [
  { id: 'cpuPeak', field: 'CpuPeak', unit: 'percent' },
  { id: 'cpuP95', field: 'CpuP95', unit: 'percent' },
  { id: 'iopsPeak', field: 'IopsPeak', unit: 'iops' },
  { id: 'iopsP95', field: 'IopsP95', unit: 'iops' },
  { id: 'throughputPeak', field: 'ThroughputPeak', unit: 'bytesPerSecond' },
  { id: 'latencyP95', field: 'LatencyP95', unit: 'milliseconds' },
] as const satisfies readonly {
  id: string;
  field: keyof ProjectVm;
  unit: 'percent' | 'iops' | 'bytesPerSecond' | 'milliseconds';
}[];

export type VmFigureId = (typeof VM_FIGURES)[number]['id'];

/** Each figure column's header (its unit is an argument: the catalogue's unit symbol). */
export const VM_FIGURE_TEXT = {
  cpuPeak: 'performance.vms.col.cpuPeak',
  cpuP95: 'performance.vms.col.cpuP95',
  iopsPeak: 'performance.vms.col.iopsPeak',
  iopsP95: 'performance.vms.col.iopsP95',
  throughputPeak: 'performance.vms.col.throughputPeak',
  latencyP95: 'performance.vms.col.latencyP95',
} as const satisfies Record<VmFigureId, TextId>;

/**
 * A VM figure in its display unit (percent, IOPS, MB/s, ms), or null when the VM has no such figure over the range
 * (no samples: powered off; latency with too little I/O): the table says "no data" then, never 0.
 */
export function vmFigure(value: number | null, unit: (typeof VM_FIGURES)[number]['unit'], culture: string) {
  return value === null || !Number.isFinite(value) ? null : formatValue(value, unit, culture);
}

/** Bytes in GiB (one decimal), or null when not known (the table says "unknown", never 0). */
export function gib(bytes: number | null, culture: string): string | null {
  return bytes === null || !Number.isFinite(bytes) ? null : formatValue(bytes, 'bytes', culture);
}

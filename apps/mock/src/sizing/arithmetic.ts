// The sizing arithmetic, written once: the viewer's panel (through getProjectSizing) and the reports' Sizing sheet
// and slide show what these functions compute, so their numbers are the same (docs/sizing.md).
//
//   required = basis × (1 + headroom / 100) × (1 + growth / 100) ^ horizon
//
// The basis is rounded to its unit's precision first (what the reader sees), the required figure is then rounded UP
// to the same precision: the formula written out beside a number multiplies out to that number.
import { knownValues, percentile } from '../series/math.ts';

export const SIZING_BASES = ['peak', 'p99', 'p95', 'p90'] as const;
export type SizingBasis = (typeof SIZING_BASES)[number];

export interface SizingSettings {
  basis: SizingBasis;
  headroomPercent: number;
  growthPercent: number;
  horizonYears: number;
}

/** The settings of a project nobody saved any for. */
export const DEFAULT_SIZING: SizingSettings = {
  basis: 'p95',
  headroomPercent: 30,
  growthPercent: 10,
  horizonYears: 3,
};

/**
 * The bounds of the settings (the contract's SizingSettings says the same): at most a doubling a year over at most
 * 5 years (a hardware generation), a growth factor of 32 at most; 200 % over 10 years allowed 59,049.
 */
export const SIZING_BOUNDS = {
  headroomPercent: { min: 0, max: 200 },
  growthPercent: { min: -50, max: 100 },
  horizonYears: { min: 0, max: 5 },
} as const;

/** The nearest-rank percentile each basis takes (peak: the maximum). */
export const BASIS_PERCENTILE: Record<SizingBasis, number> = { peak: 1, p99: 0.99, p95: 0.95, p90: 0.9 };

/** The resources sized, their unit and the decimals they are shown (and rounded) to. */
export const SIZING_RESOURCES = [
  { resource: 'iops', unit: 'iops', decimals: 0 },
  { resource: 'throughput', unit: 'megabytesPerSecond', decimals: 1 },
  { resource: 'capacity', unit: 'gibibytes', decimals: 1 },
  { resource: 'cores', unit: 'cores', decimals: 1 },
  { resource: 'memory', unit: 'gibibytes', decimals: 1 },
] as const;
export type SizingResource = (typeof SIZING_RESOURCES)[number]['resource'];

export const DECIMALS: Record<SizingResource, number> = Object.fromEntries(
  SIZING_RESOURCES.map((r) => [r.resource, r.decimals]),
) as Record<SizingResource, number>;

/** Bytes per second in one MB/s (decimal, as the reports' throughput columns). */
export const BYTES_PER_MB = 1e6;
/** Bytes in one GiB. */
export const BYTES_PER_GIB = 2 ** 30;

/**
 * The basis figure of values: their maximum or nearest-rank percentile over the known ones (NaN: unknown, skipped —
 * never counted as 0); null for no known values.
 */
export function basisOf(values: ArrayLike<number>, basis: SizingBasis): number | null {
  const known = Array.prototype.filter.call(values, (x: number) => !Number.isNaN(x)) as number[];
  if (known.length === 0) return null;
  return percentile(known, BASIS_PERCENTILE[basis]);
}

/** x rounded half up to `decimals` (the binary noise of x × 10^decimals removed first). */
export function roundTo(x: number, decimals: number): number {
  const scale = 10 ** decimals;
  return Math.round(Number((x * scale).toFixed(6))) / scale;
}

/** x rounded up to `decimals`: 110.00000000000001 is 110, not 111. */
export function ceilTo(x: number, decimals: number): number {
  const scale = 10 ** decimals;
  return Math.ceil(Number((x * scale).toFixed(6))) / scale;
}

/** 1 + headroom / 100. */
export function headroomFactor(s: SizingSettings): number {
  return 1 + s.headroomPercent / 100;
}

/** (1 + growth / 100) ^ horizon: growth compounds once a year. */
export function growthFactor(s: SizingSettings): number {
  return (1 + s.growthPercent / 100) ** s.horizonYears;
}

/** A resource's rounded basis and required figure (both null without a basis). */
export function sizeFigure(
  raw: number | null,
  resource: SizingResource,
  s: SizingSettings,
): { basis: number | null; required: number | null } {
  if (raw === null || !Number.isFinite(raw)) return { basis: null, required: null };
  const decimals = DECIMALS[resource];
  const basis = roundTo(raw, decimals);
  return { basis, required: ceilTo(basis * headroomFactor(s) * growthFactor(s), decimals) };
}

/** A target shape with its disk class's limits (catalogue.ts reads them from the data file). */
export interface Shape {
  id: string;
  name: string;
  vCpu: number;
  memoryGiB: number;
  diskClass: string;
  maxIops: number;
  maxThroughputMBps: number;
}

/** What one server needs of a shape. */
export interface ShapeNeed {
  cores: number;
  memoryGiB: number;
  iops: number;
  throughputMBps: number;
}

/** Smallest first: fewer vCPU, then less memory, then the slower disk class, then the id. */
export function bySize(a: Shape, b: Shape): number {
  return (
    a.vCpu - b.vCpu ||
    a.memoryGiB - b.memoryGiB ||
    a.maxIops - b.maxIops ||
    a.maxThroughputMBps - b.maxThroughputMBps ||
    (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
  );
}

/**
 * The smallest shape meeting a need: at least ceil(cores) vCPU (and one), the memory, the IOPS and the throughput
 * (each limit met exactly is enough); null when none of the shapes is big enough.
 */
export function chooseShape(shapes: readonly Shape[], need: ShapeNeed): Shape | null {
  const vCpu = Math.max(1, Math.ceil(Number(need.cores.toFixed(6))));
  return (
    [...shapes]
      .sort(bySize)
      .find(
        (s) =>
          s.vCpu >= vCpu &&
          s.memoryGiB >= need.memoryGiB &&
          s.maxIops >= need.iops &&
          s.maxThroughputMBps >= need.throughputMBps,
      ) ?? null
  );
}

/** Servers per chosen shape, in the shapes' size order, then the servers no shape fits (shape null); no zeros. */
export function shapeTotals(
  shapes: readonly Shape[],
  chosen: readonly (string | null)[],
): { shape: string | null; count: number }[] {
  const counts = new Map<string | null, number>();
  for (const c of chosen) counts.set(c, (counts.get(c) ?? 0) + 1);
  const ordered = [...shapes].sort(bySize).map((s) => s.id as string | null);
  return [...ordered, null].flatMap((id) => {
    const count = counts.get(id) ?? 0;
    return count > 0 ? [{ shape: id, count }] : [];
  });
}

/** One machine's samples, a column each (NaN: unknown): read/write IOPS and bytes/s, CPU %, used memory bytes. */
export interface OwnSamples {
  readIops: Float64Array;
  writeIops: Float64Array;
  readBps: Float64Array;
  writeBps: Float64Array;
  cpu: Float64Array;
  memory: Float64Array;
}

const scaled = (a: Float64Array, divisor: number): Float64Array => a.map((v) => v / divisor);
const sumOf = (a: Float64Array, b: Float64Array): Float64Array => a.map((v, i) => v + (b[i] ?? 0));

/** One machine's own required figures and recommended shape. */
export interface OwnSizing {
  cores: number | null;
  memoryGiB: number | null;
  iops: number | null;
  throughputMBps: number | null;
  /** The recommended shape's id (null: none big enough, or a figure unknown). */
  shape: string | null;
}

/**
 * A machine's sizing over its own samples (a server's, or a VM's: docs/sizing.md "Per-server right-sizing" and
 * "Per-VM right-sizing"): the basis of its total IOPS, throughput, cores in use (CPU % × `cores` ÷ 100) and used
 * memory × the factors, and the smallest shape meeting all four (none when one of them is unknown).
 */
export function ownSizing(
  s: OwnSamples,
  coresOfMachine: number,
  settings: SizingSettings,
  shapes: readonly Shape[],
): OwnSizing {
  return sizeOwn(ownBases(s, coresOfMachine, settings.basis), settings, shapes);
}

/** A machine's raw (unrounded) basis figures: cores in use, used memory GiB, IOPS and MB/s; null: none known. */
export interface OwnBases {
  cores: number | null;
  memoryGiB: number | null;
  iops: number | null;
  throughputMBps: number | null;
}

/** The per-sample figures a machine is sized on: cores in use, used memory GiB, IOPS and MB/s (NaN: unknown). */
function ownColumns(s: OwnSamples, coresOfMachine: number): Record<keyof OwnBases, Float64Array> {
  return {
    cores: s.cpu.map((pct) => (pct * coresOfMachine) / 100),
    memoryGiB: scaled(s.memory, BYTES_PER_GIB),
    iops: sumOf(s.readIops, s.writeIops),
    throughputMBps: scaled(sumOf(s.readBps, s.writeBps), BYTES_PER_MB),
  };
}

/** The basis figures of a machine's samples (the part of ownSizing that reads every sample). */
export function ownBases(s: OwnSamples, coresOfMachine: number, basis: SizingBasis): OwnBases {
  const c = ownColumns(s, coresOfMachine);
  return {
    cores: basisOf(c.cores, basis),
    memoryGiB: basisOf(c.memoryGiB, basis),
    iops: basisOf(c.iops, basis),
    throughputMBps: basisOf(c.throughputMBps, basis),
  };
}

/**
 * ownBases for every basis at once (sizing/vm-bases.ts, at ingest): each figure's known values taken once, in the
 * same order, and each basis the same nearest-rank percentile of them — the same numbers, a quarter of the work.
 */
export function ownBasesAll(s: OwnSamples, coresOfMachine: number): Record<SizingBasis, OwnBases> {
  return basesOfKnown(ownKnownValues(s, coresOfMachine));
}

/** Each figure's known per-sample values, in sample order (what every basis of a machine is a percentile of). */
export function ownKnownValues(
  s: OwnSamples,
  coresOfMachine: number,
): Record<keyof OwnBases, ArrayLike<number>> {
  const c = ownColumns(s, coresOfMachine);
  return {
    cores: knownValues(c.cores),
    memoryGiB: knownValues(c.memoryGiB),
    iops: knownValues(c.iops),
    throughputMBps: knownValues(c.throughputMBps),
  };
}

/** Every basis of each figure's known values (ownBasesAll). */
export function basesOfKnown(
  known: Record<keyof OwnBases, ArrayLike<number>>,
): Record<SizingBasis, OwnBases> {
  const at = (values: ArrayLike<number>, basis: SizingBasis): number | null =>
    values.length === 0 ? null : percentile(values, BASIS_PERCENTILE[basis]);
  return Object.fromEntries(
    SIZING_BASES.map((b) => [
      b,
      {
        cores: at(known.cores, b),
        memoryGiB: at(known.memoryGiB, b),
        iops: at(known.iops, b),
        throughputMBps: at(known.throughputMBps, b),
      },
    ]),
  ) as Record<SizingBasis, OwnBases>;
}

/** Basis figures × the factors, rounded up, and the smallest shape meeting all four (none when one is unknown). */
export function sizeOwn(b: OwnBases, settings: SizingSettings, shapes: readonly Shape[]): OwnSizing {
  const cores = sizeFigure(b.cores, 'cores', settings).required;
  const memoryGiB = sizeFigure(b.memoryGiB, 'memory', settings).required;
  const iops = sizeFigure(b.iops, 'iops', settings).required;
  const throughputMBps = sizeFigure(b.throughputMBps, 'throughput', settings).required;
  const shape =
    cores === null || memoryGiB === null || iops === null || throughputMBps === null
      ? null
      : (chooseShape(shapes, { cores, memoryGiB, iops, throughputMBps })?.id ?? null);
  return { cores, memoryGiB, iops, throughputMBps, shape };
}

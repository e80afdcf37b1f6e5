// Aligning hosts in time before they are added up.
//
// Collectors start at different seconds and drift, so two hosts almost never report at the same instant. Adding
// their samples only where the timestamps coincide (as the store once did) counts each instant once per host that
// happens to share it: two hosts one second apart "total" the figures of one. Instead every host is resampled onto
// one time grid before anything is summed:
//
// - The grid is the run's sampling interval G, anchored at the Unix epoch: bucket k covers (kG − G, kG] and is
//   labelled by its end kG (as a sample is labelled by the end of its interval). It depends on no host's sample
//   seconds, so hosts of different runs that share an interval share the grid.
// - A sample ending at t describes the host's average rate over its interval (t − d, t]. Its interval length d is the
//   time since the host's previous sample when that is at most 1.5 × the nominal interval (drift stays in), else the
//   nominal interval (the first sample, or the first after a gap: the gap stays empty).
// - A host's value in a bucket is its time-weighted average over the part of the bucket its samples cover (the
//   counter difference across the bucket divided by the time covered): a host covering half a bucket at its edge or
//   beside a gap counts at its measured rate, a bucket it does not cover at all gets nothing from it.
// - The project's total in a bucket adds the hosts' values: IOPS, throughput, memory and network summed; latency
//   IOPS-weighted (Σ latency·IOPS / Σ IOPS); CPU % core-weighted (Σ cpu·cores / Σ cores). Peaks and percentiles are
//   taken over these aligned totals.
//
// Samples already on the grid (t a multiple of G, d = G) pass through unchanged, so one host's aggregate is its own
// series. docs/collector-format.md states the same rules for collector writers.
import { TOTAL_PARTS } from './schema.ts';

/** A host's sample as the store keeps it (the series_samples columns after host_id). */
export interface RawSample {
  t: number;
  readIops: number;
  writeIops: number;
  readBps: number;
  writeBps: number;
  latencyMs: number;
  cpuPct: number;
  memBytes: number;
  rxBps: number;
  txBps: number;
}

export const PARTS = TOTAL_PARTS.length;
// Offsets into a parts vector (TOTAL_PARTS order).
export const RI = 0;
export const WI = 1;
export const RB = 2;
export const WB = 3;
export const MEM = 4;
export const RX = 5;
export const TX = 6;
export const LAT_W = 7;
export const LAT_SUM = 8;
export const N_IO = 9;
export const CPU_W = 10;
export const CORES = 11;
export const HOSTS = 12;

/** A gap: consecutive samples further apart than this many nominal intervals. */
export const GAP_FACTOR = 1.5;

/** The grid bucket (its label kG) that the instant x (exclusive start, inclusive end) falls in. */
export const bucketOf = (x: number, grid: number): number => Math.ceil(x / grid) * grid;

/** The interval length of a sample at t after one at prev (null: none before), with nominal interval `nominal`. */
export function intervalOf(t: number, prev: number | null, nominal: number): number {
  if (prev === null) return nominal;
  const d = t - prev;
  return d > 0 && d <= GAP_FACTOR * nominal ? d : nominal;
}

// What is integrated over time per host (rates and gauges): the first seven parts, then latency·IOPS, latency and
// cpu·cores.
const INTEGRATED = 10;
const ACC_CPU = 9;

/**
 * One host's samples resampled onto the grid, in time order. Each finished bucket is handed to `emit` as the host's
 * share of every total part (TOTAL_PARTS order); the vector is reused, copy what is kept.
 */
export class HostAligner {
  private readonly grid: number;
  private readonly nominal: number;
  private readonly cores: number;
  private readonly emit: (t: number, parts: Float64Array) => void;
  private readonly acc = new Float64Array(INTEGRATED);
  private readonly out = new Float64Array(PARTS);
  private covered = 0;
  /** Samples that reached the bucket being filled; with one, its own values are handed over (no rounding). */
  private pieces = 0;
  private readonly last = new Float64Array(INTEGRATED);
  private bucket = Number.NaN;
  private prev: number | null = null;

  constructor(grid: number, nominal: number, cores: number, emit: (t: number, parts: Float64Array) => void) {
    this.grid = Math.max(1, grid);
    this.nominal = Math.max(1, nominal);
    this.cores = cores;
    this.emit = emit;
  }

  push(
    t: number,
    ri: number,
    wi: number,
    rb: number,
    wb: number,
    lat: number,
    cpu: number,
    mem: number,
    rx: number,
    tx: number,
  ): void {
    const d = intervalOf(t, this.prev, this.nominal);
    this.prev = t;
    const a = t - d;
    const g = this.grid;
    let k = bucketOf(a, g);
    if (k === a) k += g; // the interval starts exactly at a bucket's end: it begins in the next one
    for (; k - g < t; k += g) {
      const overlap = Math.min(t, k) - Math.max(a, k - g);
      if (!(overlap > 0)) continue;
      if (k !== this.bucket) {
        this.flush();
        this.bucket = k;
      }
      const acc = this.acc;
      acc[RI] = (acc[RI] ?? 0) + ri * overlap;
      acc[WI] = (acc[WI] ?? 0) + wi * overlap;
      acc[RB] = (acc[RB] ?? 0) + rb * overlap;
      acc[WB] = (acc[WB] ?? 0) + wb * overlap;
      acc[MEM] = (acc[MEM] ?? 0) + mem * overlap;
      acc[RX] = (acc[RX] ?? 0) + rx * overlap;
      acc[TX] = (acc[TX] ?? 0) + tx * overlap;
      acc[LAT_W] = (acc[LAT_W] ?? 0) + lat * (ri + wi) * overlap;
      acc[LAT_SUM] = (acc[LAT_SUM] ?? 0) + lat * overlap;
      acc[ACC_CPU] = (acc[ACC_CPU] ?? 0) + cpu * overlap;
      this.covered += overlap;
      this.pieces += 1;
      const last = this.last;
      last[RI] = ri;
      last[WI] = wi;
      last[RB] = rb;
      last[WB] = wb;
      last[MEM] = mem;
      last[RX] = rx;
      last[TX] = tx;
      last[LAT_W] = lat * (ri + wi);
      last[LAT_SUM] = lat;
      last[ACC_CPU] = cpu;
    }
  }

  pushRow(s: RawSample): void {
    this.push(
      s.t,
      s.readIops,
      s.writeIops,
      s.readBps,
      s.writeBps,
      s.latencyMs,
      s.cpuPct,
      s.memBytes,
      s.rxBps,
      s.txBps,
    );
  }

  /** Hands over the bucket being filled (call once after the last sample). */
  flush(): void {
    const c = this.covered;
    if (!(c > 0)) return;
    const one = this.pieces === 1;
    const acc = this.acc;
    const last = this.last;
    const out = this.out;
    const avg = (i: number): number => (one ? (last[i] ?? 0) : (acc[i] ?? 0) / c);
    for (let i = RI; i <= LAT_SUM; i++) out[i] = avg(i);
    const iops = (out[RI] ?? 0) + (out[WI] ?? 0);
    out[N_IO] = iops > 0 ? 1 : 0;
    out[CPU_W] = avg(ACC_CPU) * this.cores;
    out[CORES] = this.cores;
    out[HOSTS] = 1;
    this.emit(this.bucket, out);
    acc.fill(0);
    this.covered = 0;
    this.pieces = 0;
  }
}

/** A whole host's samples (in time order) on the grid: bucket label → the host's parts. */
export function alignHost(
  samples: Iterable<RawSample>,
  grid: number,
  nominal: number,
  cores: number,
): Map<number, Float64Array> {
  const out = new Map<number, Float64Array>();
  const aligner = new HostAligner(grid, nominal, cores, (t, parts) => out.set(t, parts.slice()));
  for (const s of samples) aligner.pushRow(s);
  aligner.flush();
  return out;
}

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
// - A sample ending at t describes the host's average rate over its interval (t − d, t]. Format v2 states d (the
//   sample's intervalMs, measured by the collector to the millisecond). For v1 d is the time since the host's previous
//   sample when that is at most 1.5 × the nominal interval (drift stays in), else the nominal interval (the first
//   sample, or the first after a gap: the gap stays empty).
// - An unknown value (v2's null, NaN here) is no data: a host's value of a metric in a bucket is its mean over the
//   part of the bucket where that metric is known, and a bucket where it is known nowhere gets nothing from the host
//   for that metric (NaN: stored as NULL, never as 0). Latency is IOPS-weighted over the I/O whose latency is known;
//   CPU % is weighted by the cores of the hosts whose CPU is known.
// - A host's value in a bucket is its time-weighted average over the part of the bucket its samples cover (the
//   counter difference across the bucket divided by the time covered): a host covering half a bucket at its edge or
//   beside a gap counts at its measured rate, a bucket it does not cover at all gets nothing from it.
// - The project's total in a bucket adds the hosts' values: IOPS, throughput, memory and network summed; latency
//   IOPS-weighted (Σ latency·IOPS / Σ IOPS); CPU % core-weighted (Σ cpu·cores / Σ cores); queue depth (I/Os in
//   flight, time-weighted within the bucket like IOPS) summed, as the I/Os in flight of several hosts add up. Peaks and
//   percentiles are taken over these aligned totals.
// - Beside the core-weighted CPU % the bucket keeps its busiest server's: the highest single host's CPU % in the
//   bucket (the peak composite of per-server utilisation, as Live Optics shows it). It is combined by MAX, not added,
//   and the runner-up (value and host) is kept beside it so a server taken out of the totals leaves the next one
//   without reading samples: `combineParts` and the store's upsert know which parts are which.
// - Each summed value keeps the count of hosts that knew it: subtracting a host leaves it unknown (NULL) where no host
//   that knew it is left, never 0.
//
// Samples already on the grid (t a multiple of G, d = G) pass through unchanged, so one host's aggregate is its own
// series. docs/collector-format.md states the same rules for collector writers.
import { TOTAL_PARTS } from './schema.ts';

/** A host's sample as the store keeps it (the stored sample fields after t, samples.ts). */
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
  /** Format v2: read and write latency apart (NaN: unknown, and always for v1). */
  readLatencyMs?: number;
  writeLatencyMs?: number;
  /** Format v2: the sample's interval length in seconds (NaN or missing for v1: derived from the times). */
  intervalS?: number;
  /** I/Os in flight over the host's whole disks (NaN or missing: unknown). */
  queueDepth?: number;
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
/** IOPS whose latency is known (the denominator of LAT_W) and hosts whose latency is known (of LAT_SUM). */
export const LAT_IO = 13;
export const N_LAT = 14;
/** Σ read latency · read IOPS and the read IOPS whose latency is known; the same for writes. */
export const RLAT_W = 15;
export const R_IO = 16;
export const WLAT_W = 17;
export const W_IO = 18;
/** Σ queue depth (I/Os in flight) of the hosts whose queue depth is known. */
export const QD = 19;
/** The busiest server's CPU %: the highest host's CPU % in the bucket (combined by MAX, never added). */
export const CPU_PEAK = 20;
/** The first of the counts of the hosts that knew each summed metric (RI … TX in order, then QD): schema.ts. */
export const KNOWN = 21;
export const N_QD = 28;
/** The hosts whose read (write) latency is known with read (write) I/O: a read (write) latency is derived over them. */
export const N_RLAT = 29;
export const N_WLAT = 30;
/** The count part of a summed nullable part (the hosts that knew it), or -1 for the other parts. */
export const knownPart = (i: number): number => (i < 7 ? KNOWN + i : i === QD ? N_QD : -1);
/**
 * The busiest server's host id, the runner-up's CPU % and host id (host NaN: none, or — with N_CPU ≥ 2 — not known
 * any more, CPU_PEAK2 then its bound) and the count of hosts whose CPU % is known: the top two of the bucket,
 * combined by combineParts.
 */
export const CPU_PEAK_HOST = 31;
export const CPU_PEAK2 = 32;
export const CPU_PEAK2_HOST = 33;
export const N_CPU = 34;
/** The parts of the top two (value, host) of the busiest server. */
export const isTopPart = (i: number): boolean =>
  i === CPU_PEAK || i === CPU_PEAK_HOST || i === CPU_PEAK2 || i === CPU_PEAK2_HOST;

/**
 * The summed metrics (the first seven parts) and the queue depth may be unknown (NaN, NULL in the tables); so may
 * the busiest server's CPU %. The other parts are 0 when unknown.
 */
export const NULLABLE_PARTS = 7;
export const isNullablePart = (i: number): boolean => i < NULLABLE_PARTS || i === QD || isTopPart(i);
/** The parts combined by taking the larger value (a peak composite), not by adding. */
export const isMaxPart = (i: number): boolean => i === CPU_PEAK;

/** Adds (or, for a peak part, takes the larger of) b into a; NaN is unknown on either side (unknown + x = x). */
export function combinePart(i: number, a: number, b: number): number {
  if (!isNullablePart(i)) return a + b;
  if (Number.isNaN(b)) return a;
  if (Number.isNaN(a)) return b;
  return isMaxPart(i) ? Math.max(a, b) : a + b;
}

/**
 * Adds the parts vector b into a: combinePart for every part, and the top two of the busiest server. The busiest
 * (CPU_PEAK, CPU_PEAK_HOST) is always exact. The runner-up is exact (with its host), none (fewer than two hosts know
 * their CPU), or — after hosts were taken out — not known, only bounded: no host (CPU_PEAK2_HOST NaN) with N_CPU ≥ 2,
 * and it is at most CPU_PEAK2 (or the busiest when NaN). The runner-up of the sum is the larger of the winning
 * side's runner-up and the other side's busiest; from a runner-up not known it is exact only when the other's
 * busiest reaches the bound.
 */
export function combineParts(a: Float64Array, b: Float64Array): void {
  const a1 = a[CPU_PEAK] ?? Number.NaN;
  const a1h = a[CPU_PEAK_HOST] ?? Number.NaN;
  const a2 = a[CPU_PEAK2] ?? Number.NaN;
  const a2h = a[CPU_PEAK2_HOST] ?? Number.NaN;
  const aUnknown = Number.isNaN(a2h) && (a[N_CPU] ?? 0) > 1.5;
  const b1 = b[CPU_PEAK] ?? Number.NaN;
  const b1h = b[CPU_PEAK_HOST] ?? Number.NaN;
  const b2 = b[CPU_PEAK2] ?? Number.NaN;
  const b2h = b[CPU_PEAK2_HOST] ?? Number.NaN;
  const bUnknown = Number.isNaN(b2h) && (b[N_CPU] ?? 0) > 1.5;
  for (let i = 0; i < PARTS; i++) if (!isTopPart(i)) a[i] = combinePart(i, a[i] ?? 0, b[i] ?? Number.NaN);
  const topA = Number.isNaN(b1) || (!Number.isNaN(a1) && a1 >= b1);
  // The winner's busiest and runner-up, the other side's busiest (no arrays: this runs per host and bucket).
  const w1 = topA ? a1 : b1;
  const w2 = topA ? a2 : b2;
  const w2h = topA ? a2h : b2h;
  const o1 = topA ? b1 : a1;
  const o1h = topA ? b1h : a1h;
  const otherFirst = (topA ? aUnknown : bUnknown)
    ? !Number.isNaN(o1) && o1 >= (Number.isNaN(w2) ? w1 : w2)
    : !(Number.isNaN(o1) || (!Number.isNaN(w2) && w2 >= o1));
  const second = otherFirst ? o1 : w2;
  const secondHost = otherFirst ? o1h : (topA ? aUnknown : bUnknown) ? Number.NaN : w2h;
  a[CPU_PEAK] = topA ? a1 : b1;
  a[CPU_PEAK_HOST] = topA ? a1h : b1h;
  a[CPU_PEAK2] = second;
  a[CPU_PEAK2_HOST] = secondHost;
}

/** A parts vector with nothing in it (the unknown parts NaN, the others 0). */
export function emptyParts(): Float64Array {
  const v = new Float64Array(PARTS);
  for (let i = 0; i < PARTS; i++) if (isNullablePart(i)) v[i] = Number.NaN;
  return v;
}

/** a + b over the sides that are known (NaN: unknown counts as no I/O), 0 when neither is. */
const knownSum = (a: number, b: number): number => (Number.isNaN(a) ? 0 : a) + (Number.isNaN(b) ? 0 : b);

/** A gap: consecutive samples further apart than this many nominal intervals. */
export const GAP_FACTOR = 1.5;

/** The grid bucket (its label kG) that the instant x (exclusive start, inclusive end) falls in. */
export const bucketOf = (x: number, grid: number): number => Math.ceil(x / grid) * grid;

/** The interval length of a sample at t after one at prev (null: none before), with nominal interval `nominal`. */
export function intervalOf(t: number, prev: number | null, nominal: number, stated?: number): number {
  if (stated !== undefined && stated > 0) return stated;
  if (prev === null) return nominal;
  const d = t - prev;
  return d > 0 && d <= GAP_FACTOR * nominal ? d : nominal;
}

// What is integrated over time per host, each over the time it is known: the first seven parts, latency·IOPS,
// latency, CPU %, then the IOPS with known latency and the read and write latency parts.
const INTEGRATED = 17;
const ACC_CPU = 9;
const ACC_LAT_IO = 10;
const ACC_RLAT_W = 11;
const ACC_R_IO = 12;
const ACC_WLAT_W = 13;
const ACC_W_IO = 14;
/** The time a sample of the bucket covers at all (the weight of the latency parts: unknown counts as 0 there). */
const ACC_ANY = 15;
/** The queue depth (time-weighted like IOPS, over the time it is known). */
const ACC_QD = 16;

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
  /** Per integrated quantity, the time it was known in the bucket being filled. */
  private readonly cov = new Float64Array(INTEGRATED);
  /** One sample's quantities (NaN: unknown). */
  private readonly value = new Float64Array(INTEGRATED);
  private readonly out = new Float64Array(PARTS);
  /** Samples that reached the bucket being filled; with one, its own values are handed over (no rounding). */
  private pieces = 0;
  private readonly last = new Float64Array(INTEGRATED);
  private bucket = Number.NaN;
  private prev: number | null = null;

  private readonly hostId: number;

  constructor(
    grid: number,
    nominal: number,
    cores: number,
    emit: (t: number, parts: Float64Array) => void,
    hostId = Number.NaN,
  ) {
    this.hostId = hostId;
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
    readLat = Number.NaN,
    writeLat = Number.NaN,
    stated?: number,
    queueDepth = Number.NaN,
  ): void {
    const d = intervalOf(t, this.prev, this.nominal, stated);
    this.prev = t;
    const v = this.value;
    v[RI] = ri;
    v[WI] = wi;
    v[RB] = rb;
    v[WB] = wb;
    v[MEM] = mem;
    v[RX] = rx;
    v[TX] = tx;
    v[LAT_SUM] = lat;
    v[ACC_CPU] = cpu;
    // The latency parts count unknown as 0 over all the covered time, so their ratios weigh only the known I/O.
    const rIo = Number.isNaN(readLat) || Number.isNaN(ri) ? 0 : ri;
    const wIo = Number.isNaN(writeLat) || Number.isNaN(wi) ? 0 : wi;
    v[ACC_R_IO] = rIo;
    v[ACC_RLAT_W] = rIo > 0 ? readLat * rIo : 0;
    v[ACC_W_IO] = wIo;
    v[ACC_WLAT_W] = wIo > 0 ? writeLat * wIo : 0;
    // Each direction's latency weighs by its own known IOPS: with read IOPS unknown (null) a known write latency
    // still counts by its writes (ri + wi was NaN there, and the host's latency got weight 0). Without read and
    // write latency apart (v1) the combined latency weighs by the IOPS that are known.
    const split = rIo + wIo > 0;
    const latIo = Number.isNaN(lat) ? 0 : split ? rIo + wIo : knownSum(ri, wi);
    v[ACC_LAT_IO] = latIo;
    v[LAT_W] = !(latIo > 0) ? 0 : split ? v[ACC_RLAT_W] + v[ACC_WLAT_W] : lat * latIo;
    v[ACC_ANY] = 1;
    v[ACC_QD] = queueDepth;
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
      const cov = this.cov;
      for (let i = 0; i < INTEGRATED; i++) {
        const x = v[i] ?? Number.NaN;
        if (Number.isNaN(x)) continue;
        acc[i] = (acc[i] ?? 0) + x * overlap;
        cov[i] = (cov[i] ?? 0) + overlap;
      }
      this.pieces += 1;
      this.last.set(v);
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
      s.readLatencyMs,
      s.writeLatencyMs,
      s.intervalS,
      s.queueDepth,
    );
  }

  /** Hands over the bucket being filled (call once after the last sample). */
  flush(): void {
    const cov = this.cov;
    if (!((cov[ACC_ANY] ?? 0) > 0)) return;
    const one = this.pieces === 1;
    const acc = this.acc;
    const last = this.last;
    const out = this.out;
    // A quantity's mean over the time it is known (NaN where it is known nowhere in the bucket).
    const avg = (i: number): number => {
      const c = cov[i] ?? 0;
      if (!(c > 0)) return Number.NaN;
      return one ? (last[i] ?? 0) : (acc[i] ?? 0) / c;
    };
    for (let i = RI; i <= TX; i++) out[i] = avg(i);
    const lat = avg(LAT_SUM);
    out[LAT_W] = avg(LAT_W);
    const latIo = avg(ACC_LAT_IO);
    out[LAT_IO] = latIo;
    out[N_IO] = latIo > 0 ? 1 : 0;
    out[LAT_SUM] = Number.isNaN(lat) ? 0 : lat;
    out[N_LAT] = Number.isNaN(lat) ? 0 : 1;
    const cpu = avg(ACC_CPU);
    out[CPU_W] = Number.isNaN(cpu) ? 0 : cpu * this.cores;
    out[CORES] = Number.isNaN(cpu) ? 0 : this.cores;
    out[HOSTS] = 1;
    out[RLAT_W] = avg(ACC_RLAT_W);
    out[R_IO] = avg(ACC_R_IO);
    out[WLAT_W] = avg(ACC_WLAT_W);
    out[W_IO] = avg(ACC_W_IO);
    out[QD] = avg(ACC_QD);
    // The counts: this host knew each summed value it hands over (subtracting it later leaves exact counts).
    for (let i = RI; i <= TX; i++) out[KNOWN + i] = Number.isNaN(out[i] ?? Number.NaN) ? 0 : 1;
    out[N_QD] = Number.isNaN(out[QD]) ? 0 : 1;
    out[N_RLAT] = out[R_IO] > 0 ? 1 : 0;
    out[N_WLAT] = out[W_IO] > 0 ? 1 : 0;
    // The host's own CPU % in the bucket: the candidate for the bucket's busiest server.
    out[CPU_PEAK] = cpu;
    out[CPU_PEAK_HOST] = Number.isNaN(cpu) ? Number.NaN : this.hostId;
    out[CPU_PEAK2] = Number.NaN;
    out[CPU_PEAK2_HOST] = Number.NaN;
    out[N_CPU] = Number.isNaN(cpu) ? 0 : 1;
    this.emit(this.bucket, out);
    acc.fill(0);
    cov.fill(0);
    this.pieces = 0;
  }
}

/** A whole host's samples (in time order) on the grid: bucket label → the host's parts. */
export function alignHost(
  samples: Iterable<RawSample>,
  grid: number,
  nominal: number,
  cores: number,
  hostId = Number.NaN,
): Map<number, Float64Array> {
  const out = new Map<number, Float64Array>();
  const aligner = new HostAligner(grid, nominal, cores, (t, parts) => out.set(t, parts.slice()), hostId);
  for (const s of samples) aligner.pushRow(s);
  aligner.flush();
  return out;
}

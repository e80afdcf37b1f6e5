// A collector sample reduced to what the series store keeps of it: one packed row of PACKED numbers — the host's
// index in the header, t, then its totals over its whole disks and NICs (read/write IOPS and bytes per second,
// latency, CPU %, memory, network rx/tx), read and write latency, and the sample's interval length. NaN stands for
// an unknown value (format v2's null): it is stored as unknown and never counts as 0. No database here: the parsing
// worker (parse-worker.ts) reduces in its own thread and hands the rows over as transferable buffers.
import {
  isSampleV2,
  type CollectorHeader,
  type CollectorSample,
  type CollectorSampleV1,
  type CollectorSampleV2,
} from '../collector-file/records.ts';

/** Numbers per packed row: host index, t, read_iops, write_iops, read_bps, write_bps, latency_ms, cpu_pct,
 * mem_bytes, rx_bps, tx_bps, read_latency_ms, write_latency_ms, interval_s, queue_depth (samples.ts
 * SAMPLE_FIELDS, in that order). t and interval_s are seconds, with milliseconds as fractions for format v2; interval_s is NaN
 * for v1 (the store takes the time since the host's previous sample, align.ts). queue_depth is the I/Os in flight
 * summed over the host's whole disks; then (format v3) cpu_mhz and mem_active, NaN before v3. */
export const PACKED = 17;

export type Packed = Float64Array;

/** A growable-once buffer of packed rows (fixed capacity: full means write it out). */
export class PackedSamples {
  rows: Packed;
  count = 0;
  readonly capacity: number;

  /** A buffer of capacity rows; `reuse` (of that size) is filled again instead of allocating one. */
  constructor(capacity: number, reuse?: Float64Array) {
    this.capacity = Math.max(1, capacity);
    this.rows = reuse?.length === this.capacity * PACKED ? reuse : new Float64Array(this.capacity * PACKED);
  }

  get full(): boolean {
    return this.count >= this.capacity;
  }
}

/** A v2 value: null (unknown) as NaN. */
const known = (v: number | null | undefined): number => (v === null || v === undefined ? Number.NaN : v);

/** Adds b to a sum that is NaN until its first known value (unknown + unknown stays unknown). */
export const addKnown = (a: number, b: number): number => (Number.isNaN(b) ? a : Number.isNaN(a) ? b : a + b);
const add = addKnown;

export class SampleReducer {
  private readonly index = new Map<string, number>();
  /** Per host index: the disks that are not whole disks (v2 layers partition, dm, md): left out of every total. */
  private readonly skip: Set<string>[] = [];

  constructor(header: CollectorHeader) {
    header.hosts.forEach((h, i) => {
      this.index.set(h.id, i);
      this.skip.push(new Set(h.disks.filter((d) => (d.layer ?? 'disk') !== 'disk').map((d) => d.id)));
    });
  }

  /** Appends the sample's packed row to out (which must not be full). */
  reduce(s: CollectorSample, out: PackedSamples): void {
    const host = this.index.get(s.host);
    if (host === undefined) throw new Error(`sample for unknown host ${s.host}`);
    const r = out.rows;
    const o = out.count * PACKED;
    r[o] = host;
    if (isSampleV2(s)) this.reduceV2(s, this.skip[host] ?? new Set(), r, o);
    else this.reduceV1(s, r, o);
    out.count += 1;
  }

  private reduceV1(s: CollectorSampleV1, r: Packed, o: number): void {
    let ri = 0;
    let wi = 0;
    let rb = 0;
    let wb = 0;
    let latW = 0;
    let latSum = 0;
    let latN = 0;
    let qd = 0;
    const disks = s.disks;
    for (const id in disks) {
      const d = disks[id];
      if (d === undefined) continue;
      qd += d.queueDepth;
      ri += d.readIops;
      wi += d.writeIops;
      rb += d.readBps;
      wb += d.writeBps;
      latW += d.latencyMs * (d.readIops + d.writeIops);
      latSum += d.latencyMs;
      latN += 1;
    }
    let rx = 0;
    let tx = 0;
    const net = s.net;
    for (const id in net) {
      const n = net[id];
      if (n === undefined) continue;
      rx += n.rxBps;
      tx += n.txBps;
    }
    const iops = ri + wi;
    // The host's latency: IOPS-weighted over its disks (a plain mean when no disk did any I/O).
    const latency = iops > 0 ? latW / iops : latN > 0 ? latSum / latN : Number.NaN;
    // No disk in the sample (a server without disks, or every disk left out as v1 leaves a reset one out): its I/O
    // is no data, never 0 IOPS at 0 ms.
    const io = latN > 0 ? 1 : Number.NaN;
    r[o + 1] = s.t;
    r[o + 2] = ri * io;
    r[o + 3] = wi * io;
    r[o + 4] = rb * io;
    r[o + 5] = wb * io;
    r[o + 6] = latency;
    r[o + 7] = s.cpuPct;
    r[o + 8] = s.memUsedBytes;
    r[o + 9] = rx;
    r[o + 10] = tx;
    // Version 1 has one latency for reads and writes together, and no interval length.
    r[o + 11] = Number.NaN;
    r[o + 12] = Number.NaN;
    r[o + 13] = Number.NaN;
    r[o + 14] = qd * io;
    r[o + 15] = Number.NaN;
    r[o + 16] = Number.NaN;
  }

  /**
   * A v2 sample: each total adds the whole disks (NICs) whose value is known, and is unknown (NaN) only when none
   * is; latency is IOPS-weighted over the reads and writes whose latency is known, unknown without any.
   */
  private reduceV2(s: CollectorSampleV2, skip: Set<string>, r: Packed, o: number): void {
    let ri = Number.NaN;
    let wi = Number.NaN;
    let rb = Number.NaN;
    let wb = Number.NaN;
    let rLatW = 0;
    let rLatN = 0;
    let wLatW = 0;
    let wLatN = 0;
    let qd = Number.NaN;
    const disks = s.disks;
    for (const id in disks) {
      const d = disks[id];
      if (d === undefined || skip.has(id)) continue;
      qd = add(qd, known(d.queueDepth));
      ri = add(ri, known(d.readIops));
      wi = add(wi, known(d.writeIops));
      rb = add(rb, known(d.readBps));
      wb = add(wb, known(d.writeBps));
      if (d.readLatencyMs !== null && d.readIops !== null && d.readIops > 0) {
        rLatW += d.readLatencyMs * d.readIops;
        rLatN += d.readIops;
      }
      if (d.writeLatencyMs !== null && d.writeIops !== null && d.writeIops > 0) {
        wLatW += d.writeLatencyMs * d.writeIops;
        wLatN += d.writeIops;
      }
    }
    let rx = Number.NaN;
    let tx = Number.NaN;
    const net = s.net;
    for (const id in net) {
      const n = net[id];
      if (n === undefined) continue;
      rx = add(rx, known(n.rxBps));
      tx = add(tx, known(n.txBps));
    }
    r[o + 1] = s.tMs / 1000;
    r[o + 2] = ri;
    r[o + 3] = wi;
    r[o + 4] = rb;
    r[o + 5] = wb;
    r[o + 6] = rLatN + wLatN > 0 ? (rLatW + wLatW) / (rLatN + wLatN) : Number.NaN;
    r[o + 7] = known(s.cpuPct);
    r[o + 8] = known(s.memUsedBytes);
    r[o + 9] = rx;
    r[o + 10] = tx;
    r[o + 11] = rLatN > 0 ? rLatW / rLatN : Number.NaN;
    r[o + 12] = wLatN > 0 ? wLatW / wLatN : Number.NaN;
    r[o + 13] = s.intervalMs / 1000;
    r[o + 14] = qd;
    // Format v3's CPU MHz and active memory (unknown before v3, or when the sample leaves them out).
    r[o + 15] = known(s.cpuMhz);
    r[o + 16] = known(s.memActiveBytes);
  }
}

// A collector sample reduced to what the series store keeps of it: one packed row of PACKED numbers — the host's
// index in the header, t, then its totals over its disks and NICs (read/write IOPS and bytes per second, latency,
// CPU %, memory, network rx/tx). No database here: the parsing worker (parse-worker.ts) reduces in its own thread
// and hands the rows over as transferable buffers.
import type { CollectorHeader, CollectorSample } from '../collector-file/records.ts';

/** Numbers per packed row: host index, t, read_iops, write_iops, read_bps, write_bps, latency_ms, cpu_pct,
 * mem_bytes, rx_bps, tx_bps (the series_samples columns after host_id and t). */
export const PACKED = 11;

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

export class SampleReducer {
  private readonly index = new Map<string, number>();

  constructor(header: CollectorHeader) {
    header.hosts.forEach((h, i) => this.index.set(h.id, i));
  }

  /** Appends the sample's packed row to out (which must not be full). */
  reduce(s: CollectorSample, out: PackedSamples): void {
    const host = this.index.get(s.host);
    if (host === undefined) throw new Error(`sample for unknown host ${s.host}`);
    let ri = 0;
    let wi = 0;
    let rb = 0;
    let wb = 0;
    let latW = 0;
    let latSum = 0;
    let latN = 0;
    const disks = s.disks;
    for (const id in disks) {
      const d = disks[id];
      if (d === undefined) continue;
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
    const latency = iops > 0 ? latW / iops : latN > 0 ? latSum / latN : 0;
    const r = out.rows;
    const o = out.count * PACKED;
    r[o] = host;
    r[o + 1] = s.t;
    r[o + 2] = ri;
    r[o + 3] = wi;
    r[o + 4] = rb;
    r[o + 5] = wb;
    r[o + 6] = latency;
    r[o + 7] = s.cpuPct;
    r[o + 8] = s.memUsedBytes;
    r[o + 9] = rx;
    r[o + 10] = tx;
    out.count += 1;
  }
}

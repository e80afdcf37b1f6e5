// Per-VM sizing bases precomputed at ingest (issue #41 item 4): the per-VM sizing reads every sample of every VM
// (about 1.7 s per million cold; a 1,000-VM week is 30 M), and its result depends on the basis and the period only. So
// when a run is stored, each of its VMs' basis figures for every basis are computed once over all its samples — by
// ownBasesAll (ownBases' figures for every basis at once), on the same rows read back — and kept with the VM's sample count and first
// and last t. The sizing takes them for a VM whose samples all lie in the period asked (the project's collection period
// always holds them); any other period, or a run stored before this table, reads the samples as before. The rows
// live in sizing_vm_bases (series/schema.ts), removed with their run's series (series/store.ts clearRunSeries).
import type { DatabaseSync } from 'node:sqlite';
import { hostSampleRows } from '../series/host-stats.ts';
import { nearestRank, select } from '../series/math.ts';
import { transaction } from '../store/db.ts';
import { wroteBytes } from '../store/write-turn.ts';
import {
  BASIS_PERCENTILE,
  SIZING_BASES,
  basesOfKnown,
  ownKnownValues,
  type OwnBases,
  type SizingBasis,
} from './arithmetic.ts';

export interface VmBasesRow {
  samples: number;
  /** null: no sample. */
  first: number | null;
  last: number | null;
  bases: Record<SizingBasis, OwnBases>;
}

const ALL_TIME = [-Number.MAX_VALUE, Number.MAX_VALUE] as const;
const FIGURES = ['cores', 'memoryGiB', 'iops', 'throughputMBps'] as const;
type Figure = (typeof FIGURES)[number];

/**
 * One figure of a VM in one run: how many of its values are known, and the largest of them, ascending. A VM that
 * several runs hold (a collection in parts) is sized over all its samples; a basis of them all is among the largest
 * tenth of them all (p90 at the lowest), so each run's largest values answer it without reading a sample
 * (mergedVmBases) when they reach far enough down, which mergedVmBases checks every time. Kept is a fifth of each
 * run's values: a run then keeps at least as many as the basis lies from the top of two runs' values of the same
 * length together, so a collection in two equal parts is always answered, whatever the load of each.
 */
export interface FigureTop {
  known: number;
  top: Float64Array;
}
export type VmTops = Record<Figure, FigureTop>;

/** The share of a run's known values of a figure kept from the top (FigureTop). */
export const TOP_SHARE = 0.2;

/** The largest TOP_SHARE of values (at least one, all when few), ascending. */
export function topOf(values: ArrayLike<number>): FigureTop {
  const n = values.length;
  const keep = Math.min(n, Math.ceil(n * TOP_SHARE) + 1);
  const all = Float64Array.from(values);
  // Quickselect leaves every value after index n - keep no smaller than it: those are the largest `keep`.
  if (keep < n) select(all, n - keep);
  return { known: n, top: all.slice(n - keep).sort() };
}

/** Tops as doubles: per figure its known count, its kept count, then the kept values. */
export function packTops(tops: VmTops): Uint8Array {
  const out = new Float64Array(FIGURES.reduce((a, f) => a + 2 + tops[f].top.length, 0));
  let at = 0;
  for (const f of FIGURES) {
    out[at] = tops[f].known;
    out[at + 1] = tops[f].top.length;
    out.set(tops[f].top, at + 2);
    at += 2 + tops[f].top.length;
  }
  return new Uint8Array(out.buffer);
}

export function unpackTops(blob: Uint8Array): VmTops {
  const v = new Float64Array(blob.buffer.slice(blob.byteOffset, blob.byteOffset + blob.byteLength));
  let at = 0;
  const entries = FIGURES.map((f): [Figure, FigureTop] => {
    const known = v[at] ?? 0;
    const kept = v[at + 1] ?? 0;
    const top = v.subarray(at + 2, at + 2 + kept);
    at += 2 + kept;
    return [f, { known, top }];
  });
  return Object.fromEntries(entries) as VmTops;
}

/**
 * The nearest-rank p-th percentile of all the runs' values together (math.ts percentile over their union), from each
 * run's top: null when none is known, undefined when the tops do not reach down to it. Exact: with v the value at the
 * percentile's place among the kept values taken together, every value a run did not keep is at most its smallest
 * kept one; when that is at most v for every run, no value left out lies above v, so v is also the union's.
 */
export function mergedPercentile(parts: readonly FigureTop[], p: number): number | null | undefined {
  const known = parts.reduce((a, part) => a + part.known, 0);
  if (known === 0) return null;
  const fromTop = known - nearestRank(p, known) + 1;
  const kept = new Float64Array(parts.reduce((a, part) => a + part.top.length, 0));
  let at = 0;
  for (const part of parts) {
    kept.set(part.top, at);
    at += part.top.length;
  }
  if (kept.length < fromTop) return undefined;
  const v = select(kept, kept.length - fromTop);
  for (const part of parts) if (part.top.length < part.known && (part.top[0] as number) > v) return undefined;
  return v;
}

/** The bases as 16 doubles, basis by basis (null as NaN: a basis figure is never NaN): bit for bit, -0 kept. */
export function packBases(bases: Record<SizingBasis, OwnBases>): Uint8Array {
  const out = new Float64Array(SIZING_BASES.length * FIGURES.length);
  SIZING_BASES.forEach((b, i) => {
    FIGURES.forEach((f, j) => {
      out[i * FIGURES.length + j] = bases[b][f] ?? Number.NaN;
    });
  });
  return new Uint8Array(out.buffer);
}

export function unpackBases(blob: Uint8Array): Record<SizingBasis, OwnBases> {
  const v = new Float64Array(blob.buffer.slice(blob.byteOffset, blob.byteOffset + blob.byteLength));
  const at = (k: number): number | null => {
    const x = v[k] ?? Number.NaN;
    return Number.isNaN(x) ? null : x;
  };
  return Object.fromEntries(
    SIZING_BASES.map((b, i) => [
      b,
      Object.fromEntries(FIGURES.map((f, j) => [f, at(i * FIGURES.length + j)])) as unknown as OwnBases,
    ]),
  ) as Record<SizingBasis, OwnBases>;
}

/** A VM's bases over all its samples, every basis, and its figures' tops (one read of its rows). */
export function computeVmBases(
  db: DatabaseSync,
  hostId: number,
  vcpus: number,
): VmBasesRow & { tops: VmTops } {
  const s = hostSampleRows(db, hostId, ...ALL_TIME);
  // Its first and last sample's times, from the samples just read (a query of its chunks' extent read them again).
  const first = s.t.length > 0 ? (s.t[0] as number) : null;
  const last = s.t.length > 0 ? (s.t[s.t.length - 1] as number) : null;
  const known = ownKnownValues(s, vcpus);
  return {
    samples: s.cpu.length,
    first,
    last,
    bases: basesOfKnown(known),
    tops: Object.fromEntries(FIGURES.map((f) => [f, topOf(known[f])])) as VmTops,
  };
}

const VMS_PER_TRANSACTION = 32;

/** Computes and keeps the bases of every VM of a stored run (replacing any kept before). */
export function precomputeRunVmBases(db: DatabaseSync, runId: number): number {
  const vms = db
    .prepare("SELECT id, cores FROM series_hosts WHERE run_id = ? AND entity = 'vm' ORDER BY id")
    .all(runId) as { id: number; cores: number }[];
  const insert = db.prepare(
    'INSERT OR REPLACE INTO sizing_vm_bases (host_id, run_id, samples, first_t, last_t, bases, tops) VALUES (?, ?, ?, ?, ?, ?, ?)',
  );
  transaction(db, () => {
    db.prepare('DELETE FROM sizing_vm_bases WHERE run_id = ?').run(runId);
  });
  // A few VMs a transaction: their tops (tens of kB each at a week of samples) are not all held at once, and the
  // server's own writes never wait long. Computed before the transaction (the samples read outside it): the write
  // lock is held for the inserts only, so another storing thread writes meanwhile.
  for (let i = 0; i < vms.length; i += VMS_PER_TRANSACTION) {
    const rows = vms.slice(i, i + VMS_PER_TRANSACTION).map((vm) => {
      const row = computeVmBases(db, vm.id, vm.cores);
      return { id: vm.id, row, bases: packBases(row.bases), tops: packTops(row.tops) };
    });
    transaction(db, () => {
      for (const { id, row, bases, tops } of rows) {
        insert.run(id, runId, row.samples, row.first, row.last, bases, tops);
        wroteBytes(db, bases.byteLength + tops.byteLength);
      }
    });
  }
  return vms.length;
}

/** A kept row with its VM's series row, its vCPUs then and whether its tops are kept (runs stored before had none). */
export interface KeptVmBases extends VmBasesRow {
  hostId: number;
  vcpus: number;
  hasTops: boolean;
}

/** The kept bases of a project's VMs (of its runs not deleted), by series_hosts id. */
export function keptVmBases(db: DatabaseSync, projectId: number): Map<number, KeptVmBases> {
  const rows = db
    .prepare(
      `SELECT b.host_id AS id, b.samples, b.first_t AS first, b.last_t AS last, b.bases, h.cores AS vcpus,
         b.tops IS NOT NULL AS hasTops
       FROM sizing_vm_bases b JOIN series_hosts h ON h.id = b.host_id AND h.run_id = b.run_id
       JOIN collector_runs r ON r.id = b.run_id
       WHERE r.project_id = ? AND r.deleted = 0 AND h.entity = 'vm'`,
    )
    .all(projectId) as {
    id: number;
    samples: number;
    first: number | null;
    last: number | null;
    bases: Uint8Array;
    vcpus: number;
    hasTops: number;
  }[];
  return new Map(
    rows.map((r) => [
      r.id,
      {
        hostId: r.id,
        vcpus: r.vcpus,
        hasTops: r.hasTops === 1,
        samples: r.samples,
        first: r.first,
        last: r.last,
        bases: unpackBases(r.bases),
      },
    ]),
  );
}

/**
 * A VM that several runs hold, sized over [from, to] from its runs' kept rows and tops without reading a sample: the
 * figures reading all its samples gives (hostSampleRows over its rows, then ownBases), or undefined when the kept
 * rows cannot answer — a run without one or without tops (stored before them), a run's samples not all in the
 * period, two runs' samples overlapping in time (the read keeps one sample per time), its vCPUs changed between runs
 * (its cores figure would differ) or the tops not reaching down to the basis. Each run's tops are read here, one VM
 * at a time (a week of samples keeps tens of kB of them per VM and run).
 */
export function mergedVmBases(
  db: DatabaseSync,
  rows: readonly (KeptVmBases | undefined)[],
  vcpus: number,
  basis: SizingBasis,
  from: number,
  to: number,
): { samples: number; bases: OwnBases } | undefined {
  const sampled: KeptVmBases[] = [];
  for (const row of rows) {
    if (row === undefined || keptFor(row, from, to) === undefined) return undefined;
    if (row.samples > 0) sampled.push(row);
  }
  if (sampled.some((r) => !r.hasTops || r.vcpus !== vcpus)) return undefined;
  sampled.sort((a, b) => (a.first ?? 0) - (b.first ?? 0));
  for (let i = 1; i < sampled.length; i++)
    if (!((sampled[i - 1]?.last ?? Infinity) < (sampled[i]?.first ?? -Infinity))) return undefined;
  const read = db.prepare('SELECT tops FROM sizing_vm_bases WHERE host_id = ?');
  const tops: VmTops[] = [];
  for (const r of sampled) {
    const blob = (read.get(r.hostId) as { tops: Uint8Array | null } | undefined)?.tops;
    if (!blob) return undefined;
    tops.push(unpackTops(blob));
  }
  const p = BASIS_PERCENTILE[basis];
  const bases: OwnBases = { cores: null, memoryGiB: null, iops: null, throughputMBps: null };
  for (const f of FIGURES) {
    const v = mergedPercentile(
      tops.map((t) => t[f]),
      p,
    );
    if (v === undefined) return undefined;
    bases[f] = v;
  }
  return { samples: sampled.reduce((a, r) => a + r.samples, 0), bases };
}

/** The kept row when it answers for [from, to]: no sample at all, or every sample inside the period. */
export function keptFor(row: VmBasesRow | undefined, from: number, to: number): VmBasesRow | undefined {
  if (row === undefined) return undefined;
  if (row.samples === 0) return row;
  return row.first !== null && row.last !== null && from <= row.first && row.last <= to ? row : undefined;
}

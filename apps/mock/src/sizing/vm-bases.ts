// Per-VM sizing bases precomputed at ingest (issue #41 item 4): the per-VM sizing reads every sample of every VM
// (about 1.7 s per million cold; a 1,000-VM week is 30 M), and its result depends on the basis and the period only. So
// when a run is stored, each of its VMs' basis figures for every basis are computed once over all its samples — by
// ownBasesAll (ownBases' figures for every basis at once), on the same rows read back — and kept with the VM's sample count and first
// and last t. The sizing takes them for a VM whose samples all lie in the period asked (the project's collection period
// always holds them); any other period, or a run stored before this table, reads the samples as before. The rows
// live in sizing_vm_bases (series/schema.ts), removed with their run's series (series/store.ts clearRunSeries).
import type { DatabaseSync } from 'node:sqlite';
import { hostSampleRows } from '../series/host-stats.ts';
import { sampleExtent } from '../series/samples.ts';
import { transaction } from '../store/db.ts';
import { SIZING_BASES, ownBasesAll, type OwnBases, type SizingBasis } from './arithmetic.ts';

export interface VmBasesRow {
  samples: number;
  /** null: no sample. */
  first: number | null;
  last: number | null;
  bases: Record<SizingBasis, OwnBases>;
}

const ALL_TIME = [-Number.MAX_VALUE, Number.MAX_VALUE] as const;
const FIGURES = ['cores', 'memoryGiB', 'iops', 'throughputMBps'] as const;

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

/** A VM's bases over all its samples, every basis (one read of its rows). */
export function computeVmBases(db: DatabaseSync, hostId: number, vcpus: number): VmBasesRow {
  const s = hostSampleRows(db, hostId, ...ALL_TIME);
  const { first, last } = sampleExtent(db, hostId);
  return {
    samples: s.cpu.length,
    first,
    last,
    bases: ownBasesAll(s, vcpus),
  };
}

/** Computes and keeps the bases of every VM of a stored run (replacing any kept before). */
export function precomputeRunVmBases(db: DatabaseSync, runId: number): number {
  const vms = db
    .prepare("SELECT id, cores FROM series_hosts WHERE run_id = ? AND entity = 'vm' ORDER BY id")
    .all(runId) as { id: number; cores: number }[];
  const rows = vms.map((vm) => ({ id: vm.id, row: computeVmBases(db, vm.id, vm.cores) }));
  const insert = db.prepare(
    'INSERT OR REPLACE INTO sizing_vm_bases (host_id, run_id, samples, first_t, last_t, bases) VALUES (?, ?, ?, ?, ?, ?)',
  );
  transaction(db, () => {
    db.prepare('DELETE FROM sizing_vm_bases WHERE run_id = ?').run(runId);
    for (const { id, row } of rows)
      insert.run(id, runId, row.samples, row.first, row.last, packBases(row.bases));
  });
  return rows.length;
}

/** The kept bases of a project's VMs (of its runs not deleted), by series_hosts id. */
export function keptVmBases(db: DatabaseSync, projectId: number): Map<number, VmBasesRow> {
  const rows = db
    .prepare(
      `SELECT b.host_id AS id, b.samples, b.first_t AS first, b.last_t AS last, b.bases
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
  }[];
  return new Map(
    rows.map((r) => [
      r.id,
      {
        samples: r.samples,
        first: r.first,
        last: r.last,
        bases: unpackBases(r.bases),
      },
    ]),
  );
}

/** The kept row when it answers for [from, to]: no sample at all, or every sample inside the period. */
export function keptFor(row: VmBasesRow | undefined, from: number, to: number): VmBasesRow | undefined {
  if (row === undefined) return undefined;
  if (row.samples === 0) return row;
  return row.first !== null && row.last !== null && from <= row.first && row.last <= to ? row : undefined;
}

// Per-VM right-sizing (vSphere, collector file format v3; docs/sizing.md "Per-VM right-sizing (vSphere)"): each
// powered-on VM with samples gets a server's arithmetic over its own samples (arithmetic.ts ownSizing, with its vCPUs as
// its cores); a VM powered off or suspended, or without a sample in the period, is sized by its allocation (its vCPUs
// and configured memory as they are, no factors; IOPS and throughput unknown) and marked so. Per cluster: its VMs'
// required figures added up and its VMs per recommended shape. Nothing here touches the project's totals or servers.
import type { DatabaseSync } from 'node:sqlite';
import { hostSampleRows } from '../series/host-stats.ts';
import { cachedRead } from '../series/cache.ts';
import { keptFor, keptVmBases, mergedVmBases } from './vm-bases.ts';
import {
  projectClusters,
  projectVms,
  shownCluster,
  shownClusterNames,
  shownVmName,
  type VmRow,
} from '../series/vms.ts';
import type { PowerState } from '../collector-file/records.ts';
import {
  BYTES_PER_GIB,
  DECIMALS,
  ceilTo,
  chooseShape,
  ownBases,
  roundTo,
  sizeOwn,
  shapeTotals,
  type OwnBases,
  type OwnSizing,
  type Shape,
  type SizingBasis,
  type SizingResource,
  type SizingSettings,
} from './arithmetic.ts';

/** How a VM was sized: over its own samples, or by its allocation (powered off or suspended, or no samples). */
export type VmSizedBy = 'samples' | 'allocation';

export interface SizingVm extends OwnSizing {
  vmId: string;
  name: string;
  clusterKey: string | null;
  cluster: string | null;
  host: string | null;
  powerState: PowerState;
  vcpus: number;
  memoryBytes: number;
  samples: number;
  sizedBy: VmSizedBy;
}

export interface SizingVmCluster {
  /** null: the VMs in no cluster. */
  clusterKey: string | null;
  name: string | null;
  vms: number;
  /** Of them, sized by their allocation. */
  vmsByAllocation: number;
  /** The VMs' required figures added up (the known ones; null when none is known). */
  cores: number | null;
  memoryGiB: number | null;
  iops: number | null;
  throughputMBps: number | null;
  shapeTotals: { shape: string | null; count: number }[];
}

export interface VmSizingResult {
  vms: SizingVm[];
  clusters: SizingVmCluster[];
  /** Every VM per recommended shape. */
  shapeTotals: { shape: string | null; count: number }[];
}

/** A VM sized by its allocation: its vCPUs and configured memory (GiB, rounded up to 0.1) as they are. */
export function allocationSizing(vcpus: number, memoryBytes: number, shapes: readonly Shape[]): OwnSizing {
  const memoryGiB = ceilTo(memoryBytes / BYTES_PER_GIB, DECIMALS.memory);
  return {
    cores: vcpus,
    memoryGiB,
    iops: null,
    throughputMBps: null,
    shape: chooseShape(shapes, { cores: vcpus, memoryGiB, iops: 0, throughputMBps: 0 })?.id ?? null,
  };
}

/** The sum of the known figures, rounded to the resource's precision (binary noise removed); null when none. */
function sumKnown(values: readonly (number | null)[], resource: SizingResource): number | null {
  const known = values.filter((v): v is number => v !== null);
  return known.length === 0
    ? null
    : roundTo(
        known.reduce((a, v) => a + v, 0),
        DECIMALS[resource],
      );
}

/**
 * Each VM of the project with its sample count and, when it is measured (powered on, with samples in [from, to]), its
 * basis figures; null bases: sized by its allocation. Reading every VM's samples is the costly part (a 1,000-VM estate
 * holds millions), and it depends on the basis only, not on headroom, growth or horizon: computed for every basis when
 * the run is stored (vm-bases.ts) and cached (series/cache.ts) by the project's runs, the basis and the period, so
 * moving the other settings does not read the samples again.
 */
function vmBases(
  db: DatabaseSync,
  projectId: number,
  basis: SizingBasis,
  from: number,
  to: number,
): { row: VmRow; samples: number; bases: OwnBases | null }[] {
  const runs = db
    .prepare('SELECT group_concat(id) AS ids FROM collector_runs WHERE project_id = ? AND deleted = 0')
    .get(projectId) as { ids: string | null };
  return cachedRead(
    db,
    `vm-sizing|${String(projectId)}|${runs.ids ?? ''}|${basis}|${String(from)}|${String(to)}`,
    () => {
      // Kept when the run was stored (vm-bases.ts): a VM whose samples all lie in [from, to] reads none of them.
      const kept = keptVmBases(db, projectId);
      return projectVms(db, projectId).map((row) => {
        // A VM that several runs hold (entities.ts) is sized over all its samples, as one file of them would be: its
        // runs' bases do not combine, their kept tops do (vm-bases.ts mergedVmBases), else its samples are read.
        const one = row.ids.length === 1 ? keptFor(kept.get(row.id), from, to) : undefined;
        const pre =
          row.ids.length === 1
            ? one && { samples: one.samples, bases: one.bases[basis] }
            : mergedVmBases(
                db,
                row.ids.map((id) => kept.get(id)),
                row.vcpus,
                basis,
                from,
                to,
              );
        if (pre !== undefined) {
          const measured = row.powerState === 'poweredOn' && pre.samples > 0;
          return { row, samples: pre.samples, bases: measured ? pre.bases : null };
        }
        const s = hostSampleRows(db, row.ids, from, to);
        const samples = s.cpu.length;
        const measured = row.powerState === 'poweredOn' && samples > 0;
        return { row, samples, bases: measured ? ownBases(s, row.vcpus, basis) : null };
      });
    },
  );
}

/**
 * The per-VM sizing of a project over [from, to] (the project's collection period), or null when the project has no
 * VM. `anonymous` masks VM names (`VM N`) and cluster names (`Cluster N`, in the clusters' order) as the viewer does;
 * `hostName` gives a host's name as the project shows it.
 */
export function projectVmSizing(
  db: DatabaseSync,
  projectId: number,
  settings: SizingSettings,
  shapes: readonly Shape[],
  from: number,
  to: number,
  anonymous = false,
  hostName: (nodeId: string, name: string) => string = (_, name) => name,
): VmSizingResult | null {
  const measuredVms = vmBases(db, projectId, settings.basis, from, to);
  if (measuredVms.length === 0) return null;
  const clusterName = shownClusterNames(projectClusters(db, projectId), anonymous);
  const vms = measuredVms.map(({ row: v, samples, bases }): SizingVm => {
    const sizedBy: VmSizedBy = bases === null ? 'allocation' : 'samples';
    const own =
      bases === null ? allocationSizing(v.vcpus, v.memoryBytes, shapes) : sizeOwn(bases, settings, shapes);
    return {
      vmId: v.nodeId,
      name: shownVmName(anonymous, v),
      clusterKey: v.clusterKey,
      cluster: shownCluster(clusterName, v),
      host: v.hostName === null ? null : hostName(v.hostNode ?? '', v.hostName),
      powerState: v.powerState,
      vcpus: v.vcpus,
      memoryBytes: v.memoryBytes,
      samples,
      sizedBy,
      ...own,
    };
  });
  const keys = [...new Set(vms.map((v) => v.clusterKey))].sort((a, b) =>
    a === null ? 1 : b === null ? -1 : 0,
  );
  const clusters = keys.map((key): SizingVmCluster => {
    const of = vms.filter((v) => v.clusterKey === key);
    return {
      clusterKey: key,
      name: of[0]?.cluster ?? null,
      vms: of.length,
      vmsByAllocation: of.filter((v) => v.sizedBy === 'allocation').length,
      cores: sumKnown(
        of.map((v) => v.cores),
        'cores',
      ),
      memoryGiB: sumKnown(
        of.map((v) => v.memoryGiB),
        'memory',
      ),
      iops: sumKnown(
        of.map((v) => v.iops),
        'iops',
      ),
      throughputMBps: sumKnown(
        of.map((v) => v.throughputMBps),
        'throughput',
      ),
      shapeTotals: shapeTotals(
        shapes,
        of.map((v) => v.shape),
      ),
    };
  });
  return {
    vms,
    clusters,
    shapeTotals: shapeTotals(
      shapes,
      vms.map((v) => v.shape),
    ),
  };
}

// The vSphere layers of the VMware workbook (collector file format v3; issue #41): a 'VMs' sheet (each VM's
// inventory, its own measured figures — series/vms.ts vmFigures, what getProjectVms answers — and its sizing —
// sizing/vms.ts, what getProjectSizing answers), a 'Clusters' sheet (inventory and the VMs' sizing summed) and a
// 'Datastores' sheet (capacity, free, used). Units are in the headers; a figure nobody knows is a word, never 0.
import type ExcelJS from 'exceljs';
import type { DatabaseSync } from 'node:sqlite';
import { extentOf } from '../series/repo.ts';
import {
  projectClusters,
  projectVmFigures,
  projectVms,
  shownCluster,
  shownClusterNames,
  shownDatacenter,
  shownVmName,
  vmFigures,
  type ClusterRow,
  type VmFigures,
} from '../series/vms.ts';
import type { PowerState } from '../collector-file/records.ts';
import type { SizingResult } from '../sizing/compute.ts';
import type { SizingVm, SizingVmCluster } from '../sizing/vms.ts';

export interface ReportVm {
  vmId: string;
  name: string;
  cluster: string | null;
  host: string | null;
  powerState: PowerState;
  guestOs: string;
  vcpus: number;
  memoryBytes: number;
  provisionedBytes: number;
  usedBytes: number | null;
  figures: VmFigures;
  sizing: SizingVm | null;
}

/** A cluster's inventory (projectClusters) under the name the project shows, with its VMs' sizing. */
export interface ReportVmCluster extends Omit<ClusterRow, 'clusterKey'> {
  sizing: SizingVmCluster | null;
}

export interface ReportDatastore {
  name: string;
  type: string;
  cluster: string | null;
  hosts: number;
  capacityBytes: number;
  freeBytes: number | null;
}

export interface ReportVmware {
  vms: ReportVm[];
  clusters: ReportVmCluster[];
  datastores: ReportDatastore[];
}

/** How a project shows a name (masked for an anonymized project). */
export type ShownName = (kind: 'server' | 'disk', nodeId: string | null, name: string) => string;

/**
 * The project's vSphere layers for the workbook, names as the project shows them (VM N, Cluster N, the hosts' and
 * datastores' masked names for an anonymized project), each VM with its sizing from `sizing` (null: none there).
 * Null when the project has no VM and no datastore (no v3 file).
 */
export function vmwareLayers(
  db: DatabaseSync,
  projectId: number,
  anonymous: boolean,
  shown: ShownName,
  sizing: SizingResult | null,
): ReportVmware | null {
  const rows = projectVms(db, projectId);
  const stores = db
    .prepare(
      `SELECT d.name, d.type, d.cluster_key AS clusterKey, d.cluster_name AS clusterName, d.hosts,
         d.capacity_bytes AS capacityBytes, d.free_bytes AS freeBytes, k.node_id AS nodeId
       FROM series_datastores d JOIN collector_runs r ON r.id = d.run_id
       LEFT JOIN series_disks k ON k.id = d.disk_id
       WHERE r.project_id = ? AND r.deleted = 0 ORDER BY d.name, d.id`,
    )
    .all(projectId) as unknown as {
    name: string;
    type: string;
    clusterKey: string | null;
    clusterName: string | null;
    hosts: string;
    capacityBytes: number;
    freeBytes: number | null;
    nodeId: string | null;
  }[];
  if (rows.length === 0 && stores.length === 0) return null;
  const clusters = projectClusters(db, projectId);
  const clusterName = shownClusterNames(clusters, anonymous);
  const datacenter = shownDatacenter(clusters, anonymous);
  // The VMs' figures over the project's period, as getProjectVms takes them by default.
  const extent = extentOf(db, projectId);
  const from = extent?.first ?? 0;
  const to = extent?.last ?? from;
  // The same figures getProjectVms answers for the period, from the viewer's cache.
  const figuresOf = projectVmFigures(db, projectId, rows, from, to);
  const sized = new Map((sizing?.vms?.vms ?? []).map((v) => [v.vmId, v]));
  const sizedClusters = new Map((sizing?.vms?.clusters ?? []).map((c) => [c.clusterKey, c]));
  return {
    vms: rows.map((v) => ({
      vmId: v.nodeId,
      name: shownVmName(anonymous, v),
      cluster: shownCluster(clusterName, v),
      host: v.hostName === null ? null : shown('server', v.hostNode, v.hostName),
      powerState: v.powerState,
      guestOs: v.guestOs,
      vcpus: v.vcpus,
      memoryBytes: v.memoryBytes,
      provisionedBytes: v.provisionedBytes,
      usedBytes: v.usedBytes,
      figures: figuresOf.get(v.id) ?? vmFigures(db, v.id, from, to),
      sizing: sized.get(v.nodeId) ?? null,
    })),
    clusters: clusters.map(({ clusterKey, ...c }) => ({
      ...c,
      name: clusterName.get(clusterKey) ?? c.name,
      datacenter: datacenter(c.datacenter),
      sizing: sizedClusters.get(clusterKey) ?? null,
    })),
    datastores: stores.map((d) => ({
      name: shown('disk', d.nodeId, d.name),
      type: d.type,
      cluster: shownCluster(clusterName, d),
      hosts: (JSON.parse(d.hosts) as unknown[]).length,
      capacityBytes: d.capacityBytes,
      freeBytes: d.freeBytes,
    })),
  };
}

const GIB = 2 ** 30;
/** Two decimals, as the other sheets' figures. */
const two = (v: number): number => Math.round(v * 100) / 100;
const gib = (bytes: number): number => two(bytes / GIB);
/** A measured figure, or the word for its absence. */
const measured = (v: number | null, divisor = 1, word = 'no samples'): number | string =>
  v === null ? word : two(v / divisor);

export const POWER_STATE_WORDS: Record<PowerState, string> = {
  poweredOn: 'Powered on',
  poweredOff: 'Powered off',
  suspended: 'Suspended',
};

/** The VMs, Clusters and Datastores sheets. */
export function vmwareSheets(wb: ExcelJS.Workbook, layers: ReportVmware): void {
  const vms = wb.addWorksheet('VMs');
  vms.columns = [
    { header: 'VM', key: 'name', width: 24 },
    { header: 'Cluster', key: 'cluster', width: 16 },
    { header: 'Host', key: 'host', width: 20 },
    { header: 'Power state', key: 'power', width: 12 },
    { header: 'Guest OS', key: 'guestOs', width: 30 },
    { header: 'vCPU', key: 'vcpus', width: 8 },
    { header: 'Memory (GiB)', key: 'memory', width: 12 },
    { header: 'Provisioned (GiB)', key: 'provisioned', width: 16 },
    { header: 'Used (GiB)', key: 'used', width: 12 },
    { header: 'Samples', key: 'samples', width: 10 },
    { header: 'CPU peak (%)', key: 'cpuPeak', width: 12 },
    { header: 'CPU p95 (%)', key: 'cpuP95', width: 12 },
    { header: 'IOPS peak', key: 'iopsPeak', width: 12 },
    { header: 'IOPS p95', key: 'iopsP95', width: 12 },
    { header: 'Throughput peak (MB/s)', key: 'throughputPeak', width: 20 },
    { header: 'Latency p95 (ms)', key: 'latencyP95', width: 16 },
    { header: 'Sized by', key: 'sizedBy', width: 12 },
    { header: 'Required cores', key: 'reqCores', width: 14 },
    { header: 'Required memory (GiB)', key: 'reqMemory', width: 20 },
    { header: 'Required IOPS', key: 'reqIops', width: 14 },
    { header: 'Required throughput (MB/s)', key: 'reqThroughput', width: 24 },
    { header: 'Recommended shape', key: 'shape', width: 18 },
  ];
  vms.getRow(1).font = { bold: true };
  for (const v of layers.vms) {
    const s = v.sizing;
    const f = v.figures;
    vms.addRow({
      name: v.name,
      cluster: v.cluster ?? 'none',
      host: v.host ?? 'unknown',
      power: POWER_STATE_WORDS[v.powerState],
      guestOs: v.guestOs,
      vcpus: v.vcpus,
      memory: gib(v.memoryBytes),
      provisioned: gib(v.provisionedBytes),
      used: v.usedBytes === null ? 'unknown' : gib(v.usedBytes),
      samples: f.samples,
      cpuPeak: measured(f.cpuPeak),
      cpuP95: measured(f.cpuP95),
      iopsPeak: measured(f.iopsPeak),
      iopsP95: measured(f.iopsP95),
      throughputPeak: measured(f.throughputPeak, 1e6),
      // Latency leaves out the intervals under LatencyMinIops IOPS: with samples but none that busy, it is unknown.
      latencyP95: measured(f.latencyP95, 1, f.samples === 0 ? 'no samples' : 'unknown'),
      sizedBy: s === null ? 'unknown' : s.sizedBy,
      reqCores: s?.cores ?? 'unknown',
      reqMemory: s?.memoryGiB ?? 'unknown',
      reqIops: s === null ? 'unknown' : (s.iops ?? (s.sizedBy === 'allocation' ? 'not measured' : 'unknown')),
      reqThroughput:
        s === null
          ? 'unknown'
          : (s.throughputMBps ?? (s.sizedBy === 'allocation' ? 'not measured' : 'unknown')),
      shape: s === null ? 'unknown' : (s.shape ?? 'none fits'),
    });
  }

  const clusters = wb.addWorksheet('Clusters');
  clusters.columns = [
    { header: 'Cluster', key: 'name', width: 18 },
    { header: 'Datacenter', key: 'datacenter', width: 14 },
    { header: 'Hosts', key: 'hosts', width: 8 },
    { header: 'VMs', key: 'vms', width: 8 },
    { header: 'VMs powered on', key: 'vmsPoweredOn', width: 14 },
    { header: 'Host cores', key: 'cores', width: 10 },
    { header: 'Host memory (GiB)', key: 'memory', width: 16 },
    { header: 'Datastore capacity (GiB)', key: 'capacity', width: 22 },
    { header: 'Datastore free (GiB)', key: 'free', width: 18 },
    { header: 'VMs sized by allocation', key: 'byAllocation', width: 20 },
    { header: 'VMs required cores', key: 'reqCores', width: 18 },
    { header: 'VMs required memory (GiB)', key: 'reqMemory', width: 22 },
    { header: 'VMs required IOPS', key: 'reqIops', width: 16 },
    { header: 'VMs required throughput (MB/s)', key: 'reqThroughput', width: 26 },
    { header: 'VMs per recommended shape', key: 'shapes', width: 40 },
  ];
  clusters.getRow(1).font = { bold: true };
  for (const c of layers.clusters) {
    const s = c.sizing;
    clusters.addRow({
      name: c.name,
      datacenter: c.datacenter ?? 'unknown',
      hosts: c.hosts,
      vms: c.vms,
      vmsPoweredOn: c.vmsPoweredOn,
      cores: c.cores,
      memory: gib(c.memoryBytes),
      capacity: gib(c.datastoreCapacityBytes),
      free: c.datastoreFreeBytes === null ? 'unknown' : gib(c.datastoreFreeBytes),
      byAllocation: s?.vmsByAllocation ?? 0,
      reqCores: s?.cores ?? 'unknown',
      reqMemory: s?.memoryGiB ?? 'unknown',
      reqIops: s?.iops ?? 'not measured',
      reqThroughput: s?.throughputMBps ?? 'not measured',
      shapes:
        s === null
          ? ''
          : s.shapeTotals.map((t) => `${t.shape ?? 'none fits'} × ${String(t.count)}`).join(', '),
    });
  }

  const stores = wb.addWorksheet('Datastores');
  stores.columns = [
    { header: 'Datastore', key: 'name', width: 22 },
    { header: 'Type', key: 'type', width: 8 },
    { header: 'Cluster', key: 'cluster', width: 16 },
    { header: 'Hosts', key: 'hosts', width: 8 },
    { header: 'Capacity (GiB)', key: 'capacity', width: 14 },
    { header: 'Free (GiB)', key: 'free', width: 12 },
    { header: 'Used (GiB)', key: 'used', width: 12 },
  ];
  stores.getRow(1).font = { bold: true };
  for (const d of layers.datastores)
    stores.addRow({
      name: d.name,
      type: d.type,
      cluster: d.cluster ?? 'not one cluster',
      hosts: d.hosts,
      capacity: gib(d.capacityBytes),
      free: d.freeBytes === null ? 'unknown' : gib(d.freeBytes),
      used: d.freeBytes === null ? 'unknown' : gib(Math.max(0, d.capacityBytes - d.freeBytes)),
    });
}

// The vSphere layers of the VMware workbook (collector file format v3; issue #41): a 'VMs' sheet (each VM's
// inventory, its own measured figures — series/vms.ts vmFigures, what getProjectVms answers — and its sizing —
// sizing/vms.ts, what getProjectSizing answers), a 'Clusters' sheet (inventory and the VMs' sizing summed) and a
// 'Datastores' sheet (capacity, free, used). Units are in the headers; a figure nobody knows is a word, never 0.
import type ExcelJS from 'exceljs';
import type PptxGenJS from 'pptxgenjs';
import type { DatabaseSync } from 'node:sqlite';
import { extentOf } from '../series/repo.ts';
import { entityNode, projectEntities } from '../series/entities.ts';
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
  // A datastore that several runs hold (entities.ts) once: its latest part's row, under its first node.
  const entities = projectEntities(db, projectId);
  const stores = db
    .prepare(
      `SELECT d.name, d.type, d.cluster_key AS clusterKey, d.cluster_name AS clusterName, d.hosts,
         d.capacity_bytes AS capacityBytes, d.free_bytes AS freeBytes, k.node_id AS nodeId
       FROM series_datastores d JOIN collector_runs r ON r.id = d.run_id
       LEFT JOIN series_disks k ON k.id = d.disk_id
       WHERE r.project_id = ? AND r.deleted = 0 AND d.id NOT IN (SELECT value FROM json_each(?))
       ORDER BY d.name, d.id`,
    )
    .all(projectId, JSON.stringify([...entities.datastoresSuperseded])) as unknown as {
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
      figures: figuresOf.get(v.id) ?? vmFigures(db, v.ids, from, to),
      sizing: sized.get(v.nodeId) ?? null,
    })),
    clusters: clusters.map(({ clusterKey, ...c }) => ({
      ...c,
      name: clusterName.get(clusterKey) ?? c.name,
      datacenter: datacenter(c.datacenter),
      sizing: sizedClusters.get(clusterKey) ?? null,
    })),
    datastores: stores.map((d) => ({
      name: shown('disk', d.nodeId === null ? null : entityNode(entities, d.nodeId), d.name),
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

/** The deck's VM slide title: the busiest VMs, by their own peak IOPS. */
export const VM_SLIDE_TITLE = 'Top virtual machines by peak IOPS';
export const CLUSTER_SLIDE_TITLE = 'vSphere clusters';
/** VMs on the VM slide, and clusters per clusters slide (a 9-point table fits 12 rows under the title). */
export const VM_SLIDE_ROWS = 12;

/** A deck figure: at most two decimals, with the thousands grouped (the deck's other tables write them so). */
const deckNumber = (v: number): string => v.toLocaleString('en-US', { maximumFractionDigits: 2 });
const deckMeasured = (v: number | null, word = 'no samples'): string => (v === null ? word : deckNumber(v));

/**
 * The VMs the deck shows: by their own peak IOPS, highest first (a VM without samples — powered off — last), then by
 * name; at most VM_SLIDE_ROWS.
 */
export function topVmsByIops(vms: readonly ReportVm[]): ReportVm[] {
  return [...vms]
    .sort(
      (a, b) => (b.figures.iopsPeak ?? -1) - (a.figures.iopsPeak ?? -1) || a.name.localeCompare(b.name, 'en'),
    )
    .slice(0, VM_SLIDE_ROWS);
}

const TABLE = {
  x: 0.3,
  y: 1.2,
  w: 12.7,
  fontSize: 9,
  border: { type: 'solid' as const, pt: 1, color: '999999' },
};
const TITLE = { x: 0.5, y: 0.3, w: 12, h: 0.8, fontSize: 24, bold: true };

/**
 * The deck's vSphere slides (only for a project with VMs): the clusters (inventory, datastores, their VMs' sizing
 * summed) and the top VMs by peak IOPS with their own figures and sizing, a VM that is not powered on marked and
 * sized by its allocation. A VM's I/O is its host's: the note says none of it is added to the totals.
 */
export function vmwareSlides(pres: PptxGenJS, layers: ReportVmware): void {
  if (layers.vms.length === 0) return;
  const head = (texts: string[]) => texts.map((text) => ({ text, options: { bold: true } }));
  for (let start = 0; start < Math.max(1, layers.clusters.length); start += VM_SLIDE_ROWS) {
    const slide = pres.addSlide();
    slide.addText(CLUSTER_SLIDE_TITLE, TITLE);
    const rows = layers.clusters
      .slice(start, start + VM_SLIDE_ROWS)
      .map((c) =>
        [
          c.name,
          c.datacenter ?? 'unknown',
          String(c.hosts),
          `${String(c.vmsPoweredOn)} / ${String(c.vms)}`,
          String(c.cores),
          deckNumber(gib(c.memoryBytes)),
          deckNumber(gib(c.datastoreCapacityBytes)),
          c.datastoreFreeBytes === null ? 'unknown' : deckNumber(gib(c.datastoreFreeBytes)),
          c.sizing?.cores == null ? 'unknown' : deckNumber(c.sizing.cores),
          c.sizing?.memoryGiB == null ? 'unknown' : deckNumber(c.sizing.memoryGiB),
          String(c.sizing?.vmsByAllocation ?? 0),
        ].map((text) => ({ text })),
      );
    slide.addTable(
      [
        head([
          'Cluster',
          'Datacenter',
          'Hosts',
          'VMs on / all',
          'Host cores',
          'Host memory (GiB)',
          'Datastore capacity (GiB)',
          'Datastore free (GiB)',
          'VMs required cores',
          'VMs required memory (GiB)',
          'VMs sized by allocation',
        ]),
        ...rows,
      ],
      TABLE,
    );
  }
  const slide = pres.addSlide();
  slide.addText(VM_SLIDE_TITLE, TITLE);
  const rows = topVmsByIops(layers.vms).map((v) => {
    const s = v.sizing;
    const f = v.figures;
    // A VM that is not powered on is greyed and says so: its figures are words, its sizing its allocation.
    const options = v.powerState === 'poweredOn' ? {} : { color: '7F7F7F', italic: true };
    return [
      v.name,
      v.cluster ?? 'none',
      v.host ?? 'unknown',
      POWER_STATE_WORDS[v.powerState],
      String(v.vcpus),
      deckNumber(gib(v.memoryBytes)),
      deckMeasured(f.iopsPeak),
      deckMeasured(f.iopsP95),
      deckMeasured(f.cpuPeak),
      s === null ? 'unknown' : s.sizedBy,
      s?.cores == null ? 'unknown' : deckNumber(s.cores),
      s?.memoryGiB == null ? 'unknown' : deckNumber(s.memoryGiB),
      s === null ? 'unknown' : (s.shape ?? 'none fits'),
    ].map((text) => ({ text, options }));
  });
  slide.addTable(
    [
      head([
        'VM',
        'Cluster',
        'Host',
        'Power state',
        'vCPU',
        'Memory (GiB)',
        'IOPS peak',
        'IOPS p95',
        'CPU peak (%)',
        'Sized by',
        'Required cores',
        'Required memory (GiB)',
        'Recommended shape',
      ]),
      ...rows,
    ],
    TABLE,
  );
  const off = layers.vms.filter((v) => v.powerState !== 'poweredOn').length;
  slide.addText(
    `${String(Math.min(VM_SLIDE_ROWS, layers.vms.length))} of ${String(layers.vms.length)} VMs; ${String(off)} not powered on, sized by their allocation. A VM's I/O is part of its host's: none of these figures is added to the totals.`,
    { x: 0.5, y: 6.6, w: 12, h: 0.6, fontSize: 11 },
  );
}

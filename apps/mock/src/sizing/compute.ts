// A project's sizing: the totals from the aligned totals of its enabled servers and each server's own sizing and
// recommended shape, over the whole collection period. The handler (getProjectSizing) and the reports call this one
// function, so the viewer's panel and the Sizing sheet and slide carry the same numbers.
import type { DatabaseSync } from 'node:sqlite';
import { hostSampleRows } from '../series/host-stats.ts';
import { enabledHosts, extentOf, hostsByNode, querySummary, sizingColumns } from '../series/repo.ts';
import {
  BYTES_PER_GIB,
  BYTES_PER_MB,
  SIZING_RESOURCES,
  basisOf,
  growthFactor,
  headroomFactor,
  ownSizing,
  roundTo,
  shapeTotals,
  sizeFigure,
  type Shape,
  type SizingResource,
  type SizingSettings,
} from './arithmetic.ts';
import type { Catalogue } from './catalogue.ts';
import { projectVmSizing, type VmSizingResult } from './vms.ts';

export interface SizingTotal {
  resource: SizingResource;
  unit: (typeof SIZING_RESOURCES)[number]['unit'];
  basis: number | null;
  required: number | null;
}

export interface SizingServer {
  nodeId: string;
  name: string;
  sourceCores: number;
  cores: number | null;
  memoryGiB: number | null;
  iops: number | null;
  throughputMBps: number | null;
  /** The recommended shape's id (null: none big enough, or no samples). */
  shape: string | null;
}

export interface SizingResult {
  settings: SizingSettings;
  headroomFactor: number;
  /** To 6 decimals. */
  growthFactor: number;
  first: number | null;
  last: number | null;
  totals: SizingTotal[];
  servers: SizingServer[];
  shapes: Shape[];
  shapeTotals: { shape: string | null; count: number }[];
  catalogue: string;
  /** The per-VM sizing and its clusters (vSphere layers); null when the project has no VM. */
  vms: VmSizingResult | null;
}

const scaled = (a: Float64Array, divisor: number): Float64Array => a.map((v) => v / divisor);

/**
 * The sizing of a project's enabled servers for the settings, and of its VMs (sizing/vms.ts); `shownName` gives a
 * server's name as the project shows it (masked for an anonymized project), `anonymous` masks VM and cluster names.
 */
export function projectSizing(
  db: DatabaseSync,
  projectId: number,
  settings: SizingSettings,
  catalogue: Catalogue,
  shownName: (nodeId: string, name: string) => string = (_, name) => name,
  anonymous = false,
): SizingResult {
  const extent = extentOf(db, projectId);
  const from = extent?.first ?? 0;
  const to = extent?.last ?? -1;
  const raw: Record<SizingResource, number | null> = {
    iops: null,
    throughput: null,
    capacity: null,
    cores: null,
    memory: null,
  };
  if (extent) {
    const c = sizingColumns(db, projectId, from, to);
    raw.iops = basisOf(c.iops, settings.basis);
    raw.throughput = basisOf(scaled(c.throughput, BYTES_PER_MB), settings.basis);
    raw.cores = basisOf(c.coresUsed, settings.basis);
    raw.memory = basisOf(scaled(c.memory, BYTES_PER_GIB), settings.basis);
    // Capacity is what is stored, not a rate: the used space of the enabled servers and the shared cluster disks
    // (a disk whose used space the collector did not report counts with its whole capacity).
    const summary = querySummary(db, projectId, { from, to, top: 1, intervalS: extent.intervalS });
    raw.capacity =
      summary.capacity.length === 0
        ? null
        : summary.capacity.reduce((acc, d) => acc + (d.usedBytes ?? d.capacityBytes), 0) / BYTES_PER_GIB;
  }
  const totals = SIZING_RESOURCES.map(({ resource, unit }) => ({
    resource,
    unit,
    ...sizeFigure(raw[resource], resource, settings),
  }));
  const shapes = catalogue.shapes;
  // A server that several runs hold (a collection in parts) is sized once, over the samples of all its rows.
  const hosts = hostsByNode(enabledHosts(db, projectId)).sort(({ host: a }, { host: b }) =>
    a.name === b.name ? a.id - b.id : a.name < b.name ? -1 : 1,
  );
  const servers = hosts.map(({ host: h, ids }): SizingServer => ({
    nodeId: h.nodeId,
    name: shownName(h.nodeId, h.name),
    sourceCores: h.cores,
    ...ownSizing(hostSampleRows(db, ids, from, to), h.cores, settings, shapes),
  }));
  return {
    settings,
    headroomFactor: headroomFactor(settings),
    growthFactor: roundTo(growthFactor(settings), 6),
    first: extent?.first ?? null,
    last: extent?.last ?? null,
    totals,
    servers,
    shapes,
    shapeTotals: shapeTotals(
      shapes,
      servers.map((s) => s.shape),
    ),
    catalogue: catalogue.name,
    vms: projectVmSizing(db, projectId, settings, shapes, from, to, anonymous, shownName),
  };
}

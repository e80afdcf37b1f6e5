// A project's sizing: the totals from the aligned totals of its enabled servers and each server's own sizing and
// recommended shape, over the whole collection period. The handler (getProjectSizing) and the reports call this one
// function, so the viewer's panel and the Sizing sheet and slide carry the same numbers.
import type { DatabaseSync } from 'node:sqlite';
import { hostSampleRows } from '../series/host-stats.ts';
import { enabledHosts, extentOf, querySummary, sizingColumns } from '../series/repo.ts';
import {
  BYTES_PER_GIB,
  BYTES_PER_MB,
  SIZING_RESOURCES,
  basisOf,
  chooseShape,
  growthFactor,
  headroomFactor,
  roundTo,
  shapeTotals,
  sizeFigure,
  type Shape,
  type SizingResource,
  type SizingSettings,
} from './arithmetic.ts';
import type { Catalogue } from './catalogue.ts';

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
}

const scaled = (a: Float64Array, divisor: number): Float64Array => a.map((v) => v / divisor);
const sumOf = (a: Float64Array, b: Float64Array): Float64Array => a.map((v, i) => v + (b[i] ?? 0));

/**
 * The sizing of a project's enabled servers for the settings; `shownName` gives a server's name as the project
 * shows it (masked for an anonymized project).
 */
export function projectSizing(
  db: DatabaseSync,
  projectId: number,
  settings: SizingSettings,
  catalogue: Catalogue,
  shownName: (nodeId: string, name: string) => string = (_, name) => name,
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
  const hosts = enabledHosts(db, projectId).sort((a, b) =>
    a.name === b.name ? a.id - b.id : a.name < b.name ? -1 : 1,
  );
  const servers = hosts.map((h): SizingServer => {
    const s = hostSampleRows(db, h.id, from, to);
    const required = (values: Float64Array, resource: SizingResource): number | null =>
      sizeFigure(basisOf(values, settings.basis), resource, settings).required;
    const cores = required(
      s.cpu.map((pct) => (pct * h.cores) / 100),
      'cores',
    );
    const memoryGiB = required(scaled(s.memory, BYTES_PER_GIB), 'memory');
    const iops = required(sumOf(s.readIops, s.writeIops), 'iops');
    const throughputMBps = required(scaled(sumOf(s.readBps, s.writeBps), BYTES_PER_MB), 'throughput');
    const shape =
      cores === null || memoryGiB === null || iops === null || throughputMBps === null
        ? null
        : (chooseShape(shapes, { cores, memoryGiB, iops, throughputMBps })?.id ?? null);
    return {
      nodeId: h.nodeId,
      name: shownName(h.nodeId, h.name),
      sourceCores: h.cores,
      cores,
      memoryGiB,
      iops,
      throughputMBps,
      shape,
    };
  });
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
  };
}

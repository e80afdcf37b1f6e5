// The VM layer of a project (collector file format v3, vSphere layers): every VM with its allocation and its own
// figures over a period, and the project's clusters. A VM's I/O is part of its host's, so nothing here is read from or
// added into the project's totals (repo.ts leaves VMs out of every total): each VM's figures are taken over its own
// samples (vSphere's realtime intervals, one grid bucket each), the clusters' figures from the inventory.
import type { DatabaseSync } from 'node:sqlite';
import { cachedRead } from './cache.ts';
import { addColumns, figures } from './math.ts';
import { LATENCY_MIN_IOPS, busyIntervals } from './repo.ts';
import { entityNode, entityRows, entitySamples, projectEntities } from './entities.ts';
import type { PowerState } from '../collector-file/records.ts';

export interface VmRow {
  /** Its latest part's row (entities.ts), whose inventory facts these are. */
  id: number;
  /** Every row of the VM: one per run that holds it (a collection in parts, a file uploaded twice). */
  ids: readonly number[];
  nodeId: string;
  name: string;
  clusterKey: string | null;
  clusterName: string | null;
  /** The host it runs on: its name and node (srv-N or host-N), null when that host is not in the file. */
  hostName: string | null;
  hostNode: string | null;
  powerState: PowerState;
  guestOs: string;
  vcpus: number;
  memoryBytes: number;
  provisionedBytes: number;
  usedBytes: number | null;
}

export interface VmFigures {
  samples: number;
  cpuPeak: number | null;
  cpuP95: number | null;
  cpuMhzPeak: number | null;
  memoryConsumedPeak: number | null;
  memoryActivePeak: number | null;
  iopsPeak: number | null;
  iopsP95: number | null;
  throughputPeak: number | null;
  latencyP95: number | null;
}

export interface ClusterRow {
  clusterKey: string;
  name: string;
  datacenter: string | null;
  hosts: number;
  vms: number;
  vmsPoweredOn: number;
  cores: number;
  memoryBytes: number;
  datastoreCapacityBytes: number;
  datastoreFreeBytes: number | null;
}

/** A VM's name as a project shows it: "VM N" (N of its vm-N id) in an anonymized project. */
export function shownVmName(anonymous: boolean, vm: Pick<VmRow, 'nodeId' | 'name'>): string {
  return anonymous ? `VM ${vm.nodeId.replace(/^[a-z]+-/, '')}` : vm.name;
}

/**
 * The clusters' names as a project shows them, by cluster key: "Cluster 1", "Cluster 2", … in projectClusters' order
 * in an anonymized project. The viewer's VM list, the sizing and the workbook all name clusters by it.
 */
export function shownClusterNames(clusters: readonly ClusterRow[], anonymous: boolean): Map<string, string> {
  return new Map(clusters.map((c, i) => [c.clusterKey, anonymous ? `Cluster ${String(i + 1)}` : c.name]));
}

/**
 * A cluster's datacenter as the project shows it: "Datacenter 1", "Datacenter 2", … in the order projectClusters first
 * names them in an anonymized project; null when not known. The viewer's clusters and the workbook name them by it.
 */
export function shownDatacenter(
  clusters: readonly ClusterRow[],
  anonymous: boolean,
): (name: string | null) => string | null {
  const order = [...new Set(clusters.flatMap((c) => (c.datacenter === null ? [] : [c.datacenter])))];
  return (name) => (name === null || !anonymous ? name : `Datacenter ${String(order.indexOf(name) + 1)}`);
}

/** The cluster of a VM (or datastore) as the project shows it; null when it is in no cluster. */
export function shownCluster(
  names: ReadonlyMap<string, string>,
  row: { clusterKey: string | null; clusterName: string | null },
): string | null {
  return row.clusterKey === null ? null : (names.get(row.clusterKey) ?? row.clusterName);
}

/**
 * The project's VMs (of its runs not deleted), by cluster and name: a VM that several runs hold once (entities.ts),
 * with its latest part's inventory under its first row's node id.
 */
export function projectVms(db: DatabaseSync, projectId: number): VmRow[] {
  const entities = projectEntities(db, projectId);
  const rows = db
    .prepare(
      `SELECT v.id, v.node_id AS nodeId, v.name, v.cluster_key AS clusterKey, v.cluster_name AS clusterName,
         h.name AS hostName, h.node_id AS hostNode, v.power_state AS powerState, v.os AS guestOs, v.cores AS vcpus,
         v.memory_bytes AS memoryBytes, COALESCE(v.provisioned_bytes, 0) AS provisionedBytes, v.used_bytes AS usedBytes
       FROM series_hosts v JOIN collector_runs r ON r.id = v.run_id
       LEFT JOIN series_hosts h ON h.run_id = v.run_id AND h.host_key = v.runs_on AND h.entity = 'host'
       WHERE r.project_id = ? AND r.deleted = 0 AND v.entity = 'vm'
       ORDER BY v.cluster_name IS NULL, v.cluster_name, v.name, v.id`,
    )
    .all(projectId) as unknown as Omit<VmRow, 'ids'>[];
  return rows
    .filter((v) => !entities.superseded.has(v.id))
    .map((v) => ({
      ...v,
      ids: entityRows(entities, v.id),
      nodeId: entityNode(entities, v.nodeId),
      hostNode: v.hostNode === null ? null : entityNode(entities, v.hostNode),
    }));
}

const orNull = (v: number | undefined): number | null => (v === undefined ? null : v);

/**
 * A VM's figures over its samples with t in [from, to]: peaks and nearest-rank 95th percentiles (math.ts figures,
 * unknown values skipped); latency's over the samples with at least LATENCY_MIN_IOPS IOPS only.
 */
export function vmFigures(
  db: DatabaseSync,
  vmId: number | readonly number[],
  from: number,
  to: number,
): VmFigures {
  const { length, columns: c } = entitySamples(
    db,
    vmId,
    [
      'read_iops',
      'write_iops',
      'read_bps',
      'write_bps',
      'latency_ms',
      'cpu_pct',
      'cpu_mhz',
      'mem_bytes',
      'mem_active',
    ],
    from,
    to,
  );
  const iops = addColumns(c.read_iops, c.write_iops);
  const throughput = addColumns(c.read_bps, c.write_bps);
  const [latency, cpu, mhz, mem, active] = [c.latency_ms, c.cpu_pct, c.cpu_mhz, c.mem_bytes, c.mem_active];
  const f = (values: Float64Array | undefined) => (values ? figures(values) : null);
  const ofIops = f(iops);
  const ofCpu = f(cpu);
  return {
    samples: length,
    cpuPeak: orNull(ofCpu?.peak),
    cpuP95: orNull(ofCpu?.p95),
    cpuMhzPeak: orNull(f(mhz)?.peak),
    memoryConsumedPeak: orNull(f(mem)?.peak),
    memoryActivePeak: orNull(f(active)?.peak),
    iopsPeak: orNull(ofIops?.peak),
    iopsP95: orNull(ofIops?.p95),
    throughputPeak: orNull(f(throughput)?.peak),
    latencyP95: orNull(f(busyIntervals(latency, iops))?.p95),
  };
}

/**
 * Every VM's figures of the project over [from, to], by VM id: read from the samples once per view and kept in the
 * viewer's cache (cache.ts: dropped when any series or node changes), keyed by the project's runs and the period.
 */
export function projectVmFigures(
  db: DatabaseSync,
  projectId: number,
  vms: readonly VmRow[],
  from: number,
  to: number,
): Map<number, VmFigures> {
  const runs = (
    db
      .prepare('SELECT id FROM collector_runs WHERE project_id = ? AND deleted = 0 ORDER BY id')
      .all(projectId) as {
      id: number;
    }[]
  ).map((r) => r.id);
  const key = `vms|${String(projectId)}|${runs.join(',')}|${vms.map((v) => v.id).join(',')}|${String(from)}|${String(to)}`;
  return cachedRead(db, key, () => new Map(vms.map((v) => [v.id, vmFigures(db, v.ids, from, to)])));
}

/**
 * The project's clusters (of the v3 files of its runs): hosts, VMs, the hosts' cores and memory, their datastores —
 * each host, VM and datastore once however many runs hold it (entities.ts), as its latest part has it.
 */
export function projectClusters(db: DatabaseSync, projectId: number): ClusterRow[] {
  const entities = projectEntities(db, projectId);
  const clusters = db
    .prepare(
      `SELECT h.cluster_key AS clusterKey, MIN(h.cluster_name) AS name, MIN(h.datacenter_name) AS datacenter,
         SUM(h.entity = 'host') AS hosts, SUM(h.entity = 'vm') AS vms,
         SUM(h.entity = 'vm' AND h.power_state = 'poweredOn') AS vmsPoweredOn,
         COALESCE(SUM(CASE WHEN h.entity = 'host' THEN h.cores END), 0) AS cores,
         COALESCE(SUM(CASE WHEN h.entity = 'host' THEN h.memory_bytes END), 0) AS memoryBytes
       FROM series_hosts h JOIN collector_runs r ON r.id = h.run_id
       WHERE r.project_id = ? AND r.deleted = 0 AND h.cluster_key IS NOT NULL AND h.entity IN ('host', 'vm')
         AND h.id NOT IN (SELECT value FROM json_each(?))
       GROUP BY h.cluster_key ORDER BY MIN(h.cluster_name), h.cluster_key`,
    )
    .all(projectId, JSON.stringify([...entities.superseded])) as unknown as Omit<
    ClusterRow,
    'datastoreCapacityBytes' | 'datastoreFreeBytes'
  >[];
  // A datastore belongs to a cluster when every host mounting it is in that cluster (store.ts writeDatastores).
  const stores = db
    .prepare(
      `SELECT d.cluster_key AS clusterKey, SUM(d.capacity_bytes) AS capacity,
         CASE WHEN COUNT(d.free_bytes) = COUNT(*) THEN SUM(d.free_bytes) END AS free
       FROM series_datastores d JOIN collector_runs r ON r.id = d.run_id
       WHERE r.project_id = ? AND r.deleted = 0 AND d.cluster_key IS NOT NULL
         AND d.id NOT IN (SELECT value FROM json_each(?)) GROUP BY d.cluster_key`,
    )
    .all(projectId, JSON.stringify([...entities.datastoresSuperseded])) as {
    clusterKey: string;
    capacity: number;
    free: number | null;
  }[];
  const byCluster = new Map(stores.map((s) => [s.clusterKey, s]));
  return clusters.map((c) => {
    const s = byCluster.get(c.clusterKey);
    return {
      ...c,
      datastoreCapacityBytes: s?.capacity ?? 0,
      datastoreFreeBytes: s === undefined ? 0 : s.free,
    };
  });
}

export interface DatastoreRow {
  dsKey: string;
  name: string;
  type: string;
  clusterKey: string | null;
  clusterName: string | null;
  capacityBytes: number;
  freeBytes: number | null;
  /** Its viewer node (the capacity row's), for the masked name of an anonymized project. */
  nodeId: string | null;
  /** The hosts that mount it, by name: each its name, node and cluster (null: a host the file does not list). */
  hosts: { name: string; nodeId: string | null; clusterKey: string | null }[];
}

/**
 * The project's datastores (of its runs not deleted), each once, by name, with the hosts that mount it: one that several
 * runs hold (entities.ts) as its latest part has it, under its first node.
 */
export function projectDatastores(db: DatabaseSync, projectId: number): DatastoreRow[] {
  const entities = projectEntities(db, projectId);
  const rows = db
    .prepare(
      `SELECT d.run_id AS runId, d.ds_key AS dsKey, d.name, d.type, d.cluster_key AS clusterKey,
         d.cluster_name AS clusterName, d.capacity_bytes AS capacityBytes, d.free_bytes AS freeBytes,
         k.node_id AS nodeId, d.hosts AS mounts
       FROM series_datastores d JOIN collector_runs r ON r.id = d.run_id
       LEFT JOIN series_disks k ON k.id = d.disk_id
       WHERE r.project_id = ? AND r.deleted = 0 AND d.id NOT IN (SELECT value FROM json_each(?))
       ORDER BY d.name, d.id`,
    )
    .all(projectId, JSON.stringify([...entities.datastoresSuperseded])) as unknown as (Omit<
    DatastoreRow,
    'hosts'
  > & { runId: number; mounts: string })[];
  const host = db.prepare(
    `SELECT name, node_id AS nodeId, cluster_key AS clusterKey FROM series_hosts
     WHERE run_id = ? AND host_key = ? AND entity <> 'vm'`,
  );
  const mounted = (runId: number, key: string): DatastoreRow['hosts'][number] => {
    const h = host.get(runId, key) as DatastoreRow['hosts'][number] | undefined;
    if (h === undefined) return { name: key, nodeId: null, clusterKey: null };
    return { ...h, nodeId: h.nodeId === null ? null : entityNode(entities, h.nodeId) };
  };
  return rows.map(({ runId, mounts, ...d }) => ({
    ...d,
    nodeId: d.nodeId === null ? null : entityNode(entities, d.nodeId),
    hosts: (JSON.parse(mounts) as string[])
      .map((key) => mounted(runId, key))
      .sort((a, b) => a.name.localeCompare(b.name, 'en')),
  }));
}

export { LATENCY_MIN_IOPS };

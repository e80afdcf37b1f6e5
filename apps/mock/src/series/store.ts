// Writing collector records into the series store: the header's inventory into series_hosts / series_disks, every
// sample's per-host totals into the host's sample chunks (samples.ts) — and, in the same pass, everything the viewer reads later:
// each host's first/last time and peak IOPS, its hourly roll-up (series_host_hours) and the run's sums over all its
// hosts per bucket of the run's time grid (series_run_totals; each host resampled onto the grid first, align.ts).
// Nothing is re-queried from the samples after the file is stored.
//
// Memory is bounded whatever the file's size: samples are reduced to packed rows (reduce.ts) as they arrive and
// written a batch per transaction, each host's into its open chunk (samples.ts: one chunk of buffer per host); the run sums are kept for at most TOTALS_WINDOW buckets before they
// are added into the table (an upsert that adds, so any record order is right).
import type { DatabaseSync, StatementSync } from 'node:sqlite';
import type { CollectorHeader, CollectorRecord } from '../collector-file/records.ts';
import { PACKED, PackedSamples, SampleReducer, type Packed } from './reduce.ts';
import { seriesChanged } from './cache.ts';
import { entityKey } from './entities.ts';
import { TOTAL_PARTS } from './schema.ts';
import { SampleWriter, deleteRunSamples, type OpenChunk } from './samples.ts';
import {
  GAP_FACTOR,
  HostAligner,
  combineParts,
  emptyParts,
  isNullablePart,
  isTopPart,
  knownPart,
} from './align.ts';
import { transaction } from '../store/db.ts';
import { takesWriteTurns, yieldWriteTurn } from '../store/write-turn.ts';

export interface StoreResult {
  hosts: number;
  samples: number;
}

/** Page cache (KiB) and WAL auto-checkpoint (pages) while a file is stored. */
const INGEST_CACHE_KIB = 32 * 1024;
const INGEST_CHECKPOINT_PAGES = 8192;

/**
 * The top two of the busiest server (align.ts combineParts) in SQL: the row's (cpu_peak, host) and the added row's;
 * the runner-up the larger of the winner's runner-up and the other's top — from a runner-up not known (no host, with
 * n_cpu ≥ 2; cpu_peak2 its bound, or cpu_peak) exact only when the other's top reaches the bound. An added row without
 * a peak (a host subtracted) leaves the row's alone.
 */
const TOP_A = '(excluded.cpu_peak IS NULL OR (cpu_peak IS NOT NULL AND cpu_peak >= excluded.cpu_peak))';
const runnerUp = (own: string, other: string, pick: 'value' | 'host'): string => {
  const [w1, w2, o1] = [`${own}cpu_peak`, `${own}cpu_peak2`, `${other}cpu_peak`];
  const [w2v, o1v] = pick === 'value' ? [w2, o1] : [`${own}cpu_peak2_host`, `${other}cpu_peak_host`];
  return `CASE WHEN ${own}cpu_peak2_host IS NULL AND ${own}n_cpu > 1.5 THEN
      CASE WHEN ${o1} IS NOT NULL AND ${o1} >= COALESCE(${w2}, ${w1}) THEN ${o1v} ELSE ${pick === 'value' ? w2 : 'NULL'} END
    WHEN ${o1} IS NULL OR (${w2} IS NOT NULL AND ${w2} >= ${o1}) THEN ${w2v} ELSE ${o1v} END`;
};
const TOP_SQL: Record<string, string> = {
  cpu_peak: `CASE WHEN ${TOP_A} THEN cpu_peak ELSE excluded.cpu_peak END`,
  cpu_peak_host: `CASE WHEN ${TOP_A} THEN cpu_peak_host ELSE excluded.cpu_peak_host END`,
  cpu_peak2: `CASE WHEN ${TOP_A} THEN ${runnerUp('', 'excluded.', 'value')} ELSE ${runnerUp('excluded.', '', 'value')} END`,
  cpu_peak2_host: `CASE WHEN ${TOP_A} THEN ${runnerUp('', 'excluded.', 'host')} ELSE ${runnerUp('excluded.', '', 'host')} END`,
};

/**
 * The upsert that adds one run's (or host's) parts into a row: the summed metrics may be NULL (unknown) on either
 * side, and a known value plus an unknown one is the known value; a peak part (the busiest server's CPU %) keeps the
 * larger of the two (align.ts combinePart); a sum whose count of hosts that knew it is 0 is NULL.
 */
const addPartsSql = (top: boolean): string =>
  TOTAL_PARTS.flatMap((c, i) => {
    if (isTopPart(i)) return top ? [`${c} = ${TOP_SQL[c] ?? ''}`] : [];
    if (!isNullablePart(i)) return [`${c} = ${c} + excluded.${c}`];
    // A sum is unknown (NULL) once no host that knew it is left (a host subtracted: its count is negative).
    const n = TOTAL_PARTS[knownPart(i)] ?? '';
    return [
      `${c} = CASE WHEN ${n} + excluded.${n} > 0.5 THEN COALESCE(${c} + excluded.${c}, ${c}, excluded.${c}) END`,
    ];
  }).join(', ');
export const ADD_PARTS_SQL = addPartsSql(true);
/** The same for a host subtracted: the top two are left alone (repo.ts removePeaks moves them). */
export const SUBTRACT_PARTS_SQL = addPartsSql(false);

/** Sample times whose run sums are kept in memory before they are added into series_run_totals. */
export const TOTALS_WINDOW = 4096;

/** Removes a run's series (hosts, disks, samples, roll-ups) and marks the aggregates of its project stale. */
export function clearRunSeries(db: DatabaseSync, runId: number): void {
  seriesChanged();
  deleteRunSamples(db, runId);
  db.prepare(
    'DELETE FROM series_host_hours WHERE host_id IN (SELECT id FROM series_hosts WHERE run_id = ?)',
  ).run(runId);
  db.prepare('DELETE FROM series_run_totals WHERE run_id = ?').run(runId);
  db.prepare('DELETE FROM sizing_vm_bases WHERE run_id = ?').run(runId);
  db.prepare('DELETE FROM series_hosts WHERE run_id = ?').run(runId);
  db.prepare('DELETE FROM series_disks WHERE run_id = ?').run(runId);
  db.prepare('DELETE FROM series_filesystems WHERE run_id = ?').run(runId);
  db.prepare('DELETE FROM series_datastores WHERE run_id = ?').run(runId);
  markTotalsStale(db, runId);
}

/** The aggregate of the run's project is rebuilt (from the runs' sums) on its next read. */
export function markTotalsStale(db: DatabaseSync, runId: number): void {
  seriesChanged();
  db.prepare(
    'DELETE FROM series_totals_state WHERE project_id IN (SELECT project_id FROM collector_runs WHERE id = ?)',
  ).run(runId);
}

interface HostAcc {
  id: number;
  /** Its samples' chunk being filled (samples.ts). */
  chunk: OpenChunk;
  /** A VM (format v3): its samples are stored, never added into the run's sums or the hourly roll-up. */
  vm: boolean;
  cores: number;
  /** The host resampled onto the run's grid (align.ts): its buckets are added into the run's sums. */
  aligner: HostAligner;
  interval: number;
  gaps: number;
  gapSeconds: number;
  first: number;
  last: number;
  peak: number;
  hour: number;
  maxIops: number;
  sumIops: number;
  maxCpu: number;
  sumCpu: number;
  /** Samples of the hour whose IOPS are known, and whose CPU % is known (each figure over its own). */
  n: number;
  nCpu: number;
}

/** Hosts of a header written per transaction when the store owns its transactions (RunStore). */
export const HEADER_HOSTS_PER_TRANSACTION = 500;

/** Writes the records of one run, statement by statement (the caller owns the transactions). */
export class SeriesWriter {
  private readonly db: DatabaseSync;
  private readonly runId: number;
  private readonly hostByIndex: HostAcc[] = [];
  private readonly sums = new Map<number, Float64Array>();
  private readonly chunks: SampleWriter;
  private readonly insHour: StatementSync;
  private readonly addTotals: StatementSync;
  reducer: SampleReducer | null = null;
  samples = 0;
  header: CollectorHeader | null = null;

  constructor(db: DatabaseSync, runId: number) {
    this.db = db;
    this.runId = runId;
    this.chunks = new SampleWriter(db);
    this.insHour = db.prepare(
      `INSERT INTO series_host_hours (host_id, hour, max_iops, sum_iops, max_cpu, sum_cpu, n, n_cpu)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (host_id, hour) DO UPDATE SET max_iops = MAX(max_iops, excluded.max_iops),
         sum_iops = sum_iops + excluded.sum_iops, max_cpu = MAX(max_cpu, excluded.max_cpu),
         sum_cpu = sum_cpu + excluded.sum_cpu, n = n + excluded.n, n_cpu = n_cpu + excluded.n_cpu`,
    );
    this.addTotals = db.prepare(
      `INSERT INTO series_run_totals (run_id, t, ${TOTAL_PARTS.join(', ')})
       VALUES (?, ?, ${TOTAL_PARTS.map(() => '?').join(', ')})
       ON CONFLICT (run_id, t) DO UPDATE SET ${ADD_PARTS_SQL}`,
    );
  }

  get hosts(): number {
    return this.hostByIndex.length;
  }

  /**
   * Writes the header's hosts, disks and file systems. `breathe`, when given, is called after every
   * HEADER_HOSTS_PER_TRANSACTION hosts: the owner of the transaction commits there, so a header of thousands of hosts
   * never holds the write lock for long (the server's own writes wait on it synchronously).
   */
  writeHeader(h: CollectorHeader, breathe?: () => void): void {
    this.header = h;
    this.reducer = new SampleReducer(h);
    const db = this.db;
    const serverByName = new Map(
      (
        db.prepare('SELECT id, name FROM servers WHERE run_id = ?').all(this.runId) as {
          id: number;
          name: string;
        }[]
      ).map((s) => [s.name, s.id]),
    );
    const diskByName = new Map(
      (
        db.prepare('SELECT id, name FROM cluster_disks WHERE run_id = ?').all(this.runId) as {
          id: number;
          name: string;
        }[]
      ).map((d) => [d.name, d.id]),
    );
    const clusters = new Map(h.clusters.map((c) => [c.id, c.name]));
    const insHost = db.prepare(
      `INSERT INTO series_hosts (run_id, host_key, name, os, cpu_model, cores, memory_bytes, node_id, interval_s)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    const setNode = db.prepare('UPDATE series_hosts SET node_id = ? WHERE id = ?');
    const insDisk = db.prepare(
      `INSERT INTO series_disks (run_id, host_id, disk_key, name, kind, cluster_key, cluster_name, capacity_bytes,
       used_bytes, node_id, free_bytes) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    const setDiskNode = db.prepare('UPDATE series_disks SET node_id = ? WHERE id = ?');
    const insFs = db.prepare(
      `INSERT INTO series_filesystems (run_id, host_id, mount, device, size_bytes, used_bytes, free_bytes, disks)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    const setLayer = db.prepare(
      `UPDATE series_hosts SET entity = ?, cluster_key = ?, cluster_name = ?, datacenter_name = ?, runs_on = ?,
         power_state = ?, provisioned_bytes = ?, used_bytes = ?, entity_key = ? WHERE id = ?`,
    );
    const datacenters = new Map((h.datacenters ?? []).map((d) => [d.id, d.name]));
    const v3 = h.formatVersion === 3;
    const source = v3 ? (h.source ?? null) : null;
    const shared = new Set<string>();
    let written = 0;
    for (const host of h.hosts) {
      if (breathe && written > 0 && written % HEADER_HOSTS_PER_TRANSACTION === 0) breathe();
      written += 1;
      const used = usedPerDisk(host, v3);
      const free = freePerDisk(host, v3);
      const vm = host.entity === 'vm';
      // A VM is never a server row of its run (inventory.ts): it is no viewer node either.
      const server = vm ? undefined : serverByName.get(host.name);
      const r = insHost.run(
        this.runId,
        host.id,
        host.name,
        host.os,
        host.cpu.model,
        host.cpu.cores,
        host.memoryBytes,
        server === undefined ? '' : `srv-${server}`,
        h.intervalSeconds,
      );
      const id = Number(r.lastInsertRowid);
      if (server === undefined) setNode.run(`${vm ? 'vm' : 'host'}-${id}`, id);
      if (host.entity !== undefined) {
        const wholeDisks = host.disks.filter((d) => (d.layer ?? 'disk') === 'disk');
        const usedOfDisks = wholeDisks.map(used);
        const knownUsed = usedOfDisks.filter((u): u is number => u !== null);
        setLayer.run(
          host.entity,
          host.clusterId ?? null,
          host.clusterId ? (clusters.get(host.clusterId) ?? null) : null,
          host.datacenterId ? (datacenters.get(host.datacenterId) ?? null) : null,
          host.runsOn ?? null,
          host.powerState ?? null,
          vm ? wholeDisks.reduce((sum, d) => sum + d.capacityBytes, 0) : null,
          vm && knownUsed.length === usedOfDisks.length ? knownUsed.reduce((sum, u) => sum + u, 0) : null,
          source === null ? null : entityKey(source, host.id),
          id,
        );
      }
      this.hostByIndex.push({
        id,
        chunk: this.chunks.chunkFor(id),
        vm,
        cores: host.cpu.cores,
        aligner: new HostAligner(h.intervalSeconds, h.intervalSeconds, host.cpu.cores, this.addBucket, id),
        interval: h.intervalSeconds,
        gaps: 0,
        gapSeconds: 0,
        first: Infinity,
        last: -Infinity,
        peak: 0,
        hour: Number.NaN,
        maxIops: 0,
        sumIops: 0,
        maxCpu: 0,
        sumCpu: 0,
        n: 0,
        nCpu: 0,
      });
      for (const fs of host.fileSystems ?? [])
        insFs.run(
          this.runId,
          id,
          fs.mount,
          fs.device,
          fs.sizeBytes,
          fs.usedBytes,
          fs.freeBytes,
          JSON.stringify(fs.disks),
        );
      // A VM's disks are its provisioned and used space (kept on its series_hosts row), never a capacity.
      if (vm) continue;
      for (const d of host.disks) {
        // Partitions, device-mapper and md devices (v2 layers) sit on whole disks: their capacity and I/O are the
        // disks' already, so only whole disks are stored.
        if ((d.layer ?? 'disk') !== 'disk') continue;
        // A disk that is a datastore (v3) adds no capacity of its own: the datastore counts once (below).
        if (d.datastoreId != null) continue;
        if (d.kind === 'shared') {
          // A shared cluster disk is one capacity however many hosts see it.
          if (shared.has(d.id)) continue;
          shared.add(d.id);
          const known = diskByName.get(d.name);
          const dr = insDisk.run(
            this.runId,
            null,
            d.id,
            d.name,
            'shared',
            d.clusterId ?? null,
            d.clusterId ? (clusters.get(d.clusterId) ?? null) : null,
            d.capacityBytes,
            used(d),
            known === undefined ? null : `csv-${known}`,
            free(d),
          );
          if (known === undefined) setDiskNode.run(`sdisk-${Number(dr.lastInsertRowid)}`, dr.lastInsertRowid);
        } else {
          insDisk.run(
            this.runId,
            id,
            d.id,
            d.name,
            'local',
            null,
            null,
            d.capacityBytes,
            used(d),
            null,
            free(d),
          );
        }
      }
    }
    this.writeDatastores(h, diskByName, clusters);
  }

  /**
   * Each datastore of a v3 header once: a series_datastores row, and its capacity as one shared series_disks row (used
   * = capacity − free, unknown when free is), in the cluster of its hosts when they all are in one. Its node is the
   * run's cluster disk of that name (inventory.ts writes one per datastore).
   */
  private writeDatastores(
    h: CollectorHeader,
    diskByName: Map<string, number>,
    clusters: Map<string, string>,
  ): void {
    const datastores = h.datastores ?? [];
    if (datastores.length === 0) return;
    const db = this.db;
    const clusterOfHost = new Map(h.hosts.map((x) => [x.id, x.clusterId ?? null]));
    const insDisk = db.prepare(
      `INSERT INTO series_disks (run_id, host_id, disk_key, name, kind, cluster_key, cluster_name, capacity_bytes,
       used_bytes, node_id, free_bytes) VALUES (?, NULL, ?, ?, 'shared', ?, ?, ?, ?, ?, ?)`,
    );
    const setDiskNode = db.prepare('UPDATE series_disks SET node_id = ? WHERE id = ?');
    const insStore = db.prepare(
      `INSERT INTO series_datastores (run_id, ds_key, name, type, capacity_bytes, free_bytes, hosts, cluster_key,
       cluster_name, disk_id, entity_key) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    for (const ds of datastores) {
      const own = new Set(ds.hosts.map((x) => clusterOfHost.get(x) ?? null));
      const cluster = own.size === 1 ? ([...own][0] ?? null) : null;
      const clusterName = cluster === null ? null : (clusters.get(cluster) ?? null);
      const usedBytes = ds.freeBytes === null ? null : Math.max(0, ds.capacityBytes - ds.freeBytes);
      const known = diskByName.get(ds.name);
      const disk = Number(
        insDisk.run(
          this.runId,
          ds.id,
          ds.name,
          cluster,
          clusterName,
          ds.capacityBytes,
          usedBytes,
          known === undefined ? null : `csv-${known}`,
          ds.freeBytes,
        ).lastInsertRowid,
      );
      if (known === undefined) setDiskNode.run(`sdisk-${disk}`, disk);
      insStore.run(
        this.runId,
        ds.id,
        ds.name,
        ds.type,
        ds.capacityBytes,
        ds.freeBytes,
        JSON.stringify(ds.hosts),
        cluster,
        clusterName,
        disk,
        h.formatVersion === 3 && h.source ? entityKey(h.source, ds.id) : null,
      );
    }
  }

  /**
   * Stores packed samples (reduce.ts): each into its host's chunk (samples.ts), and its share of the roll-ups. A
   * host's samples keep their order (strictly increasing t) whatever the hosts' interleaving.
   */
  writePacked(rows: Packed, count: number): void {
    const hostCount = this.hostByIndex.length;
    for (let k = 0; k < count; k++) {
      const o = k * PACKED;
      const h = rows[o] as number;
      const host = h >= 0 && h < hostCount ? this.hostByIndex[h] : undefined;
      if (!host) throw new Error(`sample for unknown host index ${String(h)}`);
      this.chunks.append(host.chunk, rows, o + 1);
      const readLat = rows[o + 11] as number;
      const writeLat = rows[o + 12] as number;
      const stated = rows[o + 13] as number;
      const queueDepth = rows[o + 14] as number;
      const t = rows[o + 1] as number;
      const ri = rows[o + 2] as number;
      const wi = rows[o + 3] as number;
      const rb = rows[o + 4] as number;
      const wb = rows[o + 5] as number;
      const lat = rows[o + 6] as number;
      const cpu = rows[o + 7] as number;
      const mem = rows[o + 8] as number;
      const rx = rows[o + 9] as number;
      const tx = rows[o + 10] as number;
      const iops = ri + wi;
      // The host: extent, peak, hourly roll-up (a host's samples come in increasing time).
      // A gap: time no sample covers. v2 states each sample's interval; v1's is taken as the nominal one.
      const covers = Number.isNaN(stated) ? host.interval : stated;
      if (host.last > -Infinity && t - host.last > GAP_FACTOR * Math.max(host.interval, covers)) {
        host.gaps += 1;
        host.gapSeconds += t - host.last - covers;
      }
      if (t < host.first) host.first = t;
      if (t > host.last) host.last = t;
      if (iops > host.peak) host.peak = iops;
      // A VM's I/O is part of its host's (format v3): never added into the run's sums or the top lists' roll-up.
      if (host.vm) continue;
      const hour = Math.floor(t / 3600) * 3600;
      if (hour !== host.hour) {
        this.flushHour(host);
        host.hour = hour;
      }
      // The hourly roll-up counts the samples whose IOPS are known and, apart, those whose CPU % is known (an
      // unknown value is no 0): a server without disks keeps its CPU figures and has no IOPS ones.
      if (!Number.isNaN(iops)) {
        if (host.n === 0 || iops > host.maxIops) host.maxIops = iops;
        host.sumIops += iops;
        host.n += 1;
      }
      if (!Number.isNaN(cpu)) {
        if (host.nCpu === 0 || cpu > host.maxCpu) host.maxCpu = cpu;
        host.sumCpu += cpu;
        host.nCpu += 1;
      }
      // The run: the host's share of the run's sums, per bucket of the time grid (align.ts).
      host.aligner.push(
        t,
        ri,
        wi,
        rb,
        wb,
        lat,
        cpu,
        mem,
        rx,
        tx,
        readLat,
        writeLat,
        Number.isNaN(stated) ? undefined : stated,
        queueDepth,
      );
    }
    this.samples += count;
  }

  /** Adds one host's bucket into the run's sums at that bucket. */
  private readonly addBucket = (t: number, parts: Float64Array): void => {
    let v = this.sums.get(t);
    if (v === undefined) {
      if (this.sums.size >= TOTALS_WINDOW) this.flushSums();
      v = emptyParts();
      this.sums.set(t, v);
    }
    combineParts(v, parts);
  };

  private flushHour(host: HostAcc): void {
    if (host.n === 0 && host.nCpu === 0) return;
    // A maximum over no sample is stored as 0 and read as none (its count is 0: repo.ts computeSummary).
    this.insHour.run(
      host.id,
      host.hour,
      host.n === 0 ? 0 : host.maxIops,
      host.sumIops,
      host.nCpu === 0 ? 0 : host.maxCpu,
      host.sumCpu,
      host.n,
      host.nCpu,
    );
    host.n = 0;
    host.nCpu = 0;
    host.sumIops = 0;
    host.sumCpu = 0;
  }

  private flushSums(): void {
    for (const [t, v] of this.sums) this.addTotals.run(this.runId, t, ...v);
    this.sums.clear();
  }

  /** After the last sample: the hosts' open chunks, the pending roll-ups, each host's extent and peak. */
  finish(): void {
    this.chunks.flush();
    for (const host of this.hostByIndex) host.aligner.flush();
    this.flushSums();
    const setHost = this.db.prepare(
      'UPDATE series_hosts SET first_t = ?, last_t = ?, peak_iops = ?, gap_count = ?, gap_seconds = ? WHERE id = ?',
    );
    for (const host of this.hostByIndex) {
      this.flushHour(host);
      if (host.last >= host.first)
        // Whole seconds (a v2 sample's time has milliseconds): the extent covers every sample.
        setHost.run(
          Math.floor(host.first),
          Math.ceil(host.last),
          host.peak,
          host.gaps,
          host.gapSeconds,
          host.id,
        );
    }
  }
}

/**
 * Stores a collector file's records for a run (replacing any series the run had). Samples are reduced to packed rows
 * as they arrive; every `batch` of them is written in one synchronous transaction, so no transaction stays open while
 * the source awaits (other requests share the connection) and memory stays constant. Inside a transaction the
 * caller already opened, batches are written into it. On a failure the run's partial series are removed and the
 * error rethrown. The source may yield records or arrays of records (parseCollectorFileBatches).
 */
export async function storeCollectorFile(
  db: DatabaseSync,
  runId: number,
  records: AsyncIterable<CollectorRecord | CollectorRecord[]> | Iterable<CollectorRecord | CollectorRecord[]>,
  options: { batch?: number } = {},
): Promise<StoreResult> {
  const batch = options.batch ?? 20_000;
  const store = new RunStore(db, runId, batch);
  try {
    store.begin();
    for await (const item of records) {
      if (Array.isArray(item)) for (const r of item) store.record(r);
      else store.record(item);
    }
    store.end();
  } catch (err) {
    store.fail();
    throw err;
  }
  return store.result();
}

/** The synchronous twin for callers inside their own transaction (the seed). */
export function storeCollectorRecordsSync(
  db: DatabaseSync,
  runId: number,
  records: Iterable<CollectorRecord>,
): StoreResult {
  const store = new RunStore(db, runId, Number.POSITIVE_INFINITY);
  store.begin();
  for (const record of records) store.record(record);
  store.end();
  return store.result();
}

/** A run being stored: the writer, the packed rows not yet written, the transaction per batch. */
export class RunStore {
  readonly writer: SeriesWriter;
  private readonly db: DatabaseSync;
  private readonly runId: number;
  private readonly pending: PackedSamples;

  constructor(db: DatabaseSync, runId: number, batch: number) {
    this.db = db;
    this.runId = runId;
    this.writer = new SeriesWriter(db, runId);
    this.pending = new PackedSamples(Math.min(batch, 20_000));
  }

  /** The connection's cache and checkpoint settings while a file is stored (restored after). */
  private saved: { cache: number; checkpoint: number } | null = null;

  private tune(): void {
    const db = this.db;
    const value = (pragma: string): number =>
      Object.values(db.prepare(`PRAGMA ${pragma}`).get() ?? {})[0] as number;
    this.saved = { cache: value('cache_size'), checkpoint: value('wal_autocheckpoint') };
    // A bounded 32 MB page cache keeps the hosts' last pages hot; fewer, larger WAL checkpoints.
    // A connection taking write turns checkpoints itself, between its turns (store/write-turn.ts).
    const checkpoint = takesWriteTurns(db) ? 0 : INGEST_CHECKPOINT_PAGES;
    db.exec(
      `PRAGMA cache_size = ${String(-INGEST_CACHE_KIB)}; PRAGMA wal_autocheckpoint = ${String(checkpoint)}`,
    );
  }

  private untune(): void {
    if (!this.saved) return;
    this.db.exec(
      `PRAGMA cache_size = ${String(this.saved.cache)}; PRAGMA wal_autocheckpoint = ${String(this.saved.checkpoint)}`,
    );
    this.saved = null;
  }

  begin(): void {
    this.tune();
    transaction(this.db, () => {
      clearRunSeries(this.db, this.runId);
    });
  }

  record(r: CollectorRecord): void {
    if (r.type === 'header') {
      // Inside a caller's transaction (the seed) the header goes in whole; otherwise it is committed in parts.
      const own = !this.db.isTransaction;
      transaction(this.db, () => {
        this.writer.writeHeader(
          r,
          own
            ? () => {
                this.db.exec('COMMIT');
                yieldWriteTurn(this.db);
                this.db.exec('BEGIN IMMEDIATE');
              }
            : undefined,
        );
      });
    } else if (r.type === 'sample') {
      const reducer = this.writer.reducer;
      if (!reducer) throw new Error('a sample before the header');
      reducer.reduce(r, this.pending);
      if (this.pending.full) this.flush();
    }
  }

  /** Packed rows from elsewhere (the parsing worker). */
  packed(rows: Packed, count: number): void {
    transaction(this.db, () => {
      this.writer.writePacked(rows, count);
    });
  }

  flush(): void {
    if (this.pending.count === 0) return;
    transaction(this.db, () => {
      this.writer.writePacked(this.pending.rows, this.pending.count);
    });
    this.pending.count = 0;
  }

  end(): void {
    try {
      this.flush();
      transaction(this.db, () => {
        this.writer.finish();
        markTotalsStale(this.db, this.runId);
      });
    } finally {
      this.untune();
    }
  }

  fail(): void {
    try {
      transaction(this.db, () => {
        clearRunSeries(this.db, this.runId);
      });
    } finally {
      this.untune();
    }
  }

  result(): StoreResult {
    return { hosts: this.writer.hosts, samples: this.writer.samples };
  }
}

/**
 * A host's used bytes per disk: format v1 states them per disk (usedBytes); v2 per file system, each shared out
 * equally among the whole disks under it (its partitions, device-mapper or md devices traced by the collector).
 * Null: unknown (no file system on the disk, or one of them without a used figure) — never 0.
 */
function usedPerDisk(
  host: CollectorHeader['hosts'][number],
  v3 = false,
): (d: { id: string; usedBytes?: number | null }) => number | null {
  const fromFileSystems = fileSystemShare(host, 'usedBytes');
  // Version 3 reads a disk's usedBytes again where given (a VM's committed space on a datastore).
  return v3 ? (d) => (d.usedBytes !== undefined ? d.usedBytes : fromFileSystems(d)) : fromFileSystems;
}

/**
 * A host's free bytes per disk: where the file gives file systems (v2) the free bytes they reported
 * (fileSystems[].freeBytes, without the blocks reserved for the administrator), shared out as the used bytes are —
 * null where a file system's free is null or no file system is on the disk; without file systems (v1, or a v3 disk
 * stating its usedBytes) capacity − used, null when used is unknown.
 */
function freePerDisk(
  host: CollectorHeader['hosts'][number],
  v3 = false,
): (d: { id: string; capacityBytes: number; usedBytes?: number | null }) => number | null {
  const minusUsed = (d: { capacityBytes: number; usedBytes?: number | null }): number | null =>
    d.usedBytes === undefined || d.usedBytes === null ? null : Math.max(0, d.capacityBytes - d.usedBytes);
  if (host.fileSystems === undefined) return minusUsed;
  const fromFileSystems = fileSystemShare(host, 'freeBytes');
  return v3 ? (d) => (d.usedBytes !== undefined ? minusUsed(d) : fromFileSystems(d)) : fromFileSystems;
}

/** A figure of the host's file systems per whole disk, each file system's shared out equally among its disks. */
function fileSystemShare(
  host: CollectorHeader['hosts'][number],
  figure: 'usedBytes' | 'freeBytes',
): (d: { id: string; usedBytes?: number | null }) => number | null {
  const fileSystems = host.fileSystems;
  if (fileSystems === undefined) return (d) => d.usedBytes ?? null;
  const whole = new Set(host.disks.filter((d) => (d.layer ?? 'disk') === 'disk').map((d) => d.id));
  const share = new Map<string, number | null>();
  for (const fs of fileSystems) {
    const under = fs.disks.filter((id) => whole.has(id));
    const value = fs[figure];
    for (const id of under) {
      const before = share.get(id);
      share.set(id, value === null || before === null ? null : (before ?? 0) + value / under.length);
    }
  }
  return (d) => {
    const u = share.get(d.id);
    return u === undefined || u === null ? null : Math.round(u);
  };
}

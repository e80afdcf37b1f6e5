// Writing collector records into the series store: the header's inventory into series_hosts / series_disks, every
// sample as one series_samples row of per-host totals. storeCollectorFile batches inserts in transactions, so a
// file of any size is stored in constant memory (only the host and disk id maps are kept).
import type { DatabaseSync, StatementSync } from 'node:sqlite';
import type { CollectorHeader, CollectorRecord, CollectorSample } from '../collector-file/records.ts';

export interface StoreResult {
  hosts: number;
  samples: number;
}

/** Removes a run's series (hosts, disks, samples) and marks the aggregates of every project stale. */
export function clearRunSeries(db: DatabaseSync, runId: number): void {
  db.prepare(
    'DELETE FROM series_samples WHERE host_id IN (SELECT id FROM series_hosts WHERE run_id = ?)',
  ).run(runId);
  db.prepare(
    'DELETE FROM series_host_hours WHERE host_id IN (SELECT id FROM series_hosts WHERE run_id = ?)',
  ).run(runId);
  db.prepare('DELETE FROM series_hosts WHERE run_id = ?').run(runId);
  db.prepare('DELETE FROM series_disks WHERE run_id = ?').run(runId);
  markTotalsStale(db, runId);
}

/** Rolls the run's samples up per host and hour (peak and sum of IOPS and CPU) for the top-server lists. */
export function rollUpRun(db: DatabaseSync, runId: number): void {
  db.prepare(
    `INSERT OR REPLACE INTO series_host_hours (host_id, hour, max_iops, sum_iops, max_cpu, sum_cpu, n)
     SELECT s.host_id, (s.t / 3600) * 3600, MAX(s.read_iops + s.write_iops), SUM(s.read_iops + s.write_iops),
       MAX(s.cpu_pct), SUM(s.cpu_pct), COUNT(*)
     FROM series_hosts h JOIN series_samples s ON s.host_id = h.id
     WHERE h.run_id = ? GROUP BY s.host_id, s.t / 3600`,
  ).run(runId);
}

/** The aggregate of the run's project is recomputed on its next read. */
export function markTotalsStale(db: DatabaseSync, runId: number): void {
  db.prepare(
    'DELETE FROM series_totals_state WHERE project_id IN (SELECT project_id FROM collector_runs WHERE id = ?)',
  ).run(runId);
}

/** Writes the records of one run, statement by statement (the caller owns the transaction). */
export class SeriesWriter {
  private readonly hostIds = new Map<string, { id: number; disks: Set<string> }>();
  private readonly insSample: StatementSync;
  samples = 0;
  header: CollectorHeader | null = null;

  private readonly db: DatabaseSync;
  private readonly runId: number;

  constructor(db: DatabaseSync, runId: number) {
    this.db = db;
    this.runId = runId;
    this.insSample = db.prepare(
      `INSERT OR REPLACE INTO series_samples (host_id, t, read_iops, write_iops, read_bps, write_bps, latency_ms,
       cpu_pct, mem_bytes, rx_bps, tx_bps) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
  }

  get hosts(): number {
    return this.hostIds.size;
  }

  write(record: CollectorRecord): void {
    if (record.type === 'header') this.writeHeader(record);
    else if (record.type === 'sample') this.writeSample(record);
  }

  writeHeader(h: CollectorHeader): void {
    this.header = h;
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
       used_bytes, node_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    const setDiskNode = db.prepare('UPDATE series_disks SET node_id = ? WHERE id = ?');
    const shared = new Set<string>();
    for (const host of h.hosts) {
      const server = serverByName.get(host.name);
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
      if (server === undefined) setNode.run(`host-${id}`, id);
      this.hostIds.set(host.id, { id, disks: new Set(host.disks.map((d) => d.id)) });
      for (const d of host.disks) {
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
            d.usedBytes ?? null,
            known === undefined ? null : `csv-${known}`,
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
            d.usedBytes ?? null,
            null,
          );
        }
      }
    }
  }

  writeSample(s: CollectorSample): void {
    const host = this.hostIds.get(s.host);
    if (!host) throw new Error(`sample for unknown host ${s.host}`);
    let ri = 0;
    let wi = 0;
    let rb = 0;
    let wb = 0;
    let latW = 0;
    let latSum = 0;
    let latN = 0;
    for (const d of Object.values(s.disks)) {
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
    for (const n of Object.values(s.net)) {
      rx += n.rxBps;
      tx += n.txBps;
    }
    const iops = ri + wi;
    // The host's latency: IOPS-weighted over its disks (a plain mean when no disk did any I/O).
    const latency = iops > 0 ? latW / iops : latN > 0 ? latSum / latN : 0;
    this.insSample.run(host.id, s.t, ri, wi, rb, wb, latency, s.cpuPct, s.memUsedBytes, rx, tx);
    this.samples += 1;
  }
}

/**
 * Stores a collector file's records for a run (replacing any series the run had). Records are buffered up to
 * `batch` and each batch is written in one synchronous transaction, so no transaction stays open while the source
 * awaits (other requests share the connection) and memory stays constant. Inside a transaction the caller already
 * opened, batches are written into it. On a failure the run's partial series are removed and the error rethrown.
 */
export async function storeCollectorFile(
  db: DatabaseSync,
  runId: number,
  records: AsyncIterable<CollectorRecord> | Iterable<CollectorRecord>,
  options: { batch?: number } = {},
): Promise<StoreResult> {
  const batch = options.batch ?? 5000;
  const writer = new SeriesWriter(db, runId);
  const pending: CollectorRecord[] = [];
  const inTransaction = (fn: () => void): void => {
    if (db.isTransaction) {
      fn();
      return;
    }
    db.exec('BEGIN');
    try {
      fn();
      db.exec('COMMIT');
    } catch (err) {
      db.exec('ROLLBACK');
      throw err;
    }
  };
  const flush = (): void => {
    inTransaction(() => {
      for (const record of pending) writer.write(record);
    });
    pending.length = 0;
  };
  try {
    inTransaction(() => {
      clearRunSeries(db, runId);
    });
    for await (const record of records) {
      pending.push(record);
      if (pending.length >= batch) flush();
    }
    flush();
    inTransaction(() => {
      rollUpRun(db, runId);
      markTotalsStale(db, runId);
    });
  } catch (err) {
    inTransaction(() => {
      clearRunSeries(db, runId);
    });
    throw err;
  }
  return { hosts: writer.hosts, samples: writer.samples };
}

/** The synchronous twin for callers inside their own transaction (the seed). */
export function storeCollectorRecordsSync(
  db: DatabaseSync,
  runId: number,
  records: Iterable<CollectorRecord>,
): StoreResult {
  clearRunSeries(db, runId);
  const writer = new SeriesWriter(db, runId);
  for (const record of records) writer.write(record);
  rollUpRun(db, runId);
  markTotalsStale(db, runId);
  return { hosts: writer.hosts, samples: writer.samples };
}

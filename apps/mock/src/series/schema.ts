// The series store's own tables, created beside the demo store's schema (store/db.ts) on the same database.
//
// Layout (compact, range-query friendly):
// - series_hosts: one row per host of a collector run (inventory; node_id is the viewer node it belongs to).
// - series_disks: one row per disk of a host (local) or per shared cluster disk of a run (capacity, used).
// - series_samples: one row per (host, t) with the host's totals over its disks and NICs — WITHOUT ROWID, keyed
//   (host_id, t), so a host's range is one index range scan.
// - series_host_hours: per host and hour the peak and sum of IOPS and CPU (the top-server lists read it, not the
//   samples), written once when a file is stored.
// - series_totals: the project's aggregate over its ENABLED hosts, one row per (project, t), recomputed when the
//   project's runs or node states change (signature in series_totals_state) — the aggregated view reads only it.
// - node_state: the viewer's enable/disable choice per (project, node); no row means enabled.
import type { DatabaseSync } from 'node:sqlite';

export const SERIES_SCHEMA = `
CREATE TABLE IF NOT EXISTS series_hosts (
  id INTEGER PRIMARY KEY, run_id INTEGER NOT NULL, host_key TEXT NOT NULL, name TEXT NOT NULL, os TEXT NOT NULL,
  cpu_model TEXT NOT NULL, cores INTEGER NOT NULL, memory_bytes INTEGER NOT NULL, node_id TEXT NOT NULL,
  interval_s INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS series_hosts_run ON series_hosts(run_id);
CREATE TABLE IF NOT EXISTS series_disks (
  id INTEGER PRIMARY KEY, run_id INTEGER NOT NULL, host_id INTEGER, disk_key TEXT NOT NULL, name TEXT NOT NULL,
  kind TEXT NOT NULL, cluster_key TEXT, cluster_name TEXT, capacity_bytes INTEGER NOT NULL, used_bytes INTEGER,
  node_id TEXT
);
CREATE INDEX IF NOT EXISTS series_disks_run ON series_disks(run_id);
CREATE TABLE IF NOT EXISTS series_samples (
  host_id INTEGER NOT NULL, t INTEGER NOT NULL, read_iops REAL NOT NULL, write_iops REAL NOT NULL,
  read_bps REAL NOT NULL, write_bps REAL NOT NULL, latency_ms REAL NOT NULL, cpu_pct REAL NOT NULL,
  mem_bytes REAL NOT NULL, rx_bps REAL NOT NULL, tx_bps REAL NOT NULL, PRIMARY KEY (host_id, t)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS series_host_hours (
  host_id INTEGER NOT NULL, hour INTEGER NOT NULL, max_iops REAL NOT NULL, sum_iops REAL NOT NULL,
  max_cpu REAL NOT NULL, sum_cpu REAL NOT NULL, n INTEGER NOT NULL, PRIMARY KEY (host_id, hour)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS series_totals (
  project_id INTEGER NOT NULL, t INTEGER NOT NULL, read_iops REAL NOT NULL, write_iops REAL NOT NULL,
  read_bps REAL NOT NULL, write_bps REAL NOT NULL, latency_ms REAL NOT NULL, cpu_pct REAL NOT NULL,
  mem_bytes REAL NOT NULL, rx_bps REAL NOT NULL, tx_bps REAL NOT NULL, PRIMARY KEY (project_id, t)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS series_totals_state (project_id INTEGER PRIMARY KEY, signature TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS node_state (
  project_id INTEGER NOT NULL, node_id TEXT NOT NULL, enabled INTEGER NOT NULL, PRIMARY KEY (project_id, node_id)
);
`;

export const SERIES_TABLES = [
  'series_hosts',
  'series_disks',
  'series_samples',
  'series_host_hours',
  'series_totals',
  'series_totals_state',
  'node_state',
] as const;

export function createSeriesSchema(db: DatabaseSync): void {
  db.exec(SERIES_SCHEMA);
}

// The series store's own tables, created beside the demo store's schema (store/db.ts) on the same database.
//
// Layout (compact, range-query friendly; everything an aggregated read needs is computed while a file streams in):
// - series_hosts: one row per host of a collector run (inventory; node_id is the viewer node it belongs to), with
//   its first and last sample time and its peak IOPS (read + write), kept while the file is stored.
// - series_disks: one row per disk of a host (local) or per shared cluster disk of a run (capacity, used, and free as
//   the file systems on it reported it, format v2; capacity − used without file systems).
// - series_chunks: every sample of a host with its totals over its whole disks and NICs, in chunks of consecutive
//   samples (samples.ts owns the layout and every read of it). Format v2 adds read and write latency and the
//   sample's interval length, and t in seconds with milliseconds as fractions. An unknown value (v2's null: a counter
//   wrap or reset, a missing counter) is kept as unknown: every reader skips it, none takes it for 0. A data folder
//   with the row-per-sample table of before (series_samples, either layout) is converted when it is opened.
// - series_filesystems: the mounted file systems of a host (format v2) with their size, used and free bytes and the
//   disks they sit on.
// - series_host_hours: per host and hour the peak and sum of IOPS and CPU, each with the count of samples that knew
//   it (the top-server lists read it, not the samples), accumulated while the file is stored.
// - series_run_totals: per run and bucket of its time grid (align.ts: every host resampled onto buckets of the run's
//   interval anchored at the epoch, so hosts that report at different seconds add up), the SUMS over all the run's hosts (the exact parts the project's
//   totals are made of: sums of the metrics, the latency numerator Σ latency·IOPS, Σ latency, the count of hosts
//   with I/O, Σ cpu·cores, Σ cores and the host count), accumulated while the file is stored.
// - series_totals: the project's aggregate over its ENABLED hosts, one row per (project, grid bucket): the same sums, plus the
//   derived latency (IOPS-weighted; a plain mean when no host did I/O) and CPU % (core-weighted). Built from
//   series_run_totals when the project's runs change (signature in series_totals_state); a node enabled or disabled
//   adds or subtracts that host's samples only (sums are exact to add and subtract; p95 is never stored — it is
//   taken at read time from these per-t totals, so it is exact whatever was toggled). Each summed metric keeps the
//   count of hosts that knew it, so a sum whose last knowing host is subtracted is NULL (unknown), never 0; the
//   busiest server's CPU % keeps the top two (value, host), so taking the busiest out falls back to the runner-up
//   without reading samples (align.ts combineParts, repo.ts removePeaks).
// - node_state: the viewer's enable/disable choice per (project, node); no row means enabled.
// - Format v3 (vSphere layers): series_hosts keeps each entry's entity (server, host or vm), cluster, datacenter, the
//   host a VM runs on, its power state and a VM's provisioned and used bytes; a sample its CPU MHz and
//   active memory. A VM's samples are stored, but a VM (entity 'vm') is never added into series_run_totals /
//   series_totals, never a viewer node, and has no series_disks rows: every reader of the project's hosts leaves
//   it out (repo.ts projectHosts). series_datastores holds each datastore of a run once; its capacity is one shared
//   series_disks row (capacity, used = capacity − free), however many hosts mount it.
// - entity_key (series_hosts, series_datastores): a v3 entry's identity across the runs of a project, its file's
//   source (kind and name) and its id (entities.ts). A collection in parts, or one file uploaded twice, stores the
//   same entity in several runs: every reader of the project takes it once. NULL (no source): each row its own.
import type { DatabaseSync } from 'node:sqlite';
import { SAMPLES_SCHEMA, convertSampleRows } from './samples.ts';

/** The summed parts of a total, in the order of the series_run_totals / series_totals columns after t. */
export const TOTAL_PARTS = [
  'read_iops',
  'write_iops',
  'read_bps',
  'write_bps',
  'mem_bytes',
  'rx_bps',
  'tx_bps',
  'lat_w',
  'lat_sum',
  'n_io',
  'cpu_w',
  'cores',
  'hosts',
  // Format v2 (align.ts): the IOPS whose latency is known and the hosts whose latency is known; read and write
  // latency apart (Σ latency · IOPS and the IOPS whose latency is known).
  'lat_io',
  'n_lat',
  'rlat_w',
  'r_io',
  'wlat_w',
  'w_io',
  // Σ queue depth (I/Os in flight) and the busiest server's CPU % (the highest host's, combined by MAX: align.ts).
  'queue_depth',
  'cpu_peak',
  // Per summed metric (the first seven parts and the queue depth), the hosts that knew it; the hosts whose read and
  // write latency is known with I/O. A total is NULL (unknown) when its count is 0, so a host taken out of a sum
  // leaves unknown where only it knew the value — never a 0 (align.ts knownPart).
  'n_read_iops',
  'n_write_iops',
  'n_read_bps',
  'n_write_bps',
  'n_mem_bytes',
  'n_rx_bps',
  'n_tx_bps',
  'n_queue_depth',
  'n_rlat',
  'n_wlat',
  // The busiest server's host id, and the runner-up (CPU % and host id; NULL with n_cpu ≥ 2: not known any more, after
  // a host was taken out) with the count of hosts whose CPU is known: taking the busiest server out falls back to the
  // runner-up without reading samples (align.ts combineParts, repo.ts removePeaks).
  'cpu_peak_host',
  'cpu_peak2',
  'cpu_peak2_host',
  'n_cpu',
] as const;

/**
 * The summed metrics (the first seven parts), the queue depth and the busiest server's CPU % are NULL where no host
 * knew them; the other parts are never NULL (align.ts isNullablePart says the same by index).
 */
const NULLABLE_COLUMNS: ReadonlySet<string> = new Set([
  ...TOTAL_PARTS.slice(0, 7),
  'queue_depth',
  'cpu_peak',
  'cpu_peak_host',
  'cpu_peak2',
  'cpu_peak2_host',
]);
const PARTS_DDL = TOTAL_PARTS.map((c) => `${c} REAL${NULLABLE_COLUMNS.has(c) ? '' : ' NOT NULL'}`).join(', ');

/** The format-v3 columns of series_hosts (added in place to a data folder from before them). */
const LAYER_COLUMNS: readonly [string, string][] = [
  ['entity', "TEXT NOT NULL DEFAULT 'server'"],
  ['cluster_key', 'TEXT'],
  ['cluster_name', 'TEXT'],
  ['datacenter_name', 'TEXT'],
  ['runs_on', 'TEXT'],
  ['power_state', 'TEXT'],
  ['provisioned_bytes', 'INTEGER'],
  ['used_bytes', 'INTEGER'],
  // The entry's identity across the runs of a project (entities.ts): its file's source and its id; NULL without source.
  ['entity_key', 'TEXT'],
];
const LAYER_COLUMNS_DDL = LAYER_COLUMNS.map(([c, type]) => `, ${c} ${type}`).join('');

export const SERIES_SCHEMA = `
CREATE TABLE IF NOT EXISTS series_hosts (
  id INTEGER PRIMARY KEY, run_id INTEGER NOT NULL, host_key TEXT NOT NULL, name TEXT NOT NULL, os TEXT NOT NULL,
  cpu_model TEXT NOT NULL, cores INTEGER NOT NULL, memory_bytes INTEGER NOT NULL, node_id TEXT NOT NULL,
  interval_s INTEGER NOT NULL, first_t INTEGER, last_t INTEGER, peak_iops REAL NOT NULL DEFAULT 0,
  gap_count INTEGER NOT NULL DEFAULT 0, gap_seconds REAL NOT NULL DEFAULT 0${LAYER_COLUMNS_DDL}
);
CREATE INDEX IF NOT EXISTS series_hosts_run ON series_hosts(run_id);
-- A host is matched to its run's server row by name (inventory.ts fillRunPeakIops): without this index that lookup
-- scans all the run's hosts for each server, quadratic in the hosts of a file (issue #32).
CREATE INDEX IF NOT EXISTS series_hosts_run_name ON series_hosts(run_id, name);
CREATE TABLE IF NOT EXISTS series_disks (
  id INTEGER PRIMARY KEY, run_id INTEGER NOT NULL, host_id INTEGER, disk_key TEXT NOT NULL, name TEXT NOT NULL,
  kind TEXT NOT NULL, cluster_key TEXT, cluster_name TEXT, capacity_bytes INTEGER NOT NULL, used_bytes INTEGER,
  node_id TEXT, free_bytes INTEGER
);
CREATE INDEX IF NOT EXISTS series_disks_run ON series_disks(run_id);
CREATE INDEX IF NOT EXISTS series_disks_host ON series_disks(host_id);
${SAMPLES_SCHEMA}CREATE TABLE IF NOT EXISTS series_datastores (
  id INTEGER PRIMARY KEY, run_id INTEGER NOT NULL, ds_key TEXT NOT NULL, name TEXT NOT NULL, type TEXT NOT NULL,
  capacity_bytes INTEGER NOT NULL, free_bytes INTEGER, hosts TEXT NOT NULL, cluster_key TEXT, cluster_name TEXT,
  disk_id INTEGER, entity_key TEXT
);
CREATE INDEX IF NOT EXISTS series_datastores_run ON series_datastores(run_id);
CREATE TABLE IF NOT EXISTS series_filesystems (
  id INTEGER PRIMARY KEY, run_id INTEGER NOT NULL, host_id INTEGER NOT NULL, mount TEXT NOT NULL,
  device TEXT NOT NULL, size_bytes INTEGER NOT NULL, used_bytes INTEGER, free_bytes INTEGER, disks TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS series_filesystems_run ON series_filesystems(run_id);
CREATE INDEX IF NOT EXISTS series_filesystems_host ON series_filesystems(host_id);
CREATE TABLE IF NOT EXISTS series_host_hours (
  host_id INTEGER NOT NULL, hour INTEGER NOT NULL, max_iops REAL NOT NULL, sum_iops REAL NOT NULL,
  max_cpu REAL NOT NULL, sum_cpu REAL NOT NULL, n INTEGER NOT NULL, n_cpu INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (host_id, hour)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS series_run_totals (
  run_id INTEGER NOT NULL, t INTEGER NOT NULL, ${PARTS_DDL}, PRIMARY KEY (run_id, t)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS series_totals (
  project_id INTEGER NOT NULL, t INTEGER NOT NULL, ${PARTS_DDL}, latency_ms REAL, cpu_pct REAL,
  read_lat_ms REAL, write_lat_ms REAL, PRIMARY KEY (project_id, t)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS series_totals_state (project_id INTEGER PRIMARY KEY, signature TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS node_state (
  project_id INTEGER NOT NULL, node_id TEXT NOT NULL, enabled INTEGER NOT NULL, PRIMARY KEY (project_id, node_id)
);
-- Each VM's sizing bases, computed when its run is stored (sizing/vm-bases.ts packBases: 16 doubles), and the top
-- of each figure's values (packTops; NULL for a run stored before them).
CREATE TABLE IF NOT EXISTS sizing_vm_bases (
  host_id INTEGER PRIMARY KEY, run_id INTEGER NOT NULL, samples INTEGER NOT NULL, first_t REAL, last_t REAL,
  bases BLOB NOT NULL, tops BLOB
);
CREATE INDEX IF NOT EXISTS sizing_vm_bases_run ON sizing_vm_bases(run_id);
`;

export const SERIES_TABLES = [
  'series_hosts',
  'series_disks',
  'series_chunks',
  'series_filesystems',
  'series_datastores',
  'series_host_hours',
  'series_run_totals',
  'series_totals',
  'series_totals_state',
  'node_state',
  'sizing_vm_bases',
] as const;

/** Tables whose layout changed (v2: in-stream roll-ups): a data directory of the first layout drops them. */
const V2_COLUMNS: readonly [string, string][] = [
  ['series_hosts', 'peak_iops'],
  ['series_totals', 'lat_w'],
];

export function createSeriesSchema(db: DatabaseSync): void {
  const outdated = V2_COLUMNS.some(([table, column]) => {
    const columns = db.prepare(`SELECT name FROM pragma_table_info('${table}')`).all() as { name: string }[];
    return columns.length > 0 && !columns.some((c) => c.name === column);
  });
  if (outdated)
    for (const table of [...SERIES_TABLES, 'series_samples'])
      if (table !== 'node_state') db.exec(`DROP TABLE IF EXISTS ${table}`);
  const legacy = legacySampleColumns(db);
  upgradeFromV1(db, legacy);
  db.exec(SERIES_SCHEMA);
  // Columns added since (a data folder keeps its series; the gaps of its hosts are counted by alignStoredRuns).
  const hostColumns = db.prepare("SELECT name FROM pragma_table_info('series_hosts')").all() as {
    name: string;
  }[];
  if (!hostColumns.some((c) => c.name === 'gap_count'))
    db.exec(
      'ALTER TABLE series_hosts ADD COLUMN gap_count INTEGER NOT NULL DEFAULT 0; ALTER TABLE series_hosts ADD COLUMN gap_seconds REAL NOT NULL DEFAULT 0',
    );
  // A VM's tops (sizing/vm-bases.ts): its runs stored before keep none, their VMs held by several runs are read.
  const basesColumns = db.prepare("SELECT name FROM pragma_table_info('sizing_vm_bases')").all() as {
    name: string;
  }[];
  if (!basesColumns.some((c) => c.name === 'tops'))
    db.exec('ALTER TABLE sizing_vm_bases ADD COLUMN tops BLOB');
  upgradeColumns(db, legacy);
  // The row-per-sample table of before: its rows become chunks (a column it lacks is unknown) and it is dropped.
  if (legacy.size > 0) convertSampleRows(db);
}

/** The columns of a data folder's row-per-sample table of before (none: no such table). */
function legacySampleColumns(db: DatabaseSync): ReadonlySet<string> {
  return new Set(
    (db.prepare("SELECT name FROM pragma_table_info('series_samples')").all() as { name: string }[]).map(
      (c) => c.name,
    ),
  );
}

/**
 * A data folder from before queue depth, the busiest server's CPU % or the counts of the hosts that know each total
 * were kept: the columns are added in place (the samples' queue depth stays unknown, NULL: it was never stored), and
 * the runs' sums are recomputed from the samples once (repo.ts alignStoredRuns, on the next start), which fills the
 * busiest server's CPU % and the counts.
 */
function upgradeColumns(db: DatabaseSync, legacySamples: ReadonlySet<string>): void {
  const has = (table: string, column: string): boolean =>
    (db.prepare(`SELECT name FROM pragma_table_info('${table}')`).all() as { name: string }[]).some(
      (c) => c.name === column,
    );
  // Format v3's columns: nothing stored before them changes (every host was a server, no sample had MHz).
  for (const [column, type] of LAYER_COLUMNS)
    if (!has('series_hosts', column)) db.exec(`ALTER TABLE series_hosts ADD COLUMN ${column} ${type}`);
  // A datastore's identity across runs (entities.ts); a run stored before it keeps today's rows, one per run.
  if (!has('series_datastores', 'entity_key'))
    db.exec('ALTER TABLE series_datastores ADD COLUMN entity_key TEXT');
  // Free space as the file system reported it (store.ts freePerDisk): a disk stored before it keeps the free space
  // it showed, capacity − used.
  if (!has('series_disks', 'free_bytes'))
    db.exec(`ALTER TABLE series_disks ADD COLUMN free_bytes INTEGER;
      UPDATE series_disks SET free_bytes = MAX(0, capacity_bytes - used_bytes) WHERE used_bytes IS NOT NULL`);
  // The hours' count of samples with CPU % known (n counts those with IOPS known): before it, CPU was rolled up over
  // the samples with IOPS known, which n counts.
  if (!has('series_host_hours', 'n_cpu'))
    db.exec(
      'ALTER TABLE series_host_hours ADD COLUMN n_cpu INTEGER NOT NULL DEFAULT 0; UPDATE series_host_hours SET n_cpu = n',
    );
  // Samples stored before queue depth (converted with it unknown): the run sums are recomputed once.
  let changed = legacySamples.size > 0 && !legacySamples.has('queue_depth');
  for (const table of ['series_run_totals', 'series_totals'])
    for (const column of TOTAL_PARTS)
      if (!has(table, column)) {
        db.exec(
          `ALTER TABLE ${table} ADD COLUMN ${column} REAL${NULLABLE_COLUMNS.has(column) ? '' : ' NOT NULL DEFAULT 0'}`,
        );
        changed = true;
      }
  if (!changed) return;
  db.exec('DELETE FROM series_totals_state');
  const meta = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'meta'").get();
  if (meta) db.exec("DELETE FROM meta WHERE key = 'series_aligned'");
}

/**
 * A data folder from before format v2 (its samples without interval_s): the run sums and totals, which have new
 * parts, are dropped and recomputed from the samples once (repo.ts alignStoredRuns, on the next start) and rebuilt on
 * their next read; the samples are kept (converted to chunks by createSeriesSchema). Nothing collected is lost.
 */
function upgradeFromV1(db: DatabaseSync, legacySamples: ReadonlySet<string>): void {
  if (legacySamples.size === 0 || legacySamples.has('interval_s')) return;
  db.exec(`DROP TABLE IF EXISTS series_run_totals; DROP TABLE IF EXISTS series_totals;
    DROP TABLE IF EXISTS series_totals_state;`);
  const meta = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'meta'").get();
  if (meta) db.exec("DELETE FROM meta WHERE key = 'series_aligned'");
}

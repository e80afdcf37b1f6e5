// The embedded store: node:sqlite (built into Node 24) in the data folder, with its schema.
import { DatabaseSync } from 'node:sqlite';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { createSeriesSchema } from '../series/schema.ts';
import { inWriteTurn } from './write-turn.ts';

export const SCHEMA_VERSION = 2;

const SCHEMA = `
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS countries (id INTEGER PRIMARY KEY, name TEXT NOT NULL, code TEXT NOT NULL, theater TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS languages (culture TEXT PRIMARY KEY, name TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS teams (
  id INTEGER PRIMARY KEY, name TEXT NOT NULL, kind TEXT NOT NULL, domain TEXT NOT NULL,
  is_opm_enabled INTEGER NOT NULL DEFAULT 0, sf_account_id TEXT NOT NULL, country_id INTEGER NOT NULL, theater TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS users (
  id INTEGER PRIMARY KEY, email TEXT NOT NULL UNIQUE COLLATE NOCASE, first_name TEXT NOT NULL, last_name TEXT NOT NULL,
  role TEXT NOT NULL, status TEXT NOT NULL, team_id INTEGER, is_admin INTEGER NOT NULL DEFAULT 0,
  language_culture TEXT NOT NULL, country_id INTEGER NOT NULL, terms_accepted INTEGER NOT NULL DEFAULT 0,
  partner_terms_accepted INTEGER NOT NULL DEFAULT 0, primary_rep_id INTEGER, password_hash TEXT,
  phone TEXT NOT NULL DEFAULT '', disable_note TEXT, created_at INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS users_team ON users(team_id);
CREATE TABLE IF NOT EXISTS sessions (token TEXT PRIMARY KEY, user_id INTEGER NOT NULL, created_at INTEGER NOT NULL, expires_at INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS projects (
  id INTEGER PRIMARY KEY, name TEXT NOT NULL, owner_id INTEGER NOT NULL, created_at INTEGER NOT NULL, updated_at INTEGER NOT NULL,
  is_public INTEGER NOT NULL DEFAULT 0, public_token TEXT, anonymous INTEGER NOT NULL DEFAULT 0, is_demo INTEGER NOT NULL DEFAULT 0,
  archive_state TEXT, archive_op TEXT, archive_started_at INTEGER, deleted INTEGER NOT NULL DEFAULT 0,
  source_project_id INTEGER, failed INTEGER NOT NULL DEFAULT 0, retry_count INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX IF NOT EXISTS projects_owner ON projects(owner_id);
CREATE INDEX IF NOT EXISTS projects_name ON projects(name COLLATE NOCASE);
CREATE TABLE IF NOT EXISTS collector_runs (
  id INTEGER PRIMARY KEY, name TEXT NOT NULL, owner_id INTEGER NOT NULL, project_id INTEGER,
  kind TEXT NOT NULL, started_at INTEGER NOT NULL, planned_duration_s INTEGER NOT NULL, stopped_at INTEGER,
  archived INTEGER NOT NULL DEFAULT 0, restored INTEGER NOT NULL DEFAULT 0, collector_id INTEGER, deleted INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX IF NOT EXISTS runs_project ON collector_runs(project_id);
CREATE INDEX IF NOT EXISTS runs_owner ON collector_runs(owner_id);
CREATE INDEX IF NOT EXISTS runs_started ON collector_runs(started_at);
CREATE TABLE IF NOT EXISTS servers (
  id INTEGER PRIMARY KEY, run_id INTEGER NOT NULL, name TEXT NOT NULL, role TEXT NOT NULL, iops INTEGER NOT NULL,
  capacity_gb INTEGER NOT NULL, local_disk_count INTEGER NOT NULL, os TEXT NOT NULL, cpu_cores INTEGER NOT NULL, memory_gb INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS servers_run ON servers(run_id);
CREATE TABLE IF NOT EXISTS cluster_disks (id INTEGER PRIMARY KEY, run_id INTEGER NOT NULL, name TEXT NOT NULL, iops INTEGER NOT NULL, capacity_gb INTEGER NOT NULL);
CREATE INDEX IF NOT EXISTS disks_run ON cluster_disks(run_id);
CREATE TABLE IF NOT EXISTS server_disks (server_id INTEGER NOT NULL, disk_id INTEGER NOT NULL, PRIMARY KEY (server_id, disk_id));
CREATE TABLE IF NOT EXISTS shares (
  id INTEGER PRIMARY KEY, project_id INTEGER NOT NULL, from_user_id INTEGER NOT NULL, email TEXT NOT NULL,
  share_type TEXT NOT NULL, anonymized INTEGER NOT NULL, copy_project_id INTEGER, created_at INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS uploads (
  file_id TEXT PRIMARY KEY, user_id INTEGER NOT NULL, file_name TEXT NOT NULL, size INTEGER NOT NULL, kind TEXT NOT NULL,
  stored_path TEXT NOT NULL, created_at INTEGER NOT NULL, saved INTEGER NOT NULL DEFAULT 0, queued_project_id INTEGER,
  read_sha256 TEXT
);
CREATE INDEX IF NOT EXISTS uploads_user ON uploads(user_id);
CREATE TABLE IF NOT EXISTS reports (
  id TEXT PRIMARY KEY, project_id INTEGER NOT NULL, user_id INTEGER NOT NULL, request_json TEXT NOT NULL,
  created_at INTEGER NOT NULL, due_at INTEGER NOT NULL, status TEXT NOT NULL, file_path TEXT, error TEXT
);
CREATE TABLE IF NOT EXISTS promo_sites (
  id INTEGER PRIMARY KEY, alias TEXT NOT NULL, team_id INTEGER NOT NULL, active INTEGER NOT NULL DEFAULT 0, promo_url TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS promo_logos (
  site_id INTEGER NOT NULL, logo_for TEXT NOT NULL, file_name TEXT NOT NULL, stored_path TEXT NOT NULL,
  uploaded_at INTEGER NOT NULL, PRIMARY KEY (site_id, logo_for)
);
CREATE TABLE IF NOT EXISTS collectors (
  id INTEGER PRIMARY KEY, template_id TEXT, capture_token TEXT, owner_id INTEGER, created_at INTEGER NOT NULL, key_id TEXT, enabled INTEGER NOT NULL DEFAULT 1
);
-- Capture requests (issue #32 e): the token of a capture link, single-use: the collector built for it is recorded.
CREATE TABLE IF NOT EXISTS capture_requests (
  token TEXT PRIMARY KEY, requested_by INTEGER, email TEXT NOT NULL, created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL, used_at INTEGER, collector_id INTEGER
);
-- A collector file's series being stored into a run (issue #32 finding 5): the row goes in with the run, out once the
-- series are complete. One left at start-up is an ingest a crash cut short: the run is taken out, its upload can be
-- queued again and the project is marked failed (Repo.abandonIngest), never left half-imported.
-- The ingest runs in the background (ingest/queue.ts): state Queued (waiting for the pool) or Processing (being
-- stored, progress in percent).
CREATE TABLE IF NOT EXISTS ingest_pending (
  run_id INTEGER PRIMARY KEY, project_id INTEGER NOT NULL, file_id TEXT NOT NULL,
  state TEXT NOT NULL DEFAULT 'Queued', progress INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX IF NOT EXISTS ingest_pending_project ON ingest_pending(project_id);
-- The uploads of a project whose ingest failed (Repo.abandonIngest) and that have not been stored since: the project
-- stays marked failed while one is left, and its mark clears when the last is stored (Repo.ingestDone) or its
-- upload deleted (Repo.deleteUpload).
CREATE TABLE IF NOT EXISTS ingest_failures (
  project_id INTEGER NOT NULL, file_id TEXT NOT NULL, PRIMARY KEY (project_id, file_id)
);
CREATE INDEX IF NOT EXISTS ingest_failures_file ON ingest_failures(file_id);
-- Email confirmations (issue #32): a registered account stays Pending until the link mailed to it is followed. Only
-- the SHA-256 of a link's token is kept; a token works once (used_at) and until expires_at. A new company is created
-- only when its first account is confirmed (pending_companies).
-- A link spends itself after CONFIRM_PASSWORD_ATTEMPTS wrong passwords (failed_attempts).
CREATE TABLE IF NOT EXISTS email_confirmations (
  token_hash TEXT PRIMARY KEY, user_id INTEGER NOT NULL, created_at INTEGER NOT NULL, expires_at INTEGER NOT NULL,
  used_at INTEGER, failed_attempts INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX IF NOT EXISTS email_confirmations_user ON email_confirmations(user_id);
CREATE TABLE IF NOT EXISTS pending_companies (
  user_id INTEGER PRIMARY KEY, name TEXT NOT NULL, kind TEXT NOT NULL, domain TEXT NOT NULL, country_id INTEGER NOT NULL,
  sf_account_id TEXT NOT NULL, theater TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS records (id INTEGER PRIMARY KEY, kind TEXT NOT NULL, user_id INTEGER, created_at INTEGER NOT NULL, body TEXT NOT NULL);
`;

export function openDatabase(dataDir: string): DatabaseSync {
  mkdirSync(dataDir, { recursive: true });
  const db = new DatabaseSync(path.join(dataDir, 'demo.sqlite'));
  db.exec(
    'PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = OFF; PRAGMA busy_timeout = 2000;',
  );
  db.exec(SCHEMA);
  migrate(db);
  createSeriesSchema(db);
  return db;
}

/** Columns added since a data folder may have been created (CREATE TABLE IF NOT EXISTS leaves old tables as they are). */
function migrate(db: DatabaseSync): void {
  const uploadColumns = db.prepare('PRAGMA table_info(uploads)').all() as { name: string }[];
  // The SHA-256 of an .iokit upload's content when it was read through on arrival (null: not read through).
  if (!uploadColumns.some((c) => c.name === 'read_sha256'))
    db.exec('ALTER TABLE uploads ADD COLUMN read_sha256 TEXT');
  // The background ingest's state of a pending ingest (issue #32).
  const pendingColumns = db.prepare('PRAGMA table_info(ingest_pending)').all() as { name: string }[];
  if (!pendingColumns.some((c) => c.name === 'state'))
    db.exec(
      "ALTER TABLE ingest_pending ADD COLUMN state TEXT NOT NULL DEFAULT 'Queued'; ALTER TABLE ingest_pending ADD COLUMN progress INTEGER NOT NULL DEFAULT 0",
    );
  // Wrong passwords a confirmation link took (issue #32).
  const confirmationColumns = db.prepare('PRAGMA table_info(email_confirmations)').all() as {
    name: string;
  }[];
  if (!confirmationColumns.some((c) => c.name === 'failed_attempts'))
    db.exec('ALTER TABLE email_confirmations ADD COLUMN failed_attempts INTEGER NOT NULL DEFAULT 0');
}

export function isSeeded(db: DatabaseSync): boolean {
  const row = db.prepare("SELECT value FROM meta WHERE key = 'seeded'").get() as
    { value: string } | undefined;
  return row?.value === String(SCHEMA_VERSION);
}

/**
 * Runs fn in one transaction (rolled back if it throws); inside an open transaction it joins that one. IMMEDIATE:
 * the write lock is taken at the start, since collector files are stored on connections of their own (ingest/
 * store-worker.ts) — a deferred transaction that read before another connection's commit could not write after it
 * (SQLITE_BUSY_SNAPSHOT, no waiting); an immediate one waits for the lock (busy_timeout) instead. A storing thread's
 * connection takes a write turn first (store/write-turn.ts: the threads storing at once get the lock in turn, at once).
 */
export function transaction<T>(db: DatabaseSync, fn: () => T): T {
  if (db.isTransaction) return fn();
  return inWriteTurn(db, () => {
    db.exec('BEGIN IMMEDIATE');
    try {
      const out = fn();
      db.exec('COMMIT');
      return out;
    } catch (err) {
      db.exec('ROLLBACK');
      throw err;
    }
  });
}

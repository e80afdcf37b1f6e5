// The repository layer: every read and write of the demo world goes through here (prepared statements over node:sqlite).
import type { DatabaseSync, SQLInputValue, StatementSync } from 'node:sqlite';
import { randomBytes, randomUUID } from 'node:crypto';
import { transaction } from './db.ts';
import { clearRunSeries } from '../series/store.ts';
import { archiveProgress, frozenProgress, runProgress, type ArchiveProgress } from './progress.ts';
import type { CollectorRunStatus } from '@assessment/sdk';
import { isInternalRole, type ArchiveState } from './domain.ts';

/** A table's own entry for a key a caller chose: never one of Object.prototype's (`__proto__`, `constructor`). */
export function ownValue<T>(table: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.hasOwn(table, key) ? table[key] : undefined;
}

/** The column to sort by (the field's name in any case), or the list's default order for a field it does not know. */
function sortColumn(
  cols: Readonly<Record<string, string>>,
  field: string | undefined,
  fallback: string,
): string {
  return ownValue(cols, (field ?? '').toLowerCase()) ?? fallback;
}

/** How long a capture link stays valid (issue #32 e). */
export const CAPTURE_REQUEST_TTL_MS = 30 * 24 * 3600 * 1000;

export interface TeamRow {
  id: number;
  name: string;
  kind: string;
  domain: string;
  is_opm_enabled: number;
  sf_account_id: string;
  country_id: number;
  theater: string;
}
export interface UserRow {
  id: number;
  email: string;
  first_name: string;
  last_name: string;
  role: string;
  status: string;
  team_id: number | null;
  is_admin: number;
  language_culture: string;
  country_id: number;
  terms_accepted: number;
  partner_terms_accepted: number;
  primary_rep_id: number | null;
  password_hash: string | null;
  phone: string;
  disable_note: string | null;
  created_at: number;
}
export interface ProjectRow {
  id: number;
  name: string;
  owner_id: number;
  created_at: number;
  updated_at: number;
  is_public: number;
  public_token: string | null;
  anonymous: number;
  is_demo: number;
  archive_state: string | null;
  archive_op: string | null;
  archive_started_at: number | null;
  deleted: number;
  source_project_id: number | null;
  failed: number;
  retry_count: number;
}
export interface RunRow {
  id: number;
  name: string;
  owner_id: number;
  project_id: number | null;
  kind: string;
  started_at: number;
  planned_duration_s: number;
  stopped_at: number | null;
  archived: number;
  restored: number;
  collector_id: number | null;
  deleted: number;
}
export interface ServerRow {
  id: number;
  run_id: number;
  name: string;
  role: string;
  iops: number;
  capacity_gb: number;
  local_disk_count: number;
  os: string;
  cpu_cores: number;
  memory_gb: number;
}
export interface DiskRow {
  id: number;
  run_id: number;
  name: string;
  iops: number;
  capacity_gb: number;
}
export interface UploadRow {
  file_id: string;
  user_id: number;
  file_name: string;
  size: number;
  kind: string;
  stored_path: string;
  created_at: number;
  saved: number;
  queued_project_id: number | null;
  /** SHA-256 of the content read through (validated) on arrival; null when it was not read through. */
  read_sha256: string | null;
}
export interface ReportRow {
  id: string;
  project_id: number;
  user_id: number;
  request_json: string;
  created_at: number;
  due_at: number;
  status: string;
  file_path: string | null;
  error: string | null;
}
export interface PromoSiteRow {
  id: number;
  alias: string;
  team_id: number;
  active: number;
  promo_url: string;
}
export interface PromoLogoRow {
  site_id: number;
  logo_for: string;
  file_name: string;
  stored_path: string;
  uploaded_at: number;
}
export interface CollectorRow {
  id: number;
  template_id: string | null;
  capture_token: string | null;
  owner_id: number | null;
  created_at: number;
  key_id: string | null;
  enabled: number;
}
export interface CountryRow {
  id: number;
  name: string;
  code: string;
  theater: string;
}

export interface Page<T> {
  items: T[];
  total: number;
  pageNumber: number;
  pageSize: number;
}
export interface Paging {
  pageSize: number;
  pageNumber: number;
  sortBy: string | undefined;
  sortOrder: 0 | 1;
}

export type Visibility =
  | { kind: 'all' }
  | { kind: 'team'; teamId: number; userId: number; email: string }
  | { kind: 'own'; userId: number; email: string };

export class Repo {
  readonly db: DatabaseSync;
  private readonly stmts = new Map<string, StatementSync>();

  constructor(db: DatabaseSync) {
    this.db = db;
  }

  /** Prepared statements are cached by their SQL text. */
  private q(sql: string): StatementSync {
    let s = this.stmts.get(sql);
    if (!s) {
      s = this.db.prepare(sql);
      this.stmts.set(sql, s);
    }
    return s;
  }

  // The row type is the caller's statement about its SQL (node:sqlite returns untyped rows).
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters
  get<T>(sql: string, ...params: SQLInputValue[]): T | undefined {
    return this.q(sql).get(...params) as T | undefined;
  }

  all<T>(sql: string, ...params: SQLInputValue[]): T[] {
    return this.q(sql).all(...params) as T[];
  }

  run(sql: string, ...params: SQLInputValue[]): { changes: number; lastId: number } {
    const r = this.q(sql).run(...params);
    return { changes: Number(r.changes), lastId: Number(r.lastInsertRowid) };
  }

  private depth = 0;

  /** A transaction; nested calls join the outer one. */
  tx<T>(fn: () => T): T {
    if (this.depth > 0) return fn();
    this.depth++;
    try {
      return transaction(this.db, fn);
    } finally {
      this.depth--;
    }
  }

  // ---- reference data
  countries(): CountryRow[] {
    return this.all<CountryRow>('SELECT * FROM countries ORDER BY name');
  }
  country(id: number): CountryRow | undefined {
    return this.get<CountryRow>('SELECT * FROM countries WHERE id = ?', id);
  }
  languages(): { culture: string; name: string }[] {
    return this.all('SELECT * FROM languages ORDER BY culture');
  }

  // ---- teams and users
  team(id: number): TeamRow | undefined {
    return this.get<TeamRow>('SELECT * FROM teams WHERE id = ?', id);
  }
  teams(): TeamRow[] {
    return this.all<TeamRow>('SELECT * FROM teams ORDER BY id');
  }
  teamByDomain(domain: string): TeamRow | undefined {
    return this.get<TeamRow>('SELECT * FROM teams WHERE domain = ? COLLATE NOCASE', domain);
  }
  user(id: number): UserRow | undefined {
    return this.get<UserRow>('SELECT * FROM users WHERE id = ?', id);
  }
  userByEmail(email: string): UserRow | undefined {
    return this.get<UserRow>('SELECT * FROM users WHERE email = ? COLLATE NOCASE', email.trim());
  }
  isInternal(user: UserRow): boolean {
    return isInternalRole(user.role);
  }
  /**
   * Whether a lookup (contact / capture / team check, account type-ahead) may tell `viewer` who `target` is: name,
   * phone, role, language, account id and email (issue #32 b). Internal staff see everyone; anyone else only
   * themselves, the accounts of their own company and the accounts of no company on their company's email domain
   * (whom their team admin may add to the team). Anonymous callers see no one.
   */
  mayLookUpAccount(viewer: UserRow | null, target: UserRow): boolean {
    if (viewer === null) return false;
    if (isInternalRole(viewer.role) || viewer.id === target.id) return true;
    if (viewer.team_id === null) return false;
    if (target.team_id !== null) return target.team_id === viewer.team_id && !isInternalRole(target.role);
    const domain = this.team(viewer.team_id)?.domain;
    return domain !== undefined && target.email.split('@').pop()?.toLowerCase() === domain.toLowerCase();
  }
  /** Whether a lookup may name the people of company `teamId` (its team admins, its CRM id) to `viewer`. */
  mayLookUpCompanyPeople(viewer: UserRow | null, teamId: number): boolean {
    return viewer !== null && (isInternalRole(viewer.role) || viewer.team_id === teamId);
  }
  visibilityOf(user: UserRow): Visibility {
    if (isInternalRole(user.role)) return { kind: 'all' };
    if (user.is_admin && user.team_id !== null)
      return { kind: 'team', teamId: user.team_id, userId: user.id, email: user.email };
    return { kind: 'own', userId: user.id, email: user.email };
  }
  updateUser(
    id: number,
    fields: Partial<
      Pick<
        UserRow,
        | 'status'
        | 'role'
        | 'team_id'
        | 'primary_rep_id'
        | 'language_culture'
        | 'country_id'
        | 'terms_accepted'
        | 'partner_terms_accepted'
        | 'disable_note'
        | 'is_admin'
        | 'first_name'
        | 'last_name'
        | 'phone'
      >
    >,
  ): void {
    const keys = Object.keys(fields) as (keyof typeof fields)[];
    if (keys.length === 0) return;
    const sql = `UPDATE users SET ${keys.map((k) => `${k} = ?`).join(', ')} WHERE id = ?`;
    this.run(sql, ...keys.map((k) => fields[k] ?? null), id);
  }
  searchUsers(
    f: {
      search?: string | undefined;
      primaryRepEmail?: string | undefined;
      primaryRepId?: number | undefined;
      teamId?: number | undefined;
    },
    p: Paging,
  ): Page<UserRow> {
    const where: string[] = [];
    const params: SQLInputValue[] = [];
    if (f.search) {
      where.push("(u.email LIKE ? OR (u.first_name || ' ' || u.last_name) LIKE ?)");
      params.push(`%${f.search}%`, `%${f.search}%`);
    }
    if (f.primaryRepEmail) {
      where.push('u.primary_rep_id IN (SELECT id FROM users WHERE email LIKE ?)');
      params.push(`%${f.primaryRepEmail}%`);
    }
    if (f.primaryRepId !== undefined) {
      where.push('u.primary_rep_id = ?');
      params.push(f.primaryRepId);
    }
    if (f.teamId !== undefined) {
      where.push('u.team_id = ?');
      params.push(f.teamId);
    }
    const cols: Record<string, string> = {
      email: 'u.email',
      firstname: 'u.first_name',
      lastname: 'u.last_name',
      role: 'u.role',
      status: 'u.status',
      id: 'u.id',
      createdat: 'u.created_at',
    };
    return this.page<UserRow>(
      'SELECT u.* FROM users u',
      where,
      params,
      sortColumn(cols, p.sortBy, 'u.id'),
      p,
      'FROM users u',
    );
  }
  /** One page of `select` (and the total from `countFrom`, the same FROM without the per-row columns). */
  private page<T>(
    select: string,
    where: string[],
    params: SQLInputValue[],
    orderCol: string,
    p: Paging,
    countFrom?: string,
  ): Page<T> {
    const w = where.length ? ` WHERE ${where.join(' AND ')}` : '';
    const total =
      this.get<{ n: number }>(
        `SELECT COUNT(*) AS n ${countFrom ?? `FROM (${select}`}${w}${countFrom ? '' : ')'}`,
        ...params,
      )?.n ?? 0;
    const items = this.all<T>(
      `${select}${w} ORDER BY ${orderCol} ${p.sortOrder === 1 ? 'DESC' : 'ASC'}, 1 LIMIT ? OFFSET ?`,
      ...params,
      p.pageSize,
      (p.pageNumber - 1) * p.pageSize,
    );
    return { items, total, pageNumber: p.pageNumber, pageSize: p.pageSize };
  }

  // ---- sessions
  createSession(userId: number, ttlSeconds: number, now = Date.now()): string {
    const token = randomBytes(32).toString('base64url');
    this.run(
      'INSERT INTO sessions (token, user_id, created_at, expires_at) VALUES (?, ?, ?, ?)',
      token,
      userId,
      now,
      now + ttlSeconds * 1000,
    );
    return token;
  }
  /** 'missing' when no such session, 'expired' when it ran out (and is then removed). Sliding: a valid one is extended. */
  session(token: string, ttlSeconds: number, now = Date.now()): { user: UserRow } | 'missing' | 'expired' {
    const s = this.get<UserRow & { session_expires_at: number }>(
      'SELECT u.*, s.expires_at AS session_expires_at FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.token = ?',
      token,
    );
    if (!s) return 'missing';
    if (s.session_expires_at <= now) {
      this.run('DELETE FROM sessions WHERE token = ?', token);
      return 'expired';
    }
    const { session_expires_at: expiresAt, ...user } = s;
    // Sliding expiry, written at most once per tenth of the lifetime (a write per request would cost more than the request).
    const next = now + ttlSeconds * 1000;
    if (next - expiresAt >= Math.min(60_000, ttlSeconds * 100))
      this.run('UPDATE sessions SET expires_at = ? WHERE token = ?', next, token);
    return { user };
  }
  deleteSession(token: string): void {
    this.run('DELETE FROM sessions WHERE token = ?', token);
  }

  // ---- projects
  project(id: number): ProjectRow | undefined {
    return this.get<ProjectRow>('SELECT * FROM projects WHERE id = ? AND deleted = 0', id);
  }
  projectByToken(token: string): ProjectRow | undefined {
    return this.get<ProjectRow>(
      'SELECT * FROM projects WHERE public_token = ? AND deleted = 0 AND is_public = 1',
      token,
    );
  }
  canSeeProject(user: UserRow | null, p: ProjectRow): boolean {
    if (!user) return p.is_public === 1;
    const v = this.visibilityOf(user);
    if (v.kind === 'all' || p.owner_id === user.id || p.is_public === 1) return true;
    if (v.kind === 'team' && this.user(p.owner_id)?.team_id === v.teamId) return true;
    return (
      this.get(
        'SELECT 1 AS x FROM shares WHERE project_id = ? AND email = ? COLLATE NOCASE',
        p.id,
        user.email,
      ) !== undefined
    );
  }
  canEditProject(user: UserRow, p: ProjectRow): boolean {
    const v = this.visibilityOf(user);
    return (
      v.kind === 'all' ||
      p.owner_id === user.id ||
      (v.kind === 'team' && this.user(p.owner_id)?.team_id === v.teamId)
    );
  }
  searchProjects(
    v: Visibility,
    f: {
      search?: string | undefined;
      mineOnly?: boolean | undefined;
      /** With mineOnly: the viewer whose own projects are kept (every role, internal staff included). */
      ownerId?: number | undefined;
      primaryRepEmail?: string | undefined;
      ownerEmail?: string | undefined;
    },
    p: Paging,
  ): Page<ProjectRow & { owner_email: string; run_count: number }> {
    const where: string[] = ['p.deleted = 0'];
    const params: SQLInputValue[] = [];
    this.visibilityWhere(v, 'p', where, params, true);
    const ownerId = f.ownerId ?? (v.kind === 'all' ? undefined : v.userId);
    if (f.mineOnly && ownerId !== undefined) {
      where.push('p.owner_id = ?');
      params.push(ownerId);
    }
    if (f.search) {
      where.push('(p.name LIKE ? OR o.email LIKE ? OR CAST(p.id AS TEXT) = ?)');
      params.push(`%${f.search}%`, `%${f.search}%`, f.search);
    }
    if (f.ownerEmail) {
      where.push('o.email LIKE ?');
      params.push(`%${f.ownerEmail}%`);
    }
    if (f.primaryRepEmail) {
      // The primary rep's email matches exactly (case-insensitive), not as a substring.
      where.push('o.primary_rep_id IN (SELECT id FROM users WHERE email = ? COLLATE NOCASE)');
      params.push(f.primaryRepEmail.trim());
    }
    const cols: Record<string, string> = {
      name: 'p.name COLLATE NOCASE',
      id: 'p.id',
      createdat: 'p.created_at',
      updatedat: 'p.updated_at',
      owneremail: 'o.email',
      owner: 'o.email',
      run_count: 'run_count',
    };
    return this.page(
      'SELECT p.*, o.email AS owner_email, (SELECT COUNT(*) FROM collector_runs r WHERE r.project_id = p.id AND r.deleted = 0) AS run_count FROM projects p JOIN users o ON o.id = p.owner_id',
      where,
      params,
      sortColumn(cols, p.sortBy, 'p.updated_at'),
      p,
      'FROM projects p JOIN users o ON o.id = p.owner_id',
    );
  }
  private visibilityWhere(
    v: Visibility,
    alias: string,
    where: string[],
    params: SQLInputValue[],
    includeShares: boolean,
  ): void {
    if (v.kind === 'all') return;
    const share = includeShares
      ? ` OR ${alias}.id IN (SELECT project_id FROM shares WHERE email = ? COLLATE NOCASE)`
      : '';
    if (v.kind === 'team') {
      where.push(`(${alias}.owner_id IN (SELECT id FROM users WHERE team_id = ?)${share})`);
      params.push(v.teamId);
    } else {
      where.push(`(${alias}.owner_id = ?${share})`);
      params.push(v.userId);
    }
    if (includeShares) params.push(v.email);
  }
  createProject(
    name: string,
    ownerId: number,
    runIds: readonly number[],
    now = Date.now(),
    extra: { isDemo?: boolean; sourceProjectId?: number; anonymous?: boolean } = {},
  ): number {
    return this.tx(() => {
      const { lastId } = this.run(
        'INSERT INTO projects (name, owner_id, created_at, updated_at, is_demo, source_project_id, anonymous) VALUES (?, ?, ?, ?, ?, ?, ?)',
        name,
        ownerId,
        now,
        now,
        extra.isDemo ? 1 : 0,
        extra.sourceProjectId ?? null,
        extra.anonymous ? 1 : 0,
      );
      for (const r of runIds) this.run('UPDATE collector_runs SET project_id = ? WHERE id = ?', lastId, r);
      return lastId;
    });
  }
  updateProject(
    id: number,
    fields: Partial<
      Pick<
        ProjectRow,
        | 'name'
        | 'owner_id'
        | 'is_public'
        | 'public_token'
        | 'archive_state'
        | 'archive_op'
        | 'archive_started_at'
        | 'deleted'
        | 'failed'
        | 'retry_count'
      >
    >,
    now = Date.now(),
  ): void {
    const keys = Object.keys(fields) as (keyof typeof fields)[];
    this.run(
      `UPDATE projects SET ${[...keys.map((k) => `${k} = ?`), 'updated_at = ?'].join(', ')} WHERE id = ?`,
      ...keys.map((k) => fields[k] ?? null),
      now,
      id,
    );
  }
  /** Current archive/restore progress; a finished live operation is persisted as its end state. */
  archiveStatus(p: ProjectRow, timeScale: number, now = Date.now()): ArchiveProgress | null {
    if (p.archive_op && p.archive_started_at !== null) {
      const prog = archiveProgress(
        p.archive_op === 'restore' ? 'restore' : 'archive',
        p.archive_started_at,
        now,
        timeScale,
      );
      if (prog.done) {
        this.run(
          'UPDATE projects SET archive_state = ?, archive_started_at = NULL WHERE id = ?',
          prog.state,
          p.id,
        );
      }
      return prog;
    }
    if (p.archive_state) return frozenProgress(p.archive_state as ArchiveState, p.id);
    return null;
  }

  // ---- collector runs
  runRow(id: number): RunRow | undefined {
    return this.get<RunRow>('SELECT * FROM collector_runs WHERE id = ? AND deleted = 0', id);
  }
  runsOfProject(projectId: number): RunRow[] {
    return this.all<RunRow>(
      'SELECT * FROM collector_runs WHERE project_id = ? AND deleted = 0 ORDER BY id',
      projectId,
    );
  }
  runStatus(r: RunRow, now = Date.now()): CollectorRunStatus {
    const ingest = this.ingestState(r.id);
    if (ingest) return ingest.state;
    if (r.stopped_at !== null) {
      if (r.stopped_at > now) return 'Stopping';
      return r.stopped_at >= r.started_at + r.planned_duration_s * 1000 ? 'Completed' : 'Stopped';
    }
    return now >= r.started_at + r.planned_duration_s * 1000 ? 'Completed' : 'Running';
  }
  runProgress(r: RunRow, now = Date.now()): number {
    const ingest = this.ingestState(r.id);
    if (ingest) return ingest.progress;
    return runProgress(r.started_at, r.planned_duration_s, r.stopped_at, now);
  }
  canSeeRun(user: UserRow, r: RunRow): boolean {
    const v = this.visibilityOf(user);
    if (v.kind === 'all' || r.owner_id === user.id) return true;
    return v.kind === 'team' && this.user(r.owner_id)?.team_id === v.teamId;
  }
  searchRuns(
    v: Visibility,
    f: {
      search?: string | undefined;
      mineOnly?: boolean | undefined;
      /** With mineOnly: the viewer whose own runs are kept (every role, internal staff included). */
      ownerId?: number | undefined;
      status?: string | undefined;
      archived?: boolean | undefined;
      projectId?: number | undefined;
      /** The owner's email, matched exactly (case-insensitive), not as a substring. */
      ownerEmail?: string | undefined;
      /** End time on or after this instant (ms). */
      endedFrom?: number | undefined;
      /** End time before this instant (ms). */
      endedUntil?: number | undefined;
    },
    p: Paging,
    now = Date.now(),
  ): Page<RunRow & { owner_email: string; owner_name: string; project_name: string | null }> {
    const where: string[] = ['r.deleted = 0'];
    const params: SQLInputValue[] = [];
    this.visibilityWhere(v, 'r', where, params, false);
    const ownerId = f.ownerId ?? (v.kind === 'all' ? undefined : v.userId);
    if (f.mineOnly && ownerId !== undefined) {
      where.push('r.owner_id = ?');
      params.push(ownerId);
    }
    if (f.search) {
      where.push('(r.name LIKE ? OR o.email LIKE ? OR CAST(r.id AS TEXT) = ?)');
      params.push(`%${f.search}%`, `%${f.search}%`, f.search);
    }
    if (f.ownerEmail) {
      where.push('o.email = ? COLLATE NOCASE');
      params.push(f.ownerEmail.trim());
    }
    if (f.archived !== undefined) {
      where.push('r.archived = ?');
      params.push(f.archived ? 1 : 0);
    }
    if (f.projectId !== undefined) {
      where.push('r.project_id = ?');
      params.push(f.projectId);
    }
    const end = 'COALESCE(r.stopped_at, r.started_at + r.planned_duration_s * 1000)';
    if (f.endedFrom !== undefined) {
      where.push(`${end} >= ?`);
      params.push(f.endedFrom);
    }
    if (f.endedUntil !== undefined) {
      where.push(`${end} < ?`);
      params.push(f.endedUntil);
    }
    // The status as runStatus() computes it, in SQL (filter and sort).
    // A collector file being stored (issue #32): Queued or Processing (ingest_pending, by its primary key).
    const status = `CASE WHEN EXISTS (SELECT 1 FROM ingest_pending ip WHERE ip.run_id = r.id) THEN (SELECT ip.state FROM ingest_pending ip WHERE ip.run_id = r.id) WHEN r.stopped_at IS NOT NULL AND r.stopped_at > ${now} THEN 'Stopping' WHEN r.stopped_at IS NOT NULL AND r.stopped_at < r.started_at + r.planned_duration_s * 1000 THEN 'Stopped' WHEN r.stopped_at IS NULL AND r.started_at + r.planned_duration_s * 1000 > ${now} THEN 'Running' ELSE 'Completed' END`;
    if (f.status) {
      where.push(`${status} = ?`);
      params.push(f.status);
    }
    const cols: Record<string, string> = {
      name: 'r.name COLLATE NOCASE',
      id: 'r.id',
      startedat: 'r.started_at',
      endtime: end,
      owner: 'o.email',
      owneremail: 'o.email',
      duration: 'r.planned_duration_s',
      status,
      progress: `MIN(1.0, (MIN(COALESCE(r.stopped_at, ${now}), ${now}) - r.started_at) * 1.0 / MAX(1, r.planned_duration_s * 1000))`,
    };
    return this.page(
      "SELECT r.*, o.email AS owner_email, o.first_name || ' ' || o.last_name AS owner_name, pj.name AS project_name FROM collector_runs r JOIN users o ON o.id = r.owner_id LEFT JOIN projects pj ON pj.id = r.project_id AND pj.deleted = 0",
      where,
      params,
      sortColumn(cols, p.sortBy, 'r.started_at'),
      { ...p, sortOrder: p.sortBy ? p.sortOrder : 1 },
      'FROM collector_runs r JOIN users o ON o.id = r.owner_id',
    );
  }
  createRun(
    name: string,
    ownerId: number,
    kind: string,
    now = Date.now(),
    stopped = true,
    seedFrom?: number,
    /** Copy a plausible inventory from another run (seeded and storage runs); off for a collector file's own. */
    copyInventory = true,
  ): number {
    return this.tx(() => {
      // A finished run collected for a day; a running one started an hour ago and collects for a week.
      const { lastId } = this.run(
        'INSERT INTO collector_runs (name, owner_id, kind, started_at, planned_duration_s, stopped_at) VALUES (?, ?, ?, ?, ?, ?)',
        name,
        ownerId,
        kind,
        stopped ? now - 86400_000 : now - 3600_000,
        stopped ? 86400 : 7 * 86400,
        stopped ? now : null,
      );
      if (!copyInventory) return lastId;
      // Servers and disks copied from an existing run's inventory.
      const src = seedFrom ?? (lastId % 400) + 1;
      const disks = this.all<DiskRow>('SELECT * FROM cluster_disks WHERE run_id = ?', src);
      const diskMap = new Map<number, number>();
      for (const d of disks)
        diskMap.set(
          d.id,
          this.run(
            'INSERT INTO cluster_disks (run_id, name, iops, capacity_gb) VALUES (?, ?, ?, ?)',
            lastId,
            d.name.replace(/-R\d+$/, `-R${lastId}`),
            d.iops,
            d.capacity_gb,
          ).lastId,
        );
      for (const s of this.all<ServerRow>('SELECT * FROM servers WHERE run_id = ?', src)) {
        const sid = this.run(
          'INSERT INTO servers (run_id, name, role, iops, capacity_gb, local_disk_count, os, cpu_cores, memory_gb) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
          lastId,
          s.name.replace(/-\d{3}-/, `-${String(lastId).padStart(3, '0')}-`),
          s.role,
          s.iops,
          s.capacity_gb,
          s.local_disk_count,
          s.os,
          s.cpu_cores,
          s.memory_gb,
        ).lastId;
        for (const link of this.all<{ disk_id: number }>(
          'SELECT disk_id FROM server_disks WHERE server_id = ?',
          s.id,
        )) {
          const nd = diskMap.get(link.disk_id);
          if (nd !== undefined)
            this.run('INSERT INTO server_disks (server_id, disk_id) VALUES (?, ?)', sid, nd);
        }
      }
      return lastId;
    });
  }
  serversOfProject(projectId: number): (ServerRow & { run_name: string; disk_ids: string | null })[] {
    return this.all(
      'SELECT s.*, r.name AS run_name, (SELECT group_concat(disk_id) FROM server_disks sd WHERE sd.server_id = s.id) AS disk_ids FROM servers s JOIN collector_runs r ON r.id = s.run_id WHERE r.project_id = ? AND r.deleted = 0 ORDER BY s.id',
      projectId,
    );
  }
  disksOfProject(projectId: number): (DiskRow & { run_name: string })[] {
    return this.all(
      'SELECT d.*, r.name AS run_name FROM cluster_disks d JOIN collector_runs r ON r.id = d.run_id WHERE r.project_id = ? AND r.deleted = 0 ORDER BY d.id',
      projectId,
    );
  }

  // ---- uploads
  addUpload(
    u: Omit<UploadRow, 'file_id' | 'saved' | 'queued_project_id' | 'read_sha256'> & {
      read_sha256?: string | null;
    },
  ): string {
    const id = randomUUID();
    this.run(
      'INSERT INTO uploads (file_id, user_id, file_name, size, kind, stored_path, created_at, read_sha256) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
      id,
      u.user_id,
      u.file_name,
      u.size,
      u.kind,
      u.stored_path,
      u.created_at,
      u.read_sha256 ?? null,
    );
    return id;
  }
  upload(id: string): UploadRow | undefined {
    return this.get<UploadRow>('SELECT * FROM uploads WHERE file_id = ?', id);
  }
  pendingUploads(userId: number): UploadRow[] {
    return this.all<UploadRow>(
      'SELECT * FROM uploads WHERE user_id = ? AND queued_project_id IS NULL ORDER BY created_at',
      userId,
    );
  }
  /**
   * The upload is gone. A file whose storing failed and that its owner deletes instead of queueing again is no longer
   * held against the project: its failure is forgotten, and the project's failed mark clears if nothing else is.
   */
  deleteUpload(id: string): void {
    this.tx(() => {
      const failedIn = this.all<{ project_id: number }>(
        'SELECT project_id FROM ingest_failures WHERE file_id = ?',
        id,
      );
      this.run('DELETE FROM ingest_failures WHERE file_id = ?', id);
      this.run('DELETE FROM uploads WHERE file_id = ?', id);
      for (const { project_id } of failedIn) this.clearFailedWhenSettled(project_id);
    });
  }

  // ---- reports
  addReport(r: Omit<ReportRow, 'id' | 'file_path' | 'error'>): string {
    const id = randomUUID();
    this.run(
      'INSERT INTO reports (id, project_id, user_id, request_json, created_at, due_at, status) VALUES (?, ?, ?, ?, ?, ?, ?)',
      id,
      r.project_id,
      r.user_id,
      r.request_json,
      r.created_at,
      r.due_at,
      r.status,
    );
    return id;
  }
  report(id: string): ReportRow | undefined {
    return this.get<ReportRow>('SELECT * FROM reports WHERE id = ?', id);
  }
  finishReport(
    id: string,
    status: 'Completed' | 'Failed',
    filePath: string | null,
    error: string | null,
  ): void {
    this.run(
      'UPDATE reports SET status = ?, file_path = ?, error = ? WHERE id = ?',
      status,
      filePath,
      error,
      id,
    );
  }
  unfinishedReports(): ReportRow[] {
    return this.all<ReportRow>("SELECT * FROM reports WHERE status IN ('Queued', 'InProgress')");
  }

  // ---- promo sites
  promoSite(id: number): PromoSiteRow | undefined {
    return this.get<PromoSiteRow>('SELECT * FROM promo_sites WHERE id = ?', id);
  }
  promoLogo(siteId: number, logoFor: string): PromoLogoRow | undefined {
    return this.get<PromoLogoRow>(
      'SELECT * FROM promo_logos WHERE site_id = ? AND logo_for = ?',
      siteId,
      logoFor,
    );
  }

  // ---- collector files being stored (issue #32 finding 5)
  /** Marks a run whose series are being stored from upload `fileId` (in the transaction that creates the run). */
  ingestStarted(runId: number, projectId: number, fileId: string): void {
    this.run(
      'INSERT INTO ingest_pending (run_id, project_id, file_id) VALUES (?, ?, ?)',
      runId,
      projectId,
      fileId,
    );
  }
  /** The run's series are complete. */
  /** The background ingest of the run's file, while it is pending: waiting (Queued) or being stored. */
  ingestState(runId: number): { state: 'Queued' | 'Processing'; progress: number } | undefined {
    return this.get('SELECT state, progress FROM ingest_pending WHERE run_id = ?', runId);
  }
  /** The pending ingest of one run. */
  pendingIngest(runId: number): { run_id: number; project_id: number; file_id: string } | undefined {
    return this.get('SELECT run_id, project_id, file_id FROM ingest_pending WHERE run_id = ?', runId);
  }
  /** The pool started storing the run's file. */
  ingestRunning(runId: number): void {
    this.run("UPDATE ingest_pending SET state = 'Processing', progress = 0 WHERE run_id = ?", runId);
  }
  /** Percent of the run's file stored so far. */
  ingestProgress(runId: number, percent: number): void {
    this.run('UPDATE ingest_pending SET progress = ? WHERE run_id = ?', percent, runId);
  }
  /**
   * The run's file is stored. Its upload no longer counts as failed for the project, and once no upload of the
   * project is failed or still pending the project's failed mark clears (a failed file re-queued and stored).
   */
  ingestDone(runId: number): void {
    const pending = this.pendingIngest(runId);
    this.tx(() => {
      this.run('DELETE FROM ingest_pending WHERE run_id = ?', runId);
      if (!pending) return;
      this.run(
        'DELETE FROM ingest_failures WHERE project_id = ? AND file_id = ?',
        pending.project_id,
        pending.file_id,
      );
      this.clearFailedWhenSettled(pending.project_id);
    });
  }
  /** The project's failed mark clears once no upload of it is failed or still waiting to be stored. */
  private clearFailedWhenSettled(projectId: number): void {
    const left = this.get<{ n: number }>(
      `SELECT (SELECT COUNT(*) FROM ingest_failures WHERE project_id = ?)
        + (SELECT COUNT(*) FROM ingest_pending WHERE project_id = ?) AS n`,
      projectId,
      projectId,
    );
    if (left?.n === 0) this.run('UPDATE projects SET failed = 0 WHERE id = ? AND failed = 1', projectId);
  }
  /** The project's failed files are forgotten (the owner retried the project). */
  forgetIngestFailures(projectId: number): void {
    this.run('DELETE FROM ingest_failures WHERE project_id = ?', projectId);
  }
  /** Ingests a crash (or a failure) cut short. */
  pendingIngests(): { run_id: number; project_id: number; file_id: string }[] {
    return this.all('SELECT run_id, project_id, file_id FROM ingest_pending ORDER BY run_id');
  }
  /**
   * An ingest that did not finish: in one transaction the run's partial series and inventory are removed with the
   * run, its upload can be queued again, and the project is marked failed (its owner retries or queues anew).
   */
  abandonIngest(runId: number): void {
    const pending = this.get<{ project_id: number; file_id: string }>(
      'SELECT project_id, file_id FROM ingest_pending WHERE run_id = ?',
      runId,
    );
    if (!pending) return;
    this.tx(() => {
      clearRunSeries(this.db, runId);
      this.run(
        'DELETE FROM server_disks WHERE server_id IN (SELECT id FROM servers WHERE run_id = ?)',
        runId,
      );
      this.run('DELETE FROM servers WHERE run_id = ?', runId);
      this.run('DELETE FROM cluster_disks WHERE run_id = ?', runId);
      this.run('DELETE FROM collector_runs WHERE id = ?', runId);
      this.run('UPDATE uploads SET queued_project_id = NULL WHERE file_id = ?', pending.file_id);
      this.run('UPDATE projects SET failed = 1 WHERE id = ?', pending.project_id);
      this.run(
        'INSERT OR IGNORE INTO ingest_failures (project_id, file_id) VALUES (?, ?)',
        pending.project_id,
        pending.file_id,
      );
      this.run('DELETE FROM ingest_pending WHERE run_id = ?', runId);
    });
  }

  // ---- capture requests (issue #32 e)
  /**
   * A capture request: a random, unguessable token for the capture link sent to `email`, valid for `ttlMs`. Its
   * holder may build one collector without signing in (InsertFromDpackCapture), once.
   */
  createCaptureRequest(
    requestedBy: number | null,
    email: string,
    now = Date.now(),
    ttlMs = CAPTURE_REQUEST_TTL_MS,
  ): string {
    const token = randomBytes(24).toString('base64url');
    this.run(
      'INSERT INTO capture_requests (token, requested_by, email, created_at, expires_at) VALUES (?, ?, ?, ?, ?)',
      token,
      requestedBy,
      email,
      now,
      now + ttlMs,
    );
    return token;
  }
  /**
   * Spends a capture request on the collector `build` makes for it: only an existing, unexpired, unused token; the
   * check and the spending are one transaction, so two calls with one token build one collector. Null when the
   * token is not (or no longer) a capture request.
   */
  useCaptureRequest(token: string, now: number, build: () => number): number | null {
    return this.tx(() => {
      const open = this.get<{ token: string }>(
        'SELECT token FROM capture_requests WHERE token = ? AND used_at IS NULL AND expires_at > ?',
        token,
        now,
      );
      if (!open) return null;
      const collectorId = build();
      this.run(
        'UPDATE capture_requests SET used_at = ?, collector_id = ? WHERE token = ?',
        now,
        collectorId,
        token,
      );
      return collectorId;
    });
  }

  // ---- generic records (tickets, PSS requests, registrations)
  addRecord(kind: string, userId: number | null, body: unknown, now = Date.now()): number {
    return this.run(
      'INSERT INTO records (kind, user_id, created_at, body) VALUES (?, ?, ?, ?)',
      kind,
      userId,
      now,
      JSON.stringify(body),
    ).lastId;
  }
  records(kind: string): { id: number; user_id: number | null; created_at: number; body: string }[] {
    return this.all('SELECT * FROM records WHERE kind = ? ORDER BY id', kind);
  }
}

// The store on its own: deterministic seed data of every kind, the KDF, the PRNG and the behaviour over time.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../src/store/db.ts';
import { seed, DEMO_ACCOUNTS, DEMO_PASSWORD, TEAMS } from '../src/store/seed.ts';
import { hashPassword, hashPasswordAsync, verifyPassword } from '../src/store/kdf.ts';
import { Prng } from '../src/store/prng.ts';
import {
  archiveProgress,
  frozenProgress,
  runProgress,
  ARCHIVE_PENDING_MS,
  ARCHIVE_TOTAL_MS,
} from '../src/store/progress.ts';
import { ARCHIVE_STATES, ROLES, TEAM_KINDS, USER_STATUSES } from '../src/store/domain.ts';
import { Repo } from '../src/store/repo.ts';
import { ArchiveRestoreStatus } from '@assessment/sdk';
import { freshDataDir } from './helpers.ts';

describe('seed data', () => {
  const dir = freshDataDir();
  const db = openDatabase(dir);
  const repo = new Repo(db);
  const count = (sql: string, ...p: (string | number)[]): number =>
    repo.get<{ n: number }>(sql, ...p)?.n ?? 0;

  it('seeds exactly the archive states of the contract', () => {
    expect([...ARCHIVE_STATES].sort()).toEqual(Object.values(ArchiveRestoreStatus).sort());
  });

  it('has teams of each kind, users of every role with each status, and working demo accounts', async () => {
    for (const kind of TEAM_KINDS)
      expect(count('SELECT COUNT(*) AS n FROM teams WHERE kind = ?', kind), kind).toBeGreaterThan(0);
    for (const role of ROLES) {
      for (const status of USER_STATUSES) {
        const n = count('SELECT COUNT(*) AS n FROM users WHERE role = ? AND status = ?', role, status);
        // Pending (an unconfirmed address) only comes from a registration: no seeded account is pending.
        if (status === 'Pending') expect(n, `${role}/${status}`).toBe(0);
        else expect(n, `${role}/${status}`).toBeGreaterThan(0);
      }
    }
    for (const a of DEMO_ACCOUNTS) {
      const u = repo.userByEmail(a.email);
      expect(u?.role, a.email).toBe(a.role);
      expect(u?.status).toBe('Active');
      expect(u?.language_culture).toBe('en-US');
    }
    const admin = repo.userByEmail(DEMO_ACCOUNTS[0]!.email)!;
    expect(admin.password_hash).toMatch(/^scrypt\$16384\$8\$1\$[0-9a-f]{32}\$[0-9a-f]{64}$/);
    expect(await verifyPassword(DEMO_PASSWORD, admin.password_hash!)).toBe(true);
    expect(TEAMS.length).toBeGreaterThanOrEqual(4);
  });

  it('has ~50 projects in every archive/restore state and ~500 runs running, stopped and archived, with servers and disks', () => {
    const projects = count('SELECT COUNT(*) AS n FROM projects');
    expect(projects).toBeGreaterThanOrEqual(45);
    expect(projects).toBeLessThanOrEqual(65);
    // each demo account has a project whose processing failed (retry, support ticket)
    expect(
      count('SELECT COUNT(DISTINCT owner_id) AS n FROM projects WHERE failed = 1'),
    ).toBeGreaterThanOrEqual(9);
    for (const state of ARCHIVE_STATES)
      expect(
        count('SELECT COUNT(*) AS n FROM projects WHERE archive_state = ?', state),
        state,
      ).toBeGreaterThan(0);
    expect(count('SELECT COUNT(*) AS n FROM projects WHERE archive_state IS NULL')).toBeGreaterThan(0);
    // 500 runs drawn at random, and the run of the seeded vSphere estate (series/seed.ts seedVsphereProject).
    expect(count('SELECT COUNT(*) AS n FROM collector_runs')).toBe(501);
    const now = Date.now();
    const runs = repo.all<Parameters<Repo['runStatus']>[0]>('SELECT * FROM collector_runs');
    const statuses = new Set(runs.map((r) => repo.runStatus(r, now)));
    expect(statuses).toEqual(new Set(['Running', 'Stopped', 'Completed']));
    expect(runs.some((r) => r.archived === 1)).toBe(true);
    expect(count('SELECT COUNT(*) AS n FROM servers')).toBeGreaterThan(2000);
    expect(count('SELECT COUNT(*) AS n FROM cluster_disks')).toBeGreaterThan(300);
    expect(count('SELECT COUNT(*) AS n FROM server_disks')).toBeGreaterThan(0);
    // Every server has a local disk, but the hypervisor hosts of a vSphere file: their storage is datastores.
    expect(
      count(
        'SELECT COUNT(*) AS n FROM servers WHERE local_disk_count < 1 AND run_id NOT IN (SELECT run_id FROM series_datastores)',
      ),
    ).toBe(0);
    expect(count('SELECT COUNT(*) AS n FROM promo_sites')).toBeGreaterThan(0);
    expect(count('SELECT COUNT(*) AS n FROM countries')).toBeGreaterThan(30);
    expect(count('SELECT COUNT(*) AS n FROM languages')).toBe(10);
  });

  it('is deterministic: a reseed gives the same world', () => {
    const snapshot = (): string =>
      JSON.stringify(repo.all('SELECT id, name, owner_id, archive_state FROM projects ORDER BY id')) +
      JSON.stringify(repo.all('SELECT id, email, role, status, team_id FROM users ORDER BY id')) +
      JSON.stringify(
        repo.all(
          'SELECT id, run_id, name, iops, capacity_gb, local_disk_count FROM servers ORDER BY id LIMIT 200',
        ),
      );
    const before = snapshot();
    const other = mkdtempSync(path.join(tmpdir(), 'mock-seed-'));
    const db2 = openDatabase(other);
    seed(db2);
    const repo2 = new Repo(db2);
    const after =
      JSON.stringify(repo2.all('SELECT id, name, owner_id, archive_state FROM projects ORDER BY id')) +
      JSON.stringify(repo2.all('SELECT id, email, role, status, team_id FROM users ORDER BY id')) +
      JSON.stringify(
        repo2.all(
          'SELECT id, run_id, name, iops, capacity_gb, local_disk_count FROM servers ORDER BY id LIMIT 200',
        ),
      );
    db2.close();
    rmSync(other, { recursive: true, force: true });
    expect(after).toBe(before);
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });
});

describe('KDF', () => {
  it('salts every hash and verifies only the right password', async () => {
    const a = hashPassword('secret');
    const b = hashPassword('secret');
    expect(a).not.toBe(b);
    expect(await verifyPassword('secret', a)).toBe(true);
    expect(await verifyPassword('Secret', a)).toBe(false);
    expect(await verifyPassword('secret', 'plain-text')).toBe(false);
  });

  it('hashes off the event loop to the same format, verifiable, and equal to the synchronous hash for one salt', async () => {
    const salt = Buffer.alloc(16, 7);
    const hashed = await hashPasswordAsync('secret', salt);
    expect(hashed).toBe(hashPassword('secret', salt));
    expect(hashed).toMatch(/^scrypt\$16384\$8\$1\$[0-9a-f]{32}\$[0-9a-f]{64}$/);
    expect(await verifyPassword('secret', await hashPasswordAsync('secret'))).toBe(true);
  });
});

describe('PRNG', () => {
  it('repeats for a seed and stays in range', () => {
    const a = new Prng(42);
    const b = new Prng(42);
    const xs = Array.from({ length: 100 }, () => a.int(1, 6));
    expect(Array.from({ length: 100 }, () => b.int(1, 6))).toEqual(xs);
    expect(new Set(xs)).toEqual(new Set([1, 2, 3, 4, 5, 6]));
  });
});

describe('behaviour over time', () => {
  it('archives PendingArchive → ArchivingInProgress (rising) → Archived over tens of seconds at time scale 1', () => {
    expect(ARCHIVE_TOTAL_MS).toBeGreaterThanOrEqual(20_000);
    const at = (ms: number) => archiveProgress('archive', 0, ms, 1);
    expect(at(0)).toEqual({ state: 'PendingArchive', percentage: 0, done: false });
    const mid = at((ARCHIVE_PENDING_MS + ARCHIVE_TOTAL_MS) / 2);
    expect(mid.state).toBe('ArchivingInProgress');
    expect(mid.percentage).toBeGreaterThan(40);
    expect(mid.percentage).toBeLessThan(60);
    expect(at(ARCHIVE_PENDING_MS + 1).percentage).toBeLessThan(at(ARCHIVE_TOTAL_MS - 1).percentage);
    expect(at(ARCHIVE_TOTAL_MS)).toEqual({ state: 'Archived', percentage: 100, done: true });
  });

  it('restores PendingRestore → RestoreInProgress → Restored, and the time scale shortens it', () => {
    expect(archiveProgress('restore', 0, 0, 1).state).toBe('PendingRestore');
    expect(archiveProgress('restore', 0, ARCHIVE_TOTAL_MS / 2, 1).state).toBe('RestoreInProgress');
    expect(archiveProgress('restore', 0, ARCHIVE_TOTAL_MS / 100, 0.01).state).toBe('Restored');
    expect(frozenProgress('Archived', 3).percentage).toBe(100);
  });

  it('computes a run’s progress from its start and planned duration', () => {
    expect(runProgress(0, 100, null, 50_000)).toBe(50);
    expect(runProgress(0, 100, 25_000, 90_000)).toBe(25);
    expect(runProgress(0, 100, null, 500_000)).toBe(100);
  });
});

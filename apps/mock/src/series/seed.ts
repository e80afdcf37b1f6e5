// Series for the seeded demo world: every run in a project gets a synthetic collector file (the one generator,
// collector-file/generate.ts) stored through the same writer as an uploaded file. The runs of one project share one
// window (the project's first run's start, at most 7 days), so a project's aggregate blends its runs as one
// workload. Seeding stays fast: the interval is coarse (1 hour) for the seed — tests and benchmarks generate finer
// series themselves. The files are format v2 (SEED_FORMAT_VERSION), so the demo shows read and write latency apart
// (and every v2 rule: stated intervals, file systems); the generator is deterministic either way.
import type { DatabaseSync } from 'node:sqlite';
import { generateCollectorRecords, type GenerateOptions } from '../collector-file/generate.ts';
import type { CollectorHeader } from '../collector-file/records.ts';
import { insertRunInventory, fillRunPeakIops } from './inventory.ts';
import { storeCollectorRecordsSync } from './store.ts';
import { markRunsAligned } from './repo.ts';

export const SEED_WINDOW_DAYS = 7;
export const SEED_INTERVAL_S = 3600;
/** The collector format the seed writes (the generator writes either). */
export const SEED_FORMAT_VERSION = 2;

export function seedSeries(db: DatabaseSync, seed: number, now: number): { hosts: number; samples: number } {
  const runs = db
    .prepare(
      `SELECT id, project_id AS projectId, started_at AS startedAt, stopped_at AS stoppedAt
       FROM collector_runs WHERE project_id IS NOT NULL ORDER BY project_id, id`,
    )
    .all() as { id: number; projectId: number; startedAt: number; stoppedAt: number | null }[];
  const servers = db.prepare(
    'SELECT name, os, cpu_cores AS cores, memory_gb AS memoryGb FROM servers WHERE run_id = ? ORDER BY id',
  );
  const disks = db.prepare(
    'SELECT name, capacity_gb AS capacityGb FROM cluster_disks WHERE run_id = ? ORDER BY id',
  );
  const windows = new Map<number, { start: number; durationS: number }>();
  let hosts = 0;
  let samples = 0;
  for (const run of runs) {
    let w = windows.get(run.projectId);
    if (!w) {
      const end = Math.floor((run.stoppedAt ?? now) / 1000);
      const start = Math.floor(run.startedAt / 1000);
      w = {
        start,
        durationS: Math.max(SEED_INTERVAL_S * 4, Math.min(SEED_WINDOW_DAYS * 86_400, end - start)),
      };
      windows.set(run.projectId, w);
    }
    const runHosts = servers.all(run.id) as { name: string; os: string; cores: number; memoryGb: number }[];
    if (runHosts.length === 0) continue;
    const r = storeCollectorRecordsSync(
      db,
      run.id,
      generateCollectorRecords({
        seed: (seed ^ (run.id * 2654435761)) >>> 0,
        start: w.start,
        durationSeconds: w.durationS,
        intervalSeconds: SEED_INTERVAL_S,
        formatVersion: SEED_FORMAT_VERSION,
        hosts: runHosts,
        sharedDisks: disks.all(run.id) as { name: string; capacityGb: number }[],
      }),
    );
    hosts += r.hosts;
    samples += r.samples;
  }
  markRunsAligned(db);
  return { hosts, samples };
}

/** The demo end user who owns the seeded vSphere project (README's demo accounts). */
export const VSPHERE_DEMO_OWNER = 'enduser@adventure-works.example';
export const VSPHERE_DEMO_PROJECT = 'Adventure Works vSphere estate';

/**
 * The seeded vSphere estate (format v3): 2 clusters × 3 hosts × 5 VMs (every 8th VM powered off), 2 datastores per
 * cluster, 7 days at 20 minutes (~15 k samples: a fraction of a second to store). Stored as an uploaded file is
 * (the run's inventory, then its series), so the portal shows clusters, hosts, VMs and datastores.
 */
export const VSPHERE_DEMO_OPTIONS = {
  vsphere: { clusters: 2, hostsPerCluster: 3, vmsPerHost: 5 },
  formatVersion: 3,
  hosts: 6,
  intervalSeconds: 1200,
  durationSeconds: SEED_WINDOW_DAYS * 86_400,
  namePrefix: 'aw',
} as const satisfies Omit<GenerateOptions, 'seed' | 'start'>;

/**
 * Adds one vSphere project of the demo end user, with one finished run holding the synthetic estate: after every
 * other seeded project and run (new ids, no draw from the seed's random stream, so the rest of the world is
 * unchanged). Returns its project id.
 */
export function seedVsphereProject(db: DatabaseSync, seed: number, now: number): number {
  const owner = db.prepare('SELECT id FROM users WHERE email = ?').get(VSPHERE_DEMO_OWNER) as
    { id: number } | undefined;
  if (!owner) throw new Error(`the seed has no ${VSPHERE_DEMO_OWNER}`);
  const DAY = 86_400_000;
  const stopped = now - DAY;
  const started = stopped - SEED_WINDOW_DAYS * DAY;
  const projectId = Number(
    db
      .prepare(
        `INSERT INTO projects (name, owner_id, created_at, updated_at, is_public, anonymous, is_demo)
         VALUES (?, ?, ?, ?, 0, 0, 0)`,
      )
      .run(VSPHERE_DEMO_PROJECT, owner.id, stopped, stopped).lastInsertRowid,
  );
  const runId = Number(
    db
      .prepare(
        `INSERT INTO collector_runs (name, owner_id, project_id, kind, started_at, planned_duration_s, stopped_at)
         VALUES (?, ?, ?, 'server', ?, ?, ?)`,
      )
      .run('vcenter.adventure-works run', owner.id, projectId, started, SEED_WINDOW_DAYS * 86_400, stopped)
      .lastInsertRowid,
  );
  const options = { ...VSPHERE_DEMO_OPTIONS, seed: (seed ^ 0x41) >>> 0, start: Math.floor(started / 1000) };
  const [header] = generateCollectorRecords(options);
  insertRunInventory(db, runId, header as CollectorHeader);
  storeCollectorRecordsSync(db, runId, generateCollectorRecords(options));
  fillRunPeakIops(db, runId);
  return projectId;
}

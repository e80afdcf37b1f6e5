// Series for the seeded demo world: every run in a project gets a synthetic collector file (the one generator,
// collector-file/generate.ts) stored through the same writer as an uploaded file. The runs of one project share one
// window (the project's first run's start, at most 7 days), so a project's aggregate blends its runs as one
// workload. Seeding stays fast: the interval is coarse (1 hour) for the seed — tests and benchmarks generate finer
// series themselves. The files are format v2 (SEED_FORMAT_VERSION), so the demo shows read and write latency apart
// (and every v2 rule: stated intervals, file systems); the generator is deterministic either way.
import type { DatabaseSync } from 'node:sqlite';
import { generateCollectorRecords } from '../collector-file/generate.ts';
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

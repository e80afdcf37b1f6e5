// The sizing settings saved with a project (sqlite): the repository functions the handler and the reports use.
import type { DatabaseSync } from 'node:sqlite';
import {
  DEFAULT_SIZING,
  SIZING_BASES,
  SIZING_BOUNDS,
  type SizingBasis,
  type SizingSettings,
} from './arithmetic.ts';

const prepared = new WeakSet<DatabaseSync>();

/** Creates the table on first use (a data folder from before sizing gains it then). */
function table(db: DatabaseSync): DatabaseSync {
  if (!prepared.has(db)) {
    db.exec(`CREATE TABLE IF NOT EXISTS sizing_settings (
      project_id INTEGER PRIMARY KEY, basis TEXT NOT NULL, headroom_percent INTEGER NOT NULL,
      growth_percent INTEGER NOT NULL, horizon_years INTEGER NOT NULL, saved_by INTEGER, saved_at INTEGER NOT NULL)`);
    prepared.add(db);
  }
  return db;
}

/** A saved number within today's bounds: settings saved under wider ones (a growth of 200 %) are read at the bound. */
function bounded(value: number, bounds: { min: number; max: number }): number {
  return Math.min(bounds.max, Math.max(bounds.min, value));
}

/** The project's saved settings, or the defaults (saved false). */
export function sizingSettingsOf(
  db: DatabaseSync,
  projectId: number,
): { settings: SizingSettings; saved: boolean } {
  const row = table(db)
    .prepare(
      `SELECT basis, headroom_percent AS headroom, growth_percent AS growth, horizon_years AS horizon
       FROM sizing_settings WHERE project_id = ?`,
    )
    .get(projectId) as { basis: string; headroom: number; growth: number; horizon: number } | undefined;
  if (!row || !(SIZING_BASES as readonly string[]).includes(row.basis))
    return { settings: { ...DEFAULT_SIZING }, saved: false };
  return {
    settings: {
      basis: row.basis as SizingBasis,
      headroomPercent: bounded(row.headroom, SIZING_BOUNDS.headroomPercent),
      growthPercent: bounded(row.growth, SIZING_BOUNDS.growthPercent),
      horizonYears: bounded(row.horizon, SIZING_BOUNDS.horizonYears),
    },
    saved: true,
  };
}

/** Saves (replaces) the project's settings. */
export function saveSizingSettings(
  db: DatabaseSync,
  projectId: number,
  s: SizingSettings,
  userId: number | null,
  now: number,
): void {
  table(db)
    .prepare(
      `INSERT INTO sizing_settings (project_id, basis, headroom_percent, growth_percent, horizon_years, saved_by, saved_at)
       VALUES (?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (project_id) DO UPDATE SET basis = excluded.basis, headroom_percent = excluded.headroom_percent,
         growth_percent = excluded.growth_percent, horizon_years = excluded.horizon_years,
         saved_by = excluded.saved_by, saved_at = excluded.saved_at`,
    )
    .run(projectId, s.basis, s.headroomPercent, s.growthPercent, s.horizonYears, userId, now);
}

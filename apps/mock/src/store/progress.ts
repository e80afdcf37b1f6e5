// Behaviour over time, computed from stored start times (so it survives a restart and needs no timers):
// archive PendingArchive → ArchivingInProgress → Archived, restore PendingRestore → RestoreInProgress → Restored,
// each with a rising ProgressPercentage over tens of seconds, times the configured time scale.
import type { ArchiveState } from './domain.ts';

/** Real-time durations (ms) before the time scale applies. */
export const ARCHIVE_PENDING_MS = 6_000;
export const ARCHIVE_TOTAL_MS = 40_000;
export const REPORT_MS = 8_000;
export const LOGO_PROCESSING_MS = 6_000;

export interface ArchiveProgress {
  state: ArchiveState;
  percentage: number;
  /** True once the operation reached its end state. */
  done: boolean;
}

export function archiveProgress(
  op: 'archive' | 'restore',
  startedAt: number,
  now: number,
  timeScale: number,
): ArchiveProgress {
  const elapsed = Math.max(0, now - startedAt);
  const pending = ARCHIVE_PENDING_MS * timeScale;
  const total = ARCHIVE_TOTAL_MS * timeScale;
  if (elapsed < pending) {
    return { state: op === 'archive' ? 'PendingArchive' : 'PendingRestore', percentage: 0, done: false };
  }
  if (elapsed < total) {
    const pct = Math.round(((elapsed - pending) / (total - pending)) * 100);
    return {
      state: op === 'archive' ? 'ArchivingInProgress' : 'RestoreInProgress',
      percentage: Math.min(99, Math.max(1, pct)),
      done: false,
    };
  }
  return { state: op === 'archive' ? 'Archived' : 'Restored', percentage: 100, done: true };
}

/** A state stored without a start time (seeded projects) stays where it is; its percentage is fixed. */
export function frozenProgress(state: ArchiveState, id: number): ArchiveProgress {
  switch (state) {
    case 'PendingArchive':
    case 'PendingRestore':
      return { state, percentage: 0, done: false };
    case 'ArchivingInProgress':
    case 'RestoreInProgress':
      return { state, percentage: 10 + ((id * 37) % 80), done: false };
    case 'Archived':
    case 'Restored':
      return { state, percentage: 100, done: true };
  }
}

/** Progress of a collector run from its start and planned duration (0..100). */
export function runProgress(
  startedAt: number,
  plannedSeconds: number,
  stoppedAt: number | null,
  now: number,
): number {
  const end = stoppedAt ?? now;
  const pct = Math.floor(((end - startedAt) / (plannedSeconds * 1000)) * 100);
  return Math.min(100, Math.max(0, pct));
}

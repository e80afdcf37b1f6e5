import type { ArchiveState, CollectorRun, CollectorRunStatus } from '@assessment/sdk';
import type { TextId } from '@/lib/i18n/i18n';

// Records over the generated enums: a status added to the contract fails the typecheck until it has a text.
const STATUS_TEXT: Record<CollectorRunStatus, TextId> = {
  Running: 'runSearch.status.Running',
  Stopping: 'runSearch.status.Stopping',
  Stopped: 'runSearch.status.Stopped',
  Completed: 'runSearch.status.Completed',
  Failed: 'runSearch.status.Failed',
  Queued: 'runSearch.status.Queued',
  Processing: 'runSearch.status.Processing',
};

const ARCHIVE_TEXT: Record<ArchiveState, TextId> = {
  Active: 'runSearch.archiveState.Active',
  Archived: 'runSearch.archiveState.Archived',
  Restored: 'runSearch.archiveState.Restored',
};

/** The text id of a run status as a person reads it (never the enum name). */
export const runStatusText = (status: CollectorRunStatus): TextId => STATUS_TEXT[status];

/** The text id of a run's archive state as a person reads it. */
export const archiveStateText = (state: ArchiveState): TextId => ARCHIVE_TEXT[state];

/** A run still collecting: live progress and duration, and no end time (it would lie in the future). */
export const isCollecting = (run: Pick<CollectorRun, 'Status'>): boolean =>
  run.Status === 'Running' || run.Status === 'Stopping';

/** Stop is offered while the run collects; archive once it has stopped; restore when archived. */
export function runActionsFor(run: Pick<CollectorRun, 'Status' | 'ArchiveState'>): {
  stop: boolean;
  archive: boolean;
  restore: boolean;
} {
  const archived = run.ArchiveState === 'Archived';
  return {
    stop: run.Status === 'Running' && !archived,
    archive: !archived && !isCollecting(run),
    restore: archived,
  };
}

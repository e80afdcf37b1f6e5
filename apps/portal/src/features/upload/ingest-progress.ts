import type { CollectorRunStatus, Project } from '@assessment/sdk';

/** How often the completion dialog reads the project while its collector files are being stored (issue #32). */
export const INGEST_POLL_MS = 1000;

/** Run statuses of a collector file the demo API still stores in the background. */
const STORING: readonly CollectorRunStatus[] = ['Queued', 'Processing'];

export type IngestProgress =
  { state: 'processing'; percent: number } | { state: 'failed' } | { state: 'done' };

/**
 * Where the project's queued files stand: processing while a run is Queued or Processing (the percent is the mean
 * of their progress, a waiting file counting 0), then failed when the project is marked failed, else done.
 */
export function ingestProgress(project: Pick<Project, 'ProcessingFailed' | 'CollectorRuns'>): IngestProgress {
  const storing = project.CollectorRuns.filter((run) => STORING.includes(run.Status));
  if (storing.length > 0) {
    const total = storing.reduce((sum, run) => sum + (run.Status === 'Queued' ? 0 : run.Progress), 0);
    return { state: 'processing', percent: Math.floor(total / storing.length) };
  }
  return project.ProcessingFailed ? { state: 'failed' } : { state: 'done' };
}

/** TanStack Query refetchInterval: poll while the files are being stored, stop once done or failed. */
export const ingestRefetchInterval = (
  project: Pick<Project, 'ProcessingFailed' | 'CollectorRuns'> | undefined,
): number | false =>
  project === undefined || ingestProgress(project).state === 'processing' ? INGEST_POLL_MS : false;

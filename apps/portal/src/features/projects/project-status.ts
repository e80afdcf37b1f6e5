import type { ArchiveRestoreStatus } from '@assessment/sdk';
import type { TextId } from '@/lib/i18n/i18n';

/** Archive/restore status poll (spec parts 4 and 9: every 25 s). */
export const ARCHIVE_STATUS_POLL_MS = 25_000;

declare global {
  interface Window {
    /** A shorter archive/restore poll for the e2e journeys (the demo API runs time-scaled there). */
    assessmentArchivePollMs?: number;
  }
}

/** The poll interval: the spec's 25 s unless a journey injected a shorter one on the window. */
export function archiveStatusPollMs(): number {
  const injected = typeof window === 'undefined' ? undefined : window.assessmentArchivePollMs;
  return typeof injected === 'number' && injected > 0 ? injected : ARCHIVE_STATUS_POLL_MS;
}

/** Pending or in progress: the progress bar shows and the status is polled. */
export function isArchiveRestoreBusy(status: ArchiveRestoreStatus | null | undefined): boolean {
  return (
    status === 'PendingArchive' ||
    status === 'ArchivingInProgress' ||
    status === 'PendingRestore' ||
    status === 'RestoreInProgress'
  );
}

/** TanStack Query refetchInterval of the status query: poll while busy, stop once Archived or Restored. */
export function archiveStatusRefetchInterval(
  status: ArchiveRestoreStatus | null | undefined,
  pollMs = archiveStatusPollMs(),
): number | false {
  return isArchiveRestoreBusy(status) ? pollMs : false;
}

/** The action the button offers for a status: restore an archived project, archive any other. */
export function archiveActionFor(status: ArchiveRestoreStatus | null | undefined): 'archive' | 'restore' {
  return status === 'Archived' || status === 'PendingRestore' || status === 'RestoreInProgress'
    ? 'restore'
    : 'archive';
}

const STATUS_TEXT = {
  ArchivingInProgress: 'projects.status.ArchivingInProgress',
  RestoreInProgress: 'projects.status.RestoreInProgress',
  PendingRestore: 'projects.status.PendingRestore',
  PendingArchive: 'projects.status.PendingArchive',
  Archived: 'projects.status.Archived',
  Restored: 'projects.status.Restored',
} as const satisfies Record<ArchiveRestoreStatus, TextId>;

/**
 * The status as words a person reads (never the enum name); a project never archived is "Available".
 * `t` is Lingui's translate function of the rendering component.
 */
export function projectStatusLabel(
  status: ArchiveRestoreStatus | null | undefined,
  t: (id: TextId) => string,
): string {
  return t(status ? STATUS_TEXT[status] : 'projects.status.none');
}

import type { ArchiveRestoreEnvelope, ArchiveRestoreStatus } from '@assessment/sdk';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { archiveStatusQuery } from './api/get-archive-status';
import {
  ARCHIVE_STATUS_POLL_MS,
  archiveActionFor,
  archiveStatusPollMs,
  archiveStatusRefetchInterval,
  projectStatusLabel,
} from './project-status';
import { i18n, type TextId } from '@/lib/i18n/i18n';
import en from '@/locales/en.json';
import de from '@/locales/de.json';

const ALL: readonly ArchiveRestoreStatus[] = [
  'ArchivingInProgress',
  'RestoreInProgress',
  'PendingRestore',
  'PendingArchive',
  'Archived',
  'Restored',
];

afterEach(() => {
  vi.useRealTimers();
  delete window.assessmentArchivePollMs;
});

describe('archive/restore status poll (spec parts 4 and 9)', () => {
  it('polls every 25 s while pending or in progress, and stops on Archived or Restored', () => {
    expect(ARCHIVE_STATUS_POLL_MS).toBe(25_000);
    for (const busy of [
      'PendingArchive',
      'ArchivingInProgress',
      'PendingRestore',
      'RestoreInProgress',
    ] as const)
      expect(archiveStatusRefetchInterval(busy)).toBe(25_000);
    expect(archiveStatusRefetchInterval('Archived')).toBe(false);
    expect(archiveStatusRefetchInterval('Restored')).toBe(false);
    expect(archiveStatusRefetchInterval(undefined)).toBe(false);
  });

  it('takes a shorter interval injected on the window (the e2e journeys), never a useless one', () => {
    window.assessmentArchivePollMs = 200;
    expect(archiveStatusPollMs()).toBe(200);
    window.assessmentArchivePollMs = -1;
    expect(archiveStatusPollMs()).toBe(25_000);
  });

  it('the status query refetches at 25,000 ms, not at 24,999 ms', async () => {
    vi.useFakeTimers();
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const answer: ArchiveRestoreEnvelope = {
      StatusCode: 200,
      ResourceKey: null,
      ErrorState: null,
      Message: null,
      Data: { CurrentStatusString: 'ArchivingInProgress', ProgressPercentage: 40 },
    };
    const fetchStatus = vi.fn(() => Promise.resolve(answer));
    const observer = new QueryObserver(queryClient, {
      ...archiveStatusQuery(7, 'archive'),
      queryFn: fetchStatus,
    });
    const unsubscribe = observer.subscribe(() => undefined);
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchStatus).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(24_999);
    expect(fetchStatus).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchStatus).toHaveBeenCalledTimes(2);
    // Once Archived, the poll stops.
    answer.Data = { CurrentStatusString: 'Archived', ProgressPercentage: 100 };
    await vi.advanceTimersByTimeAsync(25_000);
    expect(fetchStatus).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(100_000);
    expect(fetchStatus).toHaveBeenCalledTimes(3);
    unsubscribe();
    queryClient.clear();
  });
});

describe('project status labels', () => {
  it('shows every status as translated words, never the enum name', () => {
    const t = (id: TextId) => i18n._(id);
    const labels = ALL.map((status) => projectStatusLabel(status, t));
    for (const label of labels) {
      // Not an enum name like ArchivingInProgress, not a text id.
      expect(label).not.toMatch(/[a-z][A-Z]/);
      expect(label).not.toMatch(/^projects\./);
    }
    expect(projectStatusLabel('PendingRestore', t)).toBe('Waiting to restore');
    expect(projectStatusLabel('ArchivingInProgress', t)).toBe('Archiving');
    expect(projectStatusLabel(null, t)).toBe('Available');
    expect(new Set(labels).size).toBe(ALL.length);
    expect(Object.keys(de.projects.status).sort()).toEqual(Object.keys(en.projects.status).sort());
  });

  it('offers restore for an archived project and archive otherwise', () => {
    expect(archiveActionFor('Archived')).toBe('restore');
    expect(archiveActionFor('Restored')).toBe('archive');
    expect(archiveActionFor(null)).toBe('archive');
  });
});

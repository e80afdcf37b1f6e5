import type { CollectorRun } from '@assessment/sdk';
import { describe, expect, it } from 'vitest';
import { INGEST_POLL_MS, ingestProgress, ingestRefetchInterval } from './ingest-progress';

const run = (Status: CollectorRun['Status'], Progress: number) => ({ Status, Progress }) as CollectorRun;

describe('the progress of queued collector files (issue #32)', () => {
  it('is processing while a run is Queued or Processing, with the mean progress (waiting counts 0)', () => {
    expect(
      ingestProgress({ ProcessingFailed: false, CollectorRuns: [run('Processing', 60), run('Queued', 0)] }),
    ).toEqual({ state: 'processing', percent: 30 });
    expect(
      ingestProgress({
        ProcessingFailed: true,
        CollectorRuns: [run('Processing', 10), run('Completed', 100)],
      }),
    ).toEqual({ state: 'processing', percent: 10 });
  });

  it('is failed once nothing is stored any more and the project is marked failed, else done', () => {
    expect(ingestProgress({ ProcessingFailed: true, CollectorRuns: [] })).toEqual({ state: 'failed' });
    expect(ingestProgress({ ProcessingFailed: false, CollectorRuns: [run('Completed', 100)] })).toEqual({
      state: 'done',
    });
  });

  it('polls every second while processing (and before the first answer), never after', () => {
    expect(INGEST_POLL_MS).toBe(1000);
    expect(ingestRefetchInterval(undefined)).toBe(1000);
    expect(ingestRefetchInterval({ ProcessingFailed: false, CollectorRuns: [run('Queued', 0)] })).toBe(1000);
    expect(ingestRefetchInterval({ ProcessingFailed: false, CollectorRuns: [run('Completed', 100)] })).toBe(
      false,
    );
    expect(ingestRefetchInterval({ ProcessingFailed: true, CollectorRuns: [] })).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { blockingTimeOf } from '../../bench/load-trace';
import type { TraceEvent } from '../../bench/scroll-trace';

// bench:lighthouse's load trace (bench/load-trace.ts): the blocking time after the first contentful paint of the
// page's main thread, measured at 4× CPU.
const ORIGIN = 'http://127.0.0.1:9531';
const event = (pid: number, name: string, ts: number, ms?: number, url?: string): TraceEvent => ({
  name,
  ph: ms === undefined ? 'R' : 'X',
  pid,
  tid: 1,
  ts,
  ...(ms === undefined ? {} : { dur: ms * 1000 }),
  ...(url ? { args: { data: { url } } } : {}),
});
const main = (pid: number): TraceEvent => ({
  name: 'thread_name',
  ph: 'M',
  pid,
  tid: 1,
  ts: 0,
  args: { name: 'CrRendererMain' },
});

describe('load trace', () => {
  it('sums what each task after the first paint ran over 50 ms, a task across the paint from the paint on', () => {
    const events: TraceEvent[] = [
      main(1),
      main(2),
      event(1, 'ResourceSendRequest', 1_000, 0, `${ORIGIN}/projects`),
      // Another renderer (the browser's new-tab page): neither its paint nor its tasks are the page's.
      event(2, 'ResourceSendRequest', 1_000, 0, 'chrome://new-tab-page/x.js'),
      event(2, 'firstContentfulPaint', 2_000),
      event(2, 'RunTask', 3_000, 400),
      // Before the paint: not counted, however long.
      event(1, 'RunTask', 10_000, 200),
      event(1, 'firstContentfulPaint', 300_000),
      // Across the paint: 120 ms of it after (70 over 50).
      event(1, 'RunTask', 250_000, 170),
      // After: 90 ms (40 over), 50 ms (not over), 30 ms.
      event(1, 'RunTask', 600_000, 90),
      event(1, 'RunTask', 800_000, 50),
      event(1, 'RunTask', 900_000, 30),
    ];
    expect(blockingTimeOf(events, ORIGIN)).toEqual({ blocking: 110, longTasks: 2, longest: 120 });
  });

  it('gives nothing for a trace without the page’s first contentful paint', () => {
    expect(
      blockingTimeOf(
        [main(1), event(1, 'ResourceSendRequest', 1_000, 0, `${ORIGIN}/`), event(1, 'RunTask', 2_000, 90)],
        ORIGIN,
      ),
    ).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { blockingTimeOf, contentionOf } from '../../bench/load-trace';
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

describe('contention in Lighthouse’s own trace', () => {
  const timed = (ts: number, ms: number, cpuMs: number): TraceEvent => ({
    ...event(1, 'RunTask', ts, ms),
    tdur: cpuMs * 1000,
  });
  const base = [main(1), event(1, 'ResourceSendRequest', 1_000, 0, `${ORIGIN}/`)];

  it('counts each task times the slowdown, from its wall time and from its time on a core', () => {
    const events: TraceEvent[] = [
      ...base,
      event(1, 'firstContentfulPaint', 100_000),
      // Before the paint: neither.
      timed(10_000, 60, 60),
      // 20 ms wall (80 x4: 30 over), 5 ms on a core (20 x4: none over).
      timed(200_000, 20, 5),
      // 40 ms wall (160: 110 over), 30 ms on a core (120: 70 over).
      timed(300_000, 40, 30),
      // 10 ms (40 x4): not counted either way.
      timed(400_000, 10, 10),
    ];
    const figures = contentionOf(events, ORIGIN, 4);
    expect(figures?.wall).toBeCloseTo(140);
    expect(figures?.cpu).toBeCloseTo(70);
    // The counted tasks: 240 ms x4 wall, of which 140 on a core.
    expect(figures?.onCore).toBeCloseTo(140 / 240);
  });

  it('counts a task across the paint from the paint, its time on a core in proportion', () => {
    // 40 ms wall of which 30 after the paint (120 x4: 70 over); 20 ms on a core, 15 of it after (60: 10 over).
    const events: TraceEvent[] = [...base, event(1, 'firstContentfulPaint', 110_000), timed(100_000, 40, 20)];
    const figures = contentionOf(events, ORIGIN, 4);
    expect(figures?.wall).toBeCloseTo(70);
    expect(figures?.cpu).toBeCloseTo(10);
  });

  it('gives nothing without thread times or without the page’s first paint', () => {
    expect(
      contentionOf([...base, event(1, 'firstContentfulPaint', 100), event(1, 'RunTask', 200, 90)], ORIGIN, 4),
    ).toBeNull();
    expect(contentionOf([...base, timed(200, 90, 90)], ORIGIN, 4)).toBeNull();
  });
});

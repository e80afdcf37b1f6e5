import { describe, expect, it } from 'vitest';
import { CPU_SLOWDOWN, LONG_TASK_MS, PHONE, longTasksOf, type TraceEvent } from '../../bench/scroll-trace';

// bench:lighthouse's scroll trace (bench/scroll-trace.ts): the page's main thread found among the browser's
// renderers, its tasks over 50 ms, and what took most of each.
const ORIGIN = 'http://127.0.0.1:9530';
const thread = (pid: number, tid: number, name: string): TraceEvent => ({
  name: 'thread_name',
  ph: 'M',
  pid,
  tid,
  ts: 0,
  args: { name },
});
const task = (pid: number, ts: number, ms: number): TraceEvent => ({
  name: 'RunTask',
  ph: 'X',
  pid,
  tid: 1,
  ts,
  dur: ms * 1000,
});
const inside = (pid: number, name: string, ts: number, ms: number, url?: string): TraceEvent => ({
  name,
  ph: 'X',
  pid,
  tid: 1,
  ts,
  dur: ms * 1000,
  ...(url ? { args: { data: { url } } } : {}),
});

describe('scroll trace', () => {
  const events: TraceEvent[] = [
    thread(1, 1, 'CrRendererMain'),
    // The browser's own page (a new-tab page) in another renderer: a long task that is not the page's.
    thread(2, 1, 'CrRendererMain'),
    inside(2, 'ResourceSendRequest', 1_000, 0, 'chrome://new-tab-page/x.js'),
    task(2, 1_000, 300),
    // The page's renderer: its requests name its origin.
    inside(1, 'ResourceSendRequest', 1_000, 0, `${ORIGIN}/api/viewer`),
    task(1, 10_000, 30),
    task(1, 100_000, 80),
    inside(1, 'FunctionCall', 100_000, 60, `${ORIGIN}/assets/framework-abc.js`),
    inside(1, 'Layout', 160_000, 15),
    task(1, 300_000, 120),
    inside(1, 'Layout', 300_000, 70),
    inside(1, 'FunctionCall', 370_000, 40, `${ORIGIN}/assets/Chart-x.js`),
    task(1, 500_000, 50),
  ];

  it("finds the page's tasks over 50 ms, longest first, with what took most of each", () => {
    const figures = longTasksOf(events, ORIGIN);
    expect(figures.tasks).toBe(4);
    expect(figures.longest).toBe(120);
    expect(figures.longTasks).toEqual([
      { start: 299, duration: 120, mostly: 'Layout' },
      { start: 99, duration: 80, mostly: 'framework-abc.js' },
    ]);
  });

  it('finds nothing in a trace without the page', () => {
    expect(longTasksOf(events, 'http://127.0.0.1:1')).toEqual({ longTasks: [], longest: 0, tasks: 0 });
  });

  it("measures as Lighthouse's mobile preset does: 4× CPU, a phone's screen, tasks over 50 ms", () => {
    expect(CPU_SLOWDOWN).toBe(4);
    expect(LONG_TASK_MS).toBe(50);
    expect(PHONE).toEqual({ width: 412, height: 823 });
  });
});

// The main thread while a page loads on a phone, measured rather than simulated: Chromium (Playwright, Debian's
// browser) opens the page at a phone's size with the CPU slowed 4× (DevTools' CPU throttling, as Lighthouse's mobile
// preset) and its cache off, and records a trace (toplevel, devtools.timeline, loading) from the navigation until the
// page has settled (no request for half a second, then two frames and an idle moment, twice). Its blocking time: for
// every task on the page's main thread, the part after the first contentful paint over 50 ms, summed (what Lighthouse's
// TBT estimates from an unthrottled trace and a simulation, whose placing of the browser's own navigation task and of
// the simulated first paint moves single runs by 100-300 ms). Used by bench:lighthouse for every page.
import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from '../../../scripts/chromium.ts';
import { LONG_TASK_MS, mainThread, phonePage, settled, type TraceEvent } from './scroll-trace.ts';

export interface LoadFigures {
  /** The tasks' time over LONG_TASK_MS after the first contentful paint (ms). */
  blocking: number;
  /** How many tasks after the first contentful paint ran over LONG_TASK_MS. */
  longTasks: number;
  /** The longest task after the first contentful paint (ms). */
  longest: number;
}

/** A task of the page's main thread ending after its first contentful paint: the part after the paint. */
interface TaskAfterPaint {
  task: TraceEvent;
  /** How long it ran after the paint (ms of wall time; all of it for a task that began after). */
  afterMs: number;
  /** That part's share of the whole task (0-1). */
  share: number;
}

/**
 * The page's main thread's tasks that end after its first contentful paint, each counted from the paint (a task across
 * the paint counts from the paint); null when the trace has no first contentful paint on the page's main thread.
 */
function tasksAfterFirstPaint(events: readonly TraceEvent[], pageOrigin: string): TaskAfterPaint[] | null {
  const thread = mainThread(events, pageOrigin);
  if (!thread) return null;
  const onThread = events.filter((e) => e.pid === thread.pid && e.tid === thread.tid);
  const paint = onThread.find((e) => e.name === 'firstContentfulPaint');
  if (!paint) return null;
  return onThread.flatMap((task) => {
    if (task.ph !== 'X' || task.name !== 'RunTask') return [];
    const end = task.ts + (task.dur ?? 0);
    if (end <= paint.ts) return [];
    const after = end - Math.max(task.ts, paint.ts);
    return [{ task, afterMs: after / 1000, share: task.dur ? after / task.dur : 0 }];
  });
}

/**
 * Reads a page load's trace: the page's main thread, its first contentful paint, and the blocking time of the tasks
 * after it (a task that spans the paint counts from the paint). Null when the trace has no first contentful paint on
 * the page's main thread.
 */
export function blockingTimeOf(events: readonly TraceEvent[], pageOrigin: string): LoadFigures | null {
  const tasks = tasksAfterFirstPaint(events, pageOrigin);
  if (!tasks) return null;
  let blocking = 0;
  let longTasks = 0;
  let longest = 0;
  for (const { afterMs } of tasks) {
    longest = Math.max(longest, afterMs);
    if (afterMs > LONG_TASK_MS) {
      blocking += afterMs - LONG_TASK_MS;
      longTasks += 1;
    }
  }
  return { blocking, longTasks, longest };
}

export interface ContentionFigures {
  /** Blocking time from the tasks' wall time (ms): each task after the first paint times `slowdown`, over 50 ms. */
  wall: number;
  /** The same from the time the main thread ran on a core in each task (its thread time, `tdur`). */
  cpu: number;
  /** Of the wall time of the tasks that count, the share the main thread ran on a core (0-1). */
  onCore: number;
}

/**
 * Reads Lighthouse's own trace of a load (unthrottled: it simulates the phone's CPU by multiplying each task by
 * `slowdown`, Lantern's model) two ways: from each task's wall time, as the simulation does, and from its thread time,
 * the time the page's main thread actually ran on a core. On a machine whose cores the browser's other threads, the
 * tool and the server share, a task waits for a core part of its wall time, and the simulation counts that wait four
 * times over. A task across the first paint counts from the paint, in proportion. Null without the page's first paint
 * or without thread times in the trace.
 */
export function contentionOf(
  events: readonly TraceEvent[],
  pageOrigin: string,
  slowdown: number,
): ContentionFigures | null {
  const tasks = tasksAfterFirstPaint(events, pageOrigin);
  if (!tasks?.some(({ task }) => task.tdur !== undefined)) return null;
  let wall = 0;
  let cpu = 0;
  let countedWall = 0;
  let countedCpu = 0;
  for (const { task, afterMs, share } of tasks) {
    const wallMs = afterMs * slowdown;
    const cpuMs = ((task.tdur ?? 0) * share * slowdown) / 1000;
    if (wallMs > LONG_TASK_MS) {
      wall += wallMs - LONG_TASK_MS;
      countedWall += wallMs;
      countedCpu += cpuMs;
    }
    if (cpuMs > LONG_TASK_MS) cpu += cpuMs - LONG_TASK_MS;
  }
  return { wall, cpu, onCore: countedWall === 0 ? 1 : countedCpu / countedWall };
}

/** Opens `url` (with `cookie`, a session's `name=value`, if any) at a phone's size and 4× CPU and traces its load. */
export async function loadTrace(url: string, cookie: string | null): Promise<LoadFigures> {
  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    const { page, cdp } = await phonePage(browser, url, cookie);
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await browser.startTracing(page, {
      categories: ['toplevel', 'devtools.timeline', 'disabled-by-default-devtools.timeline', 'loading'],
    });
    await page.goto(url, { waitUntil: 'networkidle' });
    await settled(page);
    await settled(page);
    const trace = await browser.stopTracing();
    const { traceEvents } = JSON.parse(trace.toString('utf8')) as { traceEvents: TraceEvent[] };
    const figures = blockingTimeOf(traceEvents, new URL(url).origin);
    if (!figures) throw new Error(`${url}: no first contentful paint in the trace`);
    return figures;
  } finally {
    await browser.close();
  }
}

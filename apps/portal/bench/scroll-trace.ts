// The viewer's main thread while a reader scrolls (issue #29: no long task over 50 ms at 4× CPU during scrolling):
// Chromium (Playwright, Debian's browser) opens the page at a phone's size with the CPU slowed 4× (DevTools' CPU
// throttling, as Lighthouse's mobile preset), waits until the page has loaded (its headline figures shown, then no
// request for half a second and two idle moments), then records a trace (devtools.timeline)
// while it scrolls from top to bottom in steps of a screen's height, each step waiting for the page to settle (two frames and
// an idle moment). Every task on the page's main thread (the trace's RunTask events on CrRendererMain) over 50 ms
// counts; with each, what ran most in it (the script URL, or the kind of work: layout, style, paint...).
// Used by bench:lighthouse (bench/lighthouse.ts) for the viewer pages; exported for its own unit test.
import { chromium, type Browser, type CDPSession, type Page } from '@playwright/test';
import { chromiumLaunchOptions } from '../../../scripts/chromium.ts';

/** A task over this long blocks input (the RAIL budget Lighthouse's TBT counts from). */
export const LONG_TASK_MS = 50;
/** The CPU slowdown of Lighthouse's mobile preset. */
export const CPU_SLOWDOWN = 4;
/** A phone's viewport (Lighthouse's mobile preset: Moto G Power). */
export const PHONE = { width: 412, height: 823 };

export interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  /** Thread time: how long the thread ran on a core during the event (µs). */
  tdur?: number;
  args?: { name?: string; data?: { url?: string; frame?: string } };
}

export interface LongTask {
  /** Start, ms after the first recorded event. */
  start: number;
  duration: number;
  /** What took most of it: a script file, or the kind of work (Layout, UpdateLayoutTree, Paint...). */
  mostly: string;
}

export interface ScrollFigures {
  /** Every main-thread task over LONG_TASK_MS while scrolling, longest first. */
  longTasks: LongTask[];
  /** The longest main-thread task (ms), whatever its length. */
  longest: number;
  /** How many tasks ran on the main thread in all. */
  tasks: number;
}

/**
 * The page's main thread: of the renderer threads named CrRendererMain (the browser's own pages, such as a new-tab
 * page, have theirs too), the one whose events name the page's origin most often.
 */
export function mainThread(
  events: readonly TraceEvent[],
  origin: string,
): { pid: number; tid: number } | null {
  const threads = events.filter(
    (e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain',
  );
  let best: { pid: number; tid: number } | null = null;
  let bestCount = 0;
  for (const thread of threads) {
    const count = events.filter(
      (e) => e.pid === thread.pid && e.tid === thread.tid && e.args?.data?.url?.startsWith(origin),
    ).length;
    if (count > bestCount) {
      best = { pid: thread.pid, tid: thread.tid };
      bestCount = count;
    }
  }
  return best;
}

const WORK_NAMES = new Set([
  'Layout',
  'UpdateLayoutTree',
  'Paint',
  'PrePaint',
  'Layerize',
  'HitTest',
  'ParseHTML',
  'MajorGC',
  'MinorGC',
  'v8.evaluateModule',
  'v8.compileModule',
]);

/** Reads a devtools.timeline trace: the main thread's tasks over LONG_TASK_MS, and what took most of each. */
export function longTasksOf(events: readonly TraceEvent[], pageOrigin: string): ScrollFigures {
  const thread = mainThread(events, pageOrigin);
  if (!thread) return { longTasks: [], longest: 0, tasks: 0 };
  const onThread = events.filter((e) => e.pid === thread.pid && e.tid === thread.tid && e.ph === 'X');
  const tasks = onThread.filter((e) => e.name === 'RunTask');
  const origin = Math.min(...events.filter((e) => e.ts > 0).map((e) => e.ts));
  const longTasks = tasks
    .filter((task) => (task.dur ?? 0) / 1000 > LONG_TASK_MS)
    .map((task) => {
      const end = task.ts + (task.dur ?? 0);
      const inside = onThread.filter((e) => e !== task && e.ts >= task.ts && e.ts < end);
      const time = new Map<string, number>();
      for (const e of inside) {
        const label =
          e.name === 'FunctionCall' || e.name === 'EvaluateScript'
            ? (e.args?.data?.url?.split('/').pop() ?? 'script')
            : WORK_NAMES.has(e.name)
              ? e.name
              : null;
        if (label) time.set(label, (time.get(label) ?? 0) + (e.dur ?? 0));
      }
      const mostly = [...time.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 'other';
      return { start: (task.ts - origin) / 1000, duration: (task.dur ?? 0) / 1000, mostly };
    })
    .sort((a, b) => b.duration - a.duration);
  const longest = Math.max(0, ...tasks.map((task) => (task.dur ?? 0) / 1000));
  return { longTasks, longest, tasks: tasks.length };
}

/** Resolves once the page has drawn two frames and then had an idle moment (at most 2 s later). */
export function settled(page: Page): Promise<void> {
  return page.evaluate(
    () =>
      new Promise<void>((done) => {
        requestAnimationFrame(() => {
          requestAnimationFrame(() => {
            if (typeof requestIdleCallback === 'function')
              requestIdleCallback(() => done(), { timeout: 2000 });
            else setTimeout(done, 0);
          });
        });
      }),
  );
}

/**
 * A new page at a phone's size (Lighthouse's mobile preset: its viewport, touch, 4× slower CPU) in a context of its own,
 * with `cookie` (a session's `name=value`) for `url`'s origin if any; the page's DevTools session for more settings.
 */
export async function phonePage(
  browser: Browser,
  url: string,
  cookie: string | null,
): Promise<{ page: Page; cdp: CDPSession }> {
  const context = await browser.newContext({
    viewport: PHONE,
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
    ignoreHTTPSErrors: true,
  });
  if (cookie) {
    const [name = '', value = ''] = cookie.split('=');
    await context.addCookies([{ name, value, url: new URL(url).origin }]);
  }
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  return { page, cdp };
}

/**
 * Opens `url` (with `cookie`, a session's `name=value`, if any) at a phone's size and 4× CPU, waits until the viewer
 * has loaded (its headline figures shown, the page settled), and traces a scroll from top to bottom.
 */
export async function scrollTrace(url: string, cookie: string | null): Promise<ScrollFigures> {
  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    const { page } = await phonePage(browser, url, cookie);
    await page.goto(url, { waitUntil: 'load' });
    await page.locator('.viewer-headline[aria-busy="false"]').waitFor({ timeout: 120_000 });
    // Scrolling is measured on a page that has finished loading (what loads later, such as the sizing panel at the
    // first idle moment, is start-up work: Lighthouse's part): no request for a while, then settled twice.
    await page.waitForLoadState('networkidle');
    await settled(page);
    await settled(page);
    await browser.startTracing(page, {
      categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'],
    });
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    for (let y = 0; y < height; y += PHONE.height) {
      await page.mouse.wheel(0, PHONE.height);
      await settled(page);
    }
    // Whatever the last steps started (charts drawn as they came near the screen) has finished.
    await settled(page);
    const trace = await browser.stopTracing();
    const { traceEvents } = JSON.parse(trace.toString('utf8')) as { traceEvents: TraceEvent[] };
    return longTasksOf(traceEvents, new URL(url).origin);
  } finally {
    await browser.close();
  }
}

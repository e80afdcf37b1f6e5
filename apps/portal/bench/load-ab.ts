// bench:load-ab — two builds of a page against each other, loaded the way Lighthouse loads a page (phone size, no
// throttling: Lighthouse's mobile preset simulates the 4× CPU from an unthrottled trace) and traced with Lighthouse's own
// trace categories, in interleaved pairs (A B, B A, ...), so that the machine's drift over the runs falls on both.
// For each load, its blocking time read two ways (bench/load-trace.ts contentionOf): from the tasks' wall time, as
// Lighthouse's simulation counts it, and from the main thread's time on a core. Prints every run and the medians.
// Lighthouse's own score moves by 5-10 points between runs on these two shared cores; a pair of medians from this
// script moves by far less, which is what a change needs to be judged by.
//
//   Serve each build with the demo API on a port of its own, then:
//   PORT=8211 DATA_DIR=$(mktemp -d) PORTAL_DIST=/tmp/dist-before pnpm --filter @assessment/mock run serve &
//   PORT=8212 DATA_DIR=$(mktemp -d) PORTAL_DIST=apps/portal/dist pnpm --filter @assessment/mock run serve &
//   pnpm --filter @assessment/portal run bench:load-ab -- http://127.0.0.1:8211 http://127.0.0.1:8212
//     [--runs=6] [--page=/dpackviewer/18] [--anonymous] [--categories=plain]
//   (--anonymous: no session (a published project's public viewer); --categories=plain: the timeline categories
//   only, without the stacks, screenshots and script rundowns Lighthouse records, which on two cores about double the
//   page's own thread time)
//
// Dec 7 2026 (load 1-2, nothing else running), the signed-in viewer of 52 servers, 6 pairs: with Lighthouse's
// categories a build's thread-time blocking was 252-376 ms, with the timeline categories only 69-163 ms for the same
// build, its wall-time blocking 750-812 against 228-570 ms: Lighthouse's recording itself doubles what it measures here.
import { chromium } from '@playwright/test';
import Trace from 'lighthouse/core/gather/gatherers/trace.js';
import { chromiumLaunchOptions } from '../../../scripts/chromium.ts';
import { CPU_SLOWDOWN, PHONE, settled, type TraceEvent } from './scroll-trace.ts';
import { contentionOf } from './load-trace.ts';

const option = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const origins = process.argv.slice(2).filter((a) => /^https?:\/\//.test(a));
const runs = Number(option('runs') ?? 6);
const page = option('page') ?? '/dpackviewer/18';
const anonymous = process.argv.includes('--anonymous');
const categories =
  option('categories') === 'plain'
    ? ['toplevel', 'devtools.timeline', 'disabled-by-default-devtools.timeline', 'loading']
    : [...Trace.getDefaultTraceCategories().filter((c) => c !== '-*'), 'toplevel'];

if (origins.length !== 2) {
  console.error('usage: bench:load-ab -- <origin A> <origin B> [--runs=6] [--page=/path] [--anonymous]');
  process.exit(2);
}

/** The session cookie (`name=value`) of the demo's administrator on `origin`. */
async function sessionCookie(origin: string): Promise<string> {
  const res = await fetch(`${origin}/api/auth/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@dell.example', password: 'Demo-Portal-2026' }),
  });
  const cookie = res.headers.get('set-cookie')?.split(';')[0];
  if (!res.ok || !cookie) throw new Error(`${origin}: sign-in failed (${String(res.status)})`);
  return cookie;
}

/** One load of `page` on `origin`: its blocking time from wall time and from the main thread's time on a core (ms). */
async function load(origin: string, cookie: string | null): Promise<{ wall: number; cpu: number }> {
  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    const context = await browser.newContext({
      viewport: PHONE,
      deviceScaleFactor: 1.75,
      isMobile: true,
      hasTouch: true,
    });
    if (cookie) {
      const [name = '', value = ''] = cookie.split('=');
      await context.addCookies([{ name, value, url: origin }]);
    }
    const tab = await context.newPage();
    const cdp = await context.newCDPSession(tab);
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await browser.startTracing(tab, { categories });
    await tab.goto(origin + page, { waitUntil: 'networkidle' });
    await settled(tab);
    await settled(tab);
    const trace = await browser.stopTracing();
    const { traceEvents } = JSON.parse(trace.toString('utf8')) as { traceEvents: TraceEvent[] };
    const figures = contentionOf(traceEvents, origin, CPU_SLOWDOWN);
    if (!figures) throw new Error(`${origin}${page}: no first contentful paint or thread times in the trace`);
    return { wall: figures.wall, cpu: figures.cpu };
  } finally {
    await browser.close();
  }
}

const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
};

const cookies = new Map<string, string | null>();
for (const origin of origins) cookies.set(origin, anonymous ? null : await sessionCookie(origin));
const figures = new Map<string, { wall: number[]; cpu: number[] }>(
  origins.map((o) => [o, { wall: [], cpu: [] }]),
);
for (let run = 0; run < runs; run++) {
  for (const origin of run % 2 === 0 ? origins : [...origins].reverse()) {
    const one = await load(origin, cookies.get(origin) ?? null);
    figures.get(origin)?.wall.push(one.wall);
    figures.get(origin)?.cpu.push(one.cpu);
    console.log(
      `${origin}${page} run ${String(run + 1)}: blocking ${one.wall.toFixed(0)} ms from wall time, ${one.cpu.toFixed(0)} ms from the core`,
    );
  }
}
for (const [origin, { wall, cpu }] of figures)
  console.log(
    `${origin}${page}: median of ${String(runs)}, blocking ${median(wall).toFixed(0)} ms from wall time, ` +
      `${median(cpu).toFixed(0)} ms from the main thread's time on a core (${cpu.map((v) => v.toFixed(0)).join(' / ')})`,
  );

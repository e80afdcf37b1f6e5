// bench:lighthouse — what a person feels: Lighthouse 13 (Debian's Chromium) against the built portal served by the demo
// API on loopback, for /auth/login and, signed in, /dashboard, /projects and the project viewer of a seeded project
// with at least 10 servers; and, anonymous, the public viewer of a published project; mobile (simulated slow 4G, 4×
// CPU) and desktop presets; the median of 3 runs each. For every page on a phone, the same load traced at 4× CPU
// (bench/load-trace.ts): the main thread's blocking time after the first paint, measured, not simulated, the median of
// as many loads. For the viewers, a trace of the main thread while scrolling the page from top to bottom at a phone's
// size and 4× CPU (bench/scroll-trace.ts): the longest task and those over 50 ms. Prints performance score, LCP, FCP,
// TBT and CLS against the targets of issue #14 (mobile ≥ 95 and LCP ≤ 2.0 s, desktop ≥ 99, CLS 0). A report: it never
// fails on the figures.
// Each page is measured over both protocols a host may speak: HTTP/1.1 (the demo's default, plain HTTP: at most six
// connections, one request at a time on each) and HTTP/2 over TLS (how production hosts serve it: every chunk on one
// connection; the demo server with TLS_CERT/TLS_KEY and a throwaway self-signed certificate made with openssl).
//
//   pnpm --filter @assessment/portal run bench:lighthouse [-- --runs=3 --no-build --only=/dashboard --keep=<dir>
//     --protocol=http1|http2 --preset=mobile|desktop]
//   (LIGHTHOUSE_PORT: the plain server's port, the TLS one listens on the next; --only: one page, or every page whose
//   path starts with it (--only=/dpackviewer: both viewers); --keep: keep every
//   report's JSON there, for diagnostics; --protocol, --preset: one protocol, one preset only; --lantern with --keep:
//   beside each report the traces of Lighthouse's simulated LCP, which bench/lantern-lcp.ts prints, and the observed trace)
//
// Issue #40 item 5 (LCP ≤ 2.0 s over HTTP/1.1 too), what the Lantern traces show (bench/lantern-lcp.ts), mobile, one
// run per variant, variants interleaved: on /dashboard and /projects the simulated LCP is the end of the framework
// chunk's download, which takes 1.35-1.55 s from the first chunk request over HTTP/1.1 in every run (~180 KB of
// first-page JavaScript on six connections: at the simulated 1.6 Mbit/s alone 0.9 s; Lantern's per-connection windows,
// shared and regrown, add the rest); the document has arrived by ~0.62 s. Before the first chunk request Lantern puts
// 0-0.6 s of main thread, and how much is luck: it links a script's request to the task that sent it and prunes
// tasks under 10 ms (observed, not simulated) from the graph, so when the boot script's frame task and its timer task
// happen to be short the requests hang on the document itself (no gap: LCP 2.15 and 2.16 s over HTTP/1.1, 1.65 s over
// HTTP/2), otherwise they wait for both. ≤ 2.0 s over HTTP/1.1 therefore needs fewer first-page bytes (each KB ~5 ms
// of the shared line, more on the framework's connection), not only an earlier start. Tried, not kept (Dec 2026):
// - the boot script asking for the chunks when it runs (a module script runs once the stylesheet has loaded) at low
//   fetch priority, the entry still imported after the first frame: the gap became a steady 0.22-0.35 s (the module
//   script's task is never pruned). HTTP/1.1 /dashboard at load 1.3-4.4: 2.37 → 2.25 s median, better in 4 of 5
//   pairs, FCP 0.81 → 0.80 s; /projects 2.39/3.31 → 2.44/2.52 s. But HTTP/2, where the old chain was often pruned
//   away, worse in 6 of 6 pairs: /dashboard 1.68/1.65/2.22 → 2.45/2.46/2.39 s (load 3-7), /projects 1.96/1.98/2.32
//   → 2.00/3.05/2.98 s (load 8-10): a row lost.
// - React and React DOM in a chunk of their own (68.3 + 58.4 KB gz instead of 126.3, two HTTP/1.1 connections):
//   /dashboard 2.38/2.27 s against 2.36/2.43 (load 1.4-4), within the noise, +0.45 KB gz on every first page.
// What the page shows first, and what the score loses (Dec 6 2026, real Chromium at Lighthouse's mobile size, signed in
// as the partner admin; `--lantern` now keeps the observed trace too, `<page>-observed.trace.json`): the shell paints
// at first paint, its largest text the header's app name (3,192 px²); the LCP is the recent-projects table's longest
// project name (4,712 px²), painted with the app. The page's h1 (about 4,350 px² of text) is smaller, so a shell that
// also held the title would not move the LCP: only the table's rows in the first HTML (the server rendering the
// page's data) or ~100 KB less of first-page JavaScript would. The score's misses (89-92 on a quiet machine) are TBT:
// the observed trace's navigation-commit task (creating the page's V8 context under DevTools, 47-107 ms real, 4x in
// the simulation) is not on Lantern's first-paint graph, so the simulated FCP can fall inside it and everything of it
// after FCP counts (TBT 325-684 ms between single runs of the same build).
// Done (Dec 6 2026): the demo server renders /dashboard and /projects whole into their documents for a signed-in
// visitor (the portal's own renderer, src/app/first-screen.tsx; apps/mock/src/http/first-screen.ts), so their largest
// element paints with the HTML. Mobile, median of 3, load 2-3: /dashboard LCP 0.92 s over HTTP/1.1 and 0.97 s over
// HTTP/2 (FCP 0.82/0.95 s, TBT 379/325 ms, score 91/93); /projects LCP 0.93/1.18 s (FCP 0.76/1.18 s, TBT 421/505 ms,
// score 90/87; single runs without the server's page that hour: LCP 2.35/1.93 s, TBT 441/767 ms, score 87/81). The
// score row (>= 95) is still missed, by TBT alone (LCP, FCP, speed index and CLS score 1): the app's start after the
// first paint, observed on /dashboard (x4 simulated): the modules' evaluation 39 ms, the router's start 25 ms, React's
// render and commit 34 ms, a layout 17 ms - three tasks of 100-160 ms simulated, ~240 ms of blocking. /projects with
// its 25 cards in the server's page first cost ~600 ms more TBT (its first layout, ~130 ms observed, ran past the
// simulated FCP): rows below the first screen are now not laid out (content-visibility in app.css).
// Dec 6 2026, later: the start-up in shorter tasks. A full trace of /dashboard showed a 40-60 ms task building an SVG
// document for the page's icon (now a PNG), the boot script's preloads at 2-11 ms each under Lighthouse's DevTools
// session (four a task: 18-28 ms tasks; now one a task), the entry's whole module graph evaluated in one 40+ ms task (now
// each chunk of the entry in a task of its own, in evaluation order) and the router's start with the first page's
// loading in one 11-23 ms task (now two). Full run, median of 3, load 0.6-2.6 (Lighthouse alone on the two cores):
// mobile /auth/login 92 / 93 (HTTP/1.1 / HTTP/2; TBT 338 / 336 ms), /dashboard 99 / 96 (TBT 104 / 201 ms, LCP 1.80 /
// 1.95 s), /projects 93 / 95 (TBT 302 / 253 ms); desktop 100 on all three. Earlier the same day, /dashboard alone: 96
// (TBT 215 ms) then 95 / 93; /projects 89 / 90, then 97 in one run of two: the score row holds on some runs and misses on
// others by 10-130 ms of TBT, what the navigation's own task (context creation, 55-95 ms observed) and the simulated
// first paint's place decide as much as the app.
// The signed-in viewer's rows were not to be read from 430c8c0 to here: since the portal tells the server the browser's
// time zone in a cookie, Chromium sent its cookie jar's Cookie header in place of Lighthouse's --extra-headers one, so
// the viewer's calls after its preloaded ones went without the session (401, X-Logged-Out) and the page measured was
// the sign-in page after a sign-out (CLS 0.16 / 0.46). The session is now in the cookie jar of the profile each run
// starts from (profileTemplate), as a real browser keeps it, and a run that ends on another page than it opened, or on
// its error page, is an error, not a figure. Measured then (Dec 6 2026, one run each, load 1-2): the viewers on a phone
// 81-86 (signed-in 82 / 86 over HTTP/1.1 / HTTP/2, TBT 756 / 549 ms, LCP 0.92 / 0.93 s; public 83 / 81, TBT 669 / 783
// ms, LCP 1.06 / 1.26 s), CLS 0, desktop 100. The same bench against the portal as it was on Nov 28 (47df0e2, before
// issue #40's viewer work), the same hour: 84 (signed-in) and 81 (public) over HTTP/1.1, TBT 616 / 775 ms. So the
// 99-100 the viewer scored in November are not this machine's figures today for either build; what the phone score
// loses is the viewer's start (React rendering its sections, then the date range picker, in 25-35 ms tasks, 100-140 ms
// simulated).
// Dec 6 2026, evening, after the viewer's start in shorter tasks (86a8d3e: the date picker in a transition, its
// controls and headline figures memoised, the answers drawn from deferred copies; observed blocking at 4x CPU of the
// signed-in viewer, median of 9 loads against the build before, side by side: 382 -> 315 ms), full run, median of 3,
// load 2.0-2.7: mobile /auth/login 92 / 97 (HTTP/1.1 / HTTP/2; TBT 354 / 185 ms), /dashboard 97 / 93 (TBT 171 / 304 ms;
// LCP 1.95 / 1.12 s), /projects 96 / 89 (TBT 202 / 452 ms; LCP 1.90 / 1.18 s), the signed-in viewer 85 / 86 (TBT 602 /
// 566 ms; LCP 0.91 / 1.01 s), the public viewer 88 / 85 (TBT 474 / 588 ms); CLS 0 and desktop 100 on every page. The
// same loads measured at 4x CPU (load-trace), blocking time after the first paint, median of 3: /auth/login 149 ms,
// /dashboard 160, /projects 285, the viewers 466 and 341. One page's two protocols differ by up to 8 points in one run
// (the simulation's placing of the navigation task, above), the measured figure less. What the viewer still spends, in
// traces with the sampler (4x CPU): two rendering tasks of 160-240 ms each after its first commits, style recalculation
// (UpdateLayoutTree 20-80 ms) and layout (90-110 ms) of the page React has just built over the server's one, then
// commits of 50-75 ms; React's own render work is now in slices.
// Dec 6 2026, night, on a machine just started (load 1.5-1.9, nothing else running), after React Aria's pressable
// style came with the document (its late style sheet had made Chromium lay the whole page out again, 'Fonts changed')
// and the chart's chunk got V8's compile hint: full run, median of 3, mobile HTTP/1.1 / HTTP/2: /auth/login 100 / 100,
// /dashboard 100 / 100 (LCP 1.00 / 0.92 s), /projects 100 / 100 (LCP 1.03 / 0.98 s), the signed-in viewer 98 / 97
// (TBT 180 / 197 ms), the public viewer 99 / 98; desktop 100 and CLS 0 on every page: every score and LCP row met
// (the same hour before those two changes 95-100: the signed-in viewer 95 / 97, then 98 / 91). Scrolling was not met
// in that run (3 tasks of 54-78 ms); the viewers alone half an hour later, quieter: 99 / 99 and 100 / 99, scrolling
// met (longest task 42 ms signed in, 47 ms public). A third run at 21:16, mobile: the first pages 100 over both
// protocols (LCP <= 1.17 s), the viewers 91 / 92 and 95 / 97, scrolling missed (63 / 77 ms) - the same build and
// project, but every task of the load ~1.5x longer than at 20:40 (the entry's evaluation 100-156 ms at 4x CPU against
// 72-81): the machine's speed moves by the hour, and the viewer's rows with it. What scrolling is made of, traced a
// screen at a time: each screen that brings a chart card in is one frame of style, layout, paint and a compositor
// commit of 15-33 ms (every chart's canvas is a composited layer, the content after it an overlap layer), 35-76 ms in
// all; the first chart drawn 39-52 ms since the compile hint (53-80 ms before). The build of ede726c (34 ms recorded
// for this row in November), served and scrolled the same hour: 44-75 ms tasks, the same frames. Tried, no gain:
// canvases with willReadFrequently (still composited), the section navigation not sticky and the cookie notice hidden
// (commits unchanged), chart cards without content-visibility (+30-50 ms of blocking at load), will-change on each
// chart's plot (no overlap layers, but scrolling 42-56 ms against 41-62).
// Dec 6 2026, late, a slower machine (the same build's viewers 81-90, scrolling with 5-17 tasks over 50 ms): what
// Lighthouse's own DevTools session adds. With the Runtime domain enabled (Lighthouse and Playwright enable it; a browser
// without DevTools does not), V8 records where errors are created, and for the first one collects the source positions
// of every function on the stack: React DOM's client module creates its sentinel errors while it initialises, inside
// the bundler's 203 KB wrapper of the module, re-parsed there and then. Per-statement marks in the module, raw CDP
// with one domain at a time: the module's initialisation 3-14 ms at 1x CPU without Runtime, 45-90 ms with it, all of
// it the first `Error(...)`. Now (scripts/react-sentinel-errors.ts) those errors are built without a stack during the
// initialisation only; and the SDK is configured in a task after the modules' (8 ms at 1x of the validators' preload).
// The viewer at 4x CPU (LoAF, no tracing): the entry module's task 198-356 ms before, 59-78 ms after; blocking after
// first paint 323-414 ms before, 112-147 ms after. Lighthouse, public viewer, HTTP/1.1, the two builds side by side in
// four interleaved pairs (load ~3): 85 / 83 / 88 / 80 before (TBT 558 / 671 / 478 / 846 ms), 90 / 90 / 89 / 77 after
// (TBT 411 / 395 / 440 / 1044 ms). The full mobile run of the new build that hour (load 2.8-3.4): /auth/login 93 / 93,
// /dashboard 91 / 87, /projects 94 / 92, the viewers 86 / 84 and 81 / 80, LCP <= 1.26 s everywhere, CLS 0; its measured
// blocking (load-trace) 15 ms on /dashboard where Lighthouse simulated 375-501 ms of TBT: what the simulation counts is
// tasks of Lighthouse's traced run (stacks captured for each DOM change, the sources' rundown) times four. The first
// pages had scored 100 on this machine the night before: figures compare within one hour only.
// Dec 7 2026, a machine just started: what the machine adds, and one more of the viewer's own costs. (1) Chromium 156
// starts a renderer for the omnibox's WebUI popup with every new window (Playwright's every context, Lighthouse's every
// run): ~2.4 s of CPU in its first 3 s beside the page under test. Now off in every launch (scripts/chromium.ts; its
// features merged into the launcher's own --disable-features, which Chromium reads once). The viewers' observed loading
// at 4x CPU, the same morning: blocking after first paint 310-672 ms with the popup, 136-151 ms without; journeys
// 11-18 % faster. (2) Each run's own trace is now read two ways (contentionOf): the tasks after first paint x4 from
// their wall time, as Lantern simulates, and from the main thread's time on a core (thread time). On these two cores
// the main thread ran on a core only 40-54 % of its counted tasks' wall time (Chromium's browser, compositor and
// worker threads ~1.1 s of CPU in the viewer's first 2.6 s, the demo server ~0.15 s per load, Lighthouse itself):
// /auth/login 241 ms from wall against 43 from the core, /dashboard 294 / 37, /projects 218 / 66, the viewers 1366 /
// 448 (signed in) and 688 / 229 (public); scores 91 / 85 / 91 / 74 / 82. The first pages' own work scores ~100; what
// they miss is the machine's. (3) The signed-in viewer's 52-server sizing panel built its folded per-server table at
// idle (375 of its 465 elements); folded tables are now built when first opened (FoldedDetails): TBT 1418 -> 672 ms,
// 448 -> 215 ms from the core, score 74 -> 83 (one median of 3 each, the same hour). Tried, no gain: the viewer without
// its charts after the first, the top-server tables, the capacity table and the node list (~470 elements; Lighthouse's
// bootup 'scripting' of the framework chunk 1.95 -> 1.13 s simulated, TBT 680 / 584 / 688 against 667 / 447 / 722 ms:
// React's render of them runs in slices under 50 ms); canvases hidden while scrolling (compositor commits unchanged).
// At load 8-13 (another engineer's benchmarks on the two cores) single tasks took up to 1.4 s of simulated time and
// the same pairs differed by up to 1.6 s either way: figures from such a period say nothing.
// Dec 7 2026, later: what the scrolling row's long frames were. A scroll trace with the cc and blink categories put the
// compositor commits' time (20-60 ms at 4x) in Canvas2DResourceProvider::ProduceCanvasResource: with software
// compositing (these runs' --disable-gpu; virtual desktops), Chromium 156 gives a painted 2D canvas a new buffer of its
// size in each of its first three frames, drawn again or not (a bare page: a blank 592x350 canvas 13-16 ms at 4x a
// frame, 1184x700 47-52 ms), and charts coming near the screen together put two to five in one commit. The charts now
// show each drawing through a bitmap renderer canvas (Chart.tsx bitmapMirror; uPlot's canvas is not painted) and draw
// one at a time, three frames apart (drawInTurn). Both viewers scrolled at 4x, side by side: 7-9 tasks over 50 ms
// (longest 84-141 ms) before, 1-3 (56-71 ms) after; the 52-server scroll's commits 611 / 578 -> 268 / 273 ms. What is
// left over 50 ms: the first chart's drawing (uPlot's first run, 50-90 ms at 4x) and frames laying out a card that
// content-visibility had skipped. Lighthouse's viewer rows, the two builds interleaved (load 1.6-2.9): signed-in 88 /
// 85 before, 81 / 89 after; public 88 / 88 before, 91 / 78 after - within these runs' spread, neither better nor worse.
// Dec 7 2026, morning (load 0.5-2.8): where the viewers' remaining TBT comes from, measured, and what did not help.
// Median of 3, mobile: signed-in viewer 91 / 84 (HTTP/1.1 / HTTP/2, TBT 391 / 624 ms), public 91 / 89 (383 / 461 ms),
// LCP <= 0.93 s, CLS 0; the same loads measured at 4x CPU: 75 and 96 ms of blocking after first paint. In Lighthouse's
// own traces the main thread was on a core for 45-53 % of the counted tasks' wall time, so the same tasks give 82-188
// ms of TBT from their thread time against 300-608 from their wall time. Tried, not kept: the demo server at nice 19
// (two interleaved pairs: on a core 46-57 % against 47-52 %, TBT 615-910 / 318-491 ms against 548-580 / 680-775 -
// the same spread). The viewer's own main thread at load (CPU profile at 1x, an unminified build, 3 loads): the date
// range fields' segments (React Aria's DateSegment) are the costliest component, ~90 ms a load inclusive (10 segments:
// six fields and their separators, mounted in slices of 10-42 ms at 4x, then rendered once more); in them, one
// Intl.DisplayNames a segment (useDisplayNames), 24-28 ms at 4x a load in all. Every axis label's measureText over a
// load and a full scroll: 15-26 ms at 4x (86 calls, 33 distinct labels). Neither is worth a change of its own.
// Scrolling at 4x, one build three times within ten minutes: 0, 3 and 8 tasks over 50 ms; compositing layers for the
// long blocks, the section navigation hidden and content-visibility on the capacity table and node list each fell
// inside that spread. Each scrolling frame's commit spends 12-18 ms at 4x in cc's LayerTreeHost::DoUpdateLayers after
// the page's main layer's update, outside any traced event: not pursued.
// Dec 7 2026, afternoon, a quiet machine (load 0.4-1.3, nothing else running): the sign-in page as the machine's
// control. /auth/login, one form, scored 93 / 89 (HTTP/1.1 / HTTP/2, TBT 315 / 432 ms; its load observed at 4x: 0-67 ms
// of blocking) where it had scored 100 on Dec 6: from the main thread's time on a core its counted tasks give 46 / 16
// ms of blocking, from their wall time 142 / 197 (on a core 41 / 35 %). The viewers the same half hour: signed-in 80 /
// 81 (TBT 877 / 786 ms; from the core 327 / 279), public 85 / 80 (597 / 838; from the core 111 / 283), LCP <= 1.02 s,
// CLS 0; their loads observed at 4x: 104 / 222 / 366 ms of blocking for one build within ten minutes (145-156 ms an
// hour before). What the viewer's one long task at load is (traced, 4x): the first layout of the page with its stand-in
// figures, 525 layout objects, 59-77 ms of layout, 30-40 ms of style and ~15 ms of paint in one task. Forced again at
// 1x on the loaded page, the whole main area's layout is 11 ms, no block over 2.8 ms (the sizing panel; capacity 2.1,
// headline 1.7, node list 1.4, controls and charts 1.2 each): spread over the page, not one part's. Tried, inside the
// spread: the capacity table and node list skipped by content-visibility at load, every font one face (the system font
// at one weight and size), numbers without tabular figures. An hour and a quarter later, as quiet, the control scored
// 96 (TBT 215 ms; 21 ms from the core) while the viewers scored 80 / 83 over HTTP/1.1 (TBT 866 / 677 ms) with 371 / 248
// ms from the main thread's time on a core alone: the viewers' own start-up work is at or over the row's edge even
// without the machine's contention, which about doubles it.
// Dec 7 2026, evening (load 1-2.5): the viewer lays out its first screen alone (its charts after the first, the tables,
// the node list, VMs and sizing slot one paint after another) and its charts share their axes' measuring. Loaded as
// Lighthouse loads it with Lighthouse's trace categories, in interleaved pairs (bench/load-ab.ts, 6 each), the signed-in
// viewer's blocking from the main thread's time on a core went 319 -> 165 ms (median; later, busier: 421 -> 335), from
// wall time ~780 -> ~600; the public one 134 -> 122. Its load observed at 4x: 282-328 -> 43-80 ms (then 72-239 and
// 95-251 in later runs). Scores over these runs: signed-in 86 / 81 / 86 (HTTP/1.1, HTTP/1.1, HTTP/2), public 92 / 81 /
// 87; desktop 99 / 99. The control the same hour: /auth/login 95 with TBT 259 ms from 19 ms of blocking on a core (on a
// core 41 %): on this machine a one-form page spends nearly the whole TBT budget of a 95 (~260 ms with every other
// metric at 1) on the wait for a core. With the timeline categories alone a viewer's thread-time blocking was 69-163
// ms, with Lighthouse's (stacks, screenshots, script rundowns) 179-246 for the same build: the recording doubles it.
import { execFileSync, spawn } from 'node:child_process';
import { copyFileSync, cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { Launcher } from 'chrome-launcher';
import {
  chromiumLaunchOptions,
  disableFeaturesSwitch,
  disabledFeaturesOf,
} from '../../../scripts/chromium.ts';
import { type ContentionFigures, contentionOf, type LoadFigures, loadTrace } from './load-trace.ts';
import { CPU_SLOWDOWN, LONG_TASK_MS, scrollTrace, type TraceEvent } from './scroll-trace.ts';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const repo = resolve(root, '..', '..');
const PORT = Number(process.env.LIGHTHOUSE_PORT ?? 18180);
const runs = Number(/^--runs=(\d+)$/.exec(process.argv.find((a) => a.startsWith('--runs=')) ?? '')?.[1] ?? 3);
const chrome = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const option = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const only = option('only');
const keep = option('keep');
const lantern = keep !== undefined && process.argv.includes('--lantern');
type Protocol = 'http1' | 'http2';
const protocols: Protocol[] = option('protocol') ? [option('protocol') as Protocol] : ['http1', 'http2'];
type Preset = 'mobile' | 'desktop';
const presets: Preset[] = option('preset') ? [option('preset') as Preset] : ['mobile', 'desktop'];
const ORIGINS: Record<Protocol, string> = {
  http1: `http://127.0.0.1:${String(PORT)}`,
  http2: `https://127.0.0.1:${String(PORT + 1)}`,
};
let reportCount = 0;

interface Figures {
  score: number;
  lcp: number;
  fcp: number;
  tbt: number;
  cls: number;
  /** Lighthouse's own trace read from wall and from thread time (bench/load-trace.ts contentionOf). */
  contention: ContentionFigures | null;
}

if (!process.argv.includes('--no-build'))
  execFileSync('pnpm', ['run', 'build'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });

const dataDir = mkdtempSync(join(tmpdir(), 'lighthouse-'));
// The self-signed certificate of the HTTP/2 server (this bench's own fetches and Chromium accept it).
const cert = join(dataDir, 'cert.pem');
const key = join(dataDir, 'key.pem');
if (protocols.includes('http2')) {
  execFileSync(
    'openssl',
    [
      ...['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'],
      ...['-keyout', key, '-out', cert, '-days', '2', '-subj', '/CN=127.0.0.1'],
      ...['-addext', 'subjectAltName=IP:127.0.0.1'],
    ],
    { stdio: 'ignore' },
  );
  process.env.NODE_TLS_REJECT_UNAUTHORIZED = '0';
}
const servers = protocols.map((protocol) =>
  spawn('pnpm', ['--filter', '@assessment/mock', 'run', 'serve'], {
    cwd: repo,
    env: {
      ...process.env,
      PORT: String(protocol === 'http1' ? PORT : PORT + 1),
      DATA_DIR: join(dataDir, protocol),
      ...(protocol === 'http2' ? { TLS_CERT: cert, TLS_KEY: key } : {}),
    },
    stdio: 'ignore',
    detached: true,
  }),
);

async function waitForServer(origin: string): Promise<void> {
  for (let attempt = 0; attempt < 300; attempt++) {
    try {
      if ((await fetch(`${origin}/api/viewer`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`the demo server at ${origin} did not start`);
}

const PARTNER_ADMIN = 'partner.admin@contoso-partners.example';
/** The demo's internal admin: sees every seeded project (the viewer pages pick theirs through it). */
const ADMIN = 'admin@dell.example';

async function sessionCookie(origin: string, attempt = 1, email = PARTNER_ADMIN): Promise<string> {
  const signIn = () =>
    fetch(`${origin}/api/auth/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'Demo-Portal-2026' }),
    });
  // A keep-alive connection left idle during the previous page's runs may have been closed by the server: once more
  // on a new one.
  const res = await signIn().catch((error: unknown) => {
    if (attempt > 1) throw error;
    return null;
  });
  if (res === null) return sessionCookie(origin, attempt + 1, email);
  const cookie = res.headers.get('set-cookie')?.split(';')[0];
  if (!res.ok || !cookie) throw new Error(`sign-in failed: ${String(res.status)}`);
  return cookie;
}

/**
 * A Chromium profile whose cookie jar holds the session of `email` (signed in on `origin`), or an empty one: the
 * template each Lighthouse run copies. The session goes in the jar, as a real browser keeps it, not in Lighthouse's
 * --extra-headers: Chromium sends its jar's Cookie header in place of that one once the jar holds any cookie (the
 * portal's time-zone cookie, src/lib/i18n rememberTimeZone), so the page's later calls went without the session (401,
 * X-Logged-Out) and the page measured was the sign-in page. Lighthouse clears a page's storage before it loads it but
 * keeps its cookies (so that a signed-in page stays signed in).
 */
async function profileTemplate(origin: string, email: string | null): Promise<string> {
  const dir = mkdtempSync(join(dataDir, 'profile-'));
  if (email === null) return dir;
  const session = (await sessionCookie(origin, 1, email)).split('=');
  const context = await chromium.launchPersistentContext(dir, {
    ...chromiumLaunchOptions,
    args: [...chromiumLaunchOptions.args, '--password-store=basic'],
    ...(origin.startsWith('https:') ? { ignoreHTTPSErrors: true } : {}),
  });
  // A cookie with an expiry: a session cookie (none) would not be written to the profile when the browser closes.
  await context.addCookies([
    {
      name: session[0]!,
      value: session.slice(1).join('='),
      url: origin,
      httpOnly: true,
      sameSite: 'Lax',
      expires: Math.floor(Date.now() / 1000) + 3600,
    },
  ]);
  await context.close();
  return dir;
}

/**
 * Chromium's omnibox popup, a WebUI renderer of its own started with the window (scripts/chromium.ts), kept off, in
 * the one `--disable-features` switch Chromium reads (the last): with chrome-launcher's own, which Lighthouse puts
 * before these flags (RenderDocument, Translate...).
 */
const OMNIBOX_OFF = disableFeaturesSwitch(disabledFeaturesOf(Launcher.defaultFlags()));

function lighthouse(url: string, preset: 'mobile' | 'desktop', template: string): Figures {
  const out = join(dataDir, 'report.json');
  // Each run its own copy of the profile: nothing one run stored (the time-zone cookie) reaches the next.
  const profile = mkdtempSync(join(dataDir, 'run-'));
  cpSync(template, profile, { recursive: true });
  const args = [
    url,
    '--output=json',
    `--output-path=${out}`,
    '--only-categories=performance',
    '--quiet',
    `--chrome-flags=--headless=new --no-sandbox --disable-gpu --no-first-run --disable-background-networking --password-store=basic ${OMNIBOX_OFF} --user-data-dir=${profile}${url.startsWith('https:') ? ' --ignore-certificate-errors' : ''}`,
    ...(preset === 'desktop' ? ['--preset=desktop'] : []),
    // The trace Lighthouse simulates from (report-0.trace.json), read for its thread times; with --lantern, the
    // simulations' traces too.
    '--save-assets',
  ];
  // A run that fails (Chromium crashing under load, or a trace Lighthouse could not read: its runtimeError, such as
  // NO_NAVSTART, with no score) is tried again, twice at most.
  for (let attempt = 1; ; attempt++) {
    try {
      execFileSync(join(root, 'node_modules', '.bin', 'lighthouse'), args, {
        env: { ...process.env, CHROME_PATH: chrome, ...(lantern ? { LANTERN_DEBUG: '1' } : {}) },
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      const { runtimeError } = JSON.parse(readFileSync(out, 'utf8')) as { runtimeError?: { code: string } };
      if (runtimeError) throw new Error(`Lighthouse: ${runtimeError.code}`);
      break;
    } catch (error) {
      if (attempt === 3) throw error;
      console.error(
        `lighthouse ${url} (${preset}) failed, trying again: ${(error as Error).message.slice(0, 300)}`,
      );
    }
  }
  if (keep) {
    mkdirSync(keep, { recursive: true });
    reportCount += 1;
    const name = `${url.split('/').slice(3).join('_')}-${preset}-${String(reportCount)}`;
    copyFileSync(out, join(keep, `${name}.json`));
    // --save-assets writes the simulations' traces beside the report (report-<simulation>.trace.json).
    if (lantern) {
      // The observed (unthrottled) trace too: what each simulated task was.
      copyFileSync(join(dataDir, 'report-0.trace.json'), join(keep, `${name}-observed.trace.json`));
      for (const bound of ['optimistic', 'pessimistic'])
        copyFileSync(
          join(dataDir, `report-${bound}LargestContentfulPaint.trace.json`),
          join(keep, `${name}-${bound}-lcp.trace.json`),
        );
    }
  }
  rmSync(profile, { recursive: true, force: true });
  const report = JSON.parse(readFileSync(out, 'utf8')) as {
    finalDisplayedUrl: string;
    categories: { performance: { score: number } };
    audits: Record<
      string,
      { numericValue?: number; details?: { items?: { type?: string; selector?: string }[] } }
    >;
  };
  // A page that ended somewhere else (a lost session: the sign-in page) or on its error page measured the wrong page:
  // no figures from it.
  const lcpElement = report.audits['lcp-breakdown-insight']?.details?.items?.find(
    (item) => item.type === 'node',
  );
  if (new URL(report.finalDisplayedUrl).pathname !== new URL(url).pathname)
    throw new Error(`${url} ended on ${report.finalDisplayedUrl}: its figures would be another page's`);
  if (lcpElement?.selector?.includes('.route-error'))
    throw new Error(
      `${url} showed its error page (${lcpElement.selector}): its figures would be another page's`,
    );
  const value = (id: string) => report.audits[id]?.numericValue ?? Number.NaN;
  const { traceEvents } = JSON.parse(readFileSync(join(dataDir, 'report-0.trace.json'), 'utf8')) as {
    traceEvents: TraceEvent[];
  };
  return {
    contention: contentionOf(traceEvents, new URL(url).origin, preset === 'mobile' ? CPU_SLOWDOWN : 1),
    score: Math.round(report.categories.performance.score * 100),
    lcp: value('largest-contentful-paint'),
    fcp: value('first-contentful-paint'),
    tbt: value('total-blocking-time'),
    cls: value('cumulative-layout-shift'),
  };
}

interface ProjectItem {
  Id: number;
  PublicURL: string | null;
  CollectorRunCount: number;
  IsAnonymous: boolean;
  CurrentStatusString: string | null;
}

/**
 * The viewer pages' projects (ids differ between seeds): a seeded project with at least 10 servers (the signed-in
 * viewer) and a published one (the public viewer, opened without a session).
 */
async function viewerProjects(
  origin: string,
  cookie: string,
): Promise<{ servers: number; published: number }> {
  const get = async <T>(path: string): Promise<T> => {
    const res = await fetch(origin + path, { headers: { Cookie: cookie } });
    if (!res.ok) throw new Error(`${path}: ${String(res.status)}`);
    return (await res.json()) as T;
  };
  const { Items } = await get<{ Items: ProjectItem[] }>('/api/projects?PageSize=200');
  const published = Items.find((p) => p.PublicURL !== null && p.CollectorRunCount > 0 && !p.IsAnonymous);
  let servers: number | undefined;
  for (const p of Items) {
    if (p.CollectorRunCount === 0 || p.CurrentStatusString !== null) continue;
    const view = await get<{ Nodes: { Kind: string }[] }>(`/api/projects/${String(p.Id)}/viewer`);
    if (view.Nodes.filter((n) => n.Kind !== 'storage').length >= 10) {
      servers = p.Id;
      break;
    }
  }
  if (servers === undefined || !published) throw new Error('no seeded project for the viewer pages');
  return { servers, published: published.Id };
}

/** The run with the median score (Lighthouse's own advice: one real run, not averaged figures). */
function median(all: Figures[]): Figures {
  const sorted = [...all].sort((a, b) => a.score - b.score || a.lcp - b.lcp);
  return sorted[Math.floor(sorted.length / 2)]!;
}

const PAGE_WIDTH = 24;
const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

try {
  for (const protocol of protocols) await waitForServer(ORIGINS[protocol]);
  console.log(
    `Lighthouse 13, median of ${String(runs)} (load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')})`,
  );
  console.log(
    `${'page'.padEnd(PAGE_WIDTH)}${'protocol'.padEnd(10)}${'preset'.padEnd(9)}${'score'.padStart(6)}${'LCP'.padStart(9)}${'FCP'.padStart(9)}${'TBT'.padStart(9)}${'CLS'.padStart(7)}  target`,
  );
  const projects = await viewerProjects(
    ORIGINS[protocols[0] ?? 'http1'],
    await sessionCookie(ORIGINS[protocols[0] ?? 'http1'], 1, ADMIN),
  );
  const pages: { path: string; label: string; as: string | null }[] = [
    { path: '/auth/login', label: '/auth/login', as: null },
    { path: '/dashboard', label: '/dashboard', as: PARTNER_ADMIN },
    { path: '/projects', label: '/projects', as: PARTNER_ADMIN },
    { path: `/dpackviewer/${String(projects.servers)}`, label: '/dpackviewer (≥10 srv)', as: ADMIN },
    { path: `/dpackviewer/${String(projects.published)}`, label: '/dpackviewer public', as: null },
  ];
  const scrolled: { label: string; url: string; as: string | null }[] = [];
  for (const { path, label, as } of pages) {
    if (only !== undefined && path !== only && !path.startsWith(only)) continue;
    if (path.startsWith('/dpackviewer/'))
      scrolled.push({ label, url: ORIGINS[protocols[0] ?? 'http1'] + path, as });
    for (const protocol of protocols) {
      // A fresh session per page: a long run must not outlive one.
      const template = await profileTemplate(ORIGINS[protocol], as);
      for (const preset of presets) {
        const results = Array.from({ length: runs }, () =>
          lighthouse(ORIGINS[protocol] + path, preset, template),
        );
        const m = median(results);
        const target = preset === 'mobile' ? m.score >= 95 && m.lcp <= 2000 : m.score >= 99;
        console.log(
          `${label.padEnd(PAGE_WIDTH)}${(protocol === 'http1' ? 'HTTP/1.1' : 'HTTP/2').padEnd(10)}${preset.padEnd(9)}${String(m.score).padStart(6)}${s(m.lcp).padStart(9)}${s(m.fcp).padStart(9)}${`${m.tbt.toFixed(0)} ms`.padStart(9)}${m.cls.toFixed(3).padStart(7)}  ${target && m.cls === 0 ? 'met' : 'NOT met'} (${preset === 'mobile' ? '≥ 95, LCP ≤ 2.0 s' : '≥ 99'}, CLS 0)`,
        );
        // What the machine's other work added: the same run's trace, its tasks' wall time against the time the page's
        // main thread was on a core (a diagnosis, not a target).
        if (m.contention)
          console.log(
            `${''.padEnd(PAGE_WIDTH)}  its trace, tasks x${String(preset === 'mobile' ? CPU_SLOWDOWN : 1)} over 50 ms after first paint: ${m.contention.wall.toFixed(0)} ms from their wall time, ${m.contention.cpu.toFixed(0)} ms from the main thread's time on a core (on a core ${(m.contention.onCore * 100).toFixed(0)} % of the counted tasks' wall time)`,
          );
      }
    }
    // The same load measured instead of simulated (bench/load-trace.ts): the main thread's blocking time after the
    // first contentful paint at 4× CPU, over the first protocol.
    if (presets.includes('mobile')) {
      const origin = ORIGINS[protocols[0] ?? 'http1'];
      const cookie = as === null ? null : await sessionCookie(origin, 1, as);
      const loads: LoadFigures[] = [];
      for (let run = 0; run < runs; run++) loads.push(await loadTrace(origin + path, cookie));
      loads.sort((a, b) => a.blocking - b.blocking);
      const m = loads[Math.floor(loads.length / 2)]!;
      console.log(
        `${label.padEnd(PAGE_WIDTH)}loading, ${String(CPU_SLOWDOWN)}× CPU, observed: blocking time after first paint ${m.blocking.toFixed(0)} ms (median of ${String(runs)}: ${loads.map((l) => l.blocking.toFixed(0)).join(' / ')} ms), ${String(m.longTasks)} tasks over ${String(LONG_TASK_MS)} ms, longest ${m.longest.toFixed(0)} ms`,
      );
    }
  }
  // The viewers' main thread while a reader scrolls (bench/scroll-trace.ts): a trace at a phone's size and 4× CPU.
  for (const { label, url, as } of scrolled) {
    const cookie = as === null ? null : await sessionCookie(new URL(url).origin, 1, as);
    const figures = await scrollTrace(url, cookie);
    const over = figures.longTasks
      .map((task) => `${task.duration.toFixed(0)} ms (${task.mostly})`)
      .join(', ');
    console.log(
      `${label.padEnd(PAGE_WIDTH)}scrolling, ${String(CPU_SLOWDOWN)}× CPU: longest task ${figures.longest.toFixed(0)} ms of ${String(figures.tasks)}; ${String(figures.longTasks.length)} over ${String(LONG_TASK_MS)} ms${over ? `: ${over}` : ''}  ${figures.longTasks.length === 0 ? 'met' : 'NOT met'} (none over ${String(LONG_TASK_MS)} ms)`,
    );
  }
} finally {
  for (const server of servers) {
    if (server.pid === undefined || server.exitCode !== null || server.signalCode !== null) continue;
    try {
      process.kill(-server.pid, 'SIGTERM');
    } catch (error) {
      // The server's process group ended on its own between the check and the kill: nothing left to stop.
      if ((error as NodeJS.ErrnoException).code !== 'ESRCH') {
        console.error(error);
        process.exitCode = 1;
      }
    }
  }
  rmSync(dataDir, { recursive: true, force: true });
}

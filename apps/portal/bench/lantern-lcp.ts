// What Lighthouse's simulated LCP is made of: prints the requests and main-thread tasks of a Lantern debug trace (the
// simulation of the page load that Lighthouse's default throttling reports, not the load Chromium observed), in
// simulated milliseconds from the navigation. bench:lighthouse writes one per report with `--keep=<dir> --lantern`
// (`<report>-pessimisticLargestContentfulPaint.trace.json`, and the optimistic one); the reported LCP is their mean.
// The graph holds the requests that ended before the observed LCP and only the tasks Lantern ties to them (scripts'
// first evaluation, layout, the last paint): what ends last is what the LCP waits for.
//
//   node bench/lantern-lcp.ts <trace.json>
import { readFileSync } from 'node:fs';

interface LanternEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  tid?: number;
  args?: { data?: { requestId?: string; url?: string } };
}

/** Lantern's converted traces start the navigation at this timestamp (µs). */
const ORIGIN_US = 1_000_000_000;
const ms = (us: number) => ((us - ORIGIN_US) / 1000).toFixed(0).padStart(5);
/** The work in a task worth naming: what ties it into the graph or what it costs. */
const NAMED =
  /^(?:ParseHTML|EvaluateScript|v8\.compile|v8\.evaluateModule|FunctionCall|TimerFire|Layout|Paint|EventDispatch|RunMicrotasks)$/;

export function lanternTimeline(events: LanternEvent[]): string[] {
  const requests = new Map<string, { url: string; start: number; end?: number }>();
  for (const event of events) {
    const id = event.args?.data?.requestId;
    if (id === undefined) continue;
    if (event.name === 'ResourceSendRequest')
      requests.set(id, { url: event.args?.data?.url ?? '', start: event.ts });
    if (event.name === 'ResourceFinish') {
      const request = requests.get(id);
      if (request) request.end = event.ts;
    }
  }
  const spans = events.filter((event) => event.ph === 'X' && (event.dur ?? 0) > 0);
  const rows: { ts: number; line: string }[] = [];
  for (const task of spans.filter((event) => event.name === 'Task')) {
    const end = task.ts + (task.dur ?? 0);
    const inside = new Set(
      spans
        .filter((event) => event.tid === task.tid && event.ts >= task.ts && event.ts < end)
        .map((event) => event.name)
        .filter((name) => NAMED.test(name)),
    );
    rows.push({
      ts: task.ts,
      line: `task     ${ms(task.ts)} + ${((task.dur ?? 0) / 1000).toFixed(0).padStart(4)} ms  ${[...inside].join(' ')}`,
    });
  }
  for (const request of requests.values())
    rows.push({
      ts: request.start,
      line: `request  ${ms(request.start)} → ${request.end === undefined ? '  ...' : ms(request.end)}  ${request.url.replace(/^https?:\/\/[^/]+/, '')}`,
    });
  return rows.sort((a, b) => a.ts - b.ts).map((row) => row.line);
}

if (import.meta.url === `file://${process.argv[1] ?? ''}`) {
  const file = process.argv[2];
  if (!file) throw new Error('usage: node bench/lantern-lcp.ts <lantern trace.json>');
  const trace = JSON.parse(readFileSync(file, 'utf8')) as { traceEvents: LanternEvent[] };
  console.log(lanternTimeline(trace.traceEvents).join('\n'));
}

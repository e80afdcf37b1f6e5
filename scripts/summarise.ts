// Sums the JSON reports of every runner (Vitest, Playwright, `go test -json`) and gate into the closing line CI
// reads: `N passed, N failed`.
// A run that left no report (it crashed before reporting) counts as one failure. Under each runner it names the
// tests that failed (at most FAILED_NAMES_SHOWN), so the tail of a CI log says which test to look at.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const reports = process.argv[2] ?? '.reports';

interface Counts {
  p: number;
  f: number;
  s: number;
}

function countVitest(report: Record<string, unknown>): Counts {
  const p = Number(report.numPassedTests ?? 0);
  let f = Number(report.numFailedTests ?? 0);
  const s = Number(report.numPendingTests ?? 0) + Number(report.numTodoTests ?? 0);
  // A suite that failed to load has no failed tests but must not pass silently.
  const suites = (report.testResults ?? []) as { status?: string; assertionResults?: unknown[] }[];
  f += suites.filter(
    (suite) => suite.status === 'failed' && (suite.assertionResults ?? []).length === 0,
  ).length;
  if (p + f === 0) f += 1; // a runner that ran no test is a failure, not a pass
  return { p, f, s };
}

function countPlaywright(report: Record<string, unknown>): Counts {
  const stats = (report.stats ?? {}) as Record<string, number | undefined>;
  const p = (stats.expected ?? 0) + (stats.flaky ?? 0);
  let f = stats.unexpected ?? 0;
  const s = stats.skipped ?? 0;
  const errors = (report.errors ?? []) as unknown[];
  if (errors.length > 0 && f === 0) f = 1; // e.g. the web server did not start
  if (p + f === 0) f += 1;
  return { p, f, s };
}

interface GoEvent {
  Action?: string;
  Package?: string;
  Test?: string;
}

/** The events of a `go test -json` report (JSON Lines; a line that is no JSON object, a build error, is skipped). */
function goEvents(text: string): GoEvent[] {
  return text.split('\n').flatMap((line) => {
    if (!line.startsWith('{')) return [];
    try {
      return [JSON.parse(line) as GoEvent];
    } catch {
      return [];
    }
  });
}

/** The outcome of every leaf test (a test with subtests counts through them) by "package › test". */
function goOutcomes(events: GoEvent[]): Map<string, string> {
  const outcomes = new Map<string, string>();
  for (const event of events) {
    if (event.Test && ['pass', 'fail', 'skip'].includes(event.Action ?? ''))
      outcomes.set(`${event.Package ?? '?'} › ${event.Test}`, event.Action ?? '');
  }
  const names = [...outcomes.keys()];
  for (const name of names) if (names.some((other) => other.startsWith(`${name}/`))) outcomes.delete(name);
  return outcomes;
}

/** Packages that failed without a failed test of their own (a build error, a panic, a timeout). */
function goPackagesFailedAlone(events: GoEvent[], outcomes: Map<string, string>): string[] {
  return events
    .filter((event) => !event.Test && event.Action === 'fail')
    .map((event) => event.Package ?? '?')
    .filter(
      (pkg) => ![...outcomes].some(([name, action]) => action === 'fail' && name.startsWith(`${pkg} › `)),
    );
}

function countGo(text: string): Counts {
  const events = goEvents(text);
  const outcomes = [...goOutcomes(events).values()];
  const p = outcomes.filter((action) => action === 'pass').length;
  let f = outcomes.filter((action) => action === 'fail').length;
  const s = outcomes.filter((action) => action === 'skip').length;
  f += goPackagesFailedAlone(events, goOutcomes(events)).length;
  if (p + f === 0) f += 1;
  return { p, f, s };
}

/** "package › Test/subtest" of every failed Go test, and "package (failed: …)" of a package failing on its own. */
function failedGo(text: string): string[] {
  const events = goEvents(text);
  const outcomes = goOutcomes(events);
  return [
    ...[...outcomes].filter(([, action]) => action === 'fail').map(([name]) => name),
    ...goPackagesFailedAlone(events, outcomes).map(
      (pkg) => `${pkg} (failed: a build error, panic or timeout)`,
    ),
  ];
}

/** How many failed tests are named under a runner's line. */
const FAILED_NAMES_SHOWN = 10;

interface VitestSuite {
  name?: string;
  status?: string;
  message?: string;
  assertionResults?: { status?: string; fullName?: string; title?: string }[];
}

/** "file › test" of every failed Vitest test, and every file that failed to load. */
function failedVitest(report: Record<string, unknown>): string[] {
  const root = process.cwd();
  return ((report.testResults ?? []) as VitestSuite[]).flatMap((suite) => {
    const file = (suite.name ?? '?').replace(`${root}/`, '');
    const results = suite.assertionResults ?? [];
    if (suite.status === 'failed' && results.length === 0) return [`${file} (failed to load)`];
    return results
      .filter((test) => test.status === 'failed')
      .map((test) => `${file} › ${test.fullName ?? test.title ?? '?'}`);
  });
}

interface PlaywrightSuite {
  title?: string;
  file?: string;
  suites?: PlaywrightSuite[];
  specs?: {
    title?: string;
    file?: string;
    line?: number;
    tests?: { status?: string; projectName?: string }[];
  }[];
}

/** "file:line › title [project]" of every Playwright test whose outcome was unexpected. */
function failedPlaywright(report: Record<string, unknown>): string[] {
  const walk = (suite: PlaywrightSuite, titles: string[]): string[] => [
    ...(suite.specs ?? []).flatMap((spec) =>
      (spec.tests ?? [])
        .filter((test) => test.status === 'unexpected')
        .map(
          (test) =>
            `${spec.file ?? suite.file ?? '?'}:${String(spec.line ?? '?')} › ${[...titles, spec.title ?? '?'].join(' › ')}${test.projectName ? ` [${test.projectName}]` : ''}`,
        ),
    ),
    ...(suite.suites ?? []).flatMap((child) => walk(child, child.title ? [...titles, child.title] : titles)),
  ];
  // The top-level suites are files: their title is the file name, already in the line.
  return ((report.suites ?? []) as PlaywrightSuite[]).flatMap((file) => walk(file, []));
}

let passed = 0;
let failed = 0;
let skipped = 0;
const lines: string[] = [];

const gatesPath = join(reports, 'gates.jsonl');
if (existsSync(gatesPath)) {
  for (const line of readFileSync(gatesPath, 'utf8').split('\n').filter(Boolean)) {
    const gate = JSON.parse(line) as { name: string; passed: boolean };
    if (gate.passed) passed += 1;
    else failed += 1;
    lines.push(`  gate ${gate.name}: ${gate.passed ? 'passed' : 'FAILED'}`);
  }
}

const runsPath = join(reports, 'runs.txt');
const runs = existsSync(runsPath) ? readFileSync(runsPath, 'utf8').split('\n').filter(Boolean) : [];
for (const run of runs) {
  const [kind, slug] = run.split(' ') as [string, string];
  const file = join(reports, `${kind}-${slug}.json`);
  if (!existsSync(file)) {
    failed += 1;
    lines.push(`  ${kind} ${slug}: no report (the run crashed) → 1 failed`);
    continue;
  }
  const text = readFileSync(file, 'utf8');
  // A Go run's report is `go test -json` output (JSON Lines), the others one JSON document.
  const report = kind === 'go' ? {} : (JSON.parse(text) as Record<string, unknown>);
  const { p, f, s } =
    kind === 'go' ? countGo(text) : kind === 'vitest' ? countVitest(report) : countPlaywright(report);
  passed += p;
  failed += f;
  skipped += s;
  lines.push(`  ${kind} ${slug}: ${p} passed, ${f} failed${s ? `, ${s} skipped` : ''}`);
  if (f > 0) {
    const names =
      kind === 'go' ? failedGo(text) : kind === 'vitest' ? failedVitest(report) : failedPlaywright(report);
    for (const name of names.slice(0, FAILED_NAMES_SHOWN)) lines.push(`    ✗ ${name}`);
    if (names.length > FAILED_NAMES_SHOWN)
      lines.push(`    … and ${String(names.length - FAILED_NAMES_SHOWN)} more`);
  }
}

console.log('summary:');
for (const line of lines) console.log(line);
if (skipped) console.log(`  (${skipped} skipped)`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);

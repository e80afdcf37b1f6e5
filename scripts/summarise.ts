// Sums the JSON reports of every runner and gate into the closing line CI reads: `N passed, N failed`.
// A run that left no report (it crashed before reporting) counts as one failure.
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
  const report = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  const { p, f, s } = kind === 'vitest' ? countVitest(report) : countPlaywright(report);
  passed += p;
  failed += f;
  skipped += s;
  lines.push(`  ${kind} ${slug}: ${p} passed, ${f} failed${s ? `, ${s} skipped` : ''}`);
}

console.log('summary:');
for (const line of lines) console.log(line);
if (skipped) console.log(`  (${skipped} skipped)`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);

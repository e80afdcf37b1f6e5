// The CI verdict is the last line of scripts/summarise.ts: these tests pin how it counts, above all that a runner
// which crashed, ran nothing or failed to start never counts as passed.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const summarise = new URL('../summarise.ts', import.meta.url).pathname;
const dirs: string[] = [];

interface Reports {
  gates?: { name: string; passed: boolean }[];
  /** Reports by "kind slug"; undefined = the run left no report. */
  runs?: Record<string, unknown>;
}

/** Writes a reports folder as scripts/test.sh leaves it and runs the summary over it. */
function summarize({ gates = [], runs = {} }: Reports) {
  const dir = mkdtempSync(join(tmpdir(), 'summarise-'));
  dirs.push(dir);
  writeFileSync(join(dir, 'gates.jsonl'), gates.map((gate) => JSON.stringify(gate)).join('\n'));
  writeFileSync(join(dir, 'runs.txt'), Object.keys(runs).join('\n'));
  for (const [run, report] of Object.entries(runs)) {
    const [kind, slug] = run.split(' ');
    // A Go run's report is `go test -json` output: given here as its text.
    if (report !== undefined)
      writeFileSync(
        join(dir, `${kind}-${slug}.json`),
        typeof report === 'string' ? report : JSON.stringify(report),
      );
  }
  const result = spawnSync(process.execPath, [summarise, dir], { encoding: 'utf8' });
  const lines = result.stdout.trim().split('\n');
  return { last: lines[lines.length - 1], output: result.stdout, status: result.status };
}

const vitest = (
  passed: number,
  failed: number,
  suites: { status: string; assertionResults: unknown[] }[] = [],
) => ({
  numPassedTests: passed,
  numFailedTests: failed,
  numPendingTests: 0,
  numTodoTests: 0,
  testResults: suites,
});
const playwright = (expected: number, unexpected: number, errors: unknown[] = []) => ({
  stats: { expected, unexpected, flaky: 0, skipped: 0 },
  errors,
});

afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('scripts/summarise.ts', () => {
  it('sums gates, Vitest and Playwright runs into the last line and exits 0 when nothing failed', () => {
    const { last, status } = summarize({
      gates: [
        { name: 'eslint', passed: true },
        { name: 'build', passed: true },
      ],
      runs: { 'vitest a': vitest(5, 0), 'playwright b': playwright(3, 0) },
    });
    expect(last).toBe('10 passed, 0 failed');
    expect(status).toBe(0);
  });

  it('counts a failed gate and failed tests, and exits 1', () => {
    const { last, status } = summarize({
      gates: [{ name: 'typecheck', passed: false }],
      runs: { 'vitest a': vitest(4, 2), 'playwright b': playwright(1, 1) },
    });
    expect(last).toBe('5 passed, 4 failed');
    expect(status).toBe(1);
  });

  it('counts a Vitest file that failed to load (no assertions) as a failure', () => {
    const { last } = summarize({
      runs: { 'vitest a': vitest(3, 0, [{ status: 'failed', assertionResults: [] }]) },
    });
    expect(last).toBe('3 passed, 1 failed');
  });

  it('counts a Playwright run whose web server did not start as a failure', () => {
    const { last } = summarize({
      runs: { 'playwright b': playwright(0, 0, [{ message: 'webServer exited' }]) },
    });
    expect(last).toBe('0 passed, 1 failed');
  });

  it('counts a runner that ran no test, or left no report, as a failure', () => {
    const { last, output } = summarize({
      runs: { 'vitest empty': vitest(0, 0), 'vitest crashed': undefined },
    });
    expect(last).toBe('0 passed, 2 failed');
    expect(output).toContain('vitest crashed: no report (the run crashed) → 1 failed');
  });

  it('names the failed tests under their runner: Vitest file › test, a file that failed to load, Playwright file:line › title [project]', () => {
    const { output } = summarize({
      runs: {
        'vitest mock': vitest(1, 1, [
          {
            status: 'failed',
            name: `${process.cwd()}/apps/mock/tests/a.test.ts`,
            assertionResults: [
              { status: 'passed', fullName: 'area passes' },
              { status: 'failed', fullName: 'area › keeps its figures' },
            ],
          } as never,
          {
            status: 'failed',
            name: `${process.cwd()}/apps/mock/tests/b.test.ts`,
            assertionResults: [],
          } as never,
        ]),
        'playwright portal': {
          ...playwright(1, 1),
          suites: [
            {
              title: 'e2e/promo.spec.ts',
              file: 'e2e/promo.spec.ts',
              specs: [{ title: 'fine', file: 'e2e/promo.spec.ts', line: 3, tests: [{ status: 'expected' }] }],
              suites: [
                {
                  title: 'promo sites',
                  specs: [
                    {
                      title: 'toggle reverts',
                      file: 'e2e/promo.spec.ts',
                      line: 61,
                      tests: [{ status: 'unexpected', projectName: 'chromium' }],
                    },
                  ],
                },
              ],
            },
          ],
        },
      },
    });
    const lines = output.split('\n');
    const under = (runner: string) => lines.slice(lines.findIndex((line) => line.includes(runner)) + 1);
    expect(under('vitest mock:').slice(0, 2)).toEqual([
      '    ✗ apps/mock/tests/a.test.ts › area › keeps its figures',
      '    ✗ apps/mock/tests/b.test.ts (failed to load)',
    ]);
    expect(under('playwright portal:')[0]).toBe(
      '    ✗ e2e/promo.spec.ts:61 › promo sites › toggle reverts [chromium]',
    );
    expect(output).not.toContain('area passes');
    expect(output).not.toContain('› fine');
  });

  it('counts each Go test of a `go test -json` report, subtests instead of their parent, and names the failed ones', () => {
    const event = (Action: string, Package: string, Test?: string) =>
      JSON.stringify({ Time: '2026-12-05T00:00:00Z', Action, Package, ...(Test ? { Test } : {}) });
    const report = [
      event('run', 'iokit/vsphere/iokit', 'TestConvert'),
      event('pass', 'iokit/vsphere/iokit', 'TestConvert/cpu'),
      event('pass', 'iokit/vsphere/iokit', 'TestConvert/mem'),
      event('pass', 'iokit/vsphere/iokit', 'TestConvert'),
      event('skip', 'iokit/vsphere/iokit', 'TestSkipped'),
      event('pass', 'iokit/vsphere/iokit'),
      event('fail', 'iokit/vsphere/itest', 'TestFailures/wrong_password'),
      event('pass', 'iokit/vsphere/itest', 'TestFailures/unreachable'),
      event('fail', 'iokit/vsphere/itest', 'TestFailures'),
      event('fail', 'iokit/vsphere/itest'),
      'FAIL\tiokit/vsphere/collect [build failed]',
      event('fail', 'iokit/vsphere/collect'),
    ].join('\n');
    const { last, output } = summarize({ runs: { 'go vsphere': report } });
    expect(last).toBe('3 passed, 2 failed');
    expect(output).toContain('go vsphere: 3 passed, 2 failed, 1 skipped');
    expect(output).toContain('    ✗ iokit/vsphere/itest › TestFailures/wrong_password');
    expect(output).toContain('    ✗ iokit/vsphere/collect (failed: a build error, panic or timeout)');
    expect(output).not.toContain('› TestFailures\n');
  });

  it('counts a Go run that ran no test, or left an empty report, as a failure', () => {
    const { last } = summarize({ runs: { 'go empty': '', 'go crashed': undefined } });
    expect(last).toBe('0 passed, 2 failed');
  });

  it('names at most ten failed tests of a runner, then how many more', () => {
    const failing = Array.from({ length: 12 }, (_, i) => ({ status: 'failed', fullName: `t${String(i)}` }));
    const { output } = summarize({
      runs: {
        'vitest a': vitest(0, 12, [
          { status: 'failed', name: 'x.test.ts', assertionResults: failing } as never,
        ]),
      },
    });
    expect(output.match(/✗/g)).toHaveLength(10);
    expect(output).toContain('    … and 2 more');
  });
});

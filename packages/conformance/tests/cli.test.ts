// The backend teams' command end to end: a child process against the demo API, the three reports written.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FiguresReport, Report } from '../src/types.ts';
import { DEMO_MAILBOX, DEMO_PASSWORD, startDemo, type Demo } from './demo.ts';

const run = promisify(execFile);
const CLI = fileURLToPath(new URL('../src/cli.ts', import.meta.url));
let demo: Demo;
let out: string;

beforeAll(async () => {
  demo = await startDemo();
  out = mkdtempSync(path.join(tmpdir(), 'conformance-out-'));
});
afterAll(async () => {
  await demo.close();
  rmSync(out, { recursive: true, force: true });
});

it('runs against a server, prints the summary and writes JUnit XML and HTML', async () => {
  const { stdout } = await run(process.execPath, [
    CLI,
    '--base-url',
    demo.url,
    '--user',
    'enduser@adventure-works.example',
    '--password',
    DEMO_PASSWORD,
    '--seed',
    '5',
    '--budget',
    '2',
    '--operations',
    'createProject,getProject,deleteProject,listCountries',
    '--mailbox',
    DEMO_MAILBOX,
    '--out',
    out,
  ]);
  expect(stdout).toMatch(/\(seed 5, budget 2\): \d+ operations/);
  expect(stdout).toContain('✓ no disagreements');
  const xml = readFileSync(path.join(out, 'junit.xml'), 'utf8');
  expect(xml).toContain('<testcase classname="getProject" name="getProject status-declared"/>');
  expect(xml).toContain('failures="0"');
  expect(readFileSync(path.join(out, 'report.html'), 'utf8')).toContain('<h1>Conformance report</h1>');
});

it('--help names the edge and mailbox options with their defaults', async () => {
  const { stdout } = await run(process.execPath, [CLI, '--help']);
  expect(stdout).toContain('--hostile N           hostile strings per string parameter or field (default 3');
  expect(stdout).toContain('--mailbox URL');
  expect(stdout).toContain('405 with the right Allow for every method outside the contract');
});

it('exits 2 with the usage when the base URL is missing', async () => {
  await expect(run(process.execPath, [CLI])).rejects.toMatchObject({ code: 2 });
});

/** The command as a child process: its exit code and both outputs, whatever the code. */
async function command(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [CLI, '--base-url', demo.url, ...args]);
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

// Operations whose positive cases need the account the run registers (its team) and the runs it uploads.
const NEEDS_SETUP = 'addTeamEmployee,removeCollectorRunAndDeleteProject,listCountries';

it("README's command as written (no --mailbox): the demo's development mailbox is found, the setup completes", async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'conformance-out-'));
  try {
    const r = await command([
      '--user',
      'enduser@adventure-works.example',
      '--password',
      DEMO_PASSWORD,
      '--caller',
      'admin=admin@dell.example',
      '--seed',
      '1',
      '--budget',
      '2',
      '--operations',
      NEEDS_SETUP,
      '--min-coverage',
      '100',
      '--out',
      dir,
    ]);
    expect(r.stderr).toBe('');
    expect(r.stdout).toContain('Coverage: 5 of 5 operations reached a positive answer (100%)');
    expect(r.code).toBe(0);
    const json = JSON.parse(readFileSync(path.join(dir, 'report.json'), 'utf8')) as Report;
    expect(json.setupComplete).toBe(true);
    expect(json.coverage).toMatchObject({ operations: 5, reached: 5, percent: 100, unreached: [] });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

it('a setup that cannot confirm its account ends with exit 2 and one sentence saying what to pass; --allow-partial runs on', async () => {
  const args = ['--seed', '3', '--budget', '1', '--operations', NEEDS_SETUP, '--out', out];
  // A mailbox where no mail ever arrives: the registered account stays unconfirmed.
  const stopped = await command([...args, '--mailbox', '/nowhere.json']);
  expect(stopped.code).toBe(2);
  const lines = stopped.stderr.trim().split('\n');
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(
    /^conformance: the setup failed \(the registered account could not sign in .*\): pass --mailbox with the URL .* or pass --allow-partial/,
  );
  const partial = await command([...args, '--mailbox', '/nowhere.json', '--allow-partial']);
  expect(partial.code).toBe(0);
  expect(partial.stdout).toContain('the setup failed, so this run is partial (--allow-partial)');
  expect(partial.stdout).toMatch(
    /no positive answer: removeCollectorRunAndDeleteProject|not exercised positively: removeCollectorRunAndDeleteProject/,
  );
  const xml = readFileSync(path.join(out, 'junit.xml'), 'utf8');
  expect(xml).toContain('<property name="setup.complete" value="false"/>');
});

it('--min-coverage fails a run that reached fewer operations (a write no run can create objects for)', async () => {
  const r = await command([
    '--seed',
    '2',
    '--budget',
    '1',
    '--operations',
    'deletePromoLogo,listCountries',
    '--min-coverage',
    '60',
    '--out',
    out,
  ]);
  expect(r.stdout).toContain('Coverage: 1 of 2 operations reached a positive answer (50%)');
  expect(r.stdout).toContain('✗ coverage 50% is below --min-coverage 60%');
  expect(r.code).toBe(1);
});

it('--figures: one line per figure in the summary and the three reports, exit 0 when every figure agrees', async () => {
  const dir = path.join(out, 'figures');
  const { stdout } = await run(process.execPath, [
    CLI,
    '--figures',
    '--figures-files',
    'one-host',
    '--base-url',
    demo.url,
    '--user',
    'enduser@adventure-works.example',
    '--password',
    DEMO_PASSWORD,
    '--out',
    dir,
  ]);
  const report = JSON.parse(readFileSync(path.join(dir, 'report.json'), 'utf8')) as FiguresReport;
  expect(report.files.map((f) => f.file)).toEqual(['one-host']);
  expect(report.failed).toBe(0);
  const lines = stdout.split('\n').filter((l) => l.startsWith('✓ one-host '));
  expect(lines.length).toBe(report.figures.length);
  expect(stdout).toContain('✓ one-host getProjectSizing Totals[memory].Basis: expected ');
  expect(readFileSync(path.join(dir, 'junit.xml'), 'utf8').match(/<testcase /g)?.length).toBe(
    report.figures.length,
  );
  expect(readFileSync(path.join(dir, 'report.html'), 'utf8')).toContain('<code>TotalIops.P95</code>');
});

it('--figures needs --user, and names an unknown reference file', async () => {
  const noUser = await run(process.execPath, [CLI, '--figures', '--base-url', demo.url]).catch(
    (e: unknown) => e,
  );
  expect(noUser).toMatchObject({ code: 2 });
  expect((noUser as { stderr: string }).stderr).toContain('--figures uploads as --user');
  const unknown = await run(
    process.execPath,
    [CLI, '--figures', '--figures-files', 'nope', '--base-url', demo.url, '--user', 'a@b.example'],
    { env: { ...process.env, CONFORMANCE_PASSWORD: 'x' } },
  ).catch((e: unknown) => e);
  expect(unknown).toMatchObject({ code: 2 });
  expect((unknown as { stderr: string }).stderr).toContain('--figures-files names nope, not one of one-host');
});

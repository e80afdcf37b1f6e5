// The backend teams' command end to end: a child process against the demo API, the three reports written.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, it } from 'vitest';
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

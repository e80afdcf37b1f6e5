// Every finding on its own (#37): the report keeps the request, the answer (status, headers, body excerpt), expected
// against got and curl lines that show the finding without the generator (sign-in included); `--replay` re-runs one
// finding: reproduced on the faulty server (exit 1), not on a correct one (exit 0).
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Finding, Report } from '../src/types.ts';
import { DEMO_PASSWORD, startDemo, type Demo } from './demo.ts';

const exec = promisify(execFile);
const CLI = fileURLToPath(new URL('../src/cli.ts', import.meta.url));
let faulty: Demo;
let correct: Demo;
let out: string;
let finding: Finding;

/** The command as a child process: its exit code and both outputs, whatever the code. */
async function command(
  file: string,
  args: string[],
  env: Record<string, string> = {},
): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await exec(file, args, { env: { ...process.env, ...env } });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

beforeAll(async () => {
  // The fault: signed-in callers of listProjects are answered 418, a status the operation does not declare.
  faulty = await startDemo((server) => {
    server.app.addHook('preHandler', async (request, reply) => {
      if (request.operation?.operationId === 'listProjects' && request.viewer)
        await reply
          .code(418)
          .header('x-planted', 'teapot')
          .send({ StatusCode: 418, Message: 'short and stout' });
    });
  });
  correct = await startDemo();
  out = mkdtempSync(path.join(tmpdir(), 'conformance-replay-'));
  const run = await command(process.execPath, [
    CLI,
    '--base-url',
    faulty.url,
    '--user',
    'enduser@adventure-works.example',
    '--password',
    DEMO_PASSWORD,
    '--operations',
    'listProjects',
    '--budget',
    '1',
    '--negatives',
    '0',
    '--hostile',
    '0',
    '--out',
    out,
  ]);
  expect(run.code, run.stderr).toBe(1);
  const report = JSON.parse(readFileSync(path.join(out, 'report.json'), 'utf8')) as Report;
  const found = report.findings.find((f) => f.check === 'status-declared' && f.caller === 'user');
  if (!found) throw new Error(run.stdout);
  finding = found;
});
afterAll(async () => {
  await faulty.close();
  await correct.close();
  rmSync(out, { recursive: true, force: true });
});

it('a finding carries the request, the answer, expected against got, and its id', () => {
  expect(finding.id).toMatch(/^listProjects-\d+$/);
  expect(finding.callerEmail).toBe('enduser@adventure-works.example');
  expect(finding.request.method).toBe('GET');
  expect(finding.response?.status).toBe(418);
  expect(finding.response?.headers['x-planted']).toBe('teapot');
  expect(finding.response?.body).toContain('short and stout');
  expect(finding.expected).toMatch(/^a declared status: 200/);
  expect(finding.got).toBe('418');
});

it('its curl lines show it without the generator: sign-in, then the request answered 418', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'conformance-curl-'));
  try {
    const r = await command('bash', ['-c', `cd ${dir} && ${finding.reproduce}`], {
      CONFORMANCE_PASSWORD: DEMO_PASSWORD,
    });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^HTTP\/1\.1 418/m);
    expect(r.stdout).toContain('short and stout');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

it('--replay re-runs the one finding: reproduced on the faulty server (exit 1), not on a correct one (exit 0)', async () => {
  const replay = [
    '--replay',
    path.join(out, 'report.json'),
    '--finding',
    finding.id,
    '--password',
    DEMO_PASSWORD,
  ];
  const again = await command(process.execPath, [CLI, ...replay]);
  expect(again.stdout).toContain(`Replaying ${finding.id} (status-declared`);
  expect(again.stdout).toContain('✗ reproduced: status 418 is not declared');
  expect(again.code).toBe(1);
  const fixed = await command(process.execPath, [CLI, ...replay, '--base-url', correct.url]);
  expect(fixed.stdout).toContain('✓ not reproduced');
  expect(fixed.code).toBe(0);
});

it('--replay says in one sentence what is missing', async () => {
  const noPassword = await command(
    process.execPath,
    [CLI, '--replay', path.join(out, 'report.json'), '--finding', finding.id],
    { CONFORMANCE_PASSWORD: '' },
  );
  expect(noPassword.code).toBe(2);
  expect(noPassword.stderr).toContain('pass its password with --password (or CONFORMANCE_PASSWORD)');
  const unknown = await command(process.execPath, [
    CLI,
    '--replay',
    path.join(out, 'report.json'),
    '--finding',
    'nope-1',
  ]);
  expect(unknown.code).toBe(2);
  expect(unknown.stderr).toContain(`the report has no finding nope-1 (its findings: ${finding.id}`);
});

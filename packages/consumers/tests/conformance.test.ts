// A backend team's first use of the published conformance command: `npx --registry <local registry>
// @assessment/conformance@<version>` (fetched by name, as a team would, with a fresh npx cache so no earlier run's
// copy answers) and the same version installed by name into a fresh project (no workspace, no TypeScript: Node
// refuses to strip types under node_modules, so the bin must be compiled JavaScript), run against the demo API
// with the contract shipped in the package.
import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { run } from './process.ts';

const { consumerRoot, apiUrl, workDir, registryUrl, versions } = inject('consumers');
const BIN = path.join(consumerRoot, 'node_modules/.bin/conformance');
const PACKAGE = path.join(consumerRoot, 'node_modules/@assessment/conformance');

/** The command as a team runs it without installing: npx from the registry, by name and version. */
const NPX = [
  '--yes',
  '--registry',
  registryUrl,
  '--cache',
  path.join(workDir, 'npx-cache'),
  `@assessment/conformance@${versions['@assessment/conformance'] ?? ''}`,
];

/** Runs the bin and returns its exit code and output (a non-zero exit is an answer here, not a failure). */
async function conformance(
  args: string[],
  how: 'installed' | 'npx' = 'installed',
): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const stdout =
      how === 'npx'
        ? await run('npx', [...NPX, ...args], { cwd: workDir })
        : await run(BIN, args, { cwd: workDir });
    return { code: 0, stdout, stderr: '' };
  } catch (error) {
    const cause = (error as { cause?: { code?: number; stdout?: string; stderr?: string } }).cause;
    return { code: cause?.code ?? -1, stdout: cause?.stdout ?? '', stderr: cause?.stderr ?? '' };
  }
}

/** A loopback port nothing listens on (fetch refuses the well-known ones such as 1 outright). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('the published conformance command, from the local registry', () => {
  it('ships compiled JavaScript and the contract, no TypeScript sources', async () => {
    const manifest = JSON.parse(readFileSync(path.join(PACKAGE, 'package.json'), 'utf8')) as {
      bin: Record<string, string>;
      private?: boolean;
      license?: string;
    };
    expect(manifest.bin.conformance).toBe('./dist/cli.js');
    expect(manifest.private).toBeUndefined();
    expect(manifest.license).toBe('MIT');
    const files = await run('find', ['.', '-type', 'f', '-not', '-path', './node_modules/*'], {
      cwd: PACKAGE,
    });
    expect(files).toContain('./dist/openapi.json');
    expect(files).toContain('./LICENSE');
    expect(files).toContain('./README.md');
    expect(files.split('\n').filter((file) => /\.ts$/.test(file))).toEqual([]);
  });

  it('npx runs every operation against the demo API with the shipped contract: 0 disagreements', async () => {
    const out = mkdtempSync(path.join(workDir, 'conformance-report-'));
    const started = Date.now();
    const result = await conformance(
      [
        '--base-url',
        apiUrl,
        '--user',
        'enduser@adventure-works.example',
        '--password',
        'Demo-Portal-2026',
        '--budget',
        '1',
        '--seed',
        '3',
        // The demo API mails a confirmation link before a registered account may sign in: its development mailbox.
        '--mailbox',
        '/dev/mailbox/messages.json',
        '--out',
        out,
      ],
      'npx',
    );
    console.log(
      `npx @assessment/conformance: fetched and a full run with budget 1 in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
    expect(result.code, `${result.stdout}\n${result.stderr}`.slice(-4000)).toBe(0);
    expect(result.stderr).toBe('');
    expect(result.stdout).toContain('✓ no disagreements');
    const xml = readFileSync(path.join(out, 'junit.xml'), 'utf8');
    expect(xml).toContain('failures="0"');
    const report = JSON.parse(readFileSync(path.join(out, 'report.json'), 'utf8')) as {
      findings: unknown[];
      operations: unknown[];
    };
    expect(report.findings).toEqual([]);
    expect(report.operations.length).toBeGreaterThan(50);
  });

  it('--help shows the options and examples; mistakes are one sentence and exit 2, never a stack trace', async () => {
    const help = await conformance(['--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('--contract FILE|URL');
    expect(help.stdout).toContain('Examples');

    const closed = await closedPort();
    const cases: [string[], RegExp][] = [
      [[], /--base-url is required/],
      [['--bogus'], /Unknown option '--bogus'/],
      [
        ['--base-url', apiUrl, '--contract', 'missing.json'],
        /the contract file .*missing\.json does not exist/,
      ],
      [
        ['--base-url', `http://127.0.0.1:${closed}`],
        /cannot reach http:\/\/127\.0\.0\.1:\d+\/: ECONNREFUSED/,
      ],
      [['--base-url', apiUrl, '--user', 'a@example.com'], /needs --password/],
    ];
    for (const [args, message] of cases) {
      const result = await conformance(args);
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.stderr).toMatch(message);
      expect(result.stderr).not.toMatch(/^\s+at /m);
    }
  });
});

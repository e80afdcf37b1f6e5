// Once per run: builds and packs the publishable packages, installs the tarballs with npm into one throw-away
// consumer folder outside the workspace (each test writes its projects below it: the nearest package.json and
// tsconfig make each one its own setup, while they share one install), and starts the demo API on a free port.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { run, writeProject } from './process.ts';

export const WORKSPACE = path.resolve(import.meta.dirname, '../../..');
/** The packages published for other tools and teams (the contract, the portal and the demo API are private). */
export const PUBLISHED = {
  sdk: '@assessment/sdk',
  ui: '@assessment/ui',
  conformance: '@assessment/conformance',
} as const;
/** Ports of this suite's demo API (kept apart from the other test servers of the workspace). */
const PORTS = [18150, 18151, 18152, 18153, 18154, 18155, 18156, 18157, 18158, 18159];

/** What consumers install next to the packages: the toolchains of the setups under test, React for the kit. */
const CONSUMER_DEPENDENCIES = {
  '@tanstack/react-query': '5.108.0',
  '@types/node': '24.10.1',
  '@types/react': '19.3.0',
  '@types/react-dom': '19.3.0',
  '@vitejs/plugin-react': '6.3.0',
  esbuild: '0.28.2',
  fastify: '5.12.8',
  react: '19.3.1',
  'react-dom': '19.3.1',
  typescript: '6.0.3',
  vite: '8.3.8',
  webpack: '5.112.2',
};

let workDir = '';
let server: ChildProcess | undefined;

async function freePort(): Promise<number> {
  for (const port of PORTS) {
    const free = await new Promise<boolean>((resolve) => {
      const probe = createServer()
        .once('error', () => resolve(false))
        .listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
    });
    if (free) return port;
  }
  throw new Error(`no free port in ${PORTS[0]}-${PORTS.at(-1)}`);
}

async function startDemoApi(dataDir: string): Promise<string> {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    ['--import', './src/register.ts', 'src/main.ts', 'serve', `--port=${port}`, `--data-dir=${dataDir}`],
    { cwd: path.join(WORKSPACE, 'apps/mock'), env: { ...process.env, HOST: '127.0.0.1' }, stdio: 'pipe' },
  );
  server = child;
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('listening')) resolve();
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => reject(new Error(`the demo API exited (${code}):\n${output}`)));
  });
  return `http://127.0.0.1:${port}`;
}

export async function setup(project: TestProject): Promise<void> {
  workDir = mkdtempSync(path.join(tmpdir(), 'assessment-consumers-'));
  const tarballs = path.join(workDir, 'tarballs');
  const started = Date.now();
  await run(
    'pnpm',
    Object.values(PUBLISHED)
      .flatMap((name) => ['--filter', name])
      .concat('run', 'build'),
    {
      cwd: WORKSPACE,
    },
  );
  for (const name of Object.values(PUBLISHED))
    await run('pnpm', ['--filter', name, 'pack', '--pack-destination', tarballs], { cwd: WORKSPACE });
  const files = readdirSync(tarballs);
  const tarball = (prefix: string) => {
    const file = files.find((name) => name.startsWith(prefix) && name.endsWith('.tgz'));
    if (!file) throw new Error(`pnpm pack wrote no ${prefix}*.tgz (found ${files.join(', ')})`);
    return path.join(tarballs, file);
  };
  const sdkTarball = tarball('assessment-sdk-');
  const uiTarball = tarball('assessment-ui-');
  const conformanceTarball = tarball('assessment-conformance-');
  const packed = Date.now();

  const consumerRoot = path.join(workDir, 'consumers');
  writeProject(consumerRoot, {
    'package.json': {
      name: 'consumer-root',
      private: true,
      dependencies: {
        [PUBLISHED.sdk]: `file:${sdkTarball}`,
        [PUBLISHED.ui]: `file:${uiTarball}`,
        [PUBLISHED.conformance]: `file:${conformanceTarball}`,
        ...CONSUMER_DEPENDENCIES,
      },
    },
  });
  // npm, not the workspace's pnpm: a consumer's plain install, through npm's cache (~/.npm) on later runs.
  await run(
    'npm',
    ['install', '--prefer-offline', '--no-audit', '--no-fund', '--ignore-scripts', '--loglevel=error'],
    {
      cwd: consumerRoot,
    },
  );
  const installed = Date.now();
  const apiUrl = await startDemoApi(path.join(workDir, 'data'));
  console.log(
    `consumers: build + pack ${((packed - started) / 1000).toFixed(1)} s, npm install ${((installed - packed) / 1000).toFixed(1)} s, demo API ${apiUrl}`,
  );
  project.provide('consumers', {
    workDir,
    sdkTarball,
    uiTarball,
    conformanceTarball,
    consumerRoot,
    apiUrl,
  });
}

export function teardown(): void {
  server?.kill();
  if (workDir) rmSync(workDir, { recursive: true, force: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    consumers: {
      /** The run's temporary folder (removed at the end). */
      workDir: string;
      sdkTarball: string;
      uiTarball: string;
      conformanceTarball: string;
      /** Where the tarballs and the consumer toolchains are installed; test projects are written below it. */
      consumerRoot: string;
      /** The demo API started for this run. */
      apiUrl: string;
    };
  }
}

// Once per run, a release the way a team receives it: builds the publishable packages, rehearses the release on a
// copy of the workspace (`changeset version`: versions and CHANGELOG.md), starts a local registry (verdaccio on
// loopback, tests/registry.ts), publishes the three packages to it with `pnpm publish`, and installs them **by
// name** with npm into one throw-away consumer folder outside the workspace (each test writes its projects below
// it: the nearest package.json and tsconfig make each one its own setup, while they share one install). Starts the
// demo API on a free port. The registry and the demo API are stopped, and the folder removed, at the end.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { run, writeProject } from './process.ts';
import { readManifest, versionInCopy, type Changeset } from './release-copy.ts';
import { scopeNpmrc, startRegistry, type LocalRegistry } from './registry.ts';

export const WORKSPACE = path.resolve(import.meta.dirname, '../../..');
/** The packages published for other tools and teams (the contract, the portal and the demo API are private). */
export const PUBLISHED = {
  sdk: '@assessment/sdk',
  ui: '@assessment/ui',
  conformance: '@assessment/conformance',
} as const;
/** Where each published package lives in the workspace. */
export const FOLDERS: Record<string, string> = {
  [PUBLISHED.sdk]: 'packages/sdk',
  [PUBLISHED.ui]: 'packages/ui',
  [PUBLISHED.conformance]: 'packages/conformance',
};
/** pnpm's beforePacking hook every release publishes with (docs/releasing.md). */
export const PUBLISH_HOOK = path.join(WORKSPACE, 'scripts/publish-manifest.cjs');
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
  // The other TypeScript majors a team may type-check with (tests/strict.test.ts), beside 6 (`.bin/tsc`).
  'typescript-5.9': 'npm:typescript@5.9.3',
  'typescript-7': 'npm:typescript@7.0.2',
  // The cookie jar of the SDK README's Node session (tests/cookie-session.test.ts).
  'tough-cookie': '6.1.0',
  vite: '8.3.8',
  webpack: '5.112.2',
};

let workDir = '';
let server: ChildProcess | undefined;
let registry: LocalRegistry | undefined;

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
  try {
    await prepare(project);
  } catch (error) {
    // Vitest runs no teardown for a setup that failed: stop what was started and remove the folder here.
    teardown();
    throw error;
  }
}

async function prepare(project: TestProject): Promise<void> {
  workDir = mkdtempSync(path.join(tmpdir(), 'assessment-consumers-'));
  const started = Date.now();
  // WORKSPACE_PREBUILT=1: scripts/test.sh built every package from this tree just before (its build gate).
  if (process.env.WORKSPACE_PREBUILT !== '1') {
    await run(
      'pnpm',
      Object.values(PUBLISHED)
        .flatMap((name) => ['--filter', name])
        .concat('run', 'build'),
      { cwd: WORKSPACE },
    );
  }
  const built = Date.now();

  // The release: versions and changelogs from the pending changesets, on a copy; then published as they are.
  const releaseCopy = path.join(workDir, 'release');
  const changesets = await versionInCopy(WORKSPACE, releaseCopy, FOLDERS);
  registry = await startRegistry(path.join(workDir, 'registry'));
  writeFileSync(path.join(releaseCopy, '.npmrc'), scopeNpmrc(registry, true));
  const versions: Record<string, string> = {};
  for (const [name, folder] of Object.entries(FOLDERS)) {
    versions[name] = readManifest(releaseCopy, folder).version;
    // With the release's manifest hook: no scripts or devDependencies, the repository and homepage set.
    await run(
      'pnpm',
      ['publish', `--config.pnpmfile=${PUBLISH_HOOK}`, '--no-git-checks', '--registry', registry.url],
      {
        cwd: path.join(releaseCopy, folder),
      },
    );
  }
  // The tarballs as the registry serves them (for publint, arethetypeswrong and the file lists).
  const tarballs = path.join(workDir, 'tarballs');
  const tarball = async (name: string) => {
    const output = await run(
      'npm',
      [
        'pack',
        `${name}@${versions[name]}`,
        '--registry',
        registry?.url ?? '',
        '--pack-destination',
        tarballs,
      ],
      { cwd: workDir },
    );
    return path.join(tarballs, output.trim().split('\n').at(-1) ?? '');
  };
  mkdirSync(tarballs, { recursive: true });
  const sdkTarball = await tarball(PUBLISHED.sdk);
  const uiTarball = await tarball(PUBLISHED.ui);
  const conformanceTarball = await tarball(PUBLISHED.conformance);
  const published = Date.now();

  const consumerRoot = path.join(workDir, 'consumers');
  writeProject(consumerRoot, {
    'package.json': { name: 'consumer-root', private: true, dependencies: CONSUMER_DEPENDENCIES },
    // A team's setup for a private scope: the scope from its registry, everything else from the usual one.
    '.npmrc': scopeNpmrc(registry),
  });
  const npmInstall = ['--no-audit', '--no-fund', '--ignore-scripts', '--loglevel=error'];
  // npm, not the workspace's pnpm: a consumer's plain install. The toolchains through npm's cache (~/.npm) ...
  await run('npm', ['install', '--prefer-offline', ...npmInstall], { cwd: consumerRoot });
  // ... the packages by name from the local registry, their metadata asked afresh (each run publishes anew).
  await run(
    'npm',
    [
      'install',
      ...Object.entries(versions).map(([name, version]) => `${name}@${version}`),
      '--save-exact',
      '--prefer-online',
      ...npmInstall,
    ],
    { cwd: consumerRoot },
  );
  const installed = Date.now();
  const apiUrl = await startDemoApi(path.join(workDir, 'data'));
  const seconds = (from: number, to: number) => `${((to - from) / 1000).toFixed(1)} s`;
  console.log(
    `consumers: build ${seconds(started, built)}, version + publish to ${registry.url} ${seconds(built, published)}, ` +
      `npm install ${seconds(published, installed)}, demo API ${apiUrl}`,
  );
  project.provide('consumers', {
    workDir,
    sdkTarball,
    uiTarball,
    conformanceTarball,
    consumerRoot,
    apiUrl,
    registryUrl: registry.url,
    versions,
    releaseCopy,
    changesets,
  });
}

export function teardown(): void {
  server?.kill();
  registry?.stop();
  if (workDir) rmSync(workDir, { recursive: true, force: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    consumers: {
      /** The run's temporary folder (removed at the end). */
      workDir: string;
      /** The tarballs as the local registry serves them. */
      sdkTarball: string;
      uiTarball: string;
      conformanceTarball: string;
      /** The local registry the packages were published to (`http://127.0.0.1:<port>/`). */
      registryUrl: string;
      /** The published version of each package (what `changeset version` gave). */
      versions: Record<string, string>;
      /** The release rehearsal's copy of the workspace, after `changeset version`. */
      releaseCopy: string;
      /** The changesets `changeset version` consumed there. */
      changesets: Changeset[];
      /** Where the tarballs and the consumer toolchains are installed; test projects are written below it. */
      consumerRoot: string;
      /** The demo API started for this run. */
      apiUrl: string;
    };
  }
}

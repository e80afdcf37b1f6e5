// Size benchmark, measured the way a consumer builds: the SDK is built and packed (`pnpm pack`), the tarball is
// installed with npm into a throw-away Vite project outside the workspace, and `vite build` (Vite from the
// workspace, the version the portal uses) bundles an app that makes one call (getMessage). Measured: the JavaScript
// a page loads to make that call — the entry chunk, the chunks it imports, and with validation on the chunks the
// call's validators load — each gzipped as a server sends it, summed. Two builds:
//   (a) validation on:  configureSdk({ validate: true, validators }) with `@assessment/sdk/validators`
//   (b) validation off: configureSdk({}) — and then no zod in any emitted file
// Targets (issue #31): (a) ≤ 8 KB gz, (b) ≤ 4 KB gz. Exits 1 when a target is missed (a bench, not a test).
// Run: pnpm --filter @assessment/sdk run bench:size
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { build, type Manifest } from 'vite';

const KB = 1024;
const TARGETS = { on: 8 * KB, off: 4 * KB };
/** Strings only zod's code contains (its error-map texts and its class names); none may appear with validation off. */
const ZOD_MARKERS = ['$ZodType', 'Invalid input', '_zod'];

const root = new URL('..', import.meta.url).pathname;
const work = mkdtempSync(path.join(tmpdir(), 'sdk-size-'));
const run = (command: string, args: string[], cwd: string) =>
  execFileSync(command, args, { cwd, stdio: 'pipe', encoding: 'utf8' });

const APPS = {
  on: `import { configureSdk, getMessage } from '@assessment/sdk';
import { validators } from '@assessment/sdk/validators';
configureSdk({ baseUrl: '/', validate: true, validators });
void getMessage({ path: { key: 'generalError' } }).then(({ data }) => console.log(data));
`,
  off: `import { configureSdk, getMessage } from '@assessment/sdk';
configureSdk({ baseUrl: '/' });
void getMessage({ path: { key: 'generalError' } }).then(({ data }) => console.log(data));
`,
} as const;

interface Weight {
  /** What the page loads for the call, gzipped per file and summed. */
  loaded: number;
  /** Every emitted JS file, gzipped per file and summed (validator chunks of other operations included). */
  emitted: number;
  files: number;
  zod: boolean;
}

/** Files loaded from `key` on: its static imports, recursively (Vite preloads them together). */
function staticClosure(manifest: Manifest, key: string, into: Set<string>): void {
  const chunk = manifest[key];
  if (!chunk || into.has(chunk.file)) return;
  into.add(chunk.file);
  for (const imported of chunk.imports ?? []) staticClosure(manifest, imported, into);
}

async function measure(variant: keyof typeof APPS, project: string): Promise<Weight> {
  const app = path.join(project, variant);
  mkdirSync(app, { recursive: true });
  writeFileSync(path.join(app, 'main.ts'), APPS[variant]);
  writeFileSync(
    path.join(app, 'index.html'),
    '<!doctype html><html><body><script type="module" src="./main.ts"></script></body></html>\n',
  );
  await build({
    root: app,
    configFile: false,
    logLevel: 'silent',
    build: { outDir: 'dist', emptyOutDir: true, manifest: true },
  });
  const dist = path.join(app, 'dist');
  const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Manifest;
  const loaded = new Set<string>();
  staticClosure(manifest, 'index.html', loaded);
  // With validation on, the call loads its own validators' chunk (and what that chunk imports).
  const validatorChunk = Object.entries(manifest).find(([key]) =>
    /validators\/getMessage\.gen\.js$/.test(key),
  );
  if (variant === 'on') {
    if (!validatorChunk) throw new Error('no chunk for getMessage’s validators in the build');
    staticClosure(manifest, validatorChunk[0], loaded);
  }
  const gz = (file: string) => gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length;
  const assets = path.join(dist, 'assets');
  const emittedFiles = readdirSync(assets)
    .filter((file) => file.endsWith('.js'))
    .map((file) => `assets/${file}`);
  const code = emittedFiles.map((file) => readFileSync(path.join(dist, file), 'utf8')).join('\n');
  return {
    loaded: [...loaded].reduce((sum, file) => sum + gz(file), 0),
    emitted: emittedFiles.reduce((sum, file) => sum + gz(file), 0),
    files: emittedFiles.length,
    zod: ZOD_MARKERS.some((marker) => code.includes(marker)),
  };
}

const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;

try {
  run('pnpm', ['run', 'build'], root);
  run('pnpm', ['pack', '--pack-destination', work], root);
  const tarball = readdirSync(work).find((file) => file.endsWith('.tgz'));
  if (!tarball) throw new Error('pnpm pack wrote no tarball');
  const project = path.join(work, 'consumer');
  mkdirSync(project);
  writeFileSync(
    path.join(project, 'package.json'),
    `${JSON.stringify({ name: 'size-consumer', private: true, type: 'module' }, null, 2)}\n`,
  );
  // A consumer's plain npm install of the tarball (zod comes from the registry, through npm's cache).
  run(
    'npm',
    [
      'install',
      path.join(work, tarball),
      '--prefer-offline',
      '--no-audit',
      '--no-fund',
      '--ignore-scripts',
      '--loglevel=error',
    ],
    project,
  );
  console.log(`one operation (getMessage) + runtime, ${tarball} installed with npm, built with vite build:`);
  let failed = false;
  for (const variant of ['on', 'off'] as const) {
    const weight = await measure(variant, project);
    const target = TARGETS[variant];
    const ok = weight.loaded <= target && (variant === 'on' || !weight.zod);
    failed ||= !ok;
    console.log(
      `${`(${variant === 'on' ? 'a' : 'b'}) validation ${variant}`.padEnd(20)} ${kb(weight.loaded).padStart(8)} gz loaded (target ≤ ${kb(target)})  ` +
        `${weight.files} JS files emitted, ${kb(weight.emitted)} gz in all, zod ${weight.zod ? 'present' : 'absent'}  ${ok ? 'PASS' : 'FAIL'}`,
    );
  }
  if (failed) process.exitCode = 1;
} finally {
  rmSync(work, { recursive: true, force: true });
}

// Size benchmark, measured the way a consumer builds: the SDK is built and packed (`pnpm pack`), the tarball is
// installed with npm into a throw-away Vite project outside the workspace, and `vite build` bundles an app that makes
// one call (getMessage), under both Vite majors a team may use: Vite 8 (the workspace's, Rolldown + Oxc's minifier,
// the portal's) and Vite 7 (installed beside the tarball, VITE_7 below: Rollup + esbuild's minifier, which gzips a
// little larger). Measured: the JavaScript
// a page loads to make that call — the entry chunk, the chunks it imports, and with validation on the table of
// operations (loaded by configureSdk) and the call's validators — each gzipped as a server sends it, summed. Builds:
//   (a) validation on:  configureSdk({ validate: true, validators }) with `@assessment/sdk/validators`
//   (b) validation off: configureSdk({}) — and then no validator code (valibot, zod) in any emitted file
//   (a) carries valibot's code and no zod (the validators are valibot's; the zod schemas are for apps' own use)
//   (c) upload, validation off: uploadFile from `@assessment/sdk/upload` (printed, no target; no validator code)
//   (d) validation on, the call's validators only: configureSdk({ validate: true, validators: validatorsOf({
//       getMessage: () => import('@assessment/sdk/validators/getMessage') }) }) — no table of operations in the build
// Targets (issues #31 and #38, one operation, under each Vite major): on ≤ 8 KB gz — (d), the call's own validators;
// (a), with the table of every operation, is printed beside it — and off ≤ 4 KB gz, (b). Exits 1 when a target is
// missed (a bench, not a test).
// KEEP=1 keeps the throw-away project (its path is printed) to look into the chunks.
// Run: pnpm --filter @assessment/sdk run bench:size
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build as buildWithVite8, type Manifest } from 'vite';

type Build = typeof buildWithVite8;
/** The previous Vite major, pinned: installed with npm into the throw-away project under this alias. */
const VITE_7 = { alias: 'vite-7', spec: 'npm:vite@7.3.8' } as const;
const KB = 1024;
const TARGETS = { off: 4 * KB, only: 8 * KB };
/** Strings only validator code contains: zod's internals, valibot's schema method; none may appear off. */
const ZOD_MARKERS = ['$ZodType', '_zod'];
const VALIBOT_MARKERS = ['~run'];

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
  upload: `import { configureSdk } from '@assessment/sdk';
import { uploadFile } from '@assessment/sdk/upload';
configureSdk({ uploadBaseUrl: '/' });
void uploadFile('uploadIokitFile', new Blob(['x'])).then((answer) => console.log(answer));
`,
  only: `import { configureSdk, getMessage, validatorsOf } from '@assessment/sdk';
configureSdk({
  baseUrl: '/',
  validate: true,
  validators: validatorsOf({ getMessage: () => import('@assessment/sdk/validators/getMessage') }),
});
void getMessage({ path: { key: 'generalError' } }).then(({ data }) => console.log(data));
`,
} as const;

interface Weight {
  /** What the page loads for the call, gzipped per file and summed. */
  loaded: number;
  /** Every emitted JS file, gzipped per file and summed (validator chunks of other operations included). */
  emitted: number;
  files: number;
  /** zod's and valibot's code in any emitted file. */
  zod: boolean;
  valibot: boolean;
  /** With validation on: the table of operations' chunk and the call's validators' chunks (in `loaded`). */
  table: number;
  call: number;
  /** Whether the table of operations is in the build at all. */
  tableEmitted: boolean;
}

/** Files loaded from `key` on: its static imports, recursively (Vite preloads them together). */
function staticClosure(manifest: Manifest, key: string, into: Set<string>): void {
  const chunk = manifest[key];
  if (!chunk || into.has(chunk.file)) return;
  into.add(chunk.file);
  for (const imported of chunk.imports ?? []) staticClosure(manifest, imported, into);
}

async function measure(build: Build, variant: keyof typeof APPS, project: string): Promise<Weight> {
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
  const gz = (file: string) => gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length;
  const sum = (files: Set<string>) => [...files].reduce((total, file) => total + gz(file), 0);
  const loaded = new Set<string>();
  staticClosure(manifest, 'index.html', loaded);
  // With validation on, configureSdk loads the table of operations, and the call its own validators' chunk (and
  // what each imports).
  const TABLE = /validators\/index\.gen\.js$/;
  const CALL = /validators\/getMessage\.gen\.js$/;
  const chunkOf = (pattern: RegExp) => {
    const key = Object.keys(manifest).find((name) => pattern.test(name));
    if (!key) throw new Error(`no chunk matching ${String(pattern)} in the build`);
    const files = new Set<string>();
    staticClosure(manifest, key, files);
    for (const file of loaded) files.delete(file);
    return files;
  };
  let table = 0;
  let call = 0;
  if (variant === 'on') {
    const tableFiles = chunkOf(TABLE);
    table = sum(tableFiles);
    for (const file of tableFiles) loaded.add(file);
  }
  if (variant === 'on' || variant === 'only') {
    const callFiles = chunkOf(CALL);
    call = sum(callFiles);
    for (const file of callFiles) loaded.add(file);
  }
  const assets = path.join(dist, 'assets');
  const emittedFiles = readdirSync(assets)
    .filter((file) => file.endsWith('.js'))
    .map((file) => `assets/${file}`);
  const code = emittedFiles.map((file) => readFileSync(path.join(dist, file), 'utf8')).join('\n');
  return {
    loaded: sum(loaded),
    emitted: emittedFiles.reduce((total, file) => total + gz(file), 0),
    files: emittedFiles.length,
    zod: ZOD_MARKERS.some((marker) => code.includes(marker)),
    valibot: VALIBOT_MARKERS.some((marker) => code.includes(marker)),
    table,
    call,
    tableEmitted: Object.keys(manifest).some((name) => TABLE.test(name)),
  };
}

const kb = (bytes: number) => `${(bytes / KB).toFixed(2)} KB`;

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
      `${VITE_7.alias}@${VITE_7.spec}`,
      '--prefer-offline',
      '--no-audit',
      '--no-fund',
      '--ignore-scripts',
      '--loglevel=error',
    ],
    project,
  );
  const vite7 = (await import(
    pathToFileURL(path.join(project, 'node_modules', VITE_7.alias, 'dist/node/index.js')).href
  )) as { build: Build; version: string };
  const vite8 = (await import('vite')) as { version: string };
  const majors = [
    { name: `Vite ${vite8.version}`, build: buildWithVite8 },
    { name: `Vite ${vite7.version}`, build: vite7.build },
  ];
  let failed = false;
  for (const { name, build } of majors) {
    console.log(`one operation (getMessage) + runtime, ${tarball} installed with npm, built with ${name}:`);
    for (const variant of ['on', 'off', 'upload', 'only'] as const) {
      const weight = await measure(build, variant, project);
      // (a) validates with the table of every operation: printed, its target is met the (d) way.
      const target = variant === 'upload' || variant === 'on' ? undefined : TARGETS[variant];
      const validated = variant === 'on' || variant === 'only';
      const ok =
        (target === undefined || weight.loaded <= target) &&
        !weight.zod &&
        weight.valibot === validated &&
        weight.tableEmitted === (variant === 'on');
      failed ||= !ok;
      const label = {
        on: '(a) validation on',
        off: '(b) validation off',
        upload: '(c) upload, off',
        only: '(d) on, own only',
      }[variant];
      console.log(
        `${label.padEnd(20)} ${kb(weight.loaded).padStart(8)} gz loaded${target === undefined ? '' : ` (target ≤ ${kb(target)})`}  ` +
          `${weight.files} JS files emitted, ${kb(weight.emitted)} gz in all, zod ${weight.zod ? 'present' : 'absent'}, valibot ${weight.valibot ? 'present' : 'absent'}  ${ok ? 'PASS' : 'FAIL'}`,
      );
      if (variant === 'on')
        console.log(
          `${''.padEnd(20)} of which: runtime ${kb(weight.loaded - weight.table - weight.call)}, table of operations ${kb(weight.table)}, getMessage's validators ${kb(weight.call)}`,
        );
      if (variant === 'only')
        console.log(
          `${''.padEnd(20)} of which: runtime ${kb(weight.loaded - weight.call)}, getMessage's validators ${kb(weight.call)} (validatorsOf, @assessment/sdk/validators/getMessage); table of operations ${weight.tableEmitted ? 'emitted' : 'not in the build'}`,
        );
    }
  }
  if (failed) process.exitCode = 1;
} finally {
  if (!process.env.KEEP) rmSync(work, { recursive: true, force: true });
  else console.log(work);
}

// Builds the publishable package: ESM JavaScript and .d.ts per source module (tsc), then full relative import
// paths in both (tsc-alias: `./gen/index` → `./gen/index.js`, `./client` → `./client/index.js`), which Node ESM
// and TypeScript's `nodenext` resolution require while the sources (hey-api's output) import without extensions.
// One file per module: bundlers tree-shake it as they do the sources; entry points share modules, never copies.
// The one exception: each operation's validators module (dist/gen/split/validators/<op>.gen.js, loaded on the
// operation's first validated call, and the entry `@assessment/sdk/validators/<operationId>` for validatorsOf) is
// bundled on its own with exactly the valibot functions and schemas it uses.
// valibot is a single module, which a consumer's bundler puts in one chunk shared by every operation's validators
// (the union of what all of them use); bundled per operation, one validated call loads what it needs and no more.
import { execFileSync } from 'node:child_process';
import { copyFileSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { ensureReference } from '../../../openapi/scripts/reference.ts';

const root = new URL('..', import.meta.url).pathname;
rmSync(`${root}dist`, { recursive: true, force: true });

const run = (command: string, args: string[]) => execFileSync(command, args, { cwd: root, stdio: 'inherit' });
run('tsc', ['-p', 'tsconfig.build.json']);
run('tsc-alias', ['-p', 'tsconfig.build.json']);

const validators = path.join(root, 'dist/gen/split/validators');
// Every operation's module (not the table, nor the check they share, which each bundles).
const modules = readdirSync(validators).filter(
  (file) => file.endsWith('.gen.js') && file !== 'index.gen.js' && file !== 'contract-check.gen.js',
);
await build({
  entryPoints: modules.map((file) => path.join(validators, file)),
  outdir: validators,
  allowOverwrite: true,
  bundle: true,
  format: 'esm',
  platform: 'neutral',
  target: 'es2022',
  // No shared chunks: each module stands alone.
  minify: true,
  splitting: false,
  logLevel: 'warning',
});
// The contract's API reference (one static page, Redoc inlined) ships with every release of its SDK.
copyFileSync(ensureReference(), path.join(root, 'dist/reference.html'));
console.log(
  `built dist/ (index, query, validators, upload, fastify; ${modules.length} validator modules bundled, each the entry validators/<operationId>; reference.html)`,
);

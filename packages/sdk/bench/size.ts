// Size benchmark: bundles one operation's import together with the runtime from the **packed** package, as a
// consumer's app would (build, `pnpm pack`, the tarball unpacked into a throw-away node_modules, imported by its
// package name through the published exports), and prints the minified and gzipped size. Printed twice: without
// zod (the SDK's own weight; an app already ships zod for its forms) and with zod (everything the import pulls
// in). Target: ≤ 10 KB min+gzip for the SDK's own weight.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

const root = new URL('..', import.meta.url).pathname;
const consumer = mkdtempSync(path.join(tmpdir(), 'sdk-size-'));
const run = (command: string, args: string[], cwd: string) =>
  execFileSync(command, args, { cwd, stdio: 'pipe' });

run('node', ['scripts/build.ts'], root);
run('pnpm', ['pack', '--pack-destination', consumer], root);
const tarball = readdirSync(consumer).find((file) => file.endsWith('.tgz'));
if (!tarball) throw new Error('pnpm pack wrote no tarball');
const installed = path.join(consumer, 'node_modules/@assessment/sdk');
mkdirSync(installed, { recursive: true });
run('tar', ['-xzf', path.join(consumer, tarball), '--strip-components=1', '-C', installed], consumer);

const entry = `import { configureSdk, getMessage } from '@assessment/sdk';
configureSdk({ baseUrl: '/' });
void getMessage({ path: { key: 'generalError' } });`;

async function measure(label: string, external: string[]) {
  const result = await build({
    stdin: { contents: entry, resolveDir: consumer, loader: 'ts' },
    // zod is the package's dependency: the version the workspace installed for it is the one a consumer gets.
    nodePaths: [path.join(root, 'node_modules')],
    bundle: true,
    minify: true,
    treeShaking: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    write: false,
    external,
    logLevel: 'error',
  });
  const code = result.outputFiles[0]?.contents ?? new Uint8Array();
  const gz = gzipSync(code, { level: 9 }).length;
  console.log(
    `${label.padEnd(44)} ${(code.length / 1024).toFixed(1).padStart(7)} KB min  ${(gz / 1024).toFixed(1).padStart(6)} KB min+gzip`,
  );
  return gz;
}

try {
  console.log(`one operation (getMessage) + runtime from the packed ${tarball}, bundled with esbuild:`);
  const own = await measure('SDK runtime + operation, zod external', ['zod']);
  await measure('SDK runtime + operation + zod', []);
  console.log(`target ≤ 10 KB min+gzip for the SDK's own weight: ${own <= 10 * 1024 ? 'met' : 'NOT met'}`);
} finally {
  rmSync(consumer, { recursive: true, force: true });
}

// Size benchmark: bundles one operation's import together with the runtime, as an app would, and prints the
// minified and gzipped size. Printed twice: without zod (the SDK's own weight; an app already ships zod for its
// forms) and with zod (everything the import pulls in). Target: ≤ 10 KB min+gzip for the SDK's own weight.
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

const root = new URL('..', import.meta.url).pathname;
const entry = `import { configureSdk, getMessage } from './src/index.ts';
configureSdk({ baseUrl: '/' });
void getMessage({ path: { key: 'generalError' } });`;

async function measure(label: string, external: string[]) {
  const result = await build({
    stdin: { contents: entry, resolveDir: root, loader: 'ts' },
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

console.log('one operation (getMessage) + runtime, bundled with esbuild:');
const own = await measure('SDK runtime + operation, zod external', ['zod']);
await measure('SDK runtime + operation + zod', []);
console.log(`target ≤ 10 KB min+gzip for the SDK's own weight: ${own <= 10 * 1024 ? 'met' : 'NOT met'}`);

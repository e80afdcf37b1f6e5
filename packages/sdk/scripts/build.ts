// Builds the publishable package: ESM JavaScript per entry point (esbuild, dependencies external, shared
// code split into chunks so entry points don't duplicate it) and .d.ts files (tsc).
import { execFileSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { build } from 'esbuild';

const root = new URL('..', import.meta.url).pathname;
rmSync(`${root}dist`, { recursive: true, force: true });

await build({
  absWorkingDir: root,
  entryPoints: { index: 'src/index.ts', query: 'src/query.ts', fastify: 'src/fastify.ts' },
  outdir: 'dist',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'neutral',
  target: 'es2022',
  external: ['zod', '@tanstack/react-query', 'fastify'],
  sourcemap: true,
  logLevel: 'warning',
});

execFileSync('tsc', ['-p', 'tsconfig.build.json'], { cwd: root, stdio: 'inherit' });
writeFileSync(`${root}dist/package.json`, JSON.stringify({ type: 'module', sideEffects: false }, null, 2));
console.log('built dist/ (index, query, fastify)');

// Builds the publishable package: ESM JavaScript and .d.ts per source module (tsc), then full relative import
// paths in both (tsc-alias: `./gen/index` → `./gen/index.js`, `./client` → `./client/index.js`), which Node ESM
// and TypeScript's `nodenext` resolution require while the sources (hey-api's output) import without extensions.
// One file per module: bundlers tree-shake it as they do the sources; entry points share modules, never copies.
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';

const root = new URL('..', import.meta.url).pathname;
rmSync(`${root}dist`, { recursive: true, force: true });

const run = (command: string, args: string[]) => execFileSync(command, args, { cwd: root, stdio: 'inherit' });
run('tsc', ['-p', 'tsconfig.build.json']);
run('tsc-alias', ['-p', 'tsconfig.build.json']);
console.log('built dist/ (index, query, upload, fastify)');

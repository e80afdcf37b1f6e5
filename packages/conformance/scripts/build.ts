// Builds the published command: the sources compiled to ESM JavaScript in dist/ (tsc; Node refuses to strip types
// under node_modules) and the bundled contract copied beside them (dist/openapi.json, the default --contract).
import { execFileSync } from 'node:child_process';
import { chmodSync, copyFileSync, rmSync } from 'node:fs';

const root = new URL('..', import.meta.url).pathname;
rmSync(`${root}dist`, { recursive: true, force: true });
execFileSync('tsc', ['-p', 'tsconfig.build.json'], { cwd: root, stdio: 'inherit' });
copyFileSync(`${root}../../openapi/dist/openapi.json`, `${root}dist/openapi.json`);
chmodSync(`${root}dist/cli.js`, 0o755);
console.log('built dist/ (cli.js and the engine, openapi.json)');

// Builds the publishable kit: ESM JavaScript and .d.ts per source module (tsc), full relative import paths in both
// (tsc-alias: `../button` → `../button/index.js`, as Node ESM and `nodenext` require), and the CSS files as they
// are (styles.css @imports the component files by relative path, so the tree is copied whole).
// One file per module keeps the kit's module boundaries for consumers' bundlers (a page importing `Dialog` does
// not load DOMPurify; TanStack Virtual stays a lazy chunk).
import { execFileSync } from 'node:child_process';
import { cpSync, rmSync, statSync } from 'node:fs';

const root = new URL('..', import.meta.url).pathname;
rmSync(`${root}dist`, { recursive: true, force: true });

const run = (command: string, args: string[]) => execFileSync(command, args, { cwd: root, stdio: 'inherit' });
run('tsc', ['-p', 'tsconfig.build.json']);
run('tsc-alias', ['-p', 'tsconfig.build.json']);
cpSync(`${root}src`, `${root}dist`, {
  recursive: true,
  filter: (path) => (statSync(path).isDirectory() ? !path.endsWith('/src/test') : path.endsWith('.css')),
});
console.log('built dist/ (one module per source file, .d.ts, CSS)');

// Builds the publishable kit: ESM JavaScript and .d.ts per source module (tsc), full relative import paths in both
// (tsc-alias: `../button` → `../button/index.js`, as Node ESM and `nodenext` require), and the CSS files as they
// are (styles.css @imports the component files by relative path, so the tree is copied whole).
// One file per module keeps the kit's module boundaries for consumers' bundlers (a page importing `Dialog` does
// not load DOMPurify; TanStack Virtual stays a lazy chunk).
import { execFileSync } from 'node:child_process';
import { cpSync, rmSync, statSync, writeFileSync } from 'node:fs';

const root = new URL('..', import.meta.url).pathname;
rmSync(`${root}dist`, { recursive: true, force: true });

const run = (command: string, args: string[]) => execFileSync(command, args, { cwd: root, stdio: 'inherit' });
run('tsc', ['-p', 'tsconfig.build.json']);
run('tsc-alias', ['-p', 'tsconfig.build.json']);
cpSync(`${root}src`, `${root}dist`, {
  recursive: true,
  filter: (path) => (statSync(path).isDirectory() ? !path.endsWith('/src/test') : path.endsWith('.css')),
});
// `import '@assessment/ui/styles.css'` type-checks without a bundler's types: TypeScript 6 and 7 check that a
// side-effect import resolves (noUncheckedSideEffectImports, on by default: TS2882 otherwise), and the exports
// map's `types` condition for the stylesheet resolves it to this empty module.
writeFileSync(
  `${root}dist/styles.css.d.ts`,
  "// The kit's stylesheet, imported for its side effect (a bundler or the page loads the CSS): no exports.\nexport {};\n",
);
console.log('built dist/ (one module per source file, .d.ts, CSS, styles.css.d.ts)');

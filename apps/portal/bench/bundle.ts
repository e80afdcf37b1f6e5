// bench:bundle (`--strict` to fail over budget) — builds the portal and prints the gzipped
// JavaScript each page needs. Budgets (issue #14, a CI gate with --strict): the first page (/auth/login, /dashboard)
// ≤ 175 KB gz, each further route ≤ 40 KB gz; the profile route is exempt until React Aria's combobox is lighter.
//
// - "initial" is the entry chunk and everything it imports statically (every page loads it).
// - A first page adds its route chunks (component, loader, pending; the error chunk only loads on failure) and their
//   static imports. /dashboard also loads the signed-in layout (_app).
// - A further route is what the browser fetches when the person navigates there after the first page: signed-in
//   routes after /dashboard, public routes after /auth/login. Its first visit from a cold start is shown for
//   information.
// - The last lines sum, per first page, the code of the libraries the stack prescribes (React, TanStack
//   Router/Query/Table/Virtual, react-hook-form, zod, i18n, React Aria, DOMPurify) that the page runs: the floor our
//   own code cannot go below.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build, loadConfigFromFile, minify, type Plugin } from 'vite';
import { surveyFirstPages } from '../scripts/page-chunks.ts';

interface Chunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}
type Manifest = Record<string, Chunk>;

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const FIRST_PAGE_BUDGET_KB = 175;
const ROUTE_BUDGET_KB = 40;
/** Further routes printed but not budgeted, with the reason (issue #14). */
const EXEMPT_ROUTES: Readonly<Record<string, string>> = {
  '_app/account/profile': "React Aria's ComboBox (country type-ahead) alone is ~49 KB gz",
};
const LOGIN = ['auth/login'];
const DASHBOARD = ['_app', '_app/dashboard'];

/** The libraries the stack prescribes, by package name (one chunk each in the by-library build). */
const STACK_LIBRARIES: Record<string, readonly string[]> = {
  'React 19': ['react', 'react-dom', 'scheduler'],
  'TanStack Router': [
    '@tanstack/react-router',
    '@tanstack/router-core',
    '@tanstack/history',
    '@tanstack/store',
    '@tanstack/react-store',
  ],
  'TanStack Query': ['@tanstack/react-query', '@tanstack/query-core'],
  zod: ['zod'],
  'react-hook-form': ['react-hook-form', '@hookform/resolvers'],
  i18n: ['i18next', 'react-i18next', '@lingui/core', '@lingui/react', '@lingui/message-utils'],
  'React Aria': [
    'react-aria-components',
    'react-aria',
    'react-stately',
    '@react-aria/utils',
    '@internationalized/date',
    '@internationalized/number',
    '@internationalized/string',
    '@internationalized/message',
    'clsx',
  ],
  'TanStack Table/Virtual': [
    '@tanstack/react-table',
    '@tanstack/table-core',
    '@tanstack/react-virtual',
    '@tanstack/virtual-core',
  ],
  DOMPurify: ['dompurify'],
};

const kb = (bytes: number) => (bytes / 1024).toFixed(1);

const packageToLibrary = new Map(
  Object.entries(STACK_LIBRARIES).flatMap(([library, packages]) =>
    packages.map((name) => [name, library] as const),
  ),
);
/** The prescribed library a module belongs to, from its node_modules path. */
function libraryOf(id: string): string | undefined {
  const match =
    /node_modules[\\/](?:\.pnpm[\\/][^\\/]+[\\/]node_modules[\\/])?((?:@[^\\/]+[\\/])?[^\\/]+)/.exec(id);
  return match ? packageToLibrary.get(match[1]!.replace('\\', '/')) : undefined;
}

/** Reads a build's manifest and answers which chunks a page or route loads, and their gzipped size. */
function analyse(dist: string) {
  const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  const gzCache = new Map<string, number>();
  const gz = (key: string): number => {
    let size = gzCache.get(key);
    if (size === undefined) {
      size = gzipSync(readFileSync(join(dist, manifest[key]!.file)), { level: 9 }).length;
      gzCache.set(key, size);
    }
    return size;
  };
  /** Chunks and everything they import statically (the browser loads them together). */
  const closure = (keys: readonly string[], into = new Set<string>()): Set<string> => {
    for (const key of keys) {
      if (into.has(key)) continue;
      into.add(key);
      closure(manifest[key]?.imports ?? [], into);
    }
    return into;
  };
  const entry = Object.keys(manifest).find((key) => manifest[key]!.isEntry === true);
  if (!entry) throw new Error(`no entry chunk in ${dist}`);
  const initial = closure([entry]);

  /**
   * Route files of src/routes and the chunks holding their split modules (a chunk of their own, or a group's:
   * scripts/page-chunks.ts); the error chunk loads only when the page fails.
   */
  const keyOfFile = new Map(Object.entries(manifest).map(([key, chunk]) => [chunk.file, key]));
  const chunksHolding = (test: (id: string) => boolean) =>
    [...modulesByFile].flatMap(([file, modules]) => {
      const key = keyOfFile.get(file);
      return key !== undefined && modules.some((module) => test(module.id)) ? [key] : [];
    });
  const routes = new Map<string, string[]>();
  for (const [, modules] of modulesByFile) {
    for (const { id } of modules) {
      const match = /[\\/]src[\\/]routes[\\/](.+)\.tsx\?tsr-split=(.+)$/.exec(id);
      if (!match || match[2]!.startsWith('errorComponent')) continue;
      const name = match[1]!.replaceAll('\\', '/');
      routes.set(name, [
        ...new Set([...(routes.get(name) ?? []), ...chunksHolding((other) => other === id)]),
      ]);
    }
  }
  // Every page but the sign-in page waits for the pages' texts (the root route loads them): counted with each.
  const pageTexts = chunksHolding((id) => id.endsWith('.json?messages=pages'))[0];
  if (pageTexts === undefined) throw new Error('no pages texts chunk (src/locales/en.json?messages=pages)');
  for (const [file, keys] of routes) if (file !== LOGIN[0]) keys.push(pageTexts);
  /** Everything loaded once the given route files have been visited (after the initial load). */
  const loaded = (files: readonly string[]) =>
    closure(
      files.flatMap((file) => routes.get(file) ?? []),
      new Set(initial),
    );
  const size = (keys: Iterable<string>) => [...keys].reduce((sum, key) => sum + gz(key), 0);
  const newChunks = (after: ReadonlySet<string>, files: readonly string[]) =>
    [...closure(files.flatMap((file) => routes.get(file) ?? []))].filter((key) => !after.has(key));
  return { manifest, initial, routes, loaded, size, newChunks, gz };
}

/** The code of every module in every output file, as the build rendered it (tree-shaken, before minifying). */
const modulesByFile = new Map<string, { id: string; code: string }[]>();
const recordModules: Plugin = {
  name: 'bench-record-modules',
  generateBundle(_options, bundle) {
    for (const output of Object.values(bundle)) {
      if (output.type !== 'chunk') continue;
      modulesByFile.set(
        output.fileName,
        Object.entries(output.modules).map(([id, module]) => ({ id, code: module.code ?? '' })),
      );
    }
  },
};
// As `pnpm run build` does: first find the first pages' modules, which the config then groups (scripts/page-chunks.ts).
await surveyFirstPages(root);
const loadedConfig = await loadConfigFromFile(
  { command: 'build', mode: 'production' },
  join(root, 'vite.config.ts'),
);
if (!loadedConfig) throw new Error('vite.config.ts not found');
await build({
  ...loadedConfig.config,
  configFile: false,
  root,
  logLevel: 'warn',
  plugins: [...(loadedConfig.config.plugins ?? []), recordModules],
});
// And the server's renderer of the first pages, as `pnpm run build` writes it: the build above emptied dist/, which
// the journeys then serve (a dist/ without it serves the first pages' static layout only).
await build({ root, configFile: join(root, 'vite.ssr.config.ts'), logLevel: 'warn' });
const app = analyse(join(root, 'dist'));
/** Names of the figures over their budget. */
const over: string[] = [];
const row = (name: string, bytes: number, budgetKb: number, info = '') => {
  const isOver = bytes / 1024 > budgetKb;
  if (isOver) over.push(name.trim());
  console.log(
    `${name.padEnd(44)} ${kb(bytes).padStart(7)} KB gz  (budget ${budgetKb} KB)${isOver ? '  OVER' : ''}${info}`,
  );
};

const afterLogin = app.loaded(LOGIN);
const afterDashboard = app.loaded(DASHBOARD);
console.log('Gzipped JavaScript (level 9)');
console.log(
  `${'initial (entry + static imports)'.padEnd(44)} ${kb(app.size(app.initial)).padStart(7)} KB gz`,
);
// The first pages' own documents (scripts/page-entries.ts) start the app through a small inline boot script, which is
// not in the manifest: it counts here.
const loginDocument = join(root, 'dist', 'auth', 'login.html');
const bootScript = existsSync(loginDocument)
  ? /<script type="module" nonce="[^"]*">([^<]+)<\/script>/.exec(readFileSync(loginDocument, 'utf8'))?.[1]
  : undefined;
if (existsSync(loginDocument) && bootScript === undefined)
  throw new Error('bench:bundle: no inline boot script in dist/auth/login.html');
const bootSize = bootScript ? gzipSync(bootScript, { level: 9 }).length : 0;
row('first page /auth/login', app.size(afterLogin) + bootSize, FIRST_PAGE_BUDGET_KB);
row('first page /dashboard', app.size(afterDashboard) + bootSize, FIRST_PAGE_BUDGET_KB);
console.log(
  'Further routes: after the first page (budgeted) | cold first visit after the initial load (info)',
);
/** Further routes over budget, with the chunks they add (their libraries are printed below). */
const overBudgetRoutes: [string, string[]][] = [];
for (const file of [...app.routes.keys()].sort()) {
  if (file === LOGIN[0] || DASHBOARD.includes(file)) continue;
  const signedIn = file.startsWith('_app/');
  const after = signedIn ? afterDashboard : afterLogin;
  const route = signedIn ? ['_app', file] : [file];
  const newChunks = app.newChunks(after, route);
  const extra = app.size(newChunks);
  const cold = app.size(app.newChunks(app.initial, route));
  const exemption = EXEMPT_ROUTES[file];
  if (exemption !== undefined) {
    console.log(`${`  ${file}`.padEnd(44)} ${kb(extra).padStart(7)} KB gz  (exempt: ${exemption})`);
    continue;
  }
  row(`  ${file}`, extra, ROUTE_BUDGET_KB, ` | ${kb(cold).padStart(6)} KB gz cold`);
  if (extra / 1024 > ROUTE_BUDGET_KB) overBudgetRoutes.push([file, newChunks]);
}

// The floor: the prescribed libraries' code in what a page loads (tree-shaken as in the build), minified and gzipped
// per library.
async function libraryFloor(chunkKeys: Iterable<string>): Promise<string> {
  const codeByLibrary = new Map<string, string[]>();
  for (const key of chunkKeys) {
    for (const module of modulesByFile.get(app.manifest[key]!.file) ?? []) {
      const library = libraryOf(module.id);
      if (library) codeByLibrary.set(library, [...(codeByLibrary.get(library) ?? []), module.code]);
    }
  }
  const perLibrary = await Promise.all(
    [...codeByLibrary.entries()].map(async ([library, code]) => {
      const { code: minified } = await minify(`${library}.js`, code.join('\n'), {
        module: true,
        // Nothing here is exported: keep every declaration (the build already tree-shook), shrink the rest.
        compress: { unused: false },
        mangle: { toplevel: true },
      });
      return [library, gzipSync(minified, { level: 9 }).length] as const;
    }),
  );
  const floor = perLibrary.reduce((sum, [, bytes]) => sum + bytes, 0);
  const parts = [...perLibrary]
    .sort((a, b) => b[1] - a[1])
    .map(([library, bytes]) => `${library} ${kb(bytes)}`)
    .join(', ');
  return `${kb(floor).padStart(7)} KB gz: ${parts}`;
}

console.log(
  "Prescribed libraries' code (tree-shaken, minified, gzipped per library) in each first page and over-budget route:",
);
console.log(`  ${'/auth/login'.padEnd(42)} ${await libraryFloor(afterLogin)}`);
console.log(`  ${'/dashboard'.padEnd(42)} ${await libraryFloor(afterDashboard)}`);
for (const [file, chunks] of overBudgetRoutes)
  console.log(`  ${file.padEnd(42)} ${await libraryFloor(chunks)}`);
console.log(over.length > 0 ? `bundle budget: OVER (${over.join(', ')})` : 'bundle budget: ok');
// A report by default; `--strict` makes an over-budget build fail.
process.exitCode = over.length > 0 && process.argv.includes('--strict') ? 1 : 0;

// bench:bundle (`--no-build` to reuse dist/, `--strict` to fail over budget) — builds the portal and prints the gzipped JavaScript each page needs (targets: initial ≤ 150 KB gz,
// each route ≤ 40 KB gz). "Initial" is the entry chunk and everything it imports statically; a route adds its
// code-split chunks (component, loader, pending; the error chunk only loads on failure) and their static imports that
// the initial load does not already have.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

interface Chunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'dist');
const INITIAL_BUDGET_KB = 150;
const ROUTE_BUDGET_KB = 40;

if (!process.argv.includes('--no-build')) {
  execFileSync('pnpm', ['exec', 'vite', 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
}
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8')) as Record<
  string,
  Chunk
>;
const gzCache = new Map<string, number>();
const gz = (file: string): number => {
  let size = gzCache.get(file);
  if (size === undefined) {
    size = gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
    gzCache.set(file, size);
  }
  return size;
};

/** A chunk and everything it imports statically (the browser loads them together). */
function closure(keys: readonly string[], into = new Set<string>()): Set<string> {
  for (const key of keys) {
    if (into.has(key)) continue;
    into.add(key);
    closure(manifest[key]?.imports ?? [], into);
  }
  return into;
}
const sizeOf = (keys: Iterable<string>) => [...keys].reduce((sum, key) => sum + gz(manifest[key]!.file), 0);
const kb = (bytes: number) => (bytes / 1024).toFixed(1);

const entry = Object.keys(manifest).find((key) => manifest[key]!.isEntry === true);
if (!entry) throw new Error('no entry chunk in the manifest');
const initial = closure([entry]);
const initialBytes = sizeOf(initial);

/** Route files of src/routes and their split chunks. */
const routes = new Map<string, string[]>();
for (const key of Object.keys(manifest)) {
  const match = /^src\/routes\/(.+)\.tsx\?tsr-split=/.exec(key);
  if (!match) continue;
  const file = match[1]!;
  routes.set(file, [...(routes.get(file) ?? []), key]);
}

/** The route's own code-split chunks (component, loader, pending/error), without shared chunks. */
function routeOwn(file: string): number {
  return sizeOf(routes.get(file) ?? []);
}

/** A visit loads the component, loader and pending chunks; the error chunk only when the page fails. */
const loadsOnVisit = (key: string) => !/tsr-split=errorComponent/.test(key);

function routeExtra(files: readonly string[]): number {
  const keys = files.flatMap((file) => routes.get(file) ?? []).filter(loadsOnVisit);
  const extra = [...closure(keys)].filter((key) => !initial.has(key));
  return sizeOf(extra);
}

let failed = false;
const row = (name: string, bytes: number, budgetKb: number) => {
  const over = bytes / 1024 > budgetKb;
  if (over) failed = true;
  console.log(
    `${name.padEnd(44)} ${kb(bytes).padStart(7)} KB gz  (budget ${budgetKb} KB)${over ? '  OVER' : ''}`,
  );
};

console.log('Gzipped JavaScript (level 9)');
row('initial (entry + static imports)', initialBytes, INITIAL_BUDGET_KB);
row('/auth/login  initial + route', initialBytes + routeExtra(['auth/login']), INITIAL_BUDGET_KB);
row('/dashboard   initial + route', initialBytes + routeExtra(['_app', '_app/dashboard']), INITIAL_BUDGET_KB);
console.log(
  'Route chunks: own split chunks (budgeted) | first visit from the initial load incl. shared chunks (info)',
);
for (const file of [...routes.keys()].sort()) {
  const own = routeOwn(file);
  const over = own / 1024 > ROUTE_BUDGET_KB;
  if (over) failed = true;
  console.log(
    `  ${file.padEnd(42)} ${kb(own).padStart(7)} KB gz | ${kb(routeExtra([file])).padStart(7)} KB gz  (budget ${ROUTE_BUDGET_KB} KB)${over ? '  OVER' : ''}`,
  );
}
console.log(failed ? 'bundle budget: OVER' : 'bundle budget: ok');
// A report by default; `--strict` makes an over-budget build fail (for a CI gate once the budget is reachable).
process.exitCode = failed && process.argv.includes('--strict') ? 1 : 0;

import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The packages reachable through the static (non-type) imports of a kit module, following the kit's own
 * modules. Bundlers split and share code per module, so what a module imports statically ships with it.
 */
function staticPackages(file: string, seen = new Set<string>(), found = new Set<string>()): Set<string> {
  if (seen.has(file)) return found;
  seen.add(file);
  const text = readFileSync(file, 'utf8');
  for (const [, specifier] of text.matchAll(
    /^(?:import|export)\s(?!type\s)(?:[^;]*?\sfrom\s)?'([^']+)'/gms,
  )) {
    if (!specifier!.startsWith('.')) found.add(specifier!);
    else {
      const base = join(dirname(file), specifier!);
      const next = [`${base}.ts`, `${base}.tsx`, join(base, 'index.ts')].find((p) => existsSync(p));
      if (next) staticPackages(next, seen, found);
    }
  }
  return found;
}

const here = import.meta.dirname;

describe('table module boundaries', () => {
  it('DataTable does not load TanStack Virtual statically; the lazy VirtualBody does', () => {
    expect([...staticPackages(join(here, 'DataTable.tsx'))]).not.toContain('@tanstack/react-virtual');
    expect([...staticPackages(join(here, 'VirtualBody.tsx'))]).toContain('@tanstack/react-virtual');
  });
});

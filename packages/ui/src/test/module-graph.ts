import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/**
 * The packages reachable through the static (non-type) imports of a kit module, following the kit's own
 * modules. Bundlers split and share code per module, so what a module imports statically ships with it.
 */
export function staticPackages(
  file: string,
  seen = new Set<string>(),
  found = new Set<string>(),
): Set<string> {
  if (seen.has(file)) return found;
  seen.add(file);
  const text = readFileSync(file, 'utf8');
  for (const match of text.matchAll(/^(?:import|export)\s(?!type\s)(?:[^;]*?\sfrom\s)?'([^']+)'/gms)) {
    const specifier = match[1] ?? '';
    if (!specifier.startsWith('.')) found.add(specifier);
    else {
      const base = join(dirname(file), specifier);
      const next = [`${base}.ts`, `${base}.tsx`, join(base, 'index.ts')].find((p) => existsSync(p));
      if (next) staticPackages(next, seen, found);
    }
  }
  return found;
}

// The package reads one way: the engine imports the check classes, the checks import the shared types
// (src/types.ts), never the engine; no module imports itself back through any chain (type imports count too).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = fileURLToPath(new URL('../src/', import.meta.url));

/** Every module of src (tests excluded) with the src modules it imports, as paths relative to src. */
function graph(): Map<string, string[]> {
  const files = readdirSync(SRC, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
    .map((f) => f.split(path.sep).join('/'));
  const out = new Map<string, string[]>();
  for (const file of files) {
    const text = readFileSync(path.join(SRC, file), 'utf8');
    const specifiers = [...text.matchAll(/(?:^|\n)\s*(?:import|export)\b[^'"]*?from\s*'([^']+)'/g)].map(
      (m) => m[1] ?? '',
    );
    out.set(
      file,
      specifiers
        .filter((s) => s.startsWith('.'))
        .map((s) => path.posix.normalize(path.posix.join(path.posix.dirname(file), s))),
    );
  }
  return out;
}

/** The import cycles of a graph, each as the chain of modules that closes it. */
function cycles(g: Map<string, string[]>): string[][] {
  const found: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (node: string): void => {
    state.set(node, 'open');
    stack.push(node);
    for (const next of g.get(node) ?? []) {
      if (state.get(next) === 'open') found.push([...stack.slice(stack.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(node, 'done');
  };
  for (const node of g.keys()) if (!state.has(node)) visit(node);
  return found;
}

describe('module layout', () => {
  const g = graph();

  it('reads the whole package (the engine, the checks, the shared types)', () => {
    expect(g.get('engine.ts')).toContain('checks/positive.ts');
    expect(g.get('checks/positive.ts')).toContain('types.ts');
  });

  it('no check class imports the engine', () => {
    const offenders = [...g].filter(
      ([file, deps]) => file.startsWith('checks/') && deps.includes('engine.ts'),
    );
    expect(offenders.map(([file]) => file)).toEqual([]);
  });

  it('has no import cycle', () => {
    expect(cycles(g).map((c) => c.join(' → '))).toEqual([]);
  });

  it('finds a cycle when there is one (the detector itself)', () => {
    const planted = new Map([
      ['engine.ts', ['checks/a.ts']],
      ['checks/a.ts', ['engine.ts']],
    ]);
    expect(cycles(planted)).toEqual([['engine.ts', 'checks/a.ts', 'engine.ts']]);
  });
});

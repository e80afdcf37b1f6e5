// The figures have one home: the series store (src/series: aligned totals, their statistics, the viewer's nodes) and
// the reports read it, and nothing there imports a handler; the handler files import each other without a circle.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = fileURLToPath(new URL('../src/', import.meta.url));

/** The relative imports of a source file, resolved to paths under src/. */
function importsOf(file: string): string[] {
  const text = readFileSync(path.join(SRC, file), 'utf8');
  return [...text.matchAll(/^import[^'"]*from '(\.[^']+)'/gm)].map((m) =>
    path.relative(SRC, path.resolve(path.dirname(path.join(SRC, file)), m[1] ?? '')),
  );
}
const filesIn = (dir: string): string[] =>
  readdirSync(path.join(SRC, dir))
    .filter((f) => f.endsWith('.ts'))
    .map((f) => `${dir}/${f}`);

describe('module boundaries', () => {
  it.each(['series', 'reports'])('nothing in src/%s imports a handler', (dir) => {
    for (const file of filesIn(dir))
      expect(
        importsOf(file).filter((i) => i.startsWith('handlers/')),
        file,
      ).toEqual([]);
  });

  it('the handler files import each other without a circle', () => {
    const graph = new Map(
      filesIn('handlers').map((f) => [f, importsOf(f).filter((i) => i.startsWith('handlers/'))]),
    );
    const cycles: string[] = [];
    const visit = (node: string, trail: string[]): void => {
      if (trail.includes(node)) {
        cycles.push([...trail.slice(trail.indexOf(node)), node].join(' → '));
        return;
      }
      for (const next of graph.get(node) ?? []) visit(next, [...trail, node]);
    };
    for (const file of graph.keys()) visit(file, []);
    expect(cycles).toEqual([]);
  });
});

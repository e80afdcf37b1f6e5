// ESLint rule: no import circle between portal features (apps/portal/src/features/<name>). A feature may use another
// through its index, but never both ways round, however long the way back: a circle means a shared piece that
// belongs to src/lib or src/components (or to one feature's index), not to either feature.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

const FEATURE_IMPORT = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)['"]@\/features\/([^/'"]+)/g;

/** The feature a file belongs to (its folder under features/), or null. */
function featureOf(file, featuresDir) {
  const path = relative(featuresDir, file);
  if (path.startsWith('..') || path === '') return null;
  return path.split(sep)[0] ?? null;
}

function sourceFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(entry.name) ? [path] : [];
  });
}

const graphs = new Map();
/** feature → the features its files import (static or dynamic), read from disk once per lint run. */
function featureGraph(featuresDir) {
  let graph = graphs.get(featuresDir);
  if (graph) return graph;
  graph = new Map();
  for (const file of sourceFiles(featuresDir)) {
    const from = featureOf(file, featuresDir);
    if (!from) continue;
    const targets = graph.get(from) ?? new Set();
    for (const match of readFileSync(file, 'utf8').matchAll(FEATURE_IMPORT))
      if (match[1] !== from) targets.add(match[1]);
    graph.set(from, targets);
  }
  graphs.set(featuresDir, graph);
  return graph;
}

/** A way from `start` to `goal` in the graph (the features on it), or null. */
function pathBetween(graph, start, goal) {
  const previous = new Map([[start, null]]);
  const queue = [start];
  while (queue.length > 0) {
    const at = queue.shift();
    if (at === goal) {
      const path = [];
      for (let step = goal; step !== null; step = previous.get(step)) path.unshift(step);
      return path;
    }
    for (const next of graph.get(at) ?? []) {
      if (previous.has(next)) continue;
      previous.set(next, at);
      queue.push(next);
    }
  }
  return null;
}

/**
 * A rule over the imports of a file of one feature (apps/portal/src/features/<own>): `check` sees every import and
 * re-export's source (static or dynamic) with the rule's context, the features folder and the file's own feature.
 * @returns {import('eslint').Rule.RuleModule}
 */
function featureImportRule(description, messages, check) {
  return {
    meta: {
      type: 'problem',
      docs: { description },
      schema: [
        { type: 'object', properties: { featuresDir: { type: 'string' } }, additionalProperties: false },
      ],
      messages,
    },
    create(context) {
      const featuresDir = context.options[0]?.featuresDir;
      if (!featuresDir) return {};
      const own = featureOf(context.filename, featuresDir);
      if (!own) return {};
      const visit = (node, source) => {
        if (typeof source === 'string') check({ context, featuresDir, own, node, source });
      };
      return {
        ImportDeclaration: (node) => visit(node, node.source.value),
        ExportNamedDeclaration: (node) => visit(node, node.source?.value),
        ExportAllDeclaration: (node) => visit(node, node.source.value),
        ImportExpression: (node) =>
          visit(node, node.source.type === 'Literal' ? node.source.value : undefined),
      };
    },
  };
}

const noFeatureCycles = featureImportRule(
  'Forbid import circles between the features of apps/portal/src/features.',
  {
    cycle:
      'Import circle between features: {{path}}. Move the shared piece to src/lib or src/components (or one feature’s index).',
  },
  ({ context, featuresDir, own, node, source }) => {
    const target = /^@\/features\/([^/]+)/.exec(source)?.[1];
    if (!target || target === own) return;
    const back = pathBetween(featureGraph(featuresDir), target, own);
    if (back) context.report({ node, messageId: 'cycle', data: { path: [own, ...back].join(' → ') } });
  },
);

/**
 * A relative import that climbs out of its feature into another one (`../../projects/components/X`) reaches that
 * feature's internals past its index, and past the cycle check above (which reads `@/features/<name>` imports).
 */
const noRelativeFeatureImports = featureImportRule(
  'Forbid relative imports from one portal feature into another.',
  {
    relative:
      'Import the {{target}} feature through its index (@/features/{{target}}), never by a relative path into it.',
  },
  ({ context, featuresDir, own, node, source }) => {
    if (!source.startsWith('.')) return;
    const target = featureOf(resolve(dirname(context.filename), source), featuresDir);
    if (target && target !== own) context.report({ node, messageId: 'relative', data: { target } });
  },
);

export default {
  rules: { 'no-feature-cycles': noFeatureCycles, 'no-relative-feature-imports': noRelativeFeatureImports },
};

// The handlers are split by the contract's tags: src/handlers/ has one file per tag, named after it in kebab-case
// (collectorRuns → collector-runs.ts), whose one `…Handlers` function answers exactly that tag's operations; besides
// the tags' files only context.ts (shared helpers) and index.ts (the merge of the tags' files).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Contract } from '../src/http/contract.ts';
import type { Ctx } from '../src/handlers/context.ts';
import { startServer, type TestServer } from './helpers.ts';

const HANDLERS_DIR = fileURLToPath(new URL('../src/handlers/', import.meta.url));
/** The only files of src/handlers/ that are not a tag's. */
const SHARED_FILES = ['context.ts', 'index.ts'];

const contract = Contract.load();
const declaredTags = ((contract.doc.tags ?? []) as { name: string }[]).map((t) => t.name);

/** The operationIds of each tag of the contract. */
const operationsByTag = new Map<string, string[]>();
for (const op of contract.operations) {
  for (const tag of op.tags) operationsByTag.set(tag, [...(operationsByTag.get(tag) ?? []), op.operationId]);
}
const tags = [...operationsByTag.keys()].sort();

/** The handler file of a tag: the tag in kebab-case (collectorRuns → collector-runs.ts). */
const fileOf = (tag: string): string => `${tag.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}.ts`;

let t: TestServer;
beforeAll(async () => {
  t = await startServer();
});
afterAll(async () => {
  await t.close();
});

describe('handler files follow the contract tags', () => {
  it('every operation has exactly one tag, declared at the top of the contract', () => {
    expect(contract.operations.length).toBeGreaterThanOrEqual(85);
    expect(tags.length).toBeGreaterThanOrEqual(20);
    for (const op of contract.operations) {
      expect(op.tags, op.operationId).toHaveLength(1);
      expect(declaredTags, op.operationId).toContain(op.tags[0]);
    }
  });

  it('src/handlers holds one file per tag and, besides them, only context.ts and index.ts', () => {
    const files = readdirSync(HANDLERS_DIR).sort();
    expect(files).toEqual([...tags.map(fileOf), ...SHARED_FILES].sort());
  });

  it.each(tags)(
    "the file of tag %s answers exactly that tag's operations, from one …Handlers function",
    async (tag) => {
      const file = path.join(HANDLERS_DIR, fileOf(tag));
      const module = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
      const factories = Object.entries(module).filter(
        ([name, value]) => name.endsWith('Handlers') && typeof value === 'function',
      );
      expect(
        factories.map(([name]) => name),
        fileOf(tag),
      ).toHaveLength(1);
      const [, factory] = factories[0] as [string, (ctx: Ctx) => Record<string, unknown>];
      const handlers = factory(t.server.ctx);
      expect(Object.keys(handlers).sort(), fileOf(tag)).toEqual([...(operationsByTag.get(tag) ?? [])].sort());
      for (const [operationId, handler] of Object.entries(handlers)) {
        expect(typeof handler, operationId).toBe('function');
      }
    },
  );

  it("index.ts merges the tags' files (and defines no handler itself)", () => {
    const source = readFileSync(path.join(HANDLERS_DIR, 'index.ts'), 'utf8');
    const imported = [...source.matchAll(/from '\.\/([^']+)'/g)].map((m) => m[1]).sort();
    expect(imported).toEqual([...tags.map(fileOf), 'context.ts'].sort());
    expect(source).not.toMatch(/async \(/);
  });
});

// dist/{portal,upload,support}.json: one document per service, each with its server as the top-level `servers`
// (generators ignore path-level servers). Committed, so they must be exactly what the combined document splits to.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SERVICES, serviceDocument } from '../scripts/split-services.ts';
import { METHODS, doc, operations } from './contract.ts';

type Json = Record<string, unknown>;
const combined = doc as unknown as Json;
const read = (name: string): Json =>
  JSON.parse(readFileSync(new URL(`../dist/${name}.json`, import.meta.url), 'utf8')) as Json;
const services = SERVICES.map((s) => ({ ...s, doc: read(s.name) }));

/** The server an operation of the combined document declares: operation, then path item, then top level. */
function declaredServer(o: (typeof operations)[number]): string {
  const own =
    (o.op as { servers?: { url: string }[] }).servers ??
    o.item.servers ??
    (combined.servers as { url: string }[]);
  return own[0]?.url ?? '';
}

describe('per-service documents', () => {
  it.each(SERVICES.map((s) => s.name))('dist/%s.json is up to date (run `pnpm run bundle`)', (name) => {
    expect(read(name)).toEqual(serviceDocument(combined, name));
  });

  it('hold every operation of the combined document exactly once, unchanged but for servers', () => {
    const seen = new Map<string, string>();
    for (const s of services) {
      for (const [path, item] of Object.entries(s.doc.paths as Record<string, Json>)) {
        for (const method of METHODS) {
          const op = item[method] as Json | undefined;
          if (!op) continue;
          const id = String(op.operationId);
          expect(seen.has(id), id).toBe(false);
          seen.set(id, s.name);
          expect(op).toEqual((combined.paths as Record<string, Json>)[path]?.[method] as Json);
        }
      }
    }
    expect([...seen.keys()].sort()).toEqual(operations.map((o) => String(o.op.operationId)).sort());
  });

  it('give every operation, at the top level only, the server the combined document declares for it', () => {
    for (const o of operations) {
      const s = services.find((x) => (x.doc.paths as Json)[o.path] !== undefined);
      const servers = s?.doc.servers as { url: string }[];
      expect(servers, String(o.op.operationId)).toHaveLength(1);
      expect(servers[0]?.url, String(o.op.operationId)).toBe(declaredServer(o));
    }
    for (const s of services)
      for (const item of Object.values(s.doc.paths as Record<string, Json>)) {
        expect(item.servers).toBeUndefined();
        for (const method of METHODS) expect((item[method] as Json | undefined)?.servers).toBeUndefined();
      }
    expect(services.map((s) => (s.doc.servers as { url: string }[])[0]?.url)).toEqual([
      '/',
      '/upload-service',
      '/support-service',
    ]);
  });

  it('resolve every $ref inside themselves and carry no unused schema', () => {
    for (const s of services) {
      const text = JSON.stringify(s.doc);
      const refs = new Set(
        [...text.matchAll(/"\$ref":"#\/components\/([^/]+)\/([^"]+)"/g)].map((m) => `${m[1]}/${m[2]}`),
      );
      for (const ref of refs) {
        const [section = '', name = ''] = ref.split('/');
        expect(
          (s.doc.components as Record<string, Json>)[section]?.[name],
          `${s.name}: ${ref}`,
        ).toBeDefined();
      }
      for (const name of Object.keys((s.doc.components as Record<string, Json>).schemas ?? {}))
        expect(refs.has(`schemas/${name}`), `${s.name}: ${name} unused`).toBe(true);
    }
  });
});

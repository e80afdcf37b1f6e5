// Loads the bundled contract (dist/openapi.json) with just enough typing for the tests.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface Ref {
  $ref: string;
}
export interface Schema {
  type?: string | string[];
  enum?: unknown[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  allOf?: Schema[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  format?: string;
  $ref?: string;
  example?: unknown;
}
export interface Media {
  schema?: Schema;
  example?: unknown;
  examples?: Record<string, { value: unknown }>;
  encoding?: Record<string, unknown>;
}
export interface Header {
  $ref?: string;
  schema?: Schema;
  example?: unknown;
  required?: boolean;
}
export interface Response {
  $ref?: string;
  description?: string;
  headers?: Record<string, Header>;
  content?: Record<string, Media>;
}
export interface Parameter {
  $ref?: string;
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema?: Schema;
  example?: unknown;
  examples?: Record<string, unknown>;
}
export interface Operation {
  operationId?: string;
  tags?: string[];
  summary?: string;
  'x-source'?: string;
  /** The legacy form of the path (the canonical path plus a trailing slash) that old clients call. */
  'x-legacy-path'?: string;
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content: Record<string, Media> };
  responses: Record<string, Response>;
  security?: Record<string, string[]>[];
}
export interface PathItem {
  servers?: { url: string }[];
  parameters?: Parameter[];
  get?: Operation;
  put?: Operation;
  post?: Operation;
  delete?: Operation;
  patch?: Operation;
}
export interface OpenApiDoc {
  openapi: string;
  security?: Record<string, string[]>[];
  paths: Record<string, PathItem>;
  components: {
    schemas: Record<string, Schema>;
    responses: Record<string, Response>;
    parameters: Record<string, Parameter>;
    headers: Record<string, Header>;
  };
}

export const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;
export type Method = (typeof METHODS)[number];

export const raw = readFileSync(new URL('../dist/openapi.json', import.meta.url), 'utf8');
export const doc = JSON.parse(raw) as OpenApiDoc;

export interface Op {
  method: Method;
  path: string;
  item: PathItem;
  op: Operation;
}

export const operations: Op[] = Object.entries(doc.paths).flatMap(([path, item]) =>
  METHODS.flatMap((method) => {
    const op = item[method];
    return op ? [{ method, path, item, op }] : [];
  }),
);

/** The operation at a path, the canonical one or the legacy trailing-slash form (`x-legacy-path`). */
export function findOperation(method: string, path: string): Op | undefined {
  return operations.find(
    (o) => o.method === method.toLowerCase() && (o.path === path || o.op['x-legacy-path'] === path),
  );
}

/** Resolves a local `#/components/...` reference (one level, as the bundle writes them). */
export function deref<T>(value: T | Ref): T {
  const ref = (value as Partial<Ref>).$ref;
  if (ref === undefined) return value as T;
  const parts = ref.replace(/^#\//, '').split('/');
  let current: unknown = doc;
  for (const part of parts) {
    current = (current as Record<string, unknown>)[part.replace(/~1/g, '/').replace(/~0/g, '~')];
  }
  if (current === undefined) throw new Error(`unresolved ${ref}`);
  return deref(current as T | Ref);
}

export function schema(name: string): Schema {
  const found = doc.components.schemas[name];
  if (!found) throw new Error(`schema ${name} missing`);
  return found;
}

/** Property names of a schema, following allOf members and $refs. */
export function propertyNames(s: Schema): string[] {
  const own = Object.keys(s.properties ?? {});
  const fromAllOf = (s.allOf ?? []).flatMap((member) => propertyNames(deref(member as Schema | Ref)));
  return [...new Set([...own, ...fromAllOf])];
}

export function params(o: Op): Parameter[] {
  return [...(o.item.parameters ?? []), ...(o.op.parameters ?? [])].map((p) => deref(p));
}

/** A schema with its $ref resolved, followed by what its allOf and anyOf members (recursively) add. */
function expand(s: Schema | Ref): Schema[] {
  const resolved = deref(s);
  return [resolved, ...[...(resolved.allOf ?? []), ...(resolved.anyOf ?? [])].flatMap(expand)];
}

/**
 * The schemas a dotted field path reaches, `[]` stepping into array items (`Data.PartialErrorList[].ObjectDisplayName`),
 * following $refs, allOf and anyOf. Empty when the path does not exist.
 */
export function schemasAt(s: Schema | Ref, path: string): Schema[] {
  let reached = expand(s);
  for (const segment of path.split('.')) {
    const [name = '', ...arrays] = segment.split('[]');
    reached = reached.flatMap((r) => {
      const property = r.properties?.[name];
      return property ? expand(property) : [];
    });
    reached = arrays.reduce((outer) => outer.flatMap((r) => (r.items ? expand(r.items) : [])), reached);
  }
  return reached;
}

/** The package folder, and a command-line tool of its own devDependencies. */
export const root = fileURLToPath(new URL('..', import.meta.url));
export const bin = (name: string) => join(root, 'node_modules/.bin', name);

/** Runs `use` with a fresh temporary folder, removed afterwards. */
export function withTempDir<T>(use: (dir: string) => T): T {
  const dir = mkdtempSync(join(tmpdir(), 'openapi-test-'));
  try {
    return use(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

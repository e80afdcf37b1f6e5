// Reads the bundled contract at run time: the operation list (method, path template, service) and the parameter and
// body schemas used to coerce strings (path, query, form fields) into the types the generated zod schemas expect.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const CONTRACT_FILE = fileURLToPath(new URL('../../../../openapi/dist/openapi.json', import.meta.url));

type Json = Record<string, unknown>;
export type Schema = Json;

export interface ContractParameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required: boolean;
  schema: Schema;
}

export interface ContractOperation {
  operationId: string;
  method: string;
  path: string;
  /**
   * The form legacy clients call (the canonical path plus a trailing slash, `x-legacy-path`): the server answers
   * it exactly as the canonical path.
   */
  legacyPath: string | undefined;
  /** Path prefix of the operation's own server ('' for the portal API). */
  serverPrefix: string;
  parameters: ContractParameter[];
  bodyContentTypes: string[];
  bodySchema: Schema | undefined;
  /** The request body is required (`requestBody.required`); an optional one may be left out. */
  bodyRequired: boolean;
  responses: Record<string, { contentTypes: string[] }>;
  security: unknown[] | undefined;
  tags: string[];
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const;

export class Contract {
  readonly doc: Json;
  readonly operations: ContractOperation[];

  constructor(doc: Json) {
    this.doc = doc;
    this.operations = this.collect();
  }

  static load(file: string = CONTRACT_FILE): Contract {
    return new Contract(JSON.parse(readFileSync(file, 'utf8')) as Json);
  }

  /** Follows local $refs; the result is the referenced JSON object. */
  resolve(node: unknown): Json {
    let cur = node;
    for (let guard = 0; guard < 20; guard++) {
      const ref = cur !== null && typeof cur === 'object' ? (cur as { $ref?: unknown }).$ref : undefined;
      if (typeof ref === 'string') {
        if (!ref.startsWith('#/')) throw new Error(`external $ref not supported: ${ref}`);
        cur = ref
          .slice(2)
          .split('/')
          .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'))
          .reduce<unknown>((acc, key) => (acc as Json | undefined)?.[key], this.doc);
      } else break;
    }
    return cur as Json;
  }

  private collect(): ContractOperation[] {
    const out: ContractOperation[] = [];
    const paths = (this.doc.paths ?? {}) as Record<string, Json>;
    for (const [p, itemRaw] of Object.entries(paths)) {
      const item = this.resolve(itemRaw);
      const pathParams = (item.parameters as unknown[] | undefined) ?? [];
      const pathServers = item.servers as { url: string }[] | undefined;
      for (const m of METHODS) {
        const op = item[m] as Json | undefined;
        if (!op) continue;
        const servers = (op.servers as { url: string }[] | undefined) ?? pathServers;
        const params = new Map<string, ContractParameter>();
        for (const raw of [...pathParams, ...((op.parameters as unknown[] | undefined) ?? [])]) {
          const prm = this.resolve(raw);
          params.set(`${String(prm.in)}:${String(prm.name)}`, {
            name: String(prm.name),
            in: prm.in as ContractParameter['in'],
            required: Boolean(prm.required),
            schema: this.resolve(prm.schema ?? {}),
          });
        }
        const body = op.requestBody ? this.resolve(op.requestBody) : undefined;
        const content = (body?.content ?? {}) as Record<string, Json>;
        const firstType = Object.keys(content)[0];
        const responses: ContractOperation['responses'] = {};
        for (const [code, r] of Object.entries((op.responses ?? {}) as Record<string, unknown>)) {
          responses[code] = { contentTypes: Object.keys(this.resolve(r).content ?? {}) };
        }
        out.push({
          operationId: String(op.operationId),
          method: m.toUpperCase(),
          path: p,
          legacyPath: typeof op['x-legacy-path'] === 'string' ? op['x-legacy-path'] : undefined,
          serverPrefix: serverPrefix(servers),
          parameters: [...params.values()],
          bodyContentTypes: Object.keys(content),
          bodySchema: firstType ? this.resolve(content[firstType]?.schema) : undefined,
          bodyRequired: Boolean(body?.required),
          responses,
          security: op.security as unknown[] | undefined,
          tags: (op.tags as string[] | undefined) ?? [],
        });
      }
    }
    return out;
  }

  /** Flattens allOf / $ref into the list of object property schemas (for coercing form fields). */
  properties(schema: Schema | undefined): Record<string, Schema> {
    const out: Record<string, Schema> = {};
    const visit = (s: unknown): void => {
      // A dangling $ref resolves to undefined at run time.
      const r = this.resolve(s) as Json | undefined;
      if (r === undefined) return;
      for (const part of (r.allOf as unknown[] | undefined) ?? []) visit(part);
      for (const [k, v] of Object.entries((r.properties ?? {}) as Record<string, unknown>))
        out[k] = this.resolve(v);
    };
    visit(schema);
    return out;
  }
}

function serverPrefix(servers: { url: string }[] | undefined): string {
  const url = servers?.[0]?.url;
  if (!url || url === '/') return '';
  try {
    const u = new URL(url, 'http://placeholder');
    return u.pathname.replace(/\/$/, '');
  } catch {
    return '';
  }
}

/** `/api/projects/{id}` → `/api/projects/:id` (Fastify's path syntax). */
export function toFastifyPath(template: string): string {
  return template.replace(/\{([^}]+)\}/g, ':$1');
}

function typesOf(schema: Schema): string[] {
  const t = schema.type;
  if (Array.isArray(t)) return t.map(String);
  if (typeof t === 'string') return [t];
  const any = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
  if (any) return any.flatMap((s) => typesOf(s));
  if (Array.isArray(schema.enum) && schema.enum.length > 0)
    return [
      ...new Set(
        schema.enum.map((v) =>
          typeof v === 'number' ? (Number.isInteger(v) ? 'integer' : 'number') : typeof v,
        ),
      ),
    ];
  return [];
}

/** Turns a string (or list of strings) from a URL or a form into the type the schema asks for; leaves it if unsure. */
export function coerce(value: unknown, schema: Schema | undefined, contract: Contract): unknown {
  if (!schema) return value;
  const s = contract.resolve(schema);
  const types = typesOf(s);
  if (types.includes('array')) {
    const items = s.items as Schema | undefined;
    const list = Array.isArray(value)
      ? value
      : typeof value === 'string'
        ? value === ''
          ? []
          : value.split(',')
        : [value];
    return list.map((v) => coerce(v, items, contract));
  }
  if (Array.isArray(value)) return coerce(value[value.length - 1], s, contract);
  if (typeof value !== 'string') return value;
  if (value === '' && types.includes('null')) return null;
  if (
    (types.includes('integer') || types.includes('number')) &&
    value.trim() !== '' &&
    !Number.isNaN(Number(value))
  )
    return Number(value);
  if (types.includes('boolean')) {
    const v = value.toLowerCase();
    if (v === 'true' || v === '1' || v === 'on') return true;
    if (v === 'false' || v === '0' || v === 'off') return false;
  }
  if (types.includes('object') && value.trim().startsWith('{')) {
    try {
      return JSON.parse(value) as unknown;
    } catch {
      return value;
    }
  }
  return value;
}

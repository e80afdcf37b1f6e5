// The bundled contract (openapi/dist/openapi.json) read as the engine needs it: one entry per operation with its
// server prefix (path-level `servers`), parameters, body media types and schemas, responses and security.
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * The contract the package ships (dist/openapi.json beside the compiled modules, copied there by the build), else,
 * when running from the workspace's sources, the workspace's bundled contract.
 */
const SHIPPED = fileURLToPath(new URL('./openapi.json', import.meta.url));
export const DEFAULT_CONTRACT = existsSync(SHIPPED)
  ? SHIPPED
  : fileURLToPath(new URL('../../../openapi/dist/openapi.json', import.meta.url));

export type Json = Record<string, unknown>;
export type Schema = Json;

export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required: boolean;
  schema: Schema;
  example?: unknown;
}

export interface ResponseSpec {
  /** media type → schema (undefined when the media type has none). */
  content: Record<string, Schema | undefined>;
  headers: string[];
  /** The declared headers by lower-case name: whether required, the value's schema, the description. */
  headerSpecs: Record<string, { required: boolean; schema: Schema; description: string }>;
}

export interface Operation {
  operationId: string;
  method: string;
  path: string;
  /** Path prefix of the operation's server ('' for the main server). */
  serverPrefix: string;
  parameters: Parameter[];
  bodyRequired: boolean;
  /** media type → schema */
  body: Record<string, Schema>;
  responses: Record<string, ResponseSpec>;
  /** Anonymous callers allowed (`security` lists `{}`). */
  anonymous: boolean;
  /** A session is accepted (`security` lists a scheme, or the global one applies). */
  session: boolean;
  tags: string[];
  write: boolean;
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

export class Contract {
  readonly doc: Json;
  readonly operations: Operation[];
  /** The message keys of the envelope (components.schemas.MessageKey). */
  readonly messageKeys: Set<string>;

  constructor(doc: Json) {
    this.doc = doc;
    this.operations = this.collect();
    const mk = (this.doc.components as Json | undefined)?.schemas as Record<string, Schema> | undefined;
    const keys = (mk?.MessageKey?.enum as unknown[] | undefined) ?? [];
    this.messageKeys = new Set(keys.filter((k): k is string => typeof k === 'string'));
  }

  static load(file: string = DEFAULT_CONTRACT): Contract {
    return new Contract(JSON.parse(readFileSync(file, 'utf8')) as Json);
  }

  /** Follows local $refs. */
  resolve(node: unknown): Json {
    let cur = node;
    for (let guard = 0; guard < 32; guard++) {
      const ref = cur !== null && typeof cur === 'object' ? (cur as { $ref?: unknown }).$ref : undefined;
      if (typeof ref !== 'string') break;
      if (!ref.startsWith('#/')) throw new Error(`external $ref not supported: ${ref}`);
      cur = ref
        .slice(2)
        .split('/')
        .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'))
        .reduce<unknown>((acc, key) => (acc as Json | undefined)?.[key], this.doc);
    }
    return (cur ?? {}) as Json;
  }

  private collect(): Operation[] {
    const out: Operation[] = [];
    const globalSecurity = (this.doc.security as unknown[] | undefined) ?? [];
    for (const [p, raw] of Object.entries((this.doc.paths ?? {}) as Record<string, Json>)) {
      const item = this.resolve(raw);
      const shared = (item.parameters as unknown[] | undefined) ?? [];
      for (const m of METHODS) {
        const op = item[m] as Json | undefined;
        if (!op) continue;
        const servers = (op.servers ?? item.servers ?? this.doc.servers) as { url: string }[] | undefined;
        const params = new Map<string, Parameter>();
        for (const r of [...shared, ...((op.parameters as unknown[] | undefined) ?? [])]) {
          const prm = this.resolve(r);
          params.set(`${String(prm.in)}:${String(prm.name)}`, {
            name: String(prm.name),
            in: prm.in as Parameter['in'],
            required: Boolean(prm.required),
            schema: (prm.schema ?? {}) as Schema,
            ...('example' in prm ? { example: prm.example } : {}),
          });
        }
        const rb = op.requestBody ? this.resolve(op.requestBody) : undefined;
        const body: Record<string, Schema> = {};
        for (const [type, media] of Object.entries((rb?.content ?? {}) as Record<string, Json>))
          body[type] = (media.schema ?? {}) as Schema;
        const responses: Record<string, ResponseSpec> = {};
        for (const [code, r] of Object.entries((op.responses ?? {}) as Record<string, unknown>)) {
          const res = this.resolve(r);
          const content: Record<string, Schema | undefined> = {};
          for (const [type, media] of Object.entries((res.content ?? {}) as Record<string, Json>))
            content[type] = media.schema as Schema | undefined;
          const headerSpecs: ResponseSpec['headerSpecs'] = {};
          for (const [name, raw] of Object.entries((res.headers ?? {}) as Record<string, unknown>)) {
            const h = this.resolve(raw);
            headerSpecs[name.toLowerCase()] = {
              required: h.required === true,
              schema: (h.schema ?? {}) as Schema,
              description: typeof h.description === 'string' ? h.description : '',
            };
          }
          responses[code] = { content, headers: Object.keys(res.headers ?? {}), headerSpecs };
        }
        const security = (op.security as unknown[] | undefined) ?? globalSecurity;
        const isEmpty = (s: unknown) => s !== null && typeof s === 'object' && Object.keys(s).length === 0;
        out.push({
          operationId: String(op.operationId),
          method: m.toUpperCase(),
          path: p,
          serverPrefix: prefixOf(servers),
          parameters: [...params.values()],
          bodyRequired: Boolean(rb?.required),
          body,
          responses,
          anonymous: security.length === 0 || security.some(isEmpty),
          session: security.some((s) => !isEmpty(s)),
          tags: (op.tags as string[] | undefined) ?? [],
          write: m !== 'get',
        });
      }
    }
    return out;
  }
}

function prefixOf(servers: { url: string }[] | undefined): string {
  const url = servers?.[0]?.url;
  if (!url || url === '/') return '';
  try {
    return new URL(url, 'http://placeholder').pathname.replace(/\/$/, '');
  } catch {
    return '';
  }
}

// The contract is portable: other generators (openapi-typescript + openapi-fetch, orval's fetch client and its zod
// schemas) generate compiling clients from the per-service documents of openapi/dist, and every operation's call
// reaches the server the combined contract declares for it (path-level `servers`, which these generators ignore,
// are top-level `servers` of the service documents).
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { DIST, OUT, SERVICES, generate, typecheck } from '../scripts/generate.ts';

type Json = Record<string, unknown>;
type Service = (typeof SERVICES)[number];
interface Parameter {
  name: string;
  in: string;
  required?: boolean;
}
interface Operation {
  service: Service;
  operationId: string;
  method: string;
  path: string;
  /** The server the combined document declares: the operation's, else its path item's, else the top level's. */
  declaredServer: string;
  pathParams: string[];
  queryParams: Parameter[];
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'];
/** Relative server URLs are resolved against the portal's origin, as a browser does. */
const ORIGIN = 'https://portal.example.test';

const readDoc = (name: string): Json => JSON.parse(readFileSync(`${DIST}${name}.json`, 'utf8')) as Json;
const combined = readDoc('openapi');
const serviceDocs = Object.fromEntries(SERVICES.map((s) => [s, readDoc(s)])) as Record<Service, Json>;

function deref(node: unknown): Parameter {
  const ref = (node as { $ref?: string }).$ref;
  if (ref === undefined) return node as Parameter;
  const found = ref
    .replace(/^#\//, '')
    .split('/')
    .reduce<unknown>((acc, key) => (acc as Json)[key.replace(/~1/g, '/').replace(/~0/g, '~')], combined);
  return deref(found);
}

const firstUrl = (servers: unknown): string | undefined =>
  (servers as { url: string }[] | undefined)?.[0]?.url;

/** Every operation of the combined document, with the service document that holds it. */
const operations: Operation[] = Object.entries(combined.paths as Record<string, Json>).flatMap(
  ([path, item]) =>
    METHODS.flatMap((method): Operation[] => {
      const op = item[method] as Json | undefined;
      if (!op) return [];
      const service = SERVICES.find((s) => (serviceDocs[s].paths as Json)[path] !== undefined);
      if (!service) throw new Error(`${method} ${path} is in no service document`);
      const params = [
        ...((item.parameters as unknown[] | undefined) ?? []),
        ...((op.parameters as unknown[] | undefined) ?? []),
      ].map((p) => deref(p));
      return [
        {
          service,
          operationId: String(op.operationId),
          method,
          path,
          declaredServer: firstUrl(op.servers) ?? firstUrl(item.servers) ?? firstUrl(combined.servers) ?? '/',
          pathParams: params.filter((p) => p.in === 'path').map((p) => p.name),
          queryParams: params.filter((p) => p.in === 'query'),
        },
      ];
    }),
);

/** A path parameter's sample value: plain letters and digits, so no client has anything to encode. */
const sample = (name: string): string => `v${name.replace(/[^A-Za-z0-9]/g, '')}9`;

/** The URL an operation must be called at: its declared server joined with the path, parameters filled in. */
function expectedUrl(op: Operation): string {
  const path = op.path.replace(/\{([^}]+)\}/g, (_m, name: string) => sample(name));
  return new URL(op.declaredServer.replace(/\/$/, '') + path, ORIGIN).href;
}

const pascal = (id: string): string => id.charAt(0).toUpperCase() + id.slice(1);

async function load(file: string): Promise<Json> {
  return (await import(/* @vite-ignore */ pathToFileURL(file).href)) as Json;
}

beforeAll(() => {
  generate();
});

describe('other generators', () => {
  it('generate clients that type-check (strict) — openapi-typescript + openapi-fetch, orval fetch, orval zod', () => {
    try {
      typecheck();
    } catch (error) {
      const { stdout = '' } = error as { stdout?: Buffer | string };
      expect.fail(`tsc found errors in the generated clients:\n${String(stdout).slice(0, 6000)}`);
    }
  });

  it('cover every operation of the contract (each service document once)', () => {
    const inServiceDocs = SERVICES.flatMap((s) =>
      Object.values(serviceDocs[s].paths as Record<string, Json>).flatMap((item) =>
        METHODS.flatMap((m) => ((item[m] as Json | undefined)?.operationId as string | undefined) ?? []),
      ),
    );
    expect(inServiceDocs.sort()).toEqual(operations.map((o) => o.operationId).sort());
    expect(new Set(operations.map((o) => o.operationId)).size).toBe(operations.length);
    expect(operations.filter((o) => o.service === 'upload').map((o) => o.declaredServer)).toEqual(
      expect.arrayContaining(['/upload-service']),
    );
    expect(operations.find((o) => o.service === 'support')?.declaredServer).toBe('/support-service');
  });

  it('orval: every operation URL starts at the server the contract declares for it', async () => {
    const mismatches: string[] = [];
    for (const service of SERVICES) {
      const client = await load(`${OUT}orval/${service}.ts`);
      for (const op of operations.filter((o) => o.service === service)) {
        const urlOf = client[`get${pascal(op.operationId)}Url`];
        if (typeof urlOf !== 'function') {
          mismatches.push(`${op.operationId}: orval generated no get${pascal(op.operationId)}Url`);
          continue;
        }
        // orval's URL builders take the path parameters in order, then the query parameters object.
        const args: unknown[] = op.pathParams.map(sample);
        if (op.queryParams.length > 0) args.push({});
        const url = new URL(String((urlOf as (...a: unknown[]) => unknown)(...args)), ORIGIN).href;
        if (url !== expectedUrl(op))
          mismatches.push(`${op.operationId}: ${url} (declared ${expectedUrl(op)})`);
      }
    }
    expect(mismatches).toEqual([]);
  });

  it('openapi-fetch: a client per service document, based at its one server, calls every operation there', async () => {
    const { clients } = (await load(`${OUT}consumer.ts`)) as {
      clients: (
        baseUrls: Record<Service, string>,
        fetch: typeof globalThis.fetch,
      ) => Record<Service, Record<string, (path: string, init: unknown) => Promise<unknown>>>;
    };
    const sent: string[] = [];
    const capture = (input: RequestInfo | URL): Promise<Response> => {
      sent.push(input instanceof Request ? input.url : String(input));
      return Promise.resolve(new Response('{}', { headers: { 'Content-Type': 'application/json' } }));
    };
    // What a consumer does: each document's one top-level server is its client's base URL.
    const baseUrls = Object.fromEntries(
      SERVICES.map((s) => [
        s,
        new URL(firstUrl(serviceDocs[s].servers) ?? '/', ORIGIN).href.replace(/\/$/, ''),
      ]),
    ) as Record<Service, string>;
    const api = clients(baseUrls, capture);
    const mismatches: string[] = [];
    for (const op of operations) {
      const call = api[op.service][op.method.toUpperCase()];
      if (!call) throw new Error(`openapi-fetch has no ${op.method.toUpperCase()}`);
      sent.length = 0;
      await call(op.path, {
        params: { path: Object.fromEntries(op.pathParams.map((p) => [p, sample(p)])), query: {} },
        parseAs: 'text',
      });
      const url = sent[0]?.split('?')[0];
      if (url !== expectedUrl(op))
        mismatches.push(`${op.operationId}: ${String(url)} (declared ${expectedUrl(op)})`);
    }
    expect(mismatches).toEqual([]);
  });

  it('orval: the modal call sends each query value as its own parameter (no [object Object])', async () => {
    const portal = await load(`${OUT}orval/portal.ts`);
    const urlOf = portal.getGetModalHtmlUrl as (name: string, params: Json) => string;
    const url = urlOf('shareproject', { projectId: 1402, modalsize: 'large' });
    expect(url).toBe('/modal/shareproject?projectId=1402&modalsize=large');
    expect(url).not.toContain('object');
  });

  it('orval zod: the nullable enum is a union of its values and null', async () => {
    const zod = (await load(`${OUT}orval-zod/portal.ts`)) as Record<
      string,
      { safeParse: (v: unknown) => { success: boolean } } | undefined
    >;
    const viewer = zod.GetViewerResponse;
    expect(viewer).toBeDefined();
    const base = { isPublic: true, user: null, team: null, culture: 'en-US' };
    expect(viewer?.safeParse({ ...base, pendingTerms: null }).success).toBe(true);
    expect(viewer?.safeParse({ ...base, pendingTerms: 'EULANeeded' }).success).toBe(true);
    expect(viewer?.safeParse({ ...base, pendingTerms: 'Other' }).success).toBe(false);
  });
});

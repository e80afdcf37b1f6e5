// Writes one OpenAPI document per service beside the combined dist/openapi.json: dist/portal.json,
// dist/upload.json and dist/support.json. The combined document gives the upload and support services' paths a
// path-level `servers` entry, which common generators and test tools ignore (they send every call to the top-level
// server). Each service document instead holds only that service's paths, with the service's server as its
// top-level `servers` and no path-level ones, plus only the components those paths reference. Deterministic: run by
// `pnpm run bundle` and drift-checked like the combined document (tests/services.test.ts, scripts/test.sh).
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

type Json = Record<string, unknown>;
interface Server {
  url: string;
  description?: string;
}

/** The services, by the path-level server URL of their paths (the portal's paths have none). */
export const SERVICES = [
  { name: 'portal', serverUrl: undefined, title: 'portal API' },
  { name: 'upload', serverUrl: '/upload-service', title: 'upload service' },
  { name: 'support', serverUrl: '/support-service', title: 'support-ticket service' },
] as const;
export type ServiceName = (typeof SERVICES)[number]['name'];

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'];

/** The service a path item belongs to (by its own or its operations' servers). */
export function serviceOf(item: Json): ServiceName {
  const ops = METHODS.map((m) => item[m] as Json | undefined).filter((o): o is Json => o !== undefined);
  const servers = [item.servers, ...ops.map((o) => o.servers)].find(
    (s): s is Server[] => Array.isArray(s) && s.length > 0,
  );
  const url = servers?.[0]?.url;
  const found = SERVICES.find((s) => s.serverUrl !== undefined && s.serverUrl === url);
  if (url !== undefined && !found) throw new Error(`unknown service server ${url}`);
  return found?.name ?? 'portal';
}

/** The `#/components/<section>/<name>` references reachable from a node, followed through the components. */
function referencedComponents(doc: Json, roots: unknown[]): Set<string> {
  const seen = new Set<string>();
  const components = doc.components as Record<string, Json>;
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) {
      for (const n of node) visit(n);
      return;
    }
    if (node === null || typeof node !== 'object') return;
    for (const [key, value] of Object.entries(node as Json)) {
      if (key === '$ref' && typeof value === 'string') {
        const match = /^#\/components\/([^/]+)\/([^/]+)$/.exec(value);
        if (!match) throw new Error(`unsupported $ref ${value}`);
        const id = `${match[1]}/${match[2]}`;
        if (seen.has(id)) continue;
        seen.add(id);
        const target = components[match[1] ?? '']?.[(match[2] ?? '').replace(/~1/g, '/').replace(/~0/g, '~')];
        if (target === undefined) throw new Error(`unresolved $ref ${value}`);
        visit(target);
      } else visit(value);
    }
  };
  visit(roots);
  return seen;
}

/** One service's document, cut from the combined one. */
export function serviceDocument(doc: Json, service: ServiceName): Json {
  const def = SERVICES.find((s) => s.name === service);
  if (!def) throw new Error(`unknown service ${service}`);
  const paths: Record<string, Json> = {};
  let servers = doc.servers as Server[];
  for (const [path, raw] of Object.entries(doc.paths as Record<string, Json>)) {
    if (serviceOf(raw) !== service) continue;
    const item: Json = { ...raw };
    if (Array.isArray(item.servers)) servers = item.servers as Server[];
    delete item.servers;
    for (const m of METHODS) {
      const op = item[m] as Json | undefined;
      if (op?.servers === undefined) continue;
      const copy = { ...op };
      delete copy.servers;
      item[m] = copy;
    }
    paths[path] = item;
  }
  const used = referencedComponents(doc, [paths]);
  const components: Record<string, Json> = {};
  for (const [section, entries] of Object.entries(doc.components as Record<string, Json>)) {
    // Security schemes are named by `security`, not by $ref: all of them stay.
    const kept = Object.entries(entries).filter(
      ([name]) =>
        section === 'securitySchemes' ||
        used.has(`${section}/${name.replace(/~/g, '~0').replace(/\//g, '~1')}`),
    );
    if (kept.length > 0) components[section] = Object.fromEntries(kept);
  }
  const tagsUsed = new Set(
    Object.values(paths).flatMap((item) =>
      METHODS.flatMap((m) => ((item[m] as Json | undefined)?.tags as string[] | undefined) ?? []),
    ),
  );
  const info = doc.info as Json;
  const out: Json = {};
  for (const [key, value] of Object.entries(doc)) {
    if (key === 'info')
      out.info = {
        ...info,
        title: `${String(info.title)} — ${def.title}`,
        description: `${String(info.description)}\n\nThis document holds only the ${def.title}'s operations, with its server as the top-level \`servers\` (cut from the combined openapi.json by openapi/scripts/split-services.ts), so that generators which ignore path-level servers call the right base URL.`,
      };
    else if (key === 'servers') out.servers = servers;
    else if (key === 'tags') out.tags = (value as { name: string }[]).filter((t) => tagsUsed.has(t.name));
    else if (key === 'paths') out.paths = paths;
    else if (key === 'components') out.components = components;
    else out[key] = value;
  }
  return out;
}

export const DIST = fileURLToPath(new URL('../dist/', import.meta.url));

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const doc = JSON.parse(readFileSync(`${DIST}openapi.json`, 'utf8')) as Json;
  for (const { name } of SERVICES) {
    writeFileSync(`${DIST}${name}.json`, `${JSON.stringify(serviceDocument(doc, name), null, 2)}\n`);
  }
}

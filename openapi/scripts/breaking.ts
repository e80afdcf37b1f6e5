// Breaking changes caught before a release: the bundled contract (dist/openapi.json) against the last released one
// (released/openapi.json, refreshed by the release). A change that breaks a client or the SDK's users fails CI unless
// a pending major changeset of a package that carries the contract names each broken operation.
//
// Our own comparison over the bundled JSON, not a library: the npm OpenAPI diff tools either read OpenAPI 3.0 only
// (openapi-diff) or need a hosted service (optic); oasdiff is Go. The classes checked (direction-aware: a request
// must keep accepting what it accepted, an answer must not return what it did not):
// - a removed operation, a changed operationId (the SDK's function name), an operation moved to another server;
// - a new required parameter or a parameter made required; a request body made required or a media type dropped;
// - in request schemas: a changed type (a type no longer accepted), a narrowed enum, a new required property;
// - in answers: a removed success status or media type, a changed type (a new type returned), a required property
//   removed or made optional.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

type Json = Record<string, unknown>;
type Direction = 'request' | 'response';

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'];

export const RELEASED_JSON = fileURLToPath(new URL('../released/openapi.json', import.meta.url));
export const CURRENT_JSON = fileURLToPath(new URL('../dist/openapi.json', import.meta.url));
export const CHANGESET_DIR = fileURLToPath(new URL('../../.changeset/', import.meta.url));
/** The published packages that carry the contract: the SDK (generated from it) and conformance (ships it). */
export const CONTRACT_PACKAGES = ['@assessment/sdk', '@assessment/conformance'];

export interface BreakingChange {
  /** The operation's id in the released contract. */
  operationId: string;
  message: string;
}

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const asArray = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const types = (schema: Json): string[] =>
  Array.isArray(schema.type)
    ? (schema.type as string[])
    : typeof schema.type === 'string'
      ? [schema.type]
      : [];

/** A `#/…` reference's target. */
function resolve(doc: Json, node: unknown): unknown {
  let current = node;
  for (let hops = 0; isObject(current) && typeof current.$ref === 'string' && hops < 32; hops++) {
    const pointer = current.$ref.replace(/^#\//, '').split('/');
    current = pointer.reduce<unknown>(
      (at, key) => (isObject(at) ? at[key.replaceAll('~1', '/').replaceAll('~0', '~')] : undefined),
      doc,
    );
  }
  return current;
}

function operations(doc: Json): Map<string, { method: string; path: string; op: Json; item: Json }> {
  const found = new Map<string, { method: string; path: string; op: Json; item: Json }>();
  for (const [p, item] of Object.entries(isObject(doc.paths) ? doc.paths : {})) {
    if (!isObject(item)) continue;
    for (const method of METHODS) {
      const op = item[method];
      if (isObject(op)) found.set(`${method.toUpperCase()} ${p}`, { method, path: p, op, item });
    }
  }
  return found;
}

const text = (v: unknown, fallback: string): string => (typeof v === 'string' ? v : fallback);
const firstUrl = (servers: unknown): string | undefined => {
  const first = asArray(servers)[0];
  return isObject(first) && typeof first.url === 'string' ? first.url : undefined;
};
const serverOf = (doc: Json, item: Json, op: Json): string =>
  firstUrl(op.servers) ?? firstUrl(item.servers) ?? firstUrl(doc.servers) ?? '/';

/** Compares two schemas in one direction; `where` names the place for the message. */
function compareSchemas(
  docs: { before: Json; after: Json },
  before: unknown,
  after: unknown,
  direction: Direction,
  where: string,
  report: (message: string) => void,
  seen: Set<string> = new Set(),
): void {
  const key = `${JSON.stringify((before as Json | undefined)?.$ref)}|${JSON.stringify((after as Json | undefined)?.$ref)}|${where}`;
  if (isObject(before) && isObject(after) && (before.$ref !== undefined || after.$ref !== undefined)) {
    if (seen.has(key)) return;
    seen.add(key);
  }
  const b = resolve(docs.before, before);
  const a = resolve(docs.after, after);
  if (!isObject(b) || !isObject(a)) return;
  const [bt, at] = [types(b), types(a)];
  if (bt.length > 0 && at.length > 0) {
    // integer is a number: integer → number widens a request, number → integer widens an answer.
    const accepts = (set: string[], t: string) =>
      set.includes(t) || (t === 'integer' && set.includes('number'));
    const lost =
      direction === 'request' ? bt.filter((t) => !accepts(at, t)) : at.filter((t) => !accepts(bt, t));
    if (lost.length > 0) report(`${where}: type changed from ${bt.join('|')} to ${at.join('|')}`);
  }
  // A new value in an answer's enum is not counted: message keys grow with every release (oasdiff too only warns).
  if (direction === 'request' && Array.isArray(a.enum)) {
    const [be, ae] = [
      asArray(b.enum).map((v) => JSON.stringify(v)),
      asArray(a.enum).map((v) => JSON.stringify(v)),
    ];
    const removed = Array.isArray(b.enum) ? be.filter((v) => !ae.includes(v)) : ['(any value)'];
    if (removed.length > 0) report(`${where}: enum narrowed (no longer accepts ${removed.join(', ')})`);
  }
  const [bReq, aReq] = [asArray(b.required).map(String), asArray(a.required).map(String)];
  const [bProps, aProps] = [
    isObject(b.properties) ? b.properties : {},
    isObject(a.properties) ? a.properties : {},
  ];
  if (direction === 'request')
    for (const name of aReq.filter((n) => !bReq.includes(n)))
      report(`${where}: new required property ${name}`);
  else
    for (const name of bReq.filter((n) => n in bProps))
      if (!(name in aProps)) report(`${where}: property ${name} removed`);
      else if (!aReq.includes(name)) report(`${where}: property ${name} no longer required`);
  for (const name of Object.keys(bProps))
    if (name in aProps)
      compareSchemas(docs, bProps[name], aProps[name], direction, `${where}.${name}`, report, seen);
  if (b.items !== undefined && a.items !== undefined)
    compareSchemas(docs, b.items, a.items, direction, `${where}[]`, report, seen);
  if (isObject(b.additionalProperties) && isObject(a.additionalProperties))
    compareSchemas(
      docs,
      b.additionalProperties,
      a.additionalProperties,
      direction,
      `${where}{}`,
      report,
      seen,
    );
  for (const combiner of ['allOf', 'oneOf', 'anyOf']) {
    const [bl, al] = [asArray(b[combiner]), asArray(a[combiner])];
    // A union with a bare `{ type }` branch (an open enum: "a MessageKey, or another string") accepts and may answer
    // any value of that type whatever its other branches say.
    const open = (list: unknown[], doc: Json) =>
      list.some((x) => {
        const r = resolve(doc, x);
        return isObject(r) && Object.keys(r).every((k) => k === 'type' || k === 'description');
      });
    if (combiner !== 'allOf' && (open(bl, docs.before) || open(al, docs.after))) continue;
    for (let i = 0; i < Math.min(bl.length, al.length); i++)
      compareSchemas(docs, bl[i], al[i], direction, `${where}.${combiner}[${String(i)}]`, report, seen);
  }
}

/** What the current contract breaks for a client of the released one. */
export function breakingChanges(released: Json, current: Json): BreakingChange[] {
  const changes: BreakingChange[] = [];
  const docs = { before: released, after: current };
  const afterOps = operations(current);
  for (const [key, before] of operations(released)) {
    const operationId = text(before.op.operationId, key);
    const report = (message: string) =>
      changes.push({ operationId, message: `${operationId} (${key}): ${message}` });
    const after = afterOps.get(key);
    if (!after) {
      report('operation removed');
      continue;
    }
    if (after.op.operationId !== before.op.operationId)
      report(`operationId changed to ${String(after.op.operationId)} (the SDK function's name)`);
    const [bServer, aServer] = [
      serverOf(released, before.item, before.op),
      serverOf(current, after.item, after.op),
    ];
    if (bServer !== aServer) report(`moved from server ${bServer} to ${aServer}`);

    const params = (doc: Json, item: Json, op: Json) =>
      new Map(
        [...asArray(item.parameters), ...asArray(op.parameters)]
          .map((p) => resolve(doc, p))
          .filter(isObject)
          .map((p) => [`${String(p.in)} ${String(p.name)}`, p] as const),
      );
    const [bParams, aParams] = [
      params(released, before.item, before.op),
      params(current, after.item, after.op),
    ];
    for (const [name, p] of aParams) {
      const old = bParams.get(name);
      if (p.required === true && old?.required !== true)
        report(`${old ? 'parameter made required' : 'new required parameter'}: ${name}`);
      if (old) compareSchemas(docs, old.schema, p.schema, 'request', `parameter ${name}`, report);
    }

    const [bBody, aBody] = [resolve(released, before.op.requestBody), resolve(current, after.op.requestBody)];
    if (isObject(aBody) && aBody.required === true && !(isObject(bBody) && bBody.required === true))
      report('request body made required');
    if (isObject(bBody) && isObject(bBody.content)) {
      const aContent = isObject(aBody) && isObject(aBody.content) ? aBody.content : {};
      for (const [media, m] of Object.entries(bBody.content)) {
        if (!(media in aContent)) report(`request body no longer accepts ${media}`);
        else
          compareSchemas(
            docs,
            (m as Json).schema,
            (aContent[media] as Json).schema,
            'request',
            'request body',
            report,
          );
      }
    }

    const [bResponses, aResponses] = [
      isObject(before.op.responses) ? before.op.responses : {},
      isObject(after.op.responses) ? after.op.responses : {},
    ];
    for (const [status, r] of Object.entries(bResponses)) {
      const aResponse = resolve(current, aResponses[status]);
      if (!isObject(aResponse)) {
        if (/^2/.test(status)) report(`answer ${status} removed`);
        continue;
      }
      const bResponse = resolve(released, r);
      if (!isObject(bResponse) || !isObject(bResponse.content)) continue;
      const aContent = isObject(aResponse.content) ? aResponse.content : {};
      for (const [media, m] of Object.entries(bResponse.content)) {
        if (!(media in aContent)) report(`answer ${status} no longer ${media}`);
        else
          compareSchemas(
            docs,
            (m as Json).schema,
            (aContent[media] as Json).schema,
            'response',
            `answer ${status}`,
            report,
          );
      }
    }
  }
  return changes;
}

export interface Changeset {
  file: string;
  releases: Record<string, string>;
  summary: string;
}

/** The pending changesets (`.changeset/*.md`: a front matter of `'package': bump` lines, then the text). */
export function readChangesets(dir: string = CHANGESET_DIR): Changeset[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.md') && f !== 'README.md')
    .map((file) => {
      const text = readFileSync(path.join(dir, file), 'utf8');
      const match = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(text);
      const releases: Record<string, string> = {};
      for (const line of (match?.[1] ?? '').split('\n')) {
        const entry = /^\s*['"]?([^'":]+)['"]?\s*:\s*(major|minor|patch)\s*$/.exec(line);
        if (entry?.[1] && entry[2]) releases[entry[1].trim()] = entry[2];
      }
      return { file, releases, summary: (match?.[2] ?? '').trim() };
    });
}

/**
 * The breaking changes no pending major changeset announces: one of a package that carries the contract, whose text
 * names the broken operation (its operationId), so the changelog lists what broke.
 */
export function unannounced(changes: BreakingChange[], changesets: Changeset[]): BreakingChange[] {
  const majors = changesets.filter((c) => CONTRACT_PACKAGES.some((p) => c.releases[p] === 'major'));
  return changes.filter(
    (change) => !majors.some((c) => new RegExp(`\\b${change.operationId}\\b`).test(c.summary)),
  );
}

function main(): void {
  const read = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as Json;
  const changes = breakingChanges(read(RELEASED_JSON), read(CURRENT_JSON));
  const missing = unannounced(changes, readChangesets());
  if (missing.length === 0) {
    console.log(
      changes.length === 0
        ? 'No breaking change against the released contract.'
        : `${String(changes.length)} breaking change(s), each named by a major changeset:`,
    );
    for (const change of changes) console.log(`  - ${change.message}`);
    return;
  }
  console.error(`Breaking changes against the released contract (openapi/released/openapi.json):`);
  for (const change of missing) console.error(`  - ${change.message}`);
  console.error(
    `\nEither keep the contract compatible, or add a changeset (pnpm changeset) with a major bump of ` +
      `${CONTRACT_PACKAGES.join(' or ')} whose text names each operation above and says what broke.`,
  );
  process.exitCode = 1;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main();

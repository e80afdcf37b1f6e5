// Check class "methods": on every path of the contract, every method it does not define there — the usual ones,
// HEAD where GET is not defined, and uncommon or new ones (QUERY, PROPFIND) — is answered 405 with an `Allow` header
// naming exactly the methods the path defines (HEAD with GET; OPTIONS may be added), RFC 9110 15.5.6. Where path
// templates shadow one another (`/api/projects/share` is also an instance of `/api/projects/{id}`), a concrete path
// matches the most specific one (OpenAPI 3.1: concrete paths before templated ones; here, segment by segment), so
// `GET /api/projects/share` is a 405 naming the share path's methods, not `getProject` with the id "share".
import type { Operation } from '../contract.ts';
import type { Run, OperationResult, Session } from '../types.ts';

/** The methods tried on every path (those the path defines are skipped). */
export const PROBE_METHODS: readonly string[] = [
  'GET',
  'HEAD',
  'PUT',
  'POST',
  'DELETE',
  'PATCH',
  'QUERY',
  'PROPFIND',
];

interface PathEntry {
  template: string;
  segments: string[];
  pattern: RegExp;
  ops: Operation[];
}

/** The contract's paths (with their server prefix), each with the operations it defines. */
export function contractPaths(ops: Operation[]): PathEntry[] {
  const byPath = new Map<string, Operation[]>();
  for (const op of ops) {
    const key = op.serverPrefix + op.path;
    byPath.set(key, [...(byPath.get(key) ?? []), op]);
  }
  return [...byPath].map(([template, list]) => ({
    template,
    segments: template.split('/'),
    pattern: new RegExp(
      `^${template
        .split(/\{[^}]+\}/)
        .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
        .join('[^/]+')}$`,
    ),
    ops: list,
  }));
}

/** The path a concrete URL path matches: of those whose template matches, the first literal segment wins. */
export function matchPath(paths: PathEntry[], url: string): PathEntry | undefined {
  const matching = paths.filter((p) => p.pattern.test(url));
  const literal = (p: PathEntry, i: number) => !/^\{[^}]+\}$/.test(p.segments[i] ?? '');
  return matching.sort((a, b) => {
    for (let i = 0; i < Math.max(a.segments.length, b.segments.length); i++) {
      const la = literal(a, i);
      const lb = literal(b, i);
      if (la !== lb) return la ? -1 : 1;
    }
    return 0;
  })[0];
}

/** The Allow header's methods the path's operations call for (HEAD goes with GET). */
export function allowedFor(entry: PathEntry): string[] {
  const methods = new Set(entry.ops.map((o) => o.method));
  if (methods.has('GET')) methods.add('HEAD');
  return [...methods].sort();
}

export async function undeclaredMethods(
  run: Run,
  results: OperationResult[],
  session: Session | undefined,
): Promise<void> {
  if (!session) return;
  const paths = contractPaths(run.contract.operations);
  const only = new Set(run.opts.operations);
  for (const entry of paths) {
    if (only.size > 0 && !entry.ops.some((o) => only.has(o.operationId))) continue;
    const first = entry.ops.find((o) => only.size === 0 || only.has(o.operationId));
    const result = first ? results.find((x) => x.operationId === first.operationId) : undefined;
    const req = first ? run.sample(first, run.opts.seed, 'absent') : undefined;
    if (!first || !result || !req) continue;
    // The concrete path as a request names it (query parameters stay: some servers read them first).
    const concrete = req.url.split('?')[0] ?? req.url;
    // The path the URL really is (a more specific template may shadow this one): its methods are the ones allowed.
    const winner = matchPath(paths, concrete) ?? entry;
    const allowed = allowedFor(winner);
    for (const method of PROBE_METHODS) {
      if (allowed.includes(method)) continue;
      // As an API client asks (a browser's navigation, Accept: text/html, may get the portal's page instead).
      const r = await run.send(method, req.url, session.cookie, { accept: 'application/json' });
      result.requests++;
      result.exercised.negative++;
      if (r.status >= 400 && r.status < 500) result.exercised.refused++;
      const find = run.finder(
        result,
        first,
        session,
        'negative',
        { method, url: req.url, headers: { accept: 'application/json' } },
        r,
      );
      const allow = (r.headers.get('allow') ?? '')
        .split(',')
        .map((m) => m.trim().toUpperCase())
        .filter((m) => m !== '' && m !== 'OPTIONS');
      const shadow =
        winner === entry ? '' : ` (the path is ${winner.template}, which shadows ${entry.template})`;
      if (r.status !== 405)
        find(
          'method-not-allowed',
          `${method} ${concrete} (not in the contract${shadow}) was answered ${String(r.status)}, not 405`,
          r.status,
        );
      else if (allow.length !== allowed.length || !allowed.every((m) => allow.includes(m)))
        find(
          'method-not-allowed',
          `405 with Allow ${JSON.stringify(r.headers.get('allow'))}, expected ${allowed.join(', ')}${shadow}`,
          r.status,
        );
    }
  }
}

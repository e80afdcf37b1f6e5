// Check class "headers": what the contract declares about an answer's headers. A header it marks required for the
// answered status (Location of a 201 or 302, Retry-After of a 429) is there and its value fits the header's schema
// (`response-headers`). The session cookie (the cookie security scheme's name), wherever an answer sets it, carries
// the attributes the contract declares for it in the sign-in's Set-Cookie header (`session-cookie`): HttpOnly,
// the SameSite and Path it names, and Secure when the server is reached over https. The Location of an accepted
// 201 names something its creator can read: where it is a path of the contract with a GET, that GET answers 2xx
// (`location-resolves`).
import type { Json, Operation } from '../contract.ts';
import { carriedOut, isAccepted } from '../http.ts';
import type { Find, OperationResult, Run, Sent, Session } from '../types.ts';
import { contractPaths, matchPath } from './methods.ts';

export function checkResponseHeaders(run: Run, op: Operation, r: Sent, find: Find): void {
  const spec = op.responses[String(r.status)];
  if (!spec) return;
  for (const [name, h] of Object.entries(spec.headerSpecs)) {
    if (name === 'set-cookie') continue;
    const value = r.headers.get(name);
    if (value === null) {
      if (h.required)
        find('response-headers', `${String(r.status)} without its required ${name} header`, r.status, {
          expected: `a ${name} header (required for ${String(r.status)})`,
          got: 'no such header',
        });
      continue;
    }
    const fits = run.validator(op, `${String(r.status)} header ${name}`, 'value', h.schema);
    if (!fits(value))
      find(
        'response-headers',
        `${name}: ${JSON.stringify(value)} does not fit its schema (${fits.errors?.[0]?.message ?? ''})`,
        r.status,
      );
  }
}

/** The attributes the contract declares for the session cookie, read from the sign-in's Set-Cookie description. */
export interface CookieRule {
  name: string;
  httpOnly: boolean;
  sameSite: string | undefined;
  path: string | undefined;
  secureOverHttps: boolean;
}

export function sessionCookieRule(run: Run): CookieRule | undefined {
  const schemes = ((run.contract.doc.components as Json | undefined)?.securitySchemes ?? {}) as Record<
    string,
    Json
  >;
  const scheme = Object.values(schemes).find((s) => s.type === 'apiKey' && s.in === 'cookie');
  if (typeof scheme?.name !== 'string') return undefined;
  const signIn = run.contract.operations.find((o) => o.operationId === 'signIn');
  const text = signIn?.responses['200']?.headerSpecs['set-cookie']?.description ?? '';
  return {
    name: scheme.name,
    httpOnly: /httponly/i.test(text),
    sameSite: /samesite=(\w+)/i.exec(text)?.[1],
    path: /\bpath=([^\s;,)]+)/i.exec(text)?.[1],
    secureOverHttps: /secure\b[^.;]*https/i.test(text),
  };
}

/** Every Set-Cookie of the session cookie with a value (not the one clearing it) has the declared attributes. */
export function checkSessionCookie(run: Run, rule: CookieRule | undefined, r: Sent, find: Find): void {
  if (!rule) return;
  for (const line of r.headers.getSetCookie()) {
    const [pair = '', ...rest] = line.split(';');
    const [name = '', value = ''] = pair.split('=');
    if (name.trim() !== rule.name || value.trim() === '') continue;
    const attrs = new Map(
      rest.map((a) => {
        const [k = '', ...v] = a.split('=');
        return [k.trim().toLowerCase(), v.join('=').trim()] as const;
      }),
    );
    const missing: string[] = [];
    if (rule.httpOnly && !attrs.has('httponly')) missing.push('HttpOnly');
    if (rule.sameSite && attrs.get('samesite')?.toLowerCase() !== rule.sameSite.toLowerCase())
      missing.push(`SameSite=${rule.sameSite}`);
    if (rule.path && attrs.get('path') !== rule.path) missing.push(`Path=${rule.path}`);
    if (rule.secureOverHttps && run.opts.baseUrl.startsWith('https:') && !attrs.has('secure'))
      missing.push('Secure (the server is reached over https)');
    if (missing.length > 0)
      find(
        'session-cookie',
        `the session cookie ${rule.name} is set without ${missing.join(', ')}: ${JSON.stringify(line.replace(/=[^;]*/, '=…'))}`,
        r.status,
        { expected: `${rule.name} with ${missing.join(', ')}`, got: line.replace(/=[^;]*/, '=…') },
      );
  }
}

/** A 201's Location, where the contract has a GET for its path, is read by the creator and answered 2xx. */
export async function checkLocation(
  run: Run,
  op: Operation,
  session: Session,
  r: Sent,
  result: OperationResult,
  find: Find,
): Promise<void> {
  const location = r.status === 201 && carriedOut(r) ? r.headers.get('location') : null;
  if (!location) return;
  const target = URL.parse(location, `${run.opts.baseUrl}/`);
  const root = URL.parse(run.opts.baseUrl)?.pathname.replace(/\/$/, '') ?? '';
  if (!target || target.origin !== URL.parse(run.opts.baseUrl)?.origin) return;
  const path = target.pathname.startsWith(root) ? target.pathname.slice(root.length) : target.pathname;
  const entry = matchPath(contractPaths(run.contract.operations), path);
  if (!entry?.ops.some((o) => o.method === 'GET')) return;
  const back = await run.send('GET', path + target.search, session.cookie, {});
  result.requests++;
  if (!isAccepted(back))
    find(
      'location-resolves',
      `the Location ${JSON.stringify(location)} of the 201 (${entry.template}) is answered ${String(back.status)} to its creator`,
      back.status,
      { expected: `GET ${path} answered 2xx`, got: `HTTP ${String(back.status)}` },
    );
}

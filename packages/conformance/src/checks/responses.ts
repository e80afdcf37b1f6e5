// Check class "responses": every answer, whatever case sent it, against what the operation declares — a status it
// declares (`status-declared`), a content type declared for that status (`content-type`), a body matching that
// status's schema (`response-schema`), the logged-out header on 401 and no undeclared value of it
// (`logged-out-header`), no 5xx (`server-error`) and an answer at all (`transport`). The envelope's own semantics
// follow (./envelope.ts).
import type { Operation } from '../contract.ts';
import type { Run, Finding, OperationResult, Session } from '../types.ts';
import { INVALID_JSON, isJson, type Sent } from '../http.ts';
import { checkEnvelope } from './envelope.ts';
import { checkResponseHeaders, checkSessionCookie, sessionCookieRule } from './headers.ts';

export const LOGGED_OUT_HEADER = 'x-logged-out';

export function checkAnswer(
  run: Run,
  op: Operation,
  session: Session,
  r: Sent,
  req: Finding['request'],
  kind: Finding['kind'],
  result: OperationResult,
): void {
  const find = run.finder(result, op, session, kind, req, r);
  if (r.status === 0) {
    find('transport', `no answer: ${r.text}`);
    return;
  }
  if (r.status >= 500) find('server-error', `answered ${String(r.status)}`, r.status);
  const spec =
    op.responses[String(r.status)] ?? op.responses[`${String(r.status)[0] ?? ''}XX`] ?? op.responses.default;
  if (!spec) {
    find(
      'status-declared',
      `status ${String(r.status)} is not declared (declared: ${Object.keys(op.responses).join(', ')})`,
      r.status,
      { expected: `a declared status: ${Object.keys(op.responses).join(', ')}`, got: String(r.status) },
    );
    return;
  }
  checkResponseHeaders(run, op, r, find);
  checkSessionCookie(run, sessionCookieRule(run), r, find);
  const logged = r.headers.get(LOGGED_OUT_HEADER);
  if (r.status === 401 && logged !== '1')
    find('logged-out-header', `401 without ${LOGGED_OUT_HEADER}: 1`, r.status);
  if (logged !== null && logged !== '1' && logged !== '0')
    find(
      'logged-out-header',
      `${LOGGED_OUT_HEADER} has the undeclared value ${JSON.stringify(logged)}`,
      r.status,
    );
  const declaredTypes = Object.keys(spec.content);
  if (declaredTypes.length === 0) return;
  if (
    !declaredTypes.includes(r.contentType) &&
    !declaredTypes.some((t) => t.endsWith('/*') && r.contentType.startsWith(t.slice(0, -1)))
  ) {
    find(
      'content-type',
      `content type ${JSON.stringify(r.contentType)} is not declared for ${String(r.status)} (declared: ${declaredTypes.join(', ')})`,
      r.status,
    );
    return;
  }
  if (!isJson(r.contentType)) return;
  if (r.body === INVALID_JSON || r.body === undefined) {
    find('response-schema', 'the body is not JSON', r.status);
    return;
  }
  const schema = spec.content[r.contentType];
  if (schema) {
    const validate = run.validator(op, String(r.status), r.contentType, schema);
    if (!validate(r.body)) {
      const e = validate.errors?.[0];
      // A value outside a declared enum names the allowed values and the value sent.
      const allowed =
        e?.keyword === 'enum' ? (e.params as { allowedValues?: unknown[] }).allowedValues : undefined;
      const outside = allowed
        ? ` (${allowed.map((v) => JSON.stringify(v)).join(', ')}), got ${JSON.stringify(at(r.body, e?.instancePath ?? ''))}`
        : '';
      find(
        'response-schema',
        `body does not match the ${String(r.status)} schema: ${e?.instancePath ?? ''} ${e?.message ?? ''}${outside}`.trim(),
        r.status,
      );
    }
  }
  checkEnvelope(run, r, find);
}

/** The value at a JSON pointer of ajv's instancePath. */
function at(body: unknown, pointer: string): unknown {
  let v = body;
  for (const part of pointer.split('/').slice(1)) {
    const key = part.replace(/~1/g, '/').replace(/~0/g, '~');
    v = v !== null && typeof v === 'object' ? (v as Record<string, unknown>)[key] : undefined;
  }
  return v;
}

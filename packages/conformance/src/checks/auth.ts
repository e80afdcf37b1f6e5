// Check class "auth": who may call an operation, by its security alternatives (`security` lists `cookieAuth`, `{}`
// for anonymous callers, or both). A caller its security does not allow is refused: an anonymous caller of a
// cookie-only operation gets 401 with `X-Logged-Out: 1` (not the data, not another status). And the other way
// round, a caller it does allow is not refused as unauthenticated: a signed-in caller is never answered 401, and an
// operation open to anonymous callers only (`security: [{}]`) never answers them 401. (Where both are listed, a 401
// to an anonymous caller may be the object's: a project that is not published needs a session.)
import type { Operation } from '../contract.ts';
import type { Run, Find, OperationResult, Session } from '../types.ts';
import { requestOf, type Sent } from '../http.ts';

/**
 * The anonymous caller of a session-only operation: one request (any values), answered 401. True when that was the
 * caller's whole case (no positive or negative cases follow: the server refuses them all the same way).
 */
export async function checkAuth(
  run: Run,
  op: Operation,
  session: Session,
  result: OperationResult,
  seed: number,
): Promise<boolean> {
  if (session.cookie || op.anonymous) return false;
  const req = run.sample(op, seed, 'any');
  if (!req) {
    result.skipped.push(`${session.caller.name}: no request could be built`);
    return true;
  }
  const r = await run.sendRequest(req, session);
  result.requests++;
  result.exercised.auth++;
  const sentReq = requestOf(req);
  if (r.status !== 401)
    run.finder(
      result,
      op,
      session,
      'auth',
      sentReq,
      r,
    )(
      'auth',
      `a session-only operation answered an anonymous caller ${String(r.status)} (expected 401)`,
      r.status,
    );
  run.checkAnswer(op, session, r, sentReq, 'auth', result);
  return true;
}

/** A positive case's answer: a caller the operation's security allows is not refused as unauthenticated. */
export function checkAllowedCaller(op: Operation, session: Session, r: Sent, find: Find): void {
  if (r.status !== 401) return;
  if (session.cookie) find('auth', 'a signed-in caller was answered 401', r.status);
  else if (op.anonymous && !op.session)
    find('auth', 'an operation open to anonymous callers only (security {}) answered 401', r.status);
}

// Check class "reads": what HTTP promises about a read beyond its schemas, once per GET operation by the first
// signed-in caller. A query parameter the contract does not name is ignored, so an older server keeps answering a
// newer client: the read with one more parameter answers the status it answers without it (`unknown-parameter`).
// HEAD of the same read answers the GET's status and content type (`head-like-get`, RFC 9110 9.3.2). Reads a server throttles (a declared 429) and event streams are left out: asking them twice says nothing.
import type { Operation } from '../contract.ts';
import { isAccepted } from '../http.ts';
import type { OperationCases, Run, Sent, Session, OperationResult } from '../types.ts';

/** The parameter no contract names (a server must not refuse it). */
export const UNKNOWN_PARAMETER = 'conformanceUnknown';

/** Whether a read can be asked several times and its answers compared. */
export function comparableRead(op: Operation): boolean {
  if (op.method !== 'GET' || op.responses['429'] !== undefined) return false;
  return !Object.values(op.responses).some((r) => 'text/event-stream' in r.content);
}

export const readCases: OperationCases = async (run, op, session, result, seed) => {
  if (!comparableRead(op)) return;
  const req = run.sample(op, seed + 900, 'any');
  if (!req) return;
  const base = await sendRead(run, op, session, result, req.url);
  if (base.status === 0) return;
  const unknown = `${req.url}${req.url.includes('?') ? '&' : '?'}${UNKNOWN_PARAMETER}=1`;
  const extra = await sendRead(run, op, session, result, unknown);
  if (extra.status !== base.status)
    run.finder(
      result,
      op,
      session,
      'positive',
      { method: 'GET', url: unknown },
      extra,
    )(
      'unknown-parameter',
      `the query parameter ${UNKNOWN_PARAMETER}, which the contract does not name, changed the answer from ${String(base.status)} to ${String(extra.status)}`,
      extra.status,
      { expected: `HTTP ${String(base.status)}, as without it`, got: `HTTP ${String(extra.status)}` },
    );
  const head = await run.send('HEAD', req.url, session.cookie, {});
  result.requests++;
  const got = `${String(head.status)} ${head.contentType || '(no content type)'}`;
  const want = `${String(base.status)} ${base.contentType || '(no content type)'}`;
  if (got !== want)
    run.finder(
      result,
      op,
      session,
      'positive',
      { method: 'HEAD', url: req.url },
      head,
    )('head-like-get', `HEAD was answered ${got}, GET ${want}`, head.status, {
      expected: `HTTP ${want}`,
      got: `HTTP ${got}`,
    });
};

async function sendRead(
  run: Run,
  op: Operation,
  session: Session,
  result: OperationResult,
  url: string,
): Promise<Sent> {
  const r = await run.send('GET', url, session.cookie, {});
  result.requests++;
  result.exercised.positive++;
  if (isAccepted(r)) result.exercised.accepted++;
  run.checkAnswer(op, session, r, { method: 'GET', url, headers: {} }, 'positive', result);
  return r;
}

// Check class "media": the request body's media type is part of the contract. A JSON body sent as `text/plain`, a
// type the operation does not declare, is refused with a declared 4xx and never carried out (`request-media-type`):
// text/plain is one of the types a browser sends cross-site without asking first (a "simple request"), so a server
// that reads it as JSON can be written to by any page its users visit. Once per operation with a JSON body, by the
// first signed-in caller, with a body the contract accepts (as application/json).
import { carriedOut, requestOf } from '../http.ts';
import type { OperationCases } from '../types.ts';

export const UNDECLARED_TYPE = 'text/plain';

export const mediaTypeCases: OperationCases = async (run, op, session, result, seed) => {
  if (!('application/json' in op.body) || UNDECLARED_TYPE in op.body) return;
  const valid = run.sample(op, seed + 800, op.write ? 'owned' : 'any');
  if (!valid?.bodyText || valid.mediaType !== 'application/json') return;
  const req = { ...valid, headers: { ...valid.headers, 'content-type': UNDECLARED_TYPE } };
  const r = await run.sendRequest(req, session);
  result.requests++;
  result.exercised.negative++;
  const sent = requestOf(req);
  run.checkAnswer(op, session, r, sent, 'negative', result);
  if (carriedOut(r))
    run.finder(
      result,
      op,
      session,
      'negative',
      sent,
      r,
    )(
      'request-media-type',
      `a JSON body sent as ${UNDECLARED_TYPE} (declared: ${Object.keys(op.body).join(', ')}) was carried out: HTTP ${String(r.status)}`,
      r.status,
      {
        expected: `refused with a declared 4xx (415 where declared): ${UNDECLARED_TYPE} is not declared`,
        got: `HTTP ${String(r.status)}`,
      },
    );
};

// Check class "positive": requests the contract accepts — generated from the operation's parameter and body schemas,
// kept only when the whole schema (if/then, patterns) accepts them, with ids the run created for writes — are not
// refused as malformed (`positive-accepted`: a 400 `validate_info`/`emptyfield` or a 415 means the server has a rule
// the contract does not state). A body the contract marks optional is also left out once: the request without it
// is accepted too. Every answer also goes through the answer checks (./responses.ts) and the caller's security
// (./auth.ts); creations start the stateful sequences (./stateful.ts).
import type { Json, Operation } from '../contract.ts';
import type { Run, Find, OperationCases, OperationResult, Session } from '../types.ts';
import { isAccepted, type BuiltRequest, type Sent, requestOf } from '../http.ts';
import { checkAllowedCaller } from './auth.ts';
import { checkLocation } from './headers.ts';
import { followUp, recordStep } from './stateful.ts';

/** Operations that change the signed-in account itself (not data the engine created). */
export const ACCOUNT_OPS = new Set([
  'saveProfile',
  'setAccountLanguage',
  'setAccountCountry',
  'acceptTerms',
  'setCulture',
]);

export const positiveCases: OperationCases = async (run, op, session, result, seed) => {
  if (op.write && ACCOUNT_OPS.has(op.operationId) && !run.opts.accountWrites && !session.created) {
    result.skipped.push(`${session.caller.name}: changes the caller's own account (use --account-writes)`);
    return;
  }
  let first: BuiltRequest | undefined;
  for (let i = 0; i < run.opts.budget; i++) {
    const sampled = run.sample(op, seed + i, op.write ? 'owned' : 'any');
    if (!sampled) {
      result.skipped.push(`${session.caller.name}: positive cases need ids the run did not create`);
      break;
    }
    // The first case of a write is its smallest one: the optional parameters left out (the run's own ids kept), so
    // every seed sends one write that a generated optional reference to nothing cannot spoil.
    const req = i === 0 && op.write ? minimal(run, op, sampled) : sampled;
    first ??= req;
    await sendPositive(run, op, session, result, req);
  }
  // A body the contract marks optional, left out: the same request without it.
  if (first && first.mediaType !== undefined && !op.bodyRequired) {
    const bare = run.build(op, first.values, undefined, undefined);
    await sendPositive(run, op, session, result, bare, 'without its optional body');
  }
};

/** The request without its optional parameters, except those naming an object the run created. */
function minimal(run: Run, op: Operation, req: BuiltRequest): BuiltRequest {
  const owned = new Set(req.owned.map((q) => q.id));
  const values = Object.fromEntries(
    Object.entries(req.values).filter(([key, v]) => {
      const p = op.parameters.find((x) => `${x.in}:${x.name}` === key);
      return p?.required === true || owned.has(v);
    }),
  );
  return run.build(op, values, req.mediaType, req.body);
}

async function sendPositive(
  run: Run,
  op: Operation,
  session: Session,
  result: OperationResult,
  req: BuiltRequest,
  what = '',
): Promise<void> {
  const r = await run.sendRequest(req, session);
  result.requests++;
  result.exercised.positive++;
  if (isAccepted(r)) result.exercised.accepted++;
  const sentReq = requestOf(req);
  run.checkAnswer(op, session, r, sentReq, 'positive', result);
  recordStep(run, op, session, r, req.owned);
  const find = run.finder(result, op, session, 'positive', sentReq, r);
  checkAllowedCaller(op, session, r, find);
  checkNotMalformed(r, find, what);
  await checkLocation(run, op, session, r, result, find);
  await followUp(run, op, session, req, r, result);
}

/** A request the schemas accept, refused as malformed: a rule the contract does not state. */
export function checkNotMalformed(r: Sent, find: Find, what = ''): void {
  if (r.status !== 400 && r.status !== 415) return;
  const env = r.body as Json | null;
  const key = typeof env?.ResourceKey === 'string' ? env.ResourceKey : '';
  if (r.status === 415 || key === 'validate_info' || key === 'emptyfield')
    find(
      'positive-accepted',
      `a request the contract accepts${what ? ` (${what})` : ''} was refused ${String(r.status)} ${key}: ${typeof env?.Message === 'string' ? env.Message : ''}`,
      r.status,
      {
        expected:
          'not refused as malformed (the schemas accept the request): no 400 validate_info/emptyfield, no 415',
        got: `HTTP ${String(r.status)} ${key}`.trim(),
      },
    );
}

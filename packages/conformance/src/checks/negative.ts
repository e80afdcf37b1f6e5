// Check class "negative": requests the contract refuses — each breaks exactly one part of a valid request (a
// required query parameter missing, a value against its schema: type, enum, pattern, length, bounds, a required body
// property missing, the required body missing) and uses ids that cannot exist, so nothing real is touched — are
// refused with a 4xx the operation declares (`negative-refused`), and the refusal names a declared message key
// (./envelope.ts). A seeded sample of `negatives` of them per operation and caller is sent.
import { violations } from '../arbitraries.ts';
import type { Operation } from '../contract.ts';
import type { Run, OperationCases } from '../types.ts';
import { requestOf, type BuiltRequest } from '../http.ts';
import { checkRefusalKey } from './envelope.ts';

export const negativeCases: OperationCases = async (run, op, session, result, seed) => {
  const base = run.sample(op, seed + 500, 'absent');
  if (!base) return;
  const broken = breakings(run, op, base);
  for (const i of run.pick(broken.length, run.opts.negatives, seed)) {
    const b = broken[i];
    if (!b) continue;
    const r = await run.sendRequest(b.req, session);
    result.requests++;
    result.exercised.negative++;
    const sentReq = requestOf(b.req);
    run.checkAnswer(op, session, r, sentReq, 'negative', result);
    const find = run.finder(result, op, session, 'negative', sentReq, r);
    if (r.status < 400)
      find(
        'negative-refused',
        `a request the contract refuses (${b.name}) was answered ${String(r.status)}`,
        r.status,
        { expected: `refused with a declared 4xx (${b.name})`, got: `HTTP ${String(r.status)}` },
      );
    else checkRefusalKey(run, op, r, b.name, find);
  }
};

/** Requests the contract refuses: each breaks one parameter or one part of the body. */
export function breakings(
  run: Run,
  op: Operation,
  base: BuiltRequest,
): { name: string; req: BuiltRequest }[] {
  const out: { name: string; req: BuiltRequest }[] = [];
  for (const p of op.parameters) {
    if (p.in !== 'path' && p.in !== 'query') continue;
    const key = `${p.in}:${p.name}`;
    if (p.required && p.in === 'query') {
      const values = Object.fromEntries(Object.entries(base.values).filter(([k]) => k !== key));
      out.push({ name: `query ${p.name} missing`, req: run.build(op, values, base.mediaType, base.body) });
    }
    for (const v of violations(run.contract, p.schema, base.values[key])) {
      if (p.in === 'path' && v.name === 'string below minLength') continue;
      if (
        v.name.startsWith('array') ||
        v.name.startsWith('object') ||
        (v.name === 'fraction for integer' && p.in === 'path')
      )
        continue;
      out.push({
        name: `${p.in} ${p.name}: ${v.name}`,
        req: run.build(op, { ...base.values, [key]: v.value }, base.mediaType, base.body),
      });
    }
  }
  const [mediaType, schema] = Object.entries(op.body)[0] ?? [];
  if (mediaType && schema && !mediaType.startsWith('multipart/')) {
    for (const v of violations(run.contract, schema, base.body)) {
      // Form bodies carry text only: type confusions cannot be expressed there.
      if (mediaType !== 'application/json' && /as text|for array|for object|fraction/.test(v.name)) continue;
      out.push({ name: `body ${v.name}`, req: run.build(op, base.values, mediaType, v.value) });
    }
    if (op.bodyRequired)
      out.push({
        name: 'body missing',
        req: { ...run.build(op, base.values, undefined, undefined), headers: { 'content-type': mediaType } },
      });
  }
  return out;
}

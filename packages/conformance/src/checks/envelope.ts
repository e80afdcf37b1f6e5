// Check class "envelope": semantics of the generic envelope no generic OpenAPI tool knows. A refusal's
// `StatusCode` mirrors its HTTP status; an envelope refusal (HTTP 200 with another `StatusCode`, or any 4xx) names
// a message key the contract declares (`components.schemas.MessageKey`) in `ResourceKey` or `ErrorState.ErrorCode`,
// so a client can translate it. Services with their own documented error shape (no `ResourceKey` in the schema)
// are exempt.
import { flatten } from '../arbitraries.ts';
import type { Json, Operation } from '../contract.ts';
import type { Run, Find } from '../types.ts';
import { isJson, type Sent } from '../http.ts';

/** An answer's envelope: StatusCode mirrors the HTTP status of a refusal; a refusal names a declared key. */
export function checkEnvelope(run: Run, r: Sent, find: Find): void {
  const env = r.body as Json | null;
  if (!env || typeof env !== 'object' || !('StatusCode' in env)) return;
  if (r.status >= 400 && env.StatusCode !== r.status)
    find(
      'envelope',
      `HTTP ${String(r.status)} carries StatusCode ${JSON.stringify(env.StatusCode)}`,
      r.status,
    );
  const failed = env.StatusCode !== 200;
  const key = env.ResourceKey ?? (env.ErrorState as Json | null)?.ErrorCode;
  if (failed && (typeof key !== 'string' || !run.contract.messageKeys.has(key)))
    find(
      'envelope',
      `StatusCode ${JSON.stringify(env.StatusCode)} without a declared message key (ResourceKey ${JSON.stringify(env.ResourceKey)})`,
      r.status,
    );
}

/** A 4xx refusal of a request the contract refuses names a declared message key (`what`: the broken part). */
export function checkRefusalKey(run: Run, op: Operation, r: Sent, what: string, find: Find): void {
  if (r.status < 400 || r.status >= 500 || !isJson(r.contentType)) return;
  const env = r.body as Json | null;
  if (typeof env?.ResourceKey === 'string' && run.contract.messageKeys.has(env.ResourceKey)) return;
  if (ownErrorShape(run, op, r)) return;
  find(
    'envelope',
    `refusal of ${what} carries no message key (ResourceKey ${JSON.stringify(env?.ResourceKey)})`,
    r.status,
  );
}

/** Services with their own documented error shape (no envelope), e.g. the support service. */
function ownErrorShape(run: Run, op: Operation, r: Sent): boolean {
  const spec = op.responses[String(r.status)];
  const schema = spec?.content[r.contentType];
  if (!schema) return false;
  const flat = flatten(run.contract, schema);
  return !('ResourceKey' in ((flat.properties as Json | undefined) ?? {}));
}

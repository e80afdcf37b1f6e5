// Planted faults of the "envelope" class: a refusal without a message key, an envelope refusal inside HTTP 200 with
// a key the contract does not declare, a StatusCode that does not mirror the HTTP status.
import { describe, it } from 'vitest';
import { edit, expectClean, expectReported, mutate, type Fault } from '../../tests/plant.ts';

const FAULTS: Fault[] = [
  {
    name: 'a refusal without the message key',
    operationId: 'getProject',
    check: 'envelope',
    plant: mutate('getProject', (_q, reply, payload) =>
      reply.statusCode >= 400
        ? edit(payload, (b) => {
            b.ResourceKey = null;
            b.ErrorState = null;
          })
        : payload,
    ),
  },
  {
    name: 'an envelope refusal inside HTTP 200 with an undeclared key',
    operationId: 'getDashboard',
    check: 'envelope',
    says: /without a declared message key/,
    plant: mutate('getDashboard', (_q, _r, payload) =>
      edit(payload, (b) => {
        b.StatusCode = 400;
        b.ResourceKey = 'no_such_key_in_the_contract';
      }),
    ),
  },
  {
    name: 'a StatusCode that does not mirror the HTTP status',
    operationId: 'getProject',
    check: 'envelope',
    says: /HTTP 404 carries StatusCode 200/,
    plant: mutate('getProject', (_q, reply, payload) =>
      reply.statusCode === 404
        ? edit(payload, (b) => {
            b.StatusCode = 200;
          })
        : payload,
    ),
  },
];

describe('envelope: planted faults are reported by operation and check', () => {
  it.each(FAULTS)('$name → $operationId / $check', expectReported);
  it('reports nothing without a fault', () => expectClean(FAULTS));
});

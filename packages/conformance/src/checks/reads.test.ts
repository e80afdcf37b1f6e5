// Planted faults of the "reads" class: a read that refuses a query parameter the contract does not name, and a
// HEAD answered otherwise than its GET.
import { describe, expect, it } from 'vitest';
import { envelope, expectClean, expectReported, type Fault } from '../../tests/plant.ts';
import { UNKNOWN_PARAMETER } from './reads.ts';

const FAULTS: Fault[] = [
  {
    name: 'an unknown query parameter refused',
    operationId: 'listCountries',
    check: 'unknown-parameter',
    callers: ['end user'],
    says: /conformanceUnknown, which the contract does not name, changed the answer from 200 to 400/,
    plant: (server) => {
      server.app.addHook('preValidation', async (request, reply) => {
        if (
          request.operation?.operationId === 'listCountries' &&
          UNKNOWN_PARAMETER in (request.query as object)
        )
          await reply.code(400).send(envelope(400, 'validate_info'));
      });
    },
  },
  {
    name: 'HEAD answered otherwise than GET',
    operationId: 'listCountries',
    check: 'head-like-get',
    callers: ['end user'],
    says: /HEAD was answered 404 application\/json, GET 200 application\/json/,
    plant: (server) => {
      server.app.addHook('onRequest', async (request, reply) => {
        if (request.method === 'HEAD' && request.url.split('?')[0] === '/api/countries')
          await reply.code(404).send(envelope(404, 'generalError'));
      });
    },
  },
];

describe('reads: planted faults are reported by operation and check', () => {
  it.each(FAULTS)('$name → $operationId / $check', expectReported);
  it('reports nothing without a fault', () => expectClean(FAULTS));
  it('names a parameter no contract names', () => {
    expect(UNKNOWN_PARAMETER).toBe('conformanceUnknown');
  });
});

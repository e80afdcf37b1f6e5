// Planted faults of the "negative" class: a server that accepts requests the contract refuses — anything at all, a
// blank name it trims into something acceptable, a page number beyond the maximum it clamps.
import { describe, it } from 'vitest';
import { envelope, expectClean, expectReported, rewriteQuery, type Fault } from '../../tests/plant.ts';

const FAULTS: Fault[] = [
  {
    name: 'an invalid request accepted',
    operationId: 'createProject',
    check: 'negative-refused',
    plant: (server) => {
      server.app.addHook('preValidation', async (request, reply) => {
        if (request.operation?.operationId === 'createProject')
          await reply.code(200).send(envelope(200, null, { Id: 1 }));
      });
    },
  },
  {
    // The contract's pattern requires a character that is not a space.
    name: 'a blank name accepted',
    operationId: 'createProject',
    check: 'negative-refused',
    callers: ['end user'],
    negatives: 100,
    says: /query name: blank string/,
    plant: rewriteQuery('createProject', 'name', (v) =>
      v !== '' && v.trim() === '' ? 'Blank accepted' : undefined,
    ),
  },
  {
    name: 'an integer beyond maximum accepted',
    operationId: 'listProjects',
    check: 'negative-refused',
    callers: ['end user'],
    negatives: 100,
    says: /query PageNumber: number above maximum/,
    plant: rewriteQuery('listProjects', 'PageNumber', (v) => (Number(v) > 2147483647 ? '1' : undefined)),
  },
];

describe('negative: planted faults are reported by operation and check', () => {
  it.each(FAULTS)('$name → $operationId / $check', expectReported);
  it('reports nothing without a fault', () => expectClean(FAULTS));
});

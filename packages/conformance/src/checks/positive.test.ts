// Planted faults of the "positive" class: a server rule stricter than the contract (emails), and a body the contract
// marks optional that the server requires.
import { describe, it } from 'vitest';
import { envelope, expectClean, expectReported, type Fault } from '../../tests/plant.ts';

const FAULTS: Fault[] = [
  {
    // A server rule narrower than the contract's pattern (ASCII lower case, a 2–4 letter top-level domain, at most
    // 64 characters) refuses addresses the contract accepts.
    name: 'a too-strict email rule',
    operationId: 'checkTeamEmail',
    check: 'positive-accepted',
    callers: ['end user', 'partner', 'admin'],
    says: /The email address is not valid/,
    plant: (server) => {
      server.app.addHook('preValidation', async (request, reply) => {
        if (request.operation?.operationId !== 'checkTeamEmail') return;
        const raw = (request.query as Record<string, unknown>).email;
        const email = typeof raw === 'string' ? raw : '';
        if (email.length > 64 || !/^[a-z0-9.]+@[a-z0-9.-]+\.[a-z]{2,4}$/.test(email))
          await reply
            .code(400)
            .send({ ...envelope(400, 'validate_info'), Message: 'The email address is not valid.' });
      });
    },
  },
  {
    name: 'an optional body required',
    operationId: 'getSearchedUserListHtml',
    check: 'positive-accepted',
    callers: ['admin'],
    says: /without its optional body/,
    plant: (server) => {
      server.app.addHook('preValidation', async (request, reply) => {
        if (request.operation?.operationId === 'getSearchedUserListHtml' && request.body == null)
          await reply
            .code(400)
            .send({ ...envelope(400, 'validate_info'), Message: 'A request body is required.' });
      });
    },
  },
];

describe('positive: planted faults are reported by operation and check', () => {
  it.each(FAULTS)('$name → $operationId / $check', expectReported);
  it('reports nothing without a fault', () => expectClean(FAULTS));
});

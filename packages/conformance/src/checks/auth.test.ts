// Planted faults of the "auth" class: an operation answering a caller its security does not allow (anonymous
// callers of a cookie-only operation), and the other way round (an operation open to anonymous callers, or a
// signed-in caller, answered 401).
import { describe, it } from 'vitest';
import { envelope, expectClean, expectReported, type Fault } from '../../tests/plant.ts';

const FAULTS: Fault[] = [
  {
    name: 'anonymous access to a cookie-only operation',
    operationId: 'getDashboard',
    check: 'auth',
    callers: ['anonymous'],
    says: /answered an anonymous caller 200 \(expected 401\)/,
    plant: (server) => {
      // Before the route's own authentication: the planted handler answers whoever asks.
      server.app.addHook('onRequest', async (request, reply) => {
        if (request.url.split('?')[0] === '/api/dashboard' && !request.headers.cookie)
          await reply.code(200).send(envelope(200, null, {}));
      });
    },
  },
  {
    name: 'an operation open to anonymous callers answering them 401',
    operationId: 'listLanguages',
    check: 'auth',
    callers: ['anonymous'],
    says: /open to anonymous callers only/,
    plant: (server) => {
      server.app.addHook('onRequest', async (request, reply) => {
        if (request.url.split('?')[0] === '/api/languages' && !request.headers.cookie)
          await reply.code(401).header('x-logged-out', '1').send(envelope(401, 'operationnotallowed'));
      });
    },
  },
  {
    name: 'a signed-in caller answered 401',
    operationId: 'listProjects',
    check: 'auth',
    callers: ['end user'],
    says: /a signed-in caller was answered 401/,
    plant: (server) => {
      server.app.addHook('preHandler', async (request, reply) => {
        if (request.operation?.operationId === 'listProjects')
          await reply.code(401).header('x-logged-out', '1').send(envelope(401, 'operationnotallowed'));
      });
    },
  },
];

describe('auth: planted faults are reported by operation and check', () => {
  it.each(FAULTS)('$name → $operationId / $check', expectReported);
  it('reports nothing without a fault', () => expectClean(FAULTS));
});

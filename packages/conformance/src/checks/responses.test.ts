// Planted faults of the "responses" class: an undeclared status, a body of the wrong shape, a required field
// missing, a value of the wrong type, an undeclared content type, a 401 without the logged-out header, no answer.
import { describe, it } from 'vitest';
import { edit, expectClean, expectReported, mutate, type Fault } from '../../tests/plant.ts';

const FAULTS: Fault[] = [
  {
    name: 'an undeclared status',
    operationId: 'listCountries',
    check: 'status-declared',
    says: /status 418 is not declared/,
    plant: mutate('listCountries', (_q, reply, payload) => {
      void reply.code(418);
      return payload;
    }),
  },
  {
    name: 'a body of the wrong shape',
    operationId: 'getDashboard',
    check: 'response-schema',
    says: /must be object/,
    plant: mutate('getDashboard', (_q, reply, payload) => (reply.statusCode === 200 ? '[]' : payload)),
  },
  {
    name: 'a required field missing in a response',
    operationId: 'getDashboard',
    check: 'response-schema',
    says: /must have required property 'RecentCollectorRuns'/,
    plant: mutate('getDashboard', (_q, reply, payload) =>
      reply.statusCode === 200
        ? edit(payload, (b) => {
            delete b.RecentCollectorRuns;
          })
        : payload,
    ),
  },
  {
    name: 'a response enum value outside the declared set',
    operationId: 'getViewer',
    check: 'response-schema',
    says: /pendingTerms must be equal to one of the allowed values \(.*"EULANeeded".*\), got "Exploded"/,
    plant: mutate('getViewer', (_q, reply, payload) =>
      reply.statusCode === 200
        ? edit(payload, (b) => {
            b.pendingTerms = 'Exploded';
          })
        : payload,
    ),
  },
  {
    name: 'a value of the wrong type',
    operationId: 'getDashboard',
    check: 'response-schema',
    says: /must be array/,
    plant: mutate('getDashboard', (_q, reply, payload) =>
      reply.statusCode === 200
        ? edit(payload, (b) => {
            b.RecentProjects = 'not a list';
          })
        : payload,
    ),
  },
  {
    name: 'an undeclared content type',
    operationId: 'listCountries',
    check: 'content-type',
    plant: mutate('listCountries', (_q, reply, payload) => {
      void reply.type('text/plain');
      return payload;
    }),
  },
  {
    name: 'a 401 without the logged-out header',
    operationId: 'listProjects',
    check: 'logged-out-header',
    callers: ['anonymous'],
    plant: mutate('listProjects', (_q, reply, payload) => {
      if (reply.statusCode === 401) void reply.removeHeader('x-logged-out');
      return payload;
    }),
  },
  {
    name: 'no answer (the connection dropped)',
    operationId: 'listCountries',
    check: 'transport',
    says: /no answer/,
    plant: (server) => {
      server.app.addHook('onRequest', async (request, reply) => {
        if (request.url.split('?')[0] === '/api/countries' && request.method === 'GET') {
          reply.hijack();
          request.raw.socket.destroy();
        }
      });
    },
  },
];

describe('responses: planted faults are reported by operation and check', () => {
  it.each(FAULTS)('$name → $operationId / $check', expectReported);
  it('reports nothing without a fault', () => expectClean(FAULTS));
});

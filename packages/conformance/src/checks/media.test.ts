// Planted fault of the "media" class: a server that reads a text/plain body as JSON and carries the write out.
import { describe, it } from 'vitest';
import { expectClean, expectReported, type Fault } from '../../tests/plant.ts';

const FAULTS: Fault[] = [
  {
    name: 'a JSON body sent as text/plain carried out',
    operationId: 'createSupportTicket',
    check: 'request-media-type',
    callers: ['end user'],
    says: /a JSON body sent as text\/plain \(declared: application\/json\) was carried out: HTTP 201/,
    plant: (server) => {
      // Before the write guard and the parsers (the support service's path, under its server prefix): the text/plain
      // body is taken for JSON.
      server.app.addHook('onRequest', (request, _reply, done) => {
        if (request.url.endsWith('/api/v2/requests.json') && request.headers['content-type'] === 'text/plain')
          request.headers['content-type'] = 'application/json';
        done();
      });
    },
  },
];

describe('media: planted faults are reported by operation and check', () => {
  it.each(FAULTS)('$name → $operationId / $check', expectReported);
  it('reports nothing without a fault', () => expectClean(FAULTS));
});

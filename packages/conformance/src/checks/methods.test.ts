// Planted faults of the "methods" class: a method outside the contract answered 404, an uncommon method (QUERY)
// answered 400, a 405 whose Allow names the wrong methods, a path shadowed by a more specific one answered by the
// shadowed template's operation.
import { describe, expect, it } from 'vitest';
import type { Operation } from '../contract.ts';
import { envelope, expectClean, expectReported, type Fault } from '../../tests/plant.ts';
import { allowedFor, contractPaths, matchPath, PROBE_METHODS } from './methods.ts';

/** A fault: `method` on /api/countries (not in the contract) answered `status` with the envelope of `key`. */
const countriesAnswer =
  (method: 'PATCH' | 'QUERY', status: number, key: string): Fault['plant'] =>
  (server) => {
    server.app.route({
      method,
      url: '/api/countries',
      handler: async (_q, reply) => reply.code(status).send(envelope(status, key)),
    });
  };

const FAULTS: Fault[] = [
  {
    name: 'a method outside the contract answered 404',
    operationId: 'listCountries',
    check: 'method-not-allowed',
    says: /PATCH \/api\/countries \(not in the contract\) was answered 404, not 405/,
    plant: countriesAnswer('PATCH', 404, 'generalError'),
  },
  {
    name: 'QUERY answered 400',
    operationId: 'listCountries',
    check: 'method-not-allowed',
    says: /QUERY \/api\/countries \(not in the contract\) was answered 400/,
    // A server that routes QUERY like any method with a body and refuses it for the missing body type.
    plant: countriesAnswer('QUERY', 400, 'validate_info'),
  },
  {
    name: 'a 405 with the wrong Allow',
    operationId: 'listCountries',
    check: 'method-not-allowed',
    says: /405 with Allow "GET, HEAD, POST", expected GET, HEAD/,
    plant: (server) => {
      server.app.addHook('onSend', async (_q, reply, payload) => {
        if (reply.statusCode === 405) void reply.header('allow', 'GET, HEAD, POST');
        return payload;
      });
    },
  },
  {
    name: 'a shadowed path answered by the template it shadows',
    operationId: 'shareProject',
    check: 'method-not-allowed',
    says: /GET \/api\/projects\/share \(not in the contract\) was answered 400, not 405/,
    plant: (server) => {
      // GET /api/projects/share reaches getProject (id "share") instead of the share path's 405.
      server.app.addHook('onRequest', async (request, reply) => {
        if (request.method === 'GET' && request.url.split('?')[0] === '/api/projects/share')
          await reply.code(400).send(envelope(400, 'validate_info'));
      });
    },
  },
];

describe('methods: planted faults are reported by operation and check', () => {
  it.each(FAULTS)('$name → $operationId / $check', expectReported);
  it('reports nothing without a fault', () => expectClean(FAULTS));
});

describe('path matching', () => {
  const op = (method: string, path: string): Operation =>
    ({ operationId: `${method} ${path}`, method, path, serverPrefix: '' }) as Operation;
  const paths = contractPaths([
    op('GET', '/api/projects/{id}'),
    op('DELETE', '/api/projects/{id}'),
    op('POST', '/api/projects/share'),
    op('POST', '/api/project/{id}/retry'),
    op('POST', '/api/project/{action}/{id}'),
  ]);

  it('a concrete path matches the most specific template (a literal segment wins)', () => {
    expect(matchPath(paths, '/api/projects/share')?.template).toBe('/api/projects/share');
    expect(matchPath(paths, '/api/projects/12')?.template).toBe('/api/projects/{id}');
    expect(matchPath(paths, '/api/project/12/retry')?.template).toBe('/api/project/{id}/retry');
    expect(matchPath(paths, '/api/project/archive/12')?.template).toBe('/api/project/{action}/{id}');
  });

  it('Allow names the path own methods, HEAD with GET; the probes include uncommon ones', () => {
    const byTemplate = (t: string) => paths.find((p) => p.template === t);
    const share = byTemplate('/api/projects/share');
    const project = byTemplate('/api/projects/{id}');
    expect(share && allowedFor(share)).toEqual(['POST']);
    expect(project && allowedFor(project)).toEqual(['DELETE', 'GET', 'HEAD']);
    expect(PROBE_METHODS).toEqual(['GET', 'HEAD', 'PUT', 'POST', 'DELETE', 'PATCH', 'QUERY', 'PROPFIND']);
  });
});

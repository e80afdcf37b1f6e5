// Planted faults: the demo API with one handler mutated per class of disagreement; the engine must report each by
// operation and check.
import { describe, expect, it } from 'vitest';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { DemoServer } from '../../../apps/mock/src/http/server.ts';
import { Engine, type CheckName } from '../src/engine.ts';
import { DEMO_CALLERS, startDemo } from './demo.ts';

type OnSend = (request: FastifyRequest, reply: FastifyReply, payload: string) => string;

/** Rewrites the answers of one operation (after its handler ran). */
function mutate(operationId: string, fn: OnSend): (server: DemoServer) => void {
  return (server) => {
    server.app.addHook('onSend', async (request, reply, payload) =>
      request.operation?.operationId === operationId && typeof payload === 'string'
        ? fn(request, reply, payload)
        : payload,
    );
  };
}

const edit = (payload: string, change: (body: Record<string, unknown>) => void): string => {
  const body = JSON.parse(payload) as Record<string, unknown>;
  change(body);
  return JSON.stringify(body);
};

interface Fault {
  name: string;
  operationId: string;
  check: CheckName;
  plant: (server: DemoServer) => void;
  callers?: string[];
}

const FAULTS: Fault[] = [
  {
    name: 'an undeclared status',
    operationId: 'listCountries',
    check: 'status-declared',
    plant: mutate('listCountries', (_q, reply, payload) => {
      void reply.code(418);
      return payload;
    }),
  },
  {
    name: 'a body of the wrong shape',
    operationId: 'getDashboard',
    check: 'response-schema',
    plant: mutate('getDashboard', (_q, reply, payload) =>
      reply.statusCode === 200
        ? edit(payload, (b) => {
            b.RecentProjects = 'not a list';
          })
        : payload,
    ),
  },
  {
    name: 'a session-only operation answering anonymous callers',
    operationId: 'getDashboard',
    check: 'auth',
    callers: ['anonymous'],
    plant: (server) => {
      // Before the route's own authentication: the planted handler answers whoever asks.
      server.app.addHook('onRequest', async (request, reply) => {
        if (request.url.split('?')[0] === '/api/dashboard' && !request.headers.cookie)
          await reply
            .code(200)
            .send({ StatusCode: 200, ResourceKey: null, ErrorState: null, Message: null, Data: {} });
      });
    },
  },
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
    plant: mutate('getDashboard', (_q, _r, payload) =>
      edit(payload, (b) => {
        b.StatusCode = 400;
        b.ResourceKey = 'no_such_key_in_the_contract';
      }),
    ),
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
    name: 'an invalid request accepted',
    operationId: 'createProject',
    check: 'negative-refused',
    plant: (server) => {
      server.app.addHook('preValidation', async (request, reply) => {
        if (request.operation?.operationId === 'createProject')
          await reply
            .code(200)
            .send({ StatusCode: 200, ResourceKey: null, ErrorState: null, Message: null, Data: { Id: 1 } });
      });
    },
  },
  {
    name: 'a method outside the contract answered 404',
    operationId: 'listCountries',
    check: 'method-not-allowed',
    plant: (server) => {
      server.app.route({
        method: 'PATCH',
        url: '/api/countries',
        handler: async (_q, reply) =>
          reply.code(404).send({
            StatusCode: 404,
            ResourceKey: 'generalError',
            ErrorState: null,
            Message: null,
            Data: null,
          }),
      });
    },
  },
];

describe('planted faults are reported by operation and check', () => {
  it.each(FAULTS)('$name → $operationId / $check', async (fault) => {
    const demo = await startDemo(fault.plant);
    try {
      const callers = DEMO_CALLERS.filter((c) => !fault.callers || fault.callers.includes(c.name));
      const report = await new Engine({
        baseUrl: demo.url,
        callers,
        seed: 11,
        budget: 2,
        operations: [fault.operationId],
      }).run();
      const hits = report.findings.filter(
        (f) => f.operationId === fault.operationId && f.check === fault.check,
      );
      expect(hits.length, JSON.stringify(report.findings.slice(0, 5))).toBeGreaterThan(0);
      // Nothing else disagrees: the planted fault is the only thing reported for other checks' classes too.
      const other = report.findings.filter((f) => f.operationId !== fault.operationId);
      expect(other).toEqual([]);
    } finally {
      await demo.close();
    }
  });
});

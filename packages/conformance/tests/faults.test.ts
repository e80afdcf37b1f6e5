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
  /** Negative cases per caller (default: the budget); all of an operation's violations when large. */
  negatives?: number;
  /** What a finding of the fault says (the case that met it). */
  says?: RegExp;
}

/** Rewrites one query parameter of an operation before the demo API validates it (a rule the server lost). */
function rewriteQuery(operationId: string, name: string, change: (v: string) => string | undefined) {
  return (server: DemoServer): void => {
    server.app.addHook('preValidation', (request, _reply, done) => {
      const query = request.query as Record<string, unknown>;
      const v = query[name];
      if (request.operation?.operationId === operationId && typeof v === 'string') {
        const next = change(v);
        if (next !== undefined) query[name] = next;
      }
      done();
    });
  };
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
  {
    // The class "emails stricter than format: email": a server rule narrower than the contract's pattern (ASCII
    // lower case, a 2–4 letter top-level domain, at most 64 characters) refuses addresses the contract accepts.
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
          await reply.code(400).send({
            StatusCode: 400,
            ResourceKey: 'validate_info',
            ErrorState: null,
            Message: 'The email address is not valid.',
            Data: null,
          });
      });
    },
  },
  {
    // The class "blank names": a server that trims a blank name into something acceptable (the contract's
    // pattern requires a character that is not a space).
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
    // The class "integers out of range": a server that clamps a page number beyond the declared maximum.
    name: 'an integer beyond maximum accepted',
    operationId: 'listProjects',
    check: 'negative-refused',
    callers: ['end user'],
    negatives: 100,
    says: /query PageNumber: number above maximum/,
    plant: rewriteQuery('listProjects', 'PageNumber', (v) => (Number(v) > 2147483647 ? '1' : undefined)),
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
        ...(fault.negatives !== undefined ? { negatives: fault.negatives } : {}),
        operations: [fault.operationId],
      }).run();
      const hits = report.findings.filter(
        (f) => f.operationId === fault.operationId && f.check === fault.check,
      );
      expect(hits.length, JSON.stringify(report.findings.slice(0, 5))).toBeGreaterThan(0);
      if (fault.says) expect(hits.map((f) => f.message).join('\n')).toMatch(fault.says);
      // Nothing else disagrees: the planted fault is the only thing reported for other checks' classes too.
      const other = report.findings.filter((f) => f.operationId !== fault.operationId);
      expect(other).toEqual([]);
    } finally {
      await demo.close();
    }
  });
});

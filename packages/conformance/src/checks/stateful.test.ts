// Planted faults of the "stateful" class: a created project its creator cannot read back, a delete that answers
// success and leaves the project there, a rename that answers success and changes nothing.
import { describe, expect, it } from 'vitest';
import { envelope, expectClean, expectReported, type Fault } from '../../tests/plant.ts';
import { CHANGES, DELETES, MAIL_WAIT, READ_BACK } from './stateful.ts';

const FAULTS: Fault[] = [
  {
    name: 'a created item not readable',
    operationId: 'createProject',
    check: 'stateful',
    callers: ['end user'],
    says: /the created project \d+ cannot be read back by its creator: getProject answered 404/,
    plant: (server) => {
      // Projects created from now on are lost to reads (the seeded ones are still found).
      const before = server.ctx.repo.all<{ n: number }>('SELECT max(id) AS n FROM projects')[0]?.n ?? 0;
      server.app.addHook('preHandler', async (request, reply) => {
        const id = Number((request.params as Record<string, unknown> | undefined)?.id);
        if (request.operation?.operationId === 'getProject' && id > before)
          await reply.code(404).send(envelope(404, 'generalError'));
      });
    },
  },
  {
    name: 'a delete not effective',
    operationId: 'deleteProject',
    operations: ['createProject', 'deleteProject'],
    check: 'stateful',
    callers: ['end user'],
    says: /the deleted project \d+ is still there: getProject answered 200/,
    plant: (server) => {
      server.app.addHook('preHandler', async (request, reply) => {
        if (request.operation?.operationId === 'deleteProject')
          await reply.code(200).send(envelope(200, 'project_delete'));
      });
    },
  },
  {
    name: 'a rename not effective',
    operationId: 'renameObject',
    operations: ['createProject', 'renameObject'],
    check: 'change-visible',
    callers: ['end user'],
    says: /renameObject was accepted, but getProject of project \d+ shows Name ".*", not ".*"/,
    plant: (server) => {
      server.app.addHook('preHandler', async (request, reply) => {
        if (request.operation?.operationId === 'renameObject')
          await reply.code(200).send(envelope(200, 'projectupdated'));
      });
    },
  },
];

describe('stateful: planted faults are reported by operation and check', () => {
  it.each(FAULTS)('$name → $operationId / $check', expectReported);
  it('reports nothing without a fault', () => expectClean(FAULTS));
});

describe('the stateful rules', () => {
  it('reads a project back with getProject; deleteProject deletes one, renameObject renames it; the confirmation mail is awaited 10 s', () => {
    expect(READ_BACK).toEqual({ project: { operationId: 'getProject', param: 'path:id' } });
    expect(DELETES).toEqual({ deleteProject: { kind: 'project', param: 'path:id' } });
    expect(CHANGES).toEqual({
      renameObject: { kind: 'project', param: 'path:id', value: 'query:name', field: 'Name' },
    });
    expect(MAIL_WAIT).toEqual({ totalMs: 10_000, everyMs: 100 });
  });
});

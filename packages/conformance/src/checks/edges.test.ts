// Planted faults of the "edges" class: a 500 on an apostrophe in a search string, a bound not enforced (a page size above the maximum accepted), a string at its maxLength refused.
import { describe, expect, it } from 'vitest';
import { envelope, expectClean, expectReported, rewriteQuery, type Fault } from '../../tests/plant.ts';
import { HOSTILE_STRINGS, integerEdges, longHostile, stringEdges } from './edges.ts';

const FAULTS: Fault[] = [
  {
    // The classic: a search string pasted into SQL by hand.
    name: 'a 500 on an apostrophe in a search string',
    operationId: 'listProjects',
    check: 'server-error',
    callers: ['end user'],
    says: /answered 500/,
    plant: (server) => {
      server.app.addHook('preHandler', async (request, reply) => {
        const search = (request.query as Record<string, unknown> | undefined)?.search;
        if (
          request.operation?.operationId === 'listProjects' &&
          typeof search === 'string' &&
          search.includes("'")
        )
          await reply.code(500).send({ ...envelope(500, 'generalError'), Message: 'near "s": syntax error' });
      });
    },
  },
  {
    name: 'a page size above the maximum accepted',
    operationId: 'listProjects',
    check: 'negative-refused',
    callers: ['end user'],
    says: /query PageSize: above maximum/,
    plant: rewriteQuery('listProjects', 'PageSize', (v) => (Number(v) > 200 ? '10' : undefined)),
  },
  {
    name: 'a search string at its maxLength refused',
    operationId: 'listProjects',
    check: 'positive-accepted',
    callers: ['end user'],
    says: /query search: long string at maxLength 200/,
    plant: (server) => {
      server.app.addHook('preValidation', async (request, reply) => {
        const search = (request.query as Record<string, unknown> | undefined)?.search;
        if (
          request.operation?.operationId === 'listProjects' &&
          typeof search === 'string' &&
          search.length > 150
        )
          await reply
            .code(400)
            .send({ ...envelope(400, 'validate_info'), Message: 'The search is too long.' });
      });
    },
  },
];

describe('edges: planted faults are reported by operation and check', () => {
  it.each(FAULTS)('$name → $operationId / $check', expectReported);
  it('reports nothing without a fault', () => expectClean(FAULTS));
});

describe('the edge values', () => {
  it('always sends the apostrophe, then a seeded sample of the other hazards and the long strings', () => {
    const pick = (length: number, count: number) =>
      Array.from({ length: Math.min(length, count) }, (_, i) => i);
    const values = stringEdges({ type: 'string', maxLength: 100 }, 3, pick, true);
    expect(values.map((v) => v.name)).toEqual([
      'apostrophe',
      'quotes',
      'backslashes',
      'long string at maxLength 100',
      'long string beyond maxLength 100',
    ]);
    expect(values[0]?.value).toContain("'");
    expect(stringEdges({ type: 'string' }, 1, pick, true).map((v) => v.name)).toEqual([
      'apostrophe',
      'long string of 2000 characters',
    ]);
    expect(stringEdges({ type: 'string' }, 1, pick, false).at(-1)?.name).toBe(
      'long string of 20000 characters',
    );
  });

  it('has every hazard the brief names, never NUL', () => {
    const all = HOSTILE_STRINGS.map((h) => h.value).join('');
    expect(all).not.toContain('\u0000');
    for (const c of ["'", '"', '\\', '\u0007', '\u0301', '\u202E', '\u200F', '😀']) expect(all).toContain(c);
    // Code points (maxLength counts them), here also UTF-16 units: the long strings stay in the BMP.
    expect(longHostile(257)).toHaveLength(257);
    expect(/[\uD800-\uDFFF]/.test(longHostile(257))).toBe(false);
  });

  it('integers: both sides of each bound, beyond ±2^53 where none is set', () => {
    expect(integerEdges({ type: 'integer', minimum: 1, maximum: 100 }).map((v) => v.value)).toEqual([
      1, 0, 100, 101,
    ]);
    expect(integerEdges({ type: 'integer' }).map((v) => v.value)).toEqual([-(2 ** 53 + 2), 2 ** 53 + 2]);
  });
});

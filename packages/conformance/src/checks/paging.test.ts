// Planted faults of the "paging" class: a page holding more than PageSize items, and a TotalCount that changes from
// one page to the next of the same query.
import { describe, it } from 'vitest';
import { edit, expectClean, expectReported, mutate, type Fault } from '../../tests/plant.ts';

const FAULTS: Fault[] = [
  {
    name: 'a page larger than PageSize',
    operationId: 'listProjects',
    check: 'paging',
    callers: ['admin'],
    says: /holds \d+ items, more than PageSize 2/,
    plant: mutate('listProjects', (request, reply, payload) =>
      reply.statusCode === 200 && (request.query as Record<string, unknown>).PageSize === 2
        ? edit(payload, (b) => {
            const items = b.Items as unknown[];
            b.Items = [...items, ...items];
          })
        : payload,
    ),
  },
  {
    name: 'totals that differ between pages',
    operationId: 'listProjects',
    check: 'paging',
    callers: ['admin'],
    says: /TotalCount \d+ on page 1 but \d+ on page 2/,
    plant: mutate('listProjects', (_q, reply, payload) =>
      reply.statusCode === 200
        ? edit(payload, (b) => {
            b.TotalCount = (b.TotalCount as number) + (b.PageNumber as number);
          })
        : payload,
    ),
  },
];

describe('paging: planted faults are reported by operation and check', () => {
  it.each(FAULTS)('$name → $operationId / $check', expectReported);
  it('reports nothing without a fault', () => expectClean(FAULTS));
});

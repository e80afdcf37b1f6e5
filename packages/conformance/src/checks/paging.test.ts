// Planted faults of the "paging" class: a page holding more than PageSize items, a TotalCount that changes from
// one page to the next of the same query, and a page past the last one answered with the last page again.
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
  {
    name: 'the last page again past the last one',
    operationId: 'listProjects',
    check: 'page-beyond-last',
    callers: ['admin'],
    says: /past the last of \d+ items at PageSize 2, holds [12] items/,
    plant: (server) => {
      // A server that clamps the page number to the last page: the answer is the last page's.
      server.app.addHook('onSend', async (request, reply, payload) => {
        if (request.operation?.operationId !== 'listProjects' || reply.statusCode !== 200) return payload;
        if (typeof payload !== 'string') return payload;
        const query = request.query as Record<string, unknown>;
        const size = Number(query.PageSize);
        const body = JSON.parse(payload) as { TotalCount: number };
        const last = Math.max(1, Math.ceil(body.TotalCount / size));
        if (!(Number(query.PageNumber) > last)) return payload;
        const url = new URL(request.url, 'http://demo');
        url.searchParams.set('PageNumber', String(last));
        const again = await server.app.inject({
          method: 'GET',
          url: url.pathname + url.search,
          headers: { cookie: request.headers.cookie ?? '' },
        });
        return again.payload;
      });
    },
  },
];

describe('paging: planted faults are reported by operation and check', () => {
  it.each(FAULTS)('$name → $operationId / $check', expectReported);
  it('reports nothing without a fault', () => expectClean(FAULTS));
});

// A path parameter is never "." or "..": a URL cannot carry a dot segment (the client resolves it away and sends
// another path), which once made the sweep's seed 8 report setProjectNodeEnabled answering 404 to an anonymous caller.
import { describe, expect, it } from 'vitest';
import { Engine } from '../src/engine.ts';

describe('generated path parameters', () => {
  it('are never dot segments', () => {
    const engine = new Engine({ baseUrl: 'http://127.0.0.1:9', callers: [] });
    const op = engine.contract.operations.find((o) => o.operationId === 'setProjectNodeEnabled');
    if (!op) throw new Error('setProjectNodeEnabled is not in the contract');
    const segments = Array.from({ length: 3000 }, (_, seed) => engine.sample(op, seed, 'any'))
      .map((req) => req?.url.split('?')[0]?.split('/').pop())
      .filter((s) => s !== undefined);
    expect(segments.length).toBe(3000);
    expect(segments.filter((s) => s === '.' || s === '..')).toEqual([]);
  });
});

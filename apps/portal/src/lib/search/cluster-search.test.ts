import * as z from 'zod/mini';
import { describe, expect, it } from 'vitest';
import { zGetProjectVmsQuery } from '@assessment/sdk';
import { CLUSTER_MAX_LENGTH, clusterSearch } from './cluster-search';
import { viewerSearch } from './sizing-search';

describe('the viewer’s cluster filter in the URL', () => {
  it('keeps a cluster id beside the range and the sizing settings', () => {
    expect(z.parse(viewerSearch, { from: 10, to: 20, cluster: 'domain-c7' })).toMatchObject({
      from: 10,
      to: 20,
      cluster: 'domain-c7',
    });
  });

  it('leaves out an empty, blank, too long or odd value (every cluster)', () => {
    for (const cluster of ['', '   ', 'x'.repeat(CLUSTER_MAX_LENGTH + 1), { a: 1 }, null])
      expect(z.parse(clusterSearch, { cluster }).cluster).toBeUndefined();
    expect(z.parse(clusterSearch, {}).cluster).toBeUndefined();
    expect(z.parse(clusterSearch, { cluster: ' domain-c7 ' }).cluster).toBe('domain-c7');
    expect(z.parse(clusterSearch, { cluster: 7 }).cluster).toBe('7');
  });

  it('keeps only what the contract’s getProjectVms takes', () => {
    for (const cluster of ['c', 'Cluster A', 'x'.repeat(CLUSTER_MAX_LENGTH)])
      expect(
        z.safeParse(zGetProjectVmsQuery, { cluster: z.parse(clusterSearch, { cluster }).cluster }).success,
      ).toBe(true);
  });
});

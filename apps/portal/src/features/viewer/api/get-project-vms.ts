import type { GetProjectVmsData } from '@assessment/sdk';
import { getProjectVmsOptions } from '@assessment/sdk/query';

/**
 * The VM call's query: the viewer's range (from, to; both left out: the whole collection) and a cluster (its
 * ClusterId, from the viewer's `cluster` search param; left out: every cluster).
 */
export type VmsRange = Pick<NonNullable<GetProjectVmsData['query']>, 'from' | 'to' | 'cluster'>;

/**
 * GET /api/projects/{id}/viewer/vms: the VMs of a vSphere project (collector file version 3) with their own figures
 * over the range, and its clusters. A VM's I/O is part of its host's: none of these figures is in the totals.
 */
export const projectVmsQuery = (projectId: number, range: VmsRange) =>
  getProjectVmsOptions({
    path: { id: projectId },
    query: { from: range.from, to: range.to, cluster: range.cluster },
  });

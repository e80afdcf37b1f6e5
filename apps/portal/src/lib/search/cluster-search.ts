/**
 * The project viewer's cluster filter as a search param (`cluster`: a vSphere cluster's ClusterId, so a link or a
 * reload keeps the VM table filtered), in the shared search lib like the time range: a route's search schema ships
 * with the route tree, so it must not pull the VM section's code into the first page. The bounds are the contract's
 * (getProjectVms `cluster`: 1 to 256 characters).
 */
import * as z from 'zod/mini';
import { optionalText } from './search-schemas';

/** The longest `cluster` the contract takes. */
export const CLUSTER_MAX_LENGTH = 256;

export interface ClusterSearch {
  /** One cluster's VMs (its ClusterId); undefined: every cluster's. */
  cluster?: string | undefined;
}

/** A cluster the URL carries: trimmed, 1 to 256 characters; anything else is left out (every cluster). */
export const clusterSearch = z.pipe(
  z.object({ cluster: optionalText }),
  z.transform((raw: { cluster?: string | undefined }): ClusterSearch => {
    const cluster = raw.cluster?.trim() ?? '';
    return { cluster: cluster.length >= 1 && cluster.length <= CLUSTER_MAX_LENGTH ? cluster : undefined };
  }),
);

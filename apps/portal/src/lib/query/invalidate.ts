import type { QueryClient } from '@tanstack/react-query';

interface KeyHead {
  _id?: unknown;
  path?: { id?: unknown; projectId?: unknown };
}

/** The SDK's query keys start with `{ _id: <operationId>, path, query }`. */
function headOf(queryKey: readonly unknown[]): KeyHead {
  const first = queryKey[0];
  return typeof first === 'object' && first !== null ? first : {};
}

/**
 * Marks stale every query of the named SDK operations and refetches the ones on screen, so all pages agree at
 * once. `keep` can leave some of them alone (e.g. the queries of a just deleted project, which would only answer
 * "not found").
 */
export function invalidateOperations(
  queryClient: QueryClient,
  operationIds: ReadonlySet<string>,
  keep?: (head: KeyHead) => boolean,
): Promise<void> {
  return queryClient.invalidateQueries({
    predicate: (query) => {
      const head = headOf(query.queryKey);
      if (typeof head._id !== 'string' || !operationIds.has(head._id)) return false;
      return keep === undefined || !keep(head);
    },
  });
}

import { groupAccountActionMutation } from '@assessment/sdk/query';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateOperations } from '@/lib/query/invalidate';

/** The queries a group account action changes: the user list (statuses, roles, reps, teams) and the type-aheads. */
const USER_QUERY_IDS: ReadonlySet<string> = new Set(['listUsers', 'autocomplete', 'getTeam']);

/**
 * POST /api/group/accounts (legacy clients add a trailing slash): disable, enable, changerole, reassignprimaryrep, checkaddtoteam, addToTeam on the
 * selected accounts. The list refreshes from the query cache afterwards; failures (409 newprimary_cannot_changed,
 * envelope errors) go to the error catalogue.
 */
export function useGroupAccountAction() {
  const queryClient = useQueryClient();
  return useMutation({
    ...groupAccountActionMutation(),
    onSuccess: () => invalidateOperations(queryClient, USER_QUERY_IDS),
  });
}

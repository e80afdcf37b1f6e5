import { signInMutation } from '@assessment/sdk/query';
import { useMutation } from '@tanstack/react-query';

/** POST /api/auth/signin (cookie session): the login form shows its own message on failure. */
export function useSignIn() {
  return useMutation({ ...signInMutation(), meta: { silentError: true } });
}

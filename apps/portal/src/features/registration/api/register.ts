import { registerMutation } from '@assessment/sdk/query';
import { useMutation } from '@tanstack/react-query';

/**
 * POST /api/register: stage two. Refusals (register_* keys), 500s, timeouts and envelope errors go to the error
 * catalogue (the QueryClient's MutationCache); nothing is cached that it would change (the person is not signed in).
 */
export const useRegister = () => useMutation(registerMutation());

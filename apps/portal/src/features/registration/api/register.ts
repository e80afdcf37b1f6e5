import { registerMutation } from '@assessment/sdk/query';
import { useMutation } from '@tanstack/react-query';

/**
 * POST /api/register: stage two. The form shows a refused password (register_password_weak) on its password field
 * and reports every other failure (register_* keys, 500s, timeouts, envelope errors) to the error catalogue itself;
 * nothing is cached that it would change (the person is not signed in).
 */
export const useRegister = () => useMutation({ ...registerMutation(), meta: { silentError: true } });

import { confirmRegistrationMutation } from '@assessment/sdk/query';
import { useMutation } from '@tanstack/react-query';

/**
 * POST /api/register/confirm (issue #32): follows a confirmation link. The page shows a refusal
 * (register_confirm_invalid / _used / _expired) itself; nothing cached changes (the person is not signed in).
 */
export const useConfirmRegistration = () =>
  useMutation({ ...confirmRegistrationMutation(), meta: { silentError: true } });

import { resendConfirmationMutation } from '@assessment/sdk/query';
import { useMutation } from '@tanstack/react-query';

/**
 * POST /api/register/resend (issue #32): mails a pending registration's link again. The answer is the same for any
 * address; a refusal (register_resend_throttled, 429) goes to the error catalogue through the caller.
 */
export const useResendConfirmation = () =>
  useMutation({ ...resendConfirmationMutation(), meta: { silentError: true } });

import { sendPssRequestMutation } from '@assessment/sdk/query';
import { useMutation } from '@tanstack/react-query';

/**
 * POST /PSSRequest/SendPSSRequest (form data). Failures go to the error catalogue (the QueryClient's
 * MutationCache); nothing is cached that a request would change.
 */
export const useSendPssRequest = () => useMutation(sendPssRequestMutation());

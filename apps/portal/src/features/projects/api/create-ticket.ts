import { createSupportTicketMutation } from '@assessment/sdk/query';
import { useMutation } from '@tanstack/react-query';

/**
 * POST {support service}/api/v2/requests.json. Its failures are the service's own error shape, shown in the
 * ticket dialog itself rather than through the portal's message catalogue.
 */
export function useCreateSupportTicket() {
  return useMutation({ ...createSupportTicketMutation(), meta: { silentError: true } });
}

import { acceptTermsMutation } from '@assessment/sdk/query';
import { useMutation } from '@tanstack/react-query';

/** PUT /api/account/{userid}/TCAccepted/true: accept the pending terms (failures show the error modal). */
export function useAcceptTerms() {
  return useMutation(acceptTermsMutation());
}

/** PUT /api/account/{userid}/TCAccepted/false: decline; the user is logged out whatever the answer. */
export function useDeclineTerms() {
  return useMutation({ ...acceptTermsMutation(), meta: { silentError: true } });
}

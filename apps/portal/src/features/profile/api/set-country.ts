import { setAccountCountryMutation } from '@assessment/sdk/query';
import { useMutation } from '@tanstack/react-query';

/** PUT /api/account/country/{id}. */
export function useSetCountry() {
  return useMutation(setAccountCountryMutation());
}

import { setCultureMutation } from '@assessment/sdk/query';
import { useMutation } from '@tanstack/react-query';

/** POST /culture/setculture?culturecode=...&dbUpdateRequired=...: the language of the session. */
export function useSetCulture() {
  return useMutation(setCultureMutation());
}

import { setAccountLanguageMutation } from '@assessment/sdk/query';
import { useMutation } from '@tanstack/react-query';

/** PUT /api/account/language/{culture}. */
export function useSetLanguage() {
  return useMutation(setAccountLanguageMutation());
}

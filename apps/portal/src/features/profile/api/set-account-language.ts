import { setAccountLanguageMutation } from '@assessment/sdk/query';
import { useMutation } from '@tanstack/react-query';

/** PUT /api/account/language/{culture}: the account's language, kept for the next sign-in. */
export function useSetAccountLanguage() {
  return useMutation(setAccountLanguageMutation());
}

import { useQueryClient } from '@tanstack/react-query';
import { useViewer } from '@/features/auth';
import { useSetAccountLanguage } from '@/features/profile';
import { applyCulture, type LanguageCulture } from '@/lib/i18n/i18n';
import { useSetCulture } from '../api/set-culture';

/**
 * Switching the language, wherever it is offered (the side navigation's switcher, the Language modal): the session's
 * culture (POST /culture/setculture), the account's language for a signed-in viewer (PUT /api/account/language), then
 * the portal's texts and formats, and the server's texts read again in the new culture. A failure rejects (the error
 * catalogue says why) and leaves the language as it was.
 */
export function useChangeLanguage() {
  const viewer = useViewer();
  const queryClient = useQueryClient();
  const setCulture = useSetCulture();
  const setAccountLanguage = useSetAccountLanguage();
  const change = async (culture: LanguageCulture): Promise<void> => {
    await setCulture.mutateAsync({ query: { culturecode: culture, dbUpdateRequired: false } });
    if (viewer.user) await setAccountLanguage.mutateAsync({ path: { culture } });
    await applyCulture(culture);
    await queryClient.invalidateQueries();
  };
  return { change, isPending: setCulture.isPending || setAccountLanguage.isPending };
}

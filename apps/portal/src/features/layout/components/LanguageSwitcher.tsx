import { NativeSelect } from '@assessment/ui/native-select';
import { useToast } from '@assessment/ui/toast';
import { useLingui } from '@lingui/react';
import { useQueryClient } from '@tanstack/react-query';
import { useViewer } from '@/features/auth';
import { useSetAccountLanguage } from '@/features/profile';
import {
  LANGUAGE_CULTURES,
  applyCulture,
  cultureLabel,
  resolveCulture,
  type LanguageCulture,
} from '@/lib/i18n/i18n';
import { useSetCulture } from '../api/set-culture';

/**
 * Language switching of the side navigation: the session's culture (POST /culture/setculture) and the account's
 * language (PUT /api/account/language/{culture}); then the portal's texts and formats, and the server's messages,
 * follow the new culture. A native select: the switcher is on every signed-in page, and the browser's own widget
 * costs no JavaScript (the kit's custom Select would add ~40 KB gz to each first page).
 */
export function LanguageSwitcher({ compact = false }: { compact?: boolean }) {
  const { _: t, i18n } = useLingui();
  const toast = useToast();
  const viewer = useViewer();
  const queryClient = useQueryClient();
  const setCulture = useSetCulture();
  const setAccountLanguage = useSetAccountLanguage();
  const current = resolveCulture(i18n.locale);
  const busy = setCulture.isPending || setAccountLanguage.isPending;

  const change = async (culture: LanguageCulture) => {
    await setCulture.mutateAsync({ query: { culturecode: culture, dbUpdateRequired: false } });
    if (viewer.user) await setAccountLanguage.mutateAsync({ path: { culture } });
    await applyCulture(culture);
    // Server-provided texts (messages, modals) are per culture: fetch them again.
    await queryClient.invalidateQueries();
    toast.show(t('language.switched', { language: cultureLabel(culture) }), { variant: 'success' });
  };

  return (
    <NativeSelect
      className={compact ? 'language-switcher compact' : 'language-switcher'}
      label={t('nav.language')}
      value={current}
      isDisabled={busy}
      options={LANGUAGE_CULTURES.map((culture) => ({ id: culture, label: cultureLabel(culture) }))}
      onChange={(value) => {
        void change(resolveCulture(value)).catch(() => undefined);
      }}
    />
  );
}

import { NativeSelect } from '@assessment/ui/native-select';
import { useToast } from '@assessment/ui/toast';
import { useLingui } from '@lingui/react';
import {
  LANGUAGE_CULTURES,
  cultureLabel,
  cultureShortLabel,
  resolveCulture,
  type LanguageCulture,
} from '@/lib/i18n/i18n';
import { useChangeLanguage } from '../hooks/use-change-language';

/**
 * Language switching of the side navigation: the session's culture (POST /culture/setculture) and the account's
 * language (PUT /api/account/language/{culture}); then the portal's texts and formats, and the server's messages,
 * follow the new culture. A native select: the switcher is on every signed-in page, and the browser's own widget
 * costs no JavaScript (the kit's custom Select would add ~40 KB gz to each first page).
 */
export function LanguageSwitcher({ compact = false }: { compact?: boolean }) {
  const { _: t, i18n } = useLingui();
  const toast = useToast();
  const language = useChangeLanguage();
  const current = resolveCulture(i18n.locale);
  const busy = language.isPending;

  const change = async (culture: LanguageCulture) => {
    await language.change(culture);
    toast.show(t('language.switched', { language: cultureLabel(culture) }), { variant: 'success' });
  };

  const select = (
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
  if (!compact) return select;
  // On a phone the header's switcher shows the short name ("EN") over the select, whose own text is hidden there:
  // assistive technology still reads the label and the full name of the chosen language ("English (United States)"),
  // and the open list shows every full name.
  return (
    <div className="language-switcher-box">
      {select}
      <span className="language-switcher-short" aria-hidden="true">
        {cultureShortLabel(current)}
      </span>
    </div>
  );
}

import { Button } from '@assessment/ui/button';
import { Dialog } from '@assessment/ui/dialog';
import { useLingui } from '@lingui/react';
import { LANGUAGE_CULTURES, cultureLabel, resolveCulture } from '@/lib/i18n/i18n';
import { useChangeLanguage } from '../hooks/use-change-language';

export interface LanguageDialogProps {
  onClose: () => void;
}

/**
 * The `Language` modal: every offered language by its own name; choosing one switches the language as the side
 * navigation's switcher does (useChangeLanguage: the session's culture, the account's for a signed-in viewer, texts
 * and formats). A failure leaves the language as it was (the error catalogue says why) and the dialog open.
 */
export function LanguageDialog({ onClose }: LanguageDialogProps) {
  const { _: t, i18n } = useLingui();
  const language = useChangeLanguage();
  const current = resolveCulture(i18n.locale);
  return (
    <Dialog isOpen title={t('languageDialog.title')} closeLabel={t('errors.close')} onClose={onClose}>
      <ul className="language-list">
        {LANGUAGE_CULTURES.map((culture) => (
          <li key={culture} lang={culture}>
            <Button
              variant="link"
              aria-current={culture === current ? 'true' : undefined}
              isDisabled={language.isPending}
              onPress={() => {
                if (culture === current) {
                  onClose();
                  return;
                }
                void language.change(culture).then(onClose, () => undefined);
              }}
            >
              {cultureLabel(culture)}
            </Button>
          </li>
        ))}
      </ul>
    </Dialog>
  );
}

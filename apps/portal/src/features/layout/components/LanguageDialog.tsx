import { Button } from '@assessment/ui/button';
import { Dialog } from '@assessment/ui/dialog';
import { useLingui } from '@lingui/react';
import { useQueryClient } from '@tanstack/react-query';
import { LANGUAGE_CULTURES, applyCulture, cultureLabel, resolveCulture } from '@/lib/i18n/i18n';
import { useSetCulture } from '../api/set-culture';

export interface LanguageDialogProps {
  onClose: () => void;
}

/**
 * The `Language` modal: every offered language by its own name; choosing one sets the session's culture
 * (POST /culture/setculture, dbUpdateRequired=false: a visitor has no account yet), switches the portal's texts
 * and formats, and reads the server's texts again. A failure leaves the language as it was (the error catalogue
 * says why) and the dialog open.
 */
export function LanguageDialog({ onClose }: LanguageDialogProps) {
  const { _: t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const setCulture = useSetCulture();
  const current = resolveCulture(i18n.locale);
  return (
    <Dialog isOpen title={t('languageDialog.title')} closeLabel={t('errors.close')} onClose={onClose}>
      <ul className="language-list">
        {LANGUAGE_CULTURES.map((culture) => (
          <li key={culture} lang={culture}>
            <Button
              variant="link"
              aria-current={culture === current ? 'true' : undefined}
              isDisabled={setCulture.isPending}
              onPress={() => {
                if (culture === current) {
                  onClose();
                  return;
                }
                setCulture.mutate(
                  { query: { culturecode: culture, dbUpdateRequired: false } },
                  {
                    onSuccess: () => {
                      void applyCulture(culture)
                        .then(() => queryClient.invalidateQueries())
                        .then(onClose);
                    },
                  },
                );
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

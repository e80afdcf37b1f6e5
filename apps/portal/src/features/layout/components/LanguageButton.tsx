import { Button } from '@assessment/ui/button';
import { useLingui } from '@lingui/react';
import { useState } from 'react';
import { lazyDialog } from '@/components/lazy-dialog';
import { cultureLabel, resolveCulture } from '@/lib/i18n/i18n';

const LanguageDialog = lazyDialog(() => import('./LanguageDialog').then((module) => module.LanguageDialog));

/** "Language: English (United States)" on public pages: opens the Language modal (its code loads on first use). */
export function LanguageButton() {
  const { _: t, i18n } = useLingui();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="link"
        className="language-button"
        onPress={() => {
          setOpen(true);
        }}
      >
        {t('languageDialog.current', { language: cultureLabel(resolveCulture(i18n.locale)) })}
      </Button>
      {open && (
        <LanguageDialog
          onClose={() => {
            setOpen(false);
          }}
        />
      )}
    </>
  );
}

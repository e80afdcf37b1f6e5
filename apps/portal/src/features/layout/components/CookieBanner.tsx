import { COOKIE_WARNING_STORAGE_KEY } from '@assessment/ui/constants';
import { Button } from '@assessment/ui/button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** The cookie notice; its acknowledgment is remembered in localStorage under displayedCookieWarning. */
export function CookieBanner() {
  const { t } = useTranslation();
  const [shown, setShown] = useState(() => window.localStorage.getItem(COOKIE_WARNING_STORAGE_KEY) === null);
  if (!shown) return null;
  return (
    <section className="cookie-banner" aria-label={t('cookie.label')}>
      <p>{t('cookie.text')}</p>
      <Button
        onPress={() => {
          window.localStorage.setItem(COOKIE_WARNING_STORAGE_KEY, 'true');
          setShown(false);
        }}
      >
        {t('cookie.accept')}
      </Button>
    </section>
  );
}

import { MessageKey } from '@assessment/sdk';
import { CookieNotice } from '@assessment/ui/cookie-notice';
import { useLingui } from '@lingui/react';
import { useQuery } from '@tanstack/react-query';
import { messageQuery } from '@/features/errors';

/**
 * The cookie notice (UI kit; acknowledged once per browser under displayedCookieWarning). Its text is the
 * server's cookieWarning message, with the portal's own text while it loads or when it is empty.
 */
export default function CookieBanner() {
  const { _: t } = useLingui();
  const message = useQuery(messageQuery(MessageKey.COOKIE_WARNING));
  const text = message.data?.message;
  return (
    <div className="cookie-banner">
      <CookieNotice label={t('cookie.label')} acknowledgeLabel={t('cookie.accept')}>
        {text ? text : t('cookie.text')}
      </CookieNotice>
    </div>
  );
}

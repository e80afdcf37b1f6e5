import { isCookieWarningAcknowledged } from '@assessment/ui/cookie-notice';
import { lazy, Suspense, useState } from 'react';

/**
 * The cookie notice is needed once per browser: its code loads only then (the kit's acknowledgement check is a
 * module of its own, without the notice).
 */
const CookieBanner = lazy(() => import('./CookieBanner'));

/** What every page has besides its content: the cookie notice (toasts come from the ToastProvider in App). */
export function GlobalChrome() {
  const [show] = useState(() => !isCookieWarningAcknowledged());
  if (!show) return null;
  return (
    <Suspense fallback={null}>
      <CookieBanner />
    </Suspense>
  );
}

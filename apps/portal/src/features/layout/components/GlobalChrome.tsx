import { COOKIE_WARNING_STORAGE_KEY } from '@assessment/ui/constants';
import { lazy, Suspense, useState } from 'react';

/** The cookie notice is needed once per browser: its code loads only then. */
const CookieBanner = lazy(() => import('./CookieBanner'));

function acknowledged(): boolean {
  const value = window.localStorage.getItem(COOKIE_WARNING_STORAGE_KEY);
  return value !== null && value !== '' && value !== 'false';
}

/** What every page has besides its content: the cookie notice (toasts come from the ToastProvider in App). */
export function GlobalChrome() {
  const [show] = useState(() => !acknowledged());
  if (!show) return null;
  return (
    <Suspense fallback={null}>
      <CookieBanner />
    </Suspense>
  );
}

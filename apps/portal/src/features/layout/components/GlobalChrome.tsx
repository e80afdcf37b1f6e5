import { isCookieWarningAcknowledged } from '@assessment/ui/cookie-notice';
import { lazy, Suspense, useEffect, useState } from 'react';

/**
 * The cookie notice is needed once per browser: its code loads only then (the kit's acknowledgement check is a
 * module of its own, without the notice).
 */
const CookieBanner = lazy(() => import('./CookieBanner'));

interface GlobalChromeProps {
  /**
   * Whether the page's own content has rendered (the router is idle). The notice waits for it and then for an idle
   * moment, so its code and text never compete with what the person came for on a slow phone.
   * @default true
   */
  pageRendered?: boolean;
}

/** What every page has besides its content: the cookie notice (toasts come from the ToastProvider in App). */
export function GlobalChrome({ pageRendered = true }: GlobalChromeProps) {
  const [show] = useState(() => !isCookieWarningAcknowledged());
  const ready = useOnceIdleAfter(show && pageRendered);
  if (!show || !ready) return null;
  return (
    <Suspense fallback={null}>
      <CookieBanner />
    </Suspense>
  );
}

/** True from the first idle moment after `condition` held (and from then on). */
function useOnceIdleAfter(condition: boolean): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (!condition || ready) return;
    const done = () => setReady(true);
    // Safari has no requestIdleCallback: the next task there.
    if ('requestIdleCallback' in window) {
      const handle = window.requestIdleCallback(done, { timeout: 1000 });
      return () => window.cancelIdleCallback(handle);
    }
    const handle = setTimeout(done, 50);
    return () => clearTimeout(handle);
  }, [condition, ready]);
  return ready;
}

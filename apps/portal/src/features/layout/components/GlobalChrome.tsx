import { CookieBanner } from './CookieBanner';

/** What every page has besides its content: the cookie notice (toasts come from the ToastProvider in App). */
export function GlobalChrome() {
  return <CookieBanner />;
}

// Apart from CookieNotice: start-up code that only checks the acknowledgement does not load the notice
// (Button, InfoBar, React Aria).
import { COOKIE_WARNING_STORAGE_KEY } from '../constants';
import { readStorage } from '../internal/storage';

/** Whether the cookie warning was acknowledged in this browser (any stored value counts). */
export function isCookieWarningAcknowledged(): boolean {
  const value = readStorage(COOKIE_WARNING_STORAGE_KEY);
  return value !== null && value !== '' && value !== 'false';
}

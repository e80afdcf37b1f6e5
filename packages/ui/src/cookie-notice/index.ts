export { CookieNotice, isCookieWarningAcknowledged } from './CookieNotice';
export type { CookieNoticeProps } from './CookieNotice';

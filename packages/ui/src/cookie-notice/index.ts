export { isCookieWarningAcknowledged } from './acknowledged';
export { CookieNotice } from './CookieNotice';
export type { CookieNoticeProps } from './CookieNotice';

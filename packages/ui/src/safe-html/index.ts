export { canSanitizeHtml, SafeHtml, sanitizeHtml } from './SafeHtml';
export type { SafeHtmlProps } from './SafeHtml';

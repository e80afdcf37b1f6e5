import { useLingui } from '@lingui/react';
import { useQueries } from '@tanstack/react-query';
import { messageQuery } from '@/features/errors';
import { textOr } from '@/lib/i18n/i18n';
import { TIMEOUT_TEXT } from '@/lib/errors/describe-error';
import { SERVER_ERROR, TIMEOUT } from '../upload-errors';

/** Plain text of a server message (they may carry markup; nothing of it is rendered). */
function plainText(html: string): string {
  if (!/[<&]/.test(html)) return html;
  return new DOMParser().parseFromString(html, 'text/html').body.textContent;
}

/**
 * The texts of message keys shown next to files (spec part 8, GET /api/message/{key}): the server's message once
 * fetched, the portal's own translation of the key meanwhile (or when the fetch fails). "Server error" and the
 * timeout text are the portal's own.
 */
export function useMessageTexts(keys: readonly string[]): (key: string) => string {
  const { _: t } = useLingui();
  const serverKeys = [...new Set(keys)].filter((key) => key !== SERVER_ERROR && key !== TIMEOUT);
  const results = useQueries({ queries: serverKeys.map((key) => messageQuery(key)) });
  const texts = new Map<string, string>();
  serverKeys.forEach((key, index) => {
    const message = results[index]?.data?.message;
    if (message) texts.set(key, plainText(message));
  });
  return (key) => {
    if (key === SERVER_ERROR) return t('upload.serverError');
    if (key === TIMEOUT) return TIMEOUT_TEXT;
    return texts.get(key) ?? textOr(`upload.messages.${key}`, t('upload.serverError'));
  };
}

import { useLingui } from '@lingui/react';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { messageQuery } from '@/features/errors';
import { TIMEOUT_TEXT } from '@/lib/errors/describe-error';
import { textOr } from '@/lib/i18n/i18n';
import { SERVER_ERROR, TIMEOUT } from '../upload-errors';

/** Plain text of a server message (they may carry markup; nothing of it is rendered). */
function plainText(html: string): string {
  if (!/[<&]/.test(html)) return html;
  return new DOMParser().parseFromString(html, 'text/html').body.textContent;
}

/** Fetches one key's message and hands its text up (renders nothing). */
function MessageText({
  messageKey,
  onText,
}: {
  messageKey: string;
  onText: (key: string, text: string) => void;
}) {
  const { data } = useQuery(messageQuery(messageKey));
  const message = data?.message;
  useEffect(() => {
    if (message) onText(messageKey, plainText(message));
  }, [message, messageKey, onText]);
  return null;
}

/**
 * The texts of message keys shown next to files (spec part 8, GET /api/message/{key}): the server's message once
 * fetched, the portal's own translation of the key meanwhile (or when the fetch fails). "Server error" and the
 * timeout text are the portal's own. Render `loaders` somewhere in the page.
 */
export function useMessageTexts(keys: readonly string[]): {
  textOf: (key: string) => string;
  loaders: ReactNode;
} {
  const { _: t } = useLingui();
  const [texts, setTexts] = useState<ReadonlyMap<string, string>>(new Map());
  const onText = useCallback((key: string, text: string) => {
    setTexts((current) => (current.get(key) === text ? current : new Map(current).set(key, text)));
  }, []);
  const serverKeys = [...new Set(keys)].filter((key) => key !== SERVER_ERROR && key !== TIMEOUT);
  const textOf = (key: string) => {
    if (key === SERVER_ERROR) return t('upload.serverError');
    if (key === TIMEOUT) return TIMEOUT_TEXT;
    return texts.get(key) ?? textOr(`upload.messages.${key}`, t('upload.serverError'));
  };
  const loaders = serverKeys.map((key) => <MessageText key={key} messageKey={key} onText={onText} />);
  return { textOf, loaders };
}

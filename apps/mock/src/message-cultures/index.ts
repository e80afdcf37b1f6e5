import type { LanguageCulture, MessageKey } from '@assessment/sdk';
import { MESSAGES, RESOURCE_STRINGS, type MessageText } from '../messages.ts';
import de from './de.ts';
import es from './es.ts';
import fr from './fr.ts';
import it from './it.ts';
import ja from './ja.ts';
import ko from './ko.ts';
import pt from './pt.ts';
import { MODAL_TEXTS, type MessageCatalogue, type ModalTextKey } from './types.ts';
import zhCN from './zh-CN.ts';
import zhTW from './zh-TW.ts';

export { MODAL_TEXTS, type MessageCatalogue, type ModalTextKey } from './types.ts';

/**
 * The server texts of every culture but English (messages.ts), in the culture the account reads the portal in:
 * one catalogue per culture of the contract's LanguageCulture enum (tests/message-cultures.test.ts pins that each
 * has every message key and resource string, translated).
 */
export const MESSAGE_CULTURES: Readonly<Record<Exclude<LanguageCulture, 'en-US'>, MessageCatalogue>> = {
  'de-DE': de,
  'es-ES': es,
  'fr-FR': fr,
  'it-IT': it,
  'ja-JP': ja,
  'ko-KR': ko,
  'pt-BR': pt,
  'zh-CN': zhCN,
  'zh-TW': zhTW,
};

/**
 * A message in a culture: its title and text translated (English when the culture's catalogue lacks the key); the
 * actions stay the English ones, because the portal matches them as ids (its CONFIRM_ACTION is "Confirm").
 */
export function messageIn(culture: LanguageCulture, key: MessageKey): MessageText {
  const english = MESSAGES[key];
  const translated = culture === 'en-US' ? undefined : MESSAGE_CULTURES[culture].messages[key];
  if (!translated) return english;
  return { title: translated[0], message: translated[1], actions: [...english.actions] };
}

/** A resource string in a culture (English when the culture lacks it), or undefined for an unknown key. */
export function resourceStringIn(culture: LanguageCulture, key: string): string | undefined {
  // Own keys only: `__proto__` or `constructor` are no resource strings (a conformance run found one).
  if (!Object.hasOwn(RESOURCE_STRINGS, key)) return undefined;
  const english = RESOURCE_STRINGS[key];
  if (english === undefined || culture === 'en-US') return english;
  const own = MESSAGE_CULTURES[culture].resources;
  return (Object.hasOwn(own, key) ? own[key] : undefined) ?? english;
}

/** The words of the server-rendered modals and type-ahead results in a culture. */
export function modalTextsIn(culture: LanguageCulture): Readonly<Record<ModalTextKey, string>> {
  return culture === 'en-US' ? MODAL_TEXTS : { ...MODAL_TEXTS, ...MESSAGE_CULTURES[culture].modals };
}

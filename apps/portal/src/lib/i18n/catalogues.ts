import type { Messages } from '@lingui/core';
import type { LanguageCulture } from './i18n';

/**
 * The texts of every culture but English, one chunk each, loaded only when the culture is chosen (this module is
 * itself a lazy chunk: the sign-in page's first load carries neither it nor any catalogue). A culture of the
 * contract's LanguageCulture enum without a catalogue here is a type error; the files are named by
 * scripts/locale-catalogues.ts (`catalogueFile`), and src/lib/i18n/catalogues.test.ts pins both.
 */
export const CATALOGUES: Readonly<
  Record<Exclude<LanguageCulture, 'en-US'>, () => Promise<{ default: Messages }>>
> = {
  'de-DE': () => import('@/locales/de.json?messages'),
  'es-ES': () => import('@/locales/es.json?messages'),
  'fr-FR': () => import('@/locales/fr.json?messages'),
  'it-IT': () => import('@/locales/it.json?messages'),
  'ja-JP': () => import('@/locales/ja.json?messages'),
  'ko-KR': () => import('@/locales/ko.json?messages'),
  'pt-BR': () => import('@/locales/pt.json?messages'),
  'zh-CN': () => import('@/locales/zh-CN.json?messages'),
  'zh-TW': () => import('@/locales/zh-TW.json?messages'),
};

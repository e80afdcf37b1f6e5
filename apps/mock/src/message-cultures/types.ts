import type { MessageKey } from '@assessment/sdk';

/**
 * A culture's server texts: each message key's title and text (the buttons stay the English action ids the portal
 * matches, e.g. "Confirm"), and the resource strings.
 */
export interface MessageCatalogue {
  messages: Partial<Record<MessageKey, readonly [title: string, message: string]>>;
  resources: Readonly<Record<string, string>>;
  /** The words of the server-rendered modals (GET /modal/{name}) and type-ahead results; `{email}` is filled in. */
  modals: Readonly<Record<ModalTextKey, string>>;
}

/** The English words of the server-rendered modals and type-ahead results. */
export const MODAL_TEXTS = {
  shareTitle: 'Share project',
  anonymize: 'Anonymize',
  publishTitle: 'Publish project',
  publishText: 'Publishing makes the project viewable by anyone with its public URL.',
  eulaTitle: 'End user license agreement',
  eulaText: 'By using this portal you agree to the end user license agreement.',
  partnerTitle: 'Partner terms and conditions',
  partnerText: 'As a channel partner you must accept the partner terms and conditions.',
  language: 'Language',
  country: 'Country',
  disableTitle: 'Disable user accounts',
  message: 'Message',
  signedInAs: 'Signed in as {email}.',
  noSearchResults: 'No search results',
} as const;
export type ModalTextKey = keyof typeof MODAL_TEXTS;

import type { MessageKey } from '@assessment/sdk';

/**
 * A culture's server texts: each message key's title and text (the buttons stay the English action ids the portal
 * matches, e.g. "Confirm"), and the resource strings.
 */
export interface MessageCatalogue {
  messages: Partial<Record<MessageKey, readonly [title: string, message: string]>>;
  resources: Readonly<Record<string, string>>;
}

/**
 * Rules of the share wizard (spec parts 4 and 5): the recipient email rule, when the add button is enabled,
 * duplicates, when anonymizing is allowed and when the recipients step may move on.
 */
import type { ShareType } from '@assessment/sdk';
import { isValidEmail } from '@/lib/validation/email';

export { isValidEmail };

/**
 * The add button of the recipients step is disabled when the email is invalid, the text has more than one
 * at-sign, or an account is already chosen in the type-ahead.
 */
export function canAddRecipient(text: string, accountChosen: boolean): boolean {
  if (accountChosen) return false;
  if ((text.match(/@/g) ?? []).length > 1) return false;
  return isValidEmail(text);
}

/** Adds a recipient (compared without case); a duplicate gives userselected and leaves the list as it was. */
export function addRecipient(
  recipients: readonly string[],
  email: string,
): { recipients: readonly string[]; error: null } | { recipients: readonly string[]; error: 'userselected' } {
  const normalized = email.trim();
  if (recipients.some((existing) => existing.toLowerCase() === normalized.toLowerCase()))
    return { recipients, error: 'userselected' };
  return { recipients: [...recipients, normalized], error: null };
}

/** Anonymize is offered only for make-copies. */
export function anonymizeAllowed(shareType: ShareType): boolean {
  return shareType === 'make-copies';
}

/** The recipients step moves on with at least one recipient, or with the concierge option alone. */
export function recipientsStepValid(recipients: readonly string[], concierge: boolean): boolean {
  return recipients.length > 0 || concierge;
}

/** Spec part 8, fixed text: the title over the recipients a share failed for. */
export const SHARE_FAILURE_TITLE = 'Could Not Share The Project';

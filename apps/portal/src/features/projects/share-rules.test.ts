import { describe, expect, it } from 'vitest';
import {
  addRecipient,
  anonymizeAllowed,
  canAddRecipient,
  isValidEmail,
  recipientsStepValid,
  SHARE_FAILURE_TITLE,
} from './share-rules';

describe('share recipients (spec part 5)', () => {
  it('the email rule: one at-sign, text, a dot, more text; no angle brackets or exclamation marks', () => {
    for (const ok of ['sam.lee@fabrikam.com', 'a@b.co', 'first+tag@sub.example.org'])
      expect(isValidEmail(ok), ok).toBe(true);
    for (const bad of [
      '',
      'sam',
      'sam@',
      '@fabrikam.com',
      'sam@fabrikam',
      'sam@fabrikam.',
      'sam@@fabrikam.com',
      'sam@fab@rikam.com',
      '<sam>@fabrikam.com',
      'sam!@fabrikam.com',
      'sam lee@fabrikam.com',
    ])
      expect(isValidEmail(bad), bad).toBe(false);
  });

  it('the add button is disabled for an invalid email, more than one at-sign, or a chosen account', () => {
    expect(canAddRecipient('sam.lee@fabrikam.com', false)).toBe(true);
    expect(canAddRecipient('sam.lee@fabrikam', false)).toBe(false);
    expect(canAddRecipient('sam@lee@fabrikam.com', false)).toBe(false);
    expect(canAddRecipient('sam.lee@fabrikam.com', true)).toBe(false);
  });

  it('a duplicate recipient (any case) gives userselected and changes nothing', () => {
    const first = addRecipient([], 'Sam.Lee@fabrikam.com');
    expect(first).toEqual({ recipients: ['Sam.Lee@fabrikam.com'], error: null });
    const again = addRecipient(first.recipients, 'sam.lee@FABRIKAM.com ');
    expect(again.error).toBe('userselected');
    expect(again.recipients).toBe(first.recipients);
  });
});

describe('share wizard steps (spec part 4)', () => {
  it('anonymize is allowed only for make-copies', () => {
    expect(anonymizeAllowed('make-copies')).toBe(true);
    expect(anonymizeAllowed('link')).toBe(false);
    expect(anonymizeAllowed('public')).toBe(false);
  });

  it('the recipients step needs a recipient or the concierge option', () => {
    expect(recipientsStepValid([], false)).toBe(false);
    expect(recipientsStepValid([], true)).toBe(true);
    expect(recipientsStepValid(['a@b.co'], false)).toBe(true);
  });
});

describe('share failure title (spec part 8)', () => {
  it('is the fixed text', () => {
    expect(SHARE_FAILURE_TITLE).toBe('Could Not Share The Project');
  });
});

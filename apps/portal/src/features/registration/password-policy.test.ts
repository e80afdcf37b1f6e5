import { HttpError } from '@assessment/sdk';
import { describe, expect, it } from 'vitest';
import { meetsPasswordPolicy, passwordRules, passwordWeakness } from './password-policy';

describe('password policy (the form side of issues #32 f and #39)', () => {
  it('checks the length live; an empty password meets nothing', () => {
    expect(passwordRules('')).toEqual({ length: false });
    expect(passwordRules('short')).toEqual({ length: false });
    expect(passwordRules('x'.repeat(12))).toEqual({ length: true });
    // The rest is the server's: a common password of 12 characters passes the form's check.
    expect(meetsPasswordPolicy('Password1234')).toBe(true);
  });

  it("reads the server's reason from a refusal, and nothing from anything else", () => {
    const refusal = (Reason: unknown) => ({
      StatusCode: 400,
      ResourceKey: 'register_password_weak',
      ErrorState: { ErrorCode: 'register_password_weak', Reason },
      Message: null,
      Data: null,
    });
    // As the SDK throws it: an HttpError with the answer's body.
    const thrown = new HttpError(400, { operation: 'register', body: refusal('register_password_personal') });
    expect(passwordWeakness(thrown)).toBe('register_password_personal');
    expect(passwordWeakness(refusal('register_password_pattern'))).toBe('register_password_pattern');
    expect(passwordWeakness(refusal('something_else'))).toBeNull();
    expect(passwordWeakness({ ErrorState: null })).toBeNull();
    expect(passwordWeakness(new Error('offline'))).toBeNull();
    expect(passwordWeakness(null)).toBeNull();
  });
});

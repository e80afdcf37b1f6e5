import { describe, expect, it } from 'vitest';
import { COMMON_PASSWORDS } from '@assessment/sdk';
import { meetsPasswordPolicy, passwordRules } from './password-policy';

describe('password policy (the form side of issue #32 f)', () => {
  it("reads the demo API's list of common passwords, lower-cased, without its comments", () => {
    expect(COMMON_PASSWORDS.size).toBeGreaterThan(40);
    expect(COMMON_PASSWORDS.has('password1234')).toBe(true);
    expect(COMMON_PASSWORDS.has('correct-horse-42')).toBe(true);
    expect(
      [...COMMON_PASSWORDS].some((entry) => entry.startsWith('#') || entry !== entry.toLowerCase()),
    ).toBe(false);
  });

  it('meets no rule while empty, then checks length, the list (case-insensitively) and the email', () => {
    const email = 'robin.lee@new-company.example';
    expect(passwordRules('', email)).toEqual({ length: false, common: false, email: false });
    expect(passwordRules('short', email)).toEqual({ length: false, common: true, email: true });
    expect(passwordRules('PassWord1234', email)).toEqual({ length: true, common: false, email: true });
    expect(passwordRules(' Robin.Lee@New-Company.example'.trim(), email).email).toBe(false);
    expect(passwordRules('robin.lee', email).email).toBe(false);
    expect(passwordRules('Quiet-Harbour-2026', email)).toEqual({ length: true, common: true, email: true });
    expect(meetsPasswordPolicy('Quiet-Harbour-2026', email)).toBe(true);
    expect(meetsPasswordPolicy('password1234', email)).toBe(false);
  });

  it('leaves a short part before the at-sign alone, as the server does', () => {
    expect(passwordRules('ann', 'ann@example.test').email).toBe(true);
  });
});

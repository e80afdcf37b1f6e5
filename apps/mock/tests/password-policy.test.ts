// Issue #39 item 5: the password policy after NIST SP 800-63B. A length floor, no composition rules, and a refusal
// of passwords easy to guess (zxcvbn's lists of common and breached passwords, words and names, patterns, and the
// account's own name, email address and company), each with a reason the person can act on.
import { describe, expect, it } from 'vitest';
import { PasswordWeakness } from '@assessment/sdk';
import { PASSWORD_POLICY, passwordProblem, personalWords } from '../src/store/password-policy.ts';

const ROBIN = {
  email: 'robin.lee@adventure-works.example',
  firstName: 'Robin',
  lastName: 'Lee',
  companies: ['Adventure Works'],
};

describe('the password policy', () => {
  it('states its figures: 12 to 128 characters, zxcvbn score 4 (10^10 guesses)', () => {
    expect(PASSWORD_POLICY).toMatchObject({ minLength: 12, maxLength: 128, minScore: 4 });
  });

  // Twelve of the kind people choose, each 12 characters or more (the length floor alone let them through).
  it.each([
    ['qwertyqwerty', 'register_password_pattern'],
    ['Password1111', 'register_password_common'],
    ['Summer2026!!', 'register_password_guessable'],
    ['Welcome12345', 'register_password_common'],
    ['iloveyou1234', 'register_password_common'],
    ['Adventure2026', 'register_password_personal'],
    ['robin.lee2026', 'register_password_personal'],
    ['123456789012', 'register_password_common'],
    ['Passw0rd!Passw0rd', 'register_password_common'],
    ['Qwerty123456', 'register_password_common'],
    ['Letmein12345', 'register_password_common'],
    ['zzzzzzzzzzzzzzzz', 'register_password_pattern'],
  ] as const)('refuses %s (%s)', (password, reason) => {
    expect(password.length).toBeGreaterThanOrEqual(PASSWORD_POLICY.minLength);
    expect(passwordProblem(password, ROBIN)).toBe(reason);
  });

  it.each([
    'marble orchard lantern drift',
    'Tulip-Canyon-Static-49',
    'violet kettle ferry noon',
    'ochre;paddle;quartz;gull',
    'My cat eats 7 olives at dawn',
  ])('accepts the passphrase %s', (password) => {
    expect(passwordProblem(password, ROBIN)).toBeNull();
  });

  it('refuses the account’s own words: its names, its email address and its part before the at-sign, its company', () => {
    expect(passwordProblem('RobinLee1990!', ROBIN)).toBe('register_password_personal');
    expect(passwordProblem('ROBIN.LEE@ADVENTURE-WORKS.EXAMPLE', ROBIN)).toBe('register_password_personal');
    expect(passwordProblem('robin.lee', { ...ROBIN, email: 'robin.lee@a.example' })).toBe(
      'register_password_guessable',
    );
    expect(passwordProblem('Works-Adventure-1', ROBIN)).toBe('register_password_personal');
    // The same password for someone else: nothing of theirs in it.
    expect(passwordProblem('Works-Adventure-1', { email: 'sam@fabrikam.example' })).toBeNull();
    // The company the account joins counts as much as the one typed.
    const joining = { ...ROBIN, companies: ['Robin Co', 'Northwind Traders'] };
    expect(passwordProblem('Northwind-Traders-7', joining)).toBe('register_password_personal');
    // A strong password stays strong with a name in it: what is left must be strong on its own.
    expect(passwordProblem('Robin-Quiet-Harbour-9', ROBIN)).toBeNull();
  });

  it('still refuses the SDK’s short list (the demo’s published passwords among them) and a short one', () => {
    expect(passwordProblem('Demo-Portal-2026', ROBIN)).toBe('register_password_common');
    expect(passwordProblem('CORRECT-HORSE-42', ROBIN)).toBe('register_password_common');
    expect(passwordProblem('Quiet-Harb', ROBIN)).toBe('register_password_guessable');
  });

  it('passes the account’s words to zxcvbn: names, address, its pieces and domain labels, company and its words', () => {
    expect(personalWords(ROBIN)).toEqual(
      expect.arrayContaining([
        'robin.lee@adventure-works.example',
        'robin.lee',
        'robin',
        'lee',
        'robinlee',
        'adventure-works',
        'adventure',
        'works',
        'adventure works',
        'adventureworks',
      ]),
    );
    // No top-level domain, nothing shorter than 3 characters.
    expect(personalWords({ email: 'al.bo@x.example', firstName: 'Al' })).toEqual([
      'al.bo@x.example',
      'al.bo',
      'x.example',
    ]);
  });

  it('answers one of the contract’s reasons, each a message key', () => {
    const reasons = new Set(
      ['Password1111', 'qwertyqwerty', 'Summer2026!!', 'Adventure2026'].map((p) => passwordProblem(p, ROBIN)),
    );
    expect([...reasons].sort()).toEqual(Object.values(PasswordWeakness).sort());
  });
});

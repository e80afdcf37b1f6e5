import type { ContactCheckResult } from '@assessment/sdk';
import { describe, expect, it } from 'vitest';
import { CLEAR as PARTNER_CLEAR } from './components/test-answers';
import { LOOKUP_RULES, lookupRefusal, mustChooseCompany, type LookupContext } from './lookup-rules';

/**
 * A lookup answer that lets stage two open and meets no rule on any form: the component tests' answer, also with an
 * existing capture account (the dpack-capture form's own condition) and no partner request.
 */
const CLEAR: ContactCheckResult = {
  ...PARTNER_CLEAR,
  IsPartnerRequest: false,
  DpackCaptureRequestAccountExists: true,
};

const STUCK = { CanContinue: false, CanOverride: false } as const;

/** Spec part 5: each key, in its order, with the answer and form that meet it (and nothing before it). */
const TABLE: [string, Partial<ContactCheckResult>, LookupContext][] = [
  ['register_email_already_exists', { EmailAlreadyExists: true }, { type: 'partner-register' }],
  ['register_account_inactive', { AccountIsInactive: true }, { type: 'partner-register' }],
  [
    'dpackcapture_not_end_user',
    { ExistingUserFoundNotEndUser: true },
    { type: 'dpack-capture', owner: 'self' },
  ],
  [
    'verifyowner_not_end_user',
    { ExistingUserFoundNotEndUser: true },
    { type: 'dpack-capture', owner: 'customer' },
  ],
  ['register_blacklisted', { IsBlacklistedEmailDomain: true }, { type: 'user-register' }],
  ['register_contact_oem', { ...STUCK, IsOEMRegistration: true }, { type: 'partner-register' }],
  ['register_found_contact_no_company', { ...STUCK, IsExactMatch: true }, { type: 'partner-register' }],
  [
    'register_contact_not_partner',
    { ...STUCK, IsPartnerRequest: true, IsEndUserNotPartner: true },
    { type: 'partner-register' },
  ],
  ['register_contact_not_found', { ...STUCK }, { type: 'partner-register' }],
  [
    'dell_reassign_user_doesnt_exist',
    { DpackCaptureRequestAccountExists: false },
    { type: 'user-register', dellReassign: true },
  ],
];

describe('registration lookup validators (spec part 5)', () => {
  it('keeps the order of part 5', () => {
    expect(LOOKUP_RULES.map((rule) => rule.key)).toEqual(TABLE.map(([key]) => key));
  });

  it.each(TABLE)('%s: its condition gives it', (key, answer, context) => {
    expect(lookupRefusal({ ...CLEAR, ...answer }, context)).toBe(key);
  });

  it.each(TABLE.slice(0, -1).map((row, i) => [row[0], TABLE[i + 1]?.[0] ?? '', i] as const))(
    '%s wins over %s when both hold',
    (first, _second, i) => {
      const [, a, contextA] = TABLE[i] ?? [];
      const [, b, contextB] = TABLE[i + 1] ?? [];
      // Both answers at once; the form of the earlier key (the later key's form where the earlier needs none).
      const both = { ...CLEAR, ...b, ...a };
      const context: LookupContext = { ...contextB, ...contextA } as LookupContext;
      // verifyowner_not_end_user needs the customer option and dpackcapture_not_end_user the other: not both at once.
      if (first === 'dpackcapture_not_end_user') return;
      expect(lookupRefusal(both, context)).toBe(first);
    },
  );

  it('an answer no rule refuses opens stage two', () => {
    expect(lookupRefusal(CLEAR, { type: 'user-register' })).toBeNull();
    // Blacklisted but override allowed: the person may override; the contact rules need neither continue nor override.
    expect(
      lookupRefusal(
        { ...CLEAR, IsBlacklistedEmailDomain: true, CanOverride: true, CanContinue: false },
        {
          type: 'user-register',
        },
      ),
    ).toBeNull();
    // A non-end-user account is a refusal on the capture form only.
    expect(
      lookupRefusal({ ...CLEAR, ExistingUserFoundNotEndUser: true }, { type: 'user-register' }),
    ).toBeNull();
  });
});

describe('isAdmin rule for other companies on the same domain (spec part 6)', () => {
  const withCompanies = {
    ...CLEAR,
    CompaniesWithSameDomain: [{ CompanyId: 3, Name: 'Contoso', TeamAdmins: [] }],
  };
  it('a person who is not an admin chooses a company; an admin continues', () => {
    expect(mustChooseCompany(withCompanies, false)).toBe(true);
    expect(mustChooseCompany(withCompanies, true)).toBe(false);
  });
  it('no company on the domain: nothing to choose', () => {
    expect(mustChooseCompany(CLEAR, false)).toBe(false);
  });
});

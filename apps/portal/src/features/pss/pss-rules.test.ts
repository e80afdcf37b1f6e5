import { describe, expect, it } from 'vitest';
import {
  accountStepValid,
  contactsStepValid,
  emptyPssDraft,
  PSS_SPECIAL_INSTRUCTIONS_MAX,
  pssRequestBody,
  submitValid,
  THEATERS,
  type PssDraft,
} from './pss-rules';

const full: PssDraft = {
  AccountName: ' Contoso Ltd ',
  Theatre: 'EMEA',
  RequesterPhoneNumber: '+44 20 7946 0321',
  ContactEmails: '',
  CaseSubject: 'Sizing',
  HasSpecialInstructions: false,
  SpecialInstructions: 'ignored',
};

describe('PSS wizard rules (spec parts 2, 5)', () => {
  it('offers the contract’s theatres', () => {
    expect(THEATERS).toEqual(['NA', 'LATAM', 'EMEA', 'APJ']);
  });

  it('step 0 needs AccountName and Theatre non-empty', () => {
    expect(accountStepValid(emptyPssDraft())).toBe(false);
    expect(accountStepValid({ ...full, AccountName: '   ' })).toBe(false);
    expect(accountStepValid({ ...full, Theatre: '' })).toBe(false);
    expect(accountStepValid(full)).toBe(true);
  });

  it('step 1 needs a phone number', () => {
    expect(contactsStepValid({ ...full, RequesterPhoneNumber: ' ' })).toBe(false);
    expect(contactsStepValid(full)).toBe(true);
  });

  it('submit needs a CaseSubject', () => {
    expect(submitValid({ ...full, CaseSubject: '' })).toBe(false);
    expect(submitValid(full)).toBe(true);
  });

  it('sends the trimmed form; special instructions only when ticked', () => {
    expect(pssRequestBody(full, 7)).toEqual({
      ProjectId: 7,
      AccountName: 'Contoso Ltd',
      Theatre: 'EMEA',
      RequesterPhoneNumber: '+44 20 7946 0321',
      CaseSubject: 'Sizing',
      HasSpecialInstructions: false,
    });
    expect(pssRequestBody({ ...full, HasSpecialInstructions: true, ContactEmails: 'a@b.com' })).toMatchObject(
      { HasSpecialInstructions: true, SpecialInstructions: 'ignored', ContactEmails: 'a@b.com' },
    );
    expect(() => pssRequestBody({ ...full, Theatre: '' })).toThrow();
  });

  it('text limit', () => {
    expect(PSS_SPECIAL_INSTRUCTIONS_MAX).toBe(1000);
  });
});

import { Theater, type PssRequestForm } from '@assessment/sdk';

/** What the PSS wizard holds while the user types (all of it survives going back and failures). */
export interface PssDraft {
  AccountName: string;
  /** '' until a theatre is chosen. */
  Theatre: Theater | '';
  RequesterPhoneNumber: string;
  ContactEmails: string;
  CaseSubject: string;
  HasSpecialInstructions: boolean;
  SpecialInstructions: string;
}

/** Special instructions are limited like every counted text area (spec part 5, default 1000). */
export const PSS_SPECIAL_INSTRUCTIONS_MAX = 1000;

export const THEATERS: readonly Theater[] = Object.values(Theater);

export const emptyPssDraft = (): PssDraft => ({
  AccountName: '',
  Theatre: '',
  RequesterPhoneNumber: '',
  ContactEmails: '',
  CaseSubject: '',
  HasSpecialInstructions: false,
  SpecialInstructions: '',
});

const filled = (text: string) => text.trim() !== '';

/** Step 0: next needs AccountName and Theatre non-empty (spec part 5). */
export const accountStepValid = (draft: PssDraft): boolean =>
  filled(draft.AccountName) && draft.Theatre !== '';

/** Step 1: next needs a phone number (spec part 5). */
export const contactsStepValid = (draft: PssDraft): boolean => filled(draft.RequesterPhoneNumber);

/** Step 2: submit needs a CaseSubject (spec part 5). */
export const submitValid = (draft: PssDraft): boolean => filled(draft.CaseSubject);

/** The form sent to the server; undefined optional fields are left out. */
export function pssRequestBody(draft: PssDraft, projectId?: number): PssRequestForm {
  if (draft.Theatre === '') throw new Error('A theatre must be chosen before submitting.');
  return {
    ...(projectId !== undefined ? { ProjectId: projectId } : {}),
    AccountName: draft.AccountName.trim(),
    Theatre: draft.Theatre,
    RequesterPhoneNumber: draft.RequesterPhoneNumber.trim(),
    ...(filled(draft.ContactEmails) ? { ContactEmails: draft.ContactEmails.trim() } : {}),
    CaseSubject: draft.CaseSubject.trim(),
    HasSpecialInstructions: draft.HasSpecialInstructions,
    ...(draft.HasSpecialInstructions && filled(draft.SpecialInstructions)
      ? { SpecialInstructions: draft.SpecialInstructions.trim() }
      : {}),
  };
}

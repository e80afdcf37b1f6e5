/** The stage-one lookup validators of the registration forms (spec part 5) and the isAdmin rule (part 6). */
import {
  zRegistrationRequestWritable,
  zRegistrationType,
  type ContactCheckResult,
  type MessageKey,
  type RegistrationType,
} from '@assessment/sdk';
import { minLengthOf } from '@/lib/validation/max-length';

/** Who will own the captured data (the dpack-capture form's owner option). */
export type CaptureOwner = 'self' | 'customer';

export interface LookupContext {
  type: RegistrationType;
  /** dpack-capture only: with the customer as owner, a non-end-user account gives verifyowner_not_end_user. */
  owner?: CaptureOwner;
  /** The Dell-style reassign lookup (contact check with dr): the account behind the email must exist. */
  dellReassign?: boolean;
}

export interface LookupRule {
  key: MessageKey;
  /** Whether this rule refuses the lookup answer (the rules are tried in order; the first that holds wins). */
  when: (result: ContactCheckResult, context: LookupContext) => boolean;
}

/** Neither continue nor override is allowed: the contact rules apply. */
const stuck = (r: ContactCheckResult): boolean => !r.CanContinue && !r.CanOverride;

/** Spec part 5, in its order. */
export const LOOKUP_RULES: readonly LookupRule[] = [
  { key: 'register_email_already_exists', when: (r) => r.EmailAlreadyExists },
  { key: 'register_account_inactive', when: (r) => r.AccountIsInactive },
  {
    key: 'dpackcapture_not_end_user',
    when: (r, c) => c.type === 'dpack-capture' && c.owner !== 'customer' && r.ExistingUserFoundNotEndUser,
  },
  {
    key: 'verifyowner_not_end_user',
    when: (r, c) => c.type === 'dpack-capture' && c.owner === 'customer' && r.ExistingUserFoundNotEndUser,
  },
  { key: 'register_blacklisted', when: (r) => r.IsBlacklistedEmailDomain && !r.CanOverride },
  { key: 'register_contact_oem', when: (r) => stuck(r) && r.IsOEMRegistration },
  { key: 'register_found_contact_no_company', when: (r) => stuck(r) && r.IsExactMatch && !r.FoundCompany },
  {
    key: 'register_contact_not_partner',
    when: (r) => stuck(r) && r.IsPartnerRequest && r.IsEndUserNotPartner,
  },
  { key: 'register_contact_not_found', when: (r) => stuck(r) },
  {
    key: 'dell_reassign_user_doesnt_exist',
    when: (r, c) => c.dellReassign === true && !r.DpackCaptureRequestAccountExists,
  },
];

/** The message key of the first rule that refuses the lookup answer, or null when stage two may open. */
export function lookupRefusal(result: ContactCheckResult, context: LookupContext): MessageKey | null {
  return LOOKUP_RULES.find((rule) => rule.when(result, context))?.key ?? null;
}

/**
 * Spec part 6: an isAdmin flag decides whether a lookup may continue when other companies share the email's
 * domain. A person who is not an admin chooses one of them (select company); an admin may continue directly.
 */
export function mustChooseCompany(result: ContactCheckResult, isAdmin: boolean): boolean {
  return result.CompaniesWithSameDomain.length > 0 && !isAdmin;
}

/** The registration types in the order the pages offer them. */
export const REGISTRATION_TYPES: readonly RegistrationType[] = zRegistrationType.options;

export function isRegistrationType(value: unknown): value is RegistrationType {
  return zRegistrationType.safeParse(value).success;
}

/** A registration type from a URL (select company's `type`): user-register unless it names another. */
export function registrationType(value: unknown): RegistrationType {
  return isRegistrationType(value) ? value : 'user-register';
}

/** Minimum length of the new account's password: the contract's RegistrationRequest.Password minLength. */
export const PASSWORD_MIN_LENGTH = minLengthOf(zRegistrationRequestWritable.shape.Password) ?? 1;

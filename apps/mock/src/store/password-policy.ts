// The password policy of registration (issue #32 f): the rules are the SDK's (written once, the portal's form shows
// them live); the contract states the same minimum length (RegistrationRequest.Password minLength) and the key of a
// refused password (register_password_weak).
import { meetsPasswordPolicy } from '@assessment/sdk';

export const PASSWORD_POLICY = {
  /** Characters at least (the contract's minLength: shorter is refused by validation, validate_info). */
  minLength: 12,
  maxLength: 128,
} as const;

/**
 * Why a password is refused, or null: shorter than the minimum, on the common/breached list (case-insensitive), or
 * the account's own email address or its part before the at-sign.
 */
export function passwordProblem(password: string, email: string): 'register_password_weak' | null {
  return meetsPasswordPolicy(password, email, PASSWORD_POLICY.minLength) ? null : 'register_password_weak';
}

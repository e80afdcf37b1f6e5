// The password policy of registration (issue #32 f), written once: the contract states the same minimum length
// (RegistrationRequest.Password minLength) and the key of a refused password (register_password_weak).
import { readFileSync } from 'node:fs';

export const PASSWORD_POLICY = {
  /** Characters at least (the contract's minLength: shorter is refused by validation, validate_info). */
  minLength: 12,
  maxLength: 128,
} as const;

/** The common and breached passwords shipped as data (common-passwords.txt), lower-cased. */
export const COMMON_PASSWORDS: ReadonlySet<string> = new Set(
  readFileSync(new URL('./common-passwords.txt', import.meta.url), 'utf8')
    .split('\n')
    .map((line) => line.trim().toLowerCase())
    .filter((line) => line !== '' && !line.startsWith('#')),
);

/**
 * Why a password is refused, or null: shorter than the minimum, on the common/breached list (case-insensitive), or
 * the account's own email address or its part before the at-sign.
 */
export function passwordProblem(password: string, email: string): 'register_password_weak' | null {
  const p = password.toLowerCase();
  const address = email.trim().toLowerCase();
  const local = address.split('@')[0] ?? '';
  // Counted as the contract's minLength is checked (string length).
  if (password.length < PASSWORD_POLICY.minLength) return 'register_password_weak';
  if (COMMON_PASSWORDS.has(p) || p === address || (local.length >= 4 && p === local))
    return 'register_password_weak';
  return null;
}

/**
 * The password policy of registration (issues #32 f, #39) as the form shows it live: only the length, which costs
 * nothing to check. Whether a password is easy to guess (common or breached, a pattern, the person's own name,
 * address or company) the server judges with dictionaries far too large for the bundle; its refusal
 * (register_password_weak) says why in ErrorState.Reason, and the form shows that on the field.
 */
import { SdkError, type PasswordWeakness } from '@assessment/sdk';
import { PASSWORD_MIN_LENGTH } from './lookup-rules';

export const PASSWORD_RULES = ['length'] as const;
export type PasswordRule = (typeof PASSWORD_RULES)[number];

/** Whether each rule is met; an empty password meets none (nothing is said about it yet). */
export function passwordRules(password: string): Record<PasswordRule, boolean> {
  return { length: password.length >= PASSWORD_MIN_LENGTH };
}

/** Whether every rule the form checks is met (the server may still refuse it, saying why). */
export function meetsPasswordPolicy(password: string): boolean {
  const met = passwordRules(password);
  return PASSWORD_RULES.every((rule) => met[rule]);
}

const REASONS: ReadonlySet<string> = new Set<PasswordWeakness>([
  'register_password_common',
  'register_password_personal',
  'register_password_pattern',
  'register_password_guessable',
]);

/** Why the server refused a password (the failure's ErrorState.Reason), or null when it did not say. */
export function passwordWeakness(error: unknown): PasswordWeakness | null {
  // The SDK throws its errors with the answer's body; a bare envelope is read as it is.
  const body = error instanceof SdkError ? error.body : error;
  if (typeof body !== 'object' || body === null || !('ErrorState' in body)) return null;
  const state = body.ErrorState;
  if (typeof state !== 'object' || state === null || !('Reason' in state)) return null;
  const reason = state.Reason;
  return typeof reason === 'string' && REASONS.has(reason) ? (reason as PasswordWeakness) : null;
}

/**
 * The password policy of registration (issue #32 f) as the form shows it live: the SDK's rules (the ones the server
 * applies, written once), with the contract's minimum length. The server stays the judge (register_password_weak);
 * these only say early what it will answer.
 */
import { PASSWORD_RULES, passwordRules as rulesOf, type PasswordRule } from '@assessment/sdk';
import { PASSWORD_MIN_LENGTH } from './lookup-rules';

export { PASSWORD_RULES, type PasswordRule };

/** Whether each rule is met; an empty password meets none (nothing is said about it yet). */
export function passwordRules(password: string, email: string): Record<PasswordRule, boolean> {
  return rulesOf(password, email, PASSWORD_MIN_LENGTH);
}

/** Whether every rule is met. */
export function meetsPasswordPolicy(password: string, email: string): boolean {
  const met = passwordRules(password, email);
  return PASSWORD_RULES.every((rule) => met[rule]);
}

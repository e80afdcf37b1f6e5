/**
 * Spec part 5: one at-sign, text before it, then text, a dot and more text; no angle brackets or exclamation
 * marks (and no spaces).
 */
const EMAIL_RULE = /^[^@<>!\s]+@[^@<>!\s.]+(?:\.[^@<>!\s.]+)*\.[^@<>!\s.]+$/;

/** Whether a text is an email by the rule of part 5 (a failure is invalid_email). */
export function isValidEmail(text: string): boolean {
  return EMAIL_RULE.test(text.trim());
}

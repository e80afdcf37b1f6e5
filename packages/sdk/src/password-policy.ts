// The first checks of registration's password policy (issue #32 f): the contract states the minimum length
// (RegistrationRequest.Password minLength) and the key of a refused password (register_password_weak). The demo API
// applies these first, then a strength estimate with dictionaries far too large for the SDK (issue #39): a password
// that meets these may still be refused, with ErrorState.Reason (a PasswordWeakness) saying why.

/** Common and breached passwords of at least the minimum length, compared case-insensitively (shorter ones fail
 * the length rule). */
export const COMMON_PASSWORDS: ReadonlySet<string> = /* @__PURE__ */ new Set([
  '123456789012',
  '1234567890123',
  '12345678901234',
  '123456789abc',
  '1q2w3e4r5t6y',
  '1qaz2wsx3edc',
  '1qaz2wsx3edc4rfv',
  'aaaaaaaaaaaa',
  'abc123abc123',
  'abcdefghijkl',
  'abcd1234abcd',
  'admin1234567',
  'administrator',
  'administrator1',
  'baseball1234',
  'changeme1234',
  'changeme123!',
  'football1234',
  'iloveyou1234',
  'letmein12345',
  'letmein123456',
  'monkey123456',
  'passw0rd1234',
  'password1234',
  'password123!',
  'password12345',
  'password2024',
  'password2025',
  'password2026',
  'password!234',
  'p@ssw0rd1234',
  'p@ssword1234',
  'qazwsxedcrfv',
  'qwerty123456',
  'qwertyuiop12',
  'qwertyuiopas',
  'qwertyuiop123',
  'superman1234',
  'sunshine1234',
  'trustno11234',
  'welcome12345',
  'welcome123456',
  'welcome2024!',
  'welcome2025!',
  'welcome2026!',
  'zaq12wsxcde3',
  '000000000000',
  '111111111111',
  '987654321098',
  'demo-portal-2026',
  'correct-horse-42',
  'correcthorsebatterystaple',
]);

/** The rules, in the order a form lists them. */
export const PASSWORD_RULES = ['length', 'common', 'email'] as const;
export type PasswordRule = (typeof PASSWORD_RULES)[number];

/**
 * Whether each rule is met by `password` for the account `email` (an empty password meets none): at least
 * `minLength` characters (string length, as the contract's minLength counts), not on the common list, not the email
 * address nor its part before the at-sign (when that part has 4 or more characters).
 */
export function passwordRules(
  password: string,
  email: string,
  minLength: number,
): Record<PasswordRule, boolean> {
  const p = password.toLowerCase();
  const address = email.trim().toLowerCase();
  const local = address.split('@')[0] ?? '';
  const typed = password !== '';
  return {
    length: password.length >= minLength,
    common: typed && !COMMON_PASSWORDS.has(p),
    email: typed && p !== address && !(local.length >= 4 && p === local),
  };
}

/** Whether every rule is met: the server's first checks only (it may still refuse, saying why). */
export function meetsPasswordPolicy(password: string, email: string, minLength: number): boolean {
  const met = passwordRules(password, email, minLength);
  return PASSWORD_RULES.every((rule) => met[rule]);
}

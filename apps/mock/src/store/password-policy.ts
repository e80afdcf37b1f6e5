// The password policy of registration (issue #32 f; issue #39 after NIST SP 800-63B): a length floor and ceiling
// (the contract's minLength/maxLength), no composition rules, and a refusal of passwords that are easy to guess:
// the SDK's first checks (a short list of published and common passwords, the email address), then zxcvbn's
// estimate with its large lists of common and breached passwords, words and names, and the account's own name,
// email address and company as its user dictionary. The refusal says why (a PasswordWeakness message key).
import { ZxcvbnFactory, type ZxcvbnResult } from '@zxcvbn-ts/core';
import * as zxcvbnCommon from '@zxcvbn-ts/language-common';
import * as zxcvbnEn from '@zxcvbn-ts/language-en';
import { passwordRules, type PasswordWeakness } from '@assessment/sdk';

export const PASSWORD_POLICY = {
  /** Characters at least (the contract's minLength: shorter is refused by validation, validate_info). */
  minLength: 12,
  maxLength: 128,
  /** zxcvbn's score a password needs: 4 is 10^10 guesses or more (3 lets through e.g. "Summer2026!!"). */
  minScore: 4,
  /** Characters zxcvbn reads: its matching grows fast with length (a 128-character one took seconds). */
  checkedLength: 64,
} as const;

/** Who the password is for: its words may not make the password. */
export interface PasswordOwner {
  email: string;
  firstName?: string | undefined;
  lastName?: string | undefined;
  /** The company typed in the form and, when the account joins one, that company's name. */
  companies?: readonly (string | null | undefined)[] | undefined;
}

let estimator: ZxcvbnFactory | undefined;

/** Built on first use (its ranked dictionaries take a few hundred milliseconds), then kept for the process. */
function strength(): ZxcvbnFactory {
  estimator ??= new ZxcvbnFactory({
    dictionary: { ...zxcvbnCommon.dictionary, ...zxcvbnEn.dictionary },
    graphs: zxcvbnCommon.adjacencyGraphs,
    maxLength: PASSWORD_POLICY.checkedLength,
  });
  return estimator;
}

/**
 * The account's own words, as zxcvbn's user dictionary: the names, the email address, its part before the at-sign
 * and that part's pieces, the domain's labels, each company name and its words (3 characters or more; the
 * domain's last label, the top-level domain, is no word of the account).
 */
export function personalWords(owner: PasswordOwner): string[] {
  const address = owner.email.trim().toLowerCase();
  const [local = '', domain = ''] = address.split('@');
  const labels = domain.split('.').slice(0, -1);
  const names = [owner.firstName, owner.lastName].filter((n): n is string => typeof n === 'string');
  const companies = (owner.companies ?? []).filter((c): c is string => typeof c === 'string');
  const words = [
    address,
    local,
    ...local.split(/[._+\-']+/),
    domain,
    ...labels,
    ...labels.flatMap((label) => label.split('-')),
    ...names,
    names.join(''),
    ...companies,
    ...companies.flatMap((c) => c.split(/[^\p{L}\p{N}]+/u)),
    companies.map((c) => c.replace(/[^\p{L}\p{N}]+/gu, '')).join(''),
  ];
  return [...new Set(words.map((w) => w.trim().toLowerCase()).filter((w) => w.length >= 3))];
}

/** Why zxcvbn's estimate is low, from the parts it split the password into: the cause a person can act on first. */
function weaknessOf(result: ZxcvbnResult): PasswordWeakness {
  // Any of the account's words is the cause; else the kind of part that covers the most characters.
  const covered = {
    register_password_common: 0,
    register_password_pattern: 0,
    register_password_guessable: 0,
  };
  for (const m of result.sequence) {
    const length = m.j - m.i + 1;
    if (m.pattern === 'dictionary') {
      if (m.dictionaryName === 'userInputs') return 'register_password_personal';
      const list = String(m.dictionaryName);
      if (list.startsWith('passwords')) covered.register_password_common += length;
      else covered.register_password_guessable += length;
    } else if (PATTERNS.has(m.pattern)) covered.register_password_pattern += length;
  }
  const most = Math.max(...Object.values(covered));
  if (most === 0) return 'register_password_guessable';
  // Ties: the order of `covered`.
  return (
    (Object.keys(covered) as (keyof typeof covered)[]).find((k) => covered[k] === most) ??
    'register_password_guessable'
  );
}

/** zxcvbn's matchers of predictable patterns: repeats, sequences, rows of keys, dates, years, word sequences. */
const PATTERNS: ReadonlySet<string> = new Set([
  'repeat',
  'sequence',
  'spatial',
  'date',
  'regex',
  'wordSequence',
]);

/**
 * Why a password is refused (register_password_weak, with this reason), or null: shorter than the minimum; on the
 * SDK's short list (common, guessable or publicly documented, like the demo's password) or the email address or
 * its part before the at-sign (the SDK's rules, which the portal and other clients can check early); else below
 * zxcvbn's minScore with the account's words as user inputs.
 */
export function passwordProblem(password: string, owner: PasswordOwner): PasswordWeakness | null {
  const first = passwordRules(password, owner.email, PASSWORD_POLICY.minLength);
  if (!first.length) return 'register_password_guessable';
  if (!first.common) return 'register_password_common';
  if (!first.email) return 'register_password_personal';
  const words = personalWords(owner);
  const result = strength().check(password, words);
  if (result.score < PASSWORD_POLICY.minScore) return weaknessOf(result);
  // Whoever aims at this account knows its words: what is left without them must be strong on its own.
  const rest = withoutWords(password, words);
  if (rest !== password && strength().check(rest).score < PASSWORD_POLICY.minScore)
    return 'register_password_personal';
  return null;
}

/** The password with every occurrence of the words taken out (case-insensitively, longest word first). */
function withoutWords(password: string, words: readonly string[]): string {
  let rest = password;
  for (const word of [...words].sort((a, b) => b.length - a.length)) {
    let at = rest.toLowerCase().indexOf(word);
    while (at !== -1) {
      rest = rest.slice(0, at) + rest.slice(at + word.length);
      at = rest.toLowerCase().indexOf(word);
    }
  }
  return rest;
}

import { Role, UserStatus } from '@assessment/sdk';
import { describe, expect, it } from 'vitest';
import { applyCulture, i18n } from '@/lib/i18n/i18n';
import { roleText, statusText } from './labels';

const CULTURES = ['en-US', 'de-DE'] as const;

describe.each(CULTURES)('user labels in %s', (culture) => {
  it('every role and status reads as a translated word, never the raw enum name', async () => {
    await applyCulture(culture);
    const words = [
      ...Object.values(Role).map((role) => [role, i18n._(roleText(role))] as const),
      ...Object.values(UserStatus).map((status) => [status, i18n._(statusText(status))] as const),
    ];
    for (const [raw, word] of words) {
      // A camel-cased enum name (DellAdminUser, AdminDisabled) is not a word a person reads.
      expect(word, raw).not.toMatch(/[a-z][A-Z]/);
      expect(word, raw).not.toMatch(/^users\./);
      expect(word.trim(), raw).not.toBe('');
    }
    expect(new Set(words.map(([, word]) => word)).size).toBe(words.length);
  });
});

it('pins the English words of the administrator roles and statuses', async () => {
  await applyCulture('en-US');
  expect(i18n._(roleText('DellAdminUser'))).toBe('Dell administrator');
  expect(i18n._(statusText('AdminDisabled'))).toBe('Disabled by an administrator');
});

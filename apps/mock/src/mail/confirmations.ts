// Proven addresses (issue #32): a registered account is Pending until the single-use, expiring link mailed to its
// address is followed. The link's token is 32 random bytes (256 bits, base64url); only its SHA-256 is stored, so a
// copy of the database confirms nothing.
import { createHash, randomBytes } from 'node:crypto';
import type { Repo, UserRow } from '../store/repo.ts';

/** The status of an account whose address is not confirmed yet (the contract's UserStatus Pending). */
export const PENDING = 'Pending';

/** Random bytes per token: 32 = 256 bits, 43 base64url characters (the contract's RegistrationConfirmRequest). */
export const TOKEN_BYTES = 32;

export function newToken(): string {
  return randomBytes(TOKEN_BYTES).toString('base64url');
}

export function tokenHash(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** A new company a pending account registered: created when the account is confirmed. */
export interface PendingCompany {
  name: string;
  kind: string;
  domain: string;
  countryId: number;
  sfAccountId: string;
  theater: string;
}

interface ConfirmationRow {
  token_hash: string;
  user_id: number;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

/**
 * A new link for a pending account: the earlier unused links of the account stop working (a resend replaces them).
 * Returns the token (only the caller ever sees it: it goes into the mail).
 */
export function issueConfirmation(repo: Repo, userId: number, now: number, ttlSeconds: number): string {
  const token = newToken();
  repo.tx(() => {
    repo.run('DELETE FROM email_confirmations WHERE user_id = ? AND used_at IS NULL', userId);
    repo.run(
      'INSERT INTO email_confirmations (token_hash, user_id, created_at, expires_at) VALUES (?, ?, ?, ?)',
      tokenHash(token),
      userId,
      now,
      now + ttlSeconds * 1000,
    );
  });
  return token;
}

export function rememberPendingCompany(repo: Repo, userId: number, company: PendingCompany): void {
  repo.run(
    'INSERT OR REPLACE INTO pending_companies (user_id, name, kind, domain, country_id, sf_account_id, theater) VALUES (?, ?, ?, ?, ?, ?, ?)',
    userId,
    company.name,
    company.kind,
    company.domain,
    company.countryId,
    company.sfAccountId,
    company.theater,
  );
}

export type ConfirmOutcome =
  | { ok: UserRow }
  | { refused: 'register_confirm_invalid' | 'register_confirm_used' | 'register_confirm_expired' };

/**
 * Follows a link: the pending account becomes Active (with its new company, when it registered one) and the token is
 * used up, in one transaction. Unknown (or replaced) → invalid; used → used; past its expiry → expired.
 */
export function confirmToken(repo: Repo, token: string, now: number): ConfirmOutcome {
  return repo.tx((): ConfirmOutcome => {
    const row = repo.get<ConfirmationRow>(
      'SELECT * FROM email_confirmations WHERE token_hash = ?',
      tokenHash(token),
    );
    const user = row ? repo.user(row.user_id) : undefined;
    if (!row || !user) return { refused: 'register_confirm_invalid' };
    if (row.used_at !== null) return { refused: 'register_confirm_used' };
    if (row.expires_at <= now || user.status !== PENDING) return { refused: 'register_confirm_expired' };
    repo.run('UPDATE email_confirmations SET used_at = ? WHERE token_hash = ?', now, row.token_hash);
    const company = repo.get<{
      name: string;
      kind: string;
      domain: string;
      country_id: number;
      sf_account_id: string;
      theater: string;
    }>('SELECT * FROM pending_companies WHERE user_id = ?', user.id);
    let teamId = user.team_id;
    if (company) {
      teamId = repo.run(
        'INSERT INTO teams (name, kind, domain, is_opm_enabled, sf_account_id, country_id, theater) VALUES (?, ?, ?, 0, ?, ?, ?)',
        company.name,
        company.kind,
        company.domain,
        company.sf_account_id,
        company.country_id,
        company.theater,
      ).lastId;
      repo.run('DELETE FROM pending_companies WHERE user_id = ?', user.id);
    }
    repo.run("UPDATE users SET status = 'Active', team_id = ? WHERE id = ?", teamId, user.id);
    return { ok: { ...user, status: 'Active', team_id: teamId } };
  });
}

/** Whether a pending account still has a link that works (else its registration has lapsed). */
export function hasLiveConfirmation(repo: Repo, userId: number, now: number): boolean {
  return (
    repo.get<{ n: number }>(
      'SELECT COUNT(*) AS n FROM email_confirmations WHERE user_id = ? AND used_at IS NULL AND expires_at > ?',
      userId,
      now,
    )?.n !== 0
  );
}

/**
 * A pending registration whose links have all expired is dropped (account, links, company to be), so an address
 * someone registered without proving it is free again after the link's lifetime.
 */
export function dropLapsedRegistration(repo: Repo, user: UserRow, now: number): boolean {
  if (user.status !== PENDING || hasLiveConfirmation(repo, user.id, now)) return false;
  repo.tx(() => {
    repo.run('DELETE FROM email_confirmations WHERE user_id = ?', user.id);
    repo.run('DELETE FROM pending_companies WHERE user_id = ?', user.id);
    repo.run('DELETE FROM sessions WHERE user_id = ?', user.id);
    repo.run('DELETE FROM users WHERE id = ?', user.id);
  });
  return true;
}

// Proven addresses (issue #32): a registered account is Pending until the single-use, expiring link mailed to its
// address is followed. The link's token is 32 random bytes (256 bits, base64url); only its SHA-256 is stored, so a
// copy of the database confirms nothing.
import { createHash, randomBytes } from 'node:crypto';
import { verifyPassword } from '../store/kdf.ts';
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
  failed_attempts: number;
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

/**
 * Wrong passwords a link takes (issue #32, pre-hijack): confirming asks for the password chosen at registration, so
 * the owner of an address someone else registered cannot activate that person's account by following the mail.
 * The attempt that reaches the limit spends the link (it then answers register_confirm_expired); the account stays
 * pending and lapses, or its owner asks for a new link.
 */
export const CONFIRM_PASSWORD_ATTEMPTS = 5;

/**
 * How long after its last link expired a pending registration is kept before the sweeper deletes it (issue #32):
 * 7 days. Until then a new registration of the address replaces it (dropLapsedRegistration).
 */
export const LAPSED_REGISTRATION_GRACE_MS = 7 * 24 * 60 * 60 * 1000;

/** How often the demo API sweeps lapsed pending registrations (and once at start-up): every hour. */
export const LAPSED_SWEEP_INTERVAL_MS = 60 * 60 * 1000;

export type ConfirmRefusal =
  | 'register_confirm_invalid'
  | 'register_confirm_used'
  | 'register_confirm_expired'
  | 'register_confirm_wrong_password'
  | 'register_contact_oem'
  | 'register_contact_not_partner'
  | 'register_contact_not_found';

export type ConfirmOutcome = { ok: UserRow; joined: boolean } | { refused: ConfirmRefusal };

interface TeamOnDomain {
  id: number;
  kind: string;
}

/**
 * Whether a pending new-company registration may join the company that appeared on its domain since it registered
 * (another registration for the domain was confirmed first): the rules of joining an existing company (spec part 5)
 * — never an OEM's or Dell's own company, and a partner registration only a channel partner's. Null: it may.
 */
export function joinRefusal(existingKind: string, pendingKind: string): ConfirmRefusal | null {
  if (existingKind === 'OEM') return 'register_contact_oem';
  if (existingKind === 'Internal') return 'register_contact_not_found';
  if (pendingKind === 'ChannelPartner' && existingKind !== 'ChannelPartner')
    return 'register_contact_not_partner';
  return null;
}

/** The role of an account joining an existing company of a kind (not its first account: never its admin). */
export type RoleOf = (kind: string) => string;

/**
 * Follows a link with the password chosen at registration. Unknown (or replaced) → invalid; used → used; past its
 * expiry (or spent by wrong passwords) → expired; a wrong password → wrong_password, counted, and the attempt that
 * reaches CONFIRM_PASSWORD_ATTEMPTS spends the link. Otherwise, in one transaction, the pending account becomes
 * Active and the token is used up. A new company is created for it — unless a company on its domain appeared since
 * it registered (two registrations of one domain confirmed in turn): then it joins that company, oldest first, as
 * any registration into an existing company does (no admin, the role of the company's kind), or, when the rules of
 * joining refuse it, the registration is dropped with that refusal (the address is free to register again).
 */
export async function confirmToken(
  repo: Repo,
  token: string,
  password: string,
  now: number,
  roleOf: RoleOf,
): Promise<ConfirmOutcome> {
  const hash = tokenHash(token);
  const row = repo.get<ConfirmationRow>('SELECT * FROM email_confirmations WHERE token_hash = ?', hash);
  const user = row ? repo.user(row.user_id) : undefined;
  if (!row || !user) return { refused: 'register_confirm_invalid' };
  if (row.used_at !== null)
    return {
      refused:
        row.failed_attempts >= CONFIRM_PASSWORD_ATTEMPTS
          ? 'register_confirm_expired'
          : 'register_confirm_used',
    };
  if (row.expires_at <= now || user.status !== PENDING) return { refused: 'register_confirm_expired' };
  const valid = user.password_hash !== null && (await verifyPassword(password, user.password_hash));
  return repo.tx((): ConfirmOutcome => {
    // Read again inside the transaction: another call may have used or spent the link meanwhile.
    const current = repo.get<ConfirmationRow>('SELECT * FROM email_confirmations WHERE token_hash = ?', hash);
    if (!current) return { refused: 'register_confirm_invalid' };
    if (current.used_at !== null)
      return {
        refused:
          current.failed_attempts >= CONFIRM_PASSWORD_ATTEMPTS
            ? 'register_confirm_expired'
            : 'register_confirm_used',
      };
    if (!valid) {
      const attempts = current.failed_attempts + 1;
      repo.run(
        'UPDATE email_confirmations SET failed_attempts = ?, used_at = ? WHERE token_hash = ?',
        attempts,
        attempts >= CONFIRM_PASSWORD_ATTEMPTS ? now : null,
        hash,
      );
      return { refused: 'register_confirm_wrong_password' };
    }
    repo.run('UPDATE email_confirmations SET used_at = ? WHERE token_hash = ?', now, hash);
    const company = repo.get<{
      name: string;
      kind: string;
      domain: string;
      country_id: number;
      sf_account_id: string;
      theater: string;
    }>('SELECT * FROM pending_companies WHERE user_id = ?', user.id);
    let teamId = user.team_id;
    let isAdmin = user.is_admin;
    let role = user.role;
    let joined = false;
    if (company) {
      repo.run('DELETE FROM pending_companies WHERE user_id = ?', user.id);
      const existing = repo.get<TeamOnDomain>(
        'SELECT id, kind FROM teams WHERE domain = ? COLLATE NOCASE ORDER BY id LIMIT 1',
        company.domain,
      );
      if (existing) {
        const refusal = joinRefusal(existing.kind, company.kind);
        if (refusal !== null) {
          deleteRegistration(repo, user.id);
          return { refused: refusal };
        }
        teamId = existing.id;
        isAdmin = 0;
        role = roleOf(existing.kind);
        joined = true;
      } else
        teamId = repo.run(
          'INSERT INTO teams (name, kind, domain, is_opm_enabled, sf_account_id, country_id, theater) VALUES (?, ?, ?, 0, ?, ?, ?)',
          company.name,
          company.kind,
          company.domain,
          company.sf_account_id,
          company.country_id,
          company.theater,
        ).lastId;
    }
    repo.run(
      "UPDATE users SET status = 'Active', team_id = ?, is_admin = ?, role = ? WHERE id = ?",
      teamId,
      isAdmin,
      role,
      user.id,
    );
    return { ok: { ...user, status: 'Active', team_id: teamId, is_admin: isAdmin, role }, joined };
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
    deleteRegistration(repo, user.id);
  });
  return true;
}

/** A pending registration's account with its links, company to be and any session. */
function deleteRegistration(repo: Repo, userId: number): void {
  repo.run('DELETE FROM email_confirmations WHERE user_id = ?', userId);
  repo.run('DELETE FROM pending_companies WHERE user_id = ?', userId);
  repo.run('DELETE FROM sessions WHERE user_id = ?', userId);
  repo.run("DELETE FROM users WHERE id = ? AND status = 'Pending'", userId);
}

/**
 * The sweeper (issue #32): deletes every pending registration whose last link expired LAPSED_REGISTRATION_GRACE_MS
 * or longer before `now` (one without any link counts from its creation), with its links and company to be. Returns
 * the ids of the accounts deleted.
 */
export function sweepLapsedRegistrations(repo: Repo, now: number): number[] {
  return repo.tx(() => {
    const lapsed = repo.all<{ id: number }>(
      `SELECT u.id AS id FROM users u WHERE u.status = 'Pending' AND COALESCE(
        (SELECT MAX(c.expires_at) FROM email_confirmations c WHERE c.user_id = u.id), u.created_at) <= ?`,
      now - LAPSED_REGISTRATION_GRACE_MS,
    );
    for (const { id } of lapsed) deleteRegistration(repo, id);
    return lapsed.map((r) => r.id);
  });
}

/**
 * Runs the sweeper at start-up and then every LAPSED_SWEEP_INTERVAL_MS on an unref'd timer (it never keeps the
 * process alive). Returns the function that stops it.
 */
export function startLapsedRegistrationSweeper(
  repo: Repo,
  now: () => number,
  onError: (error: unknown) => void,
): () => void {
  const sweep = (): void => {
    try {
      sweepLapsedRegistrations(repo, now());
    } catch (error) {
      onError(error);
    }
  };
  sweep();
  const timer = setInterval(sweep, LAPSED_SWEEP_INTERVAL_MS);
  timer.unref();
  return () => {
    clearInterval(timer);
  };
}

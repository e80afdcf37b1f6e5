// Registration: the email lookups (capture, contact, team) and registering a new account.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { RouteHandlers } from '@assessment/sdk/fastify';
import type {
  ContactCheckResult,
  LanguageCulture,
  MessageKey,
  RegistrationType,
  Role,
} from '@assessment/sdk';
import { CONTACTS_WITHOUT_COMPANY } from '../store/seed.ts';
import { ApiFailure, ok } from '../http/envelope.ts';
import { hashPasswordAsync } from '../store/kdf.ts';
import type { TeamRow, UserRow } from '../store/repo.ts';
import { roleForTeamKind, type TeamKind } from '../store/domain.ts';
import { SlidingWindow } from '../http/throttle.ts';
import { messageIn } from '../message-cultures/index.ts';
import { passwordProblem, type PasswordOwner } from '../store/password-policy.ts';
import { domainOf, fail, countPerClient, textCulture, throttled, viewerOf, type Ctx } from './context.ts';
import { confirmToken, issueConfirmation, PENDING, rememberPendingCompany } from '../mail/confirmations.ts';
import type { OutgoingMail } from '../mail/mailer.ts';
import { confirmationLink, confirmationMail, existingAccountMail, signInLink } from '../mail/templates.ts';

/**
 * Throws the refusal of a password too easy to guess for `owner` (store/password-policy.ts, issue #39):
 * register_password_weak, ErrorState.Reason saying why and Message its text in the caller's culture.
 */
function refuseWeakPassword(request: FastifyRequest, password: string, owner: PasswordOwner): void {
  const reason = passwordProblem(password, owner);
  if (reason === null) return;
  const { status } = fail(request, [400], 'register_password_weak');
  throw new ApiFailure(
    status,
    'register_password_weak',
    messageIn(textCulture(request), reason).message,
    null,
    reason,
  );
}

/**
 * Registration calls per client in a sliding window (issue #32 f): past it, 429 + Retry-After. Registrations accepted
 * per address in the same window (each mails it; issue #39): past it, 429 register_resend_throttled. Nothing is
 * counted per email domain: a stranger must not be able to lock a whole company out (issue #39).
 */
export const REGISTRATION_LIMIT = { perClient: 20, perAddress: 5, windowMs: 60 * 60 * 1000 };

/** Confirmation mails per address, and resend calls per client, in a sliding window (issue #32). */
export const RESEND_LIMIT = { perAddress: 3, perClient: 20, windowMs: 60 * 60 * 1000 };

/**
 * Stage-one lookups (the contact and capture checks) per client in a sliding window (issue #39): they keep the
 * spec's EmailAlreadyExists flag, so they are what an enumeration would use; past it, 429 register_lookup_throttled.
 */
export const LOOKUP_LIMIT = { perClient: 60, windowMs: 10 * 60 * 1000 };

/** A mail posted to the outbox: sent after the answer (issue #39); a send that fails is logged. */
function post(ctx: Ctx, request: FastifyRequest, mail: OutgoingMail): void {
  ctx.outbox.post(
    () => ctx.mailer.send(mail),
    (error: unknown) => {
      request.log.error({ err: error }, 'A registration mail could not be sent');
    },
  );
}

/**
 * Mails a new confirmation link to a pending account (earlier links stop working; `again` says so). A send that
 * fails is logged: the account stays pending and the person can ask for the link again.
 */
function sendConfirmation(ctx: Ctx, request: FastifyRequest, user: UserRow, again: boolean): void {
  const token = issueConfirmation(ctx.repo, user.id, ctx.now(), ctx.config.confirmTtlSeconds);
  const link = confirmationLink(ctx.publicOrigin(), token);
  post(
    ctx,
    request,
    confirmationMail(
      user.email,
      user.first_name,
      link,
      ctx.config.confirmTtlSeconds,
      user.language_culture,
      again,
    ),
  );
}

/** Email domains registration is refused for (register_blacklisted unless an override is allowed). */
export const BLACKLISTED_DOMAINS = ['blocked.example', 'disposable-mail.example'];

export interface LookupOptions {
  /** The partner-register form (the contact check's `p` flag). */
  partner?: boolean | undefined;
  /** The account behind the email must exist (capture / Dell reassign: DpackCaptureRequestAccountExists). */
  capture?: boolean | undefined;
  /** The dpack-capture form's own lookup: an existing non-end-user account is ExistingUserFoundNotEndUser. */
  captureForm?: boolean | undefined;
  /** The company chosen in select company (one on the email's domain): judged instead of the domain's first. */
  companyId?: number | undefined;
  /** Judge the address as if it had no account (the register call's domain rules; issue #39). */
  ignoreAccount?: boolean | undefined;
}

/** The companies (teams) whose domain is the email's, oldest first. */
export function companiesOnDomain(ctx: Ctx, domain: string): TeamRow[] {
  return ctx.repo.all<TeamRow>('SELECT * FROM teams WHERE domain = ? COLLATE NOCASE ORDER BY id', domain);
}

export function contactCheck(
  ctx: Ctx,
  viewer: UserRow | null,
  email: string,
  opts: LookupOptions,
): ContactCheckResult {
  // A pending registration is no account (issue #39): its address looks new, so its owner can register it again.
  const found = opts.ignoreAccount === true ? undefined : ctx.repo.userByEmail(email);
  const user = found?.status === PENDING ? undefined : found;
  const domain = domainOf(email);
  const companies = companiesOnDomain(ctx, domain);
  const team: TeamRow | undefined =
    (opts.companyId === undefined ? undefined : companies.find((c) => c.id === opts.companyId)) ??
    companies[0];
  const contactWithoutCompany = !user && CONTACTS_WITHOUT_COMPANY.includes(email.trim().toLowerCase());
  const blacklisted = BLACKLISTED_DOMAINS.includes(domain);
  const adminsOf = (teamId: number): UserRow[] =>
    ctx.repo.all<UserRow>('SELECT * FROM users WHERE team_id = ? AND is_admin = 1 ORDER BY id', teamId);
  const admins = team ? adminsOf(team.id) : [];
  const country = team ? ctx.repo.country(team.country_id) : undefined;
  const kind = team?.kind as TeamKind | undefined;
  const isOem = kind === 'OEM';
  const endUserNotPartner = opts.partner === true && kind === 'EndUserCompany';
  const canOverride = blacklisted && viewer !== null && viewer.is_admin === 1;
  const inactive = user?.status === 'Inactive';
  const notEndUser = user !== undefined && user.role !== 'EndUser';
  // An account that can sign in already exists. The capture form's lookup says so only for an end user: another
  // kind of account is ExistingUserFoundNotEndUser there (dpackcapture_not_end_user / verifyowner_not_end_user).
  const emailExists = user !== undefined && !inactive && !(opts.captureForm === true && notEndUser);
  const canContinue =
    !user &&
    !contactWithoutCompany &&
    !blacklisted &&
    !isOem &&
    !endUserNotPartner &&
    // A partner registers only into a channel-partner company the CRM knows (else register_contact_not_found).
    (opts.partner !== true || kind === 'ChannelPartner') &&
    (admins.length === 0 || viewer?.is_admin === 1 || kind !== 'Internal');
  return {
    CompaniesWithSameDomain: companies.map((c) => ({
      CompanyId: c.id,
      Name: c.name,
      TeamAdmins: adminsOf(c.id).map((a) => ({ Email: a.email })),
    })),
    CanContinue: canContinue,
    CanOverride: canOverride,
    FoundCompany: team !== undefined,
    CompanyId: team?.id ?? null,
    CompanyName: team?.name ?? null,
    SFAccountId: team?.sf_account_id ?? null,
    ContactFirstName: user?.first_name ?? null,
    ContactLastName: user?.last_name ?? null,
    Country: country?.code ?? null,
    CountryString: country?.name ?? null,
    CountryId: country?.id ?? null,
    PhoneNumber: user?.phone ?? null,
    EmailAlreadyExists: emailExists,
    AccountIsInactive: inactive,
    ExistingUserFoundNotEndUser: notEndUser,
    IsBlacklistedEmailDomain: blacklisted,
    IsOEMRegistration: isOem,
    IsEndUserNotPartner: endUserNotPartner,
    IsPartnerRequest: opts.partner === true,
    IsExactMatch: user !== undefined || contactWithoutCompany,
    AccountIsBlacklisted: blacklisted && user !== undefined,
    HasMultipleContacts: false,
    DpackCaptureRequestAccountExists: opts.capture === true && user !== undefined,
    ExistingAccountId: user?.id ?? null,
    ExistingAccountEmail: user?.email ?? null,
    PreferredEmailLanguage: (user?.language_culture ?? null) as LanguageCulture | null,
    CurrentRole: (user?.role ?? null) as Role | null,
    FromEmail: 'no-reply@dell.example',
    CCEmail: admins[0]?.email ?? null,
  };
}

/**
 * The lookup validators of spec part 5, in their order, as the register call applies them again (the portal
 * applies the same order to the stage-one answer). The first that holds refuses the registration.
 */
export function registrationRefusal(
  check: ContactCheckResult,
  type: RegistrationType,
  overrideBlacklist: boolean,
): MessageKey | null {
  if (check.EmailAlreadyExists) return 'register_email_already_exists';
  if (check.AccountIsInactive) return 'register_account_inactive';
  if (type === 'dpack-capture' && check.ExistingUserFoundNotEndUser) return 'dpackcapture_not_end_user';
  if (check.IsBlacklistedEmailDomain && !(overrideBlacklist && check.CanOverride))
    return 'register_blacklisted';
  if (!check.CanContinue && !check.CanOverride) {
    if (check.IsOEMRegistration) return 'register_contact_oem';
    if (check.IsExactMatch && !check.FoundCompany) return 'register_found_contact_no_company';
    if (check.IsPartnerRequest && check.IsEndUserNotPartner) return 'register_contact_not_partner';
    return 'register_contact_not_found';
  }
  return null;
}

/**
 * The anonymous answer of the contract (#14 findings 6, 10): a caller without a session gets the validator flags,
 * company names and country only; the people behind the email or domain (names, phone, role, language, account
 * id and email, CRM id, team admins' emails) stay private.
 */
export function anonymousContactCheck(full: ContactCheckResult): ContactCheckResult {
  return {
    ...full,
    CompaniesWithSameDomain: full.CompaniesWithSameDomain.map((c) => ({
      CompanyId: c.CompanyId,
      Name: c.Name,
      TeamAdmins: [],
    })),
    SFAccountId: null,
    ContactFirstName: null,
    ContactLastName: null,
    PhoneNumber: null,
    ExistingAccountId: null,
    ExistingAccountEmail: null,
    PreferredEmailLanguage: null,
    CurrentRole: null,
    CCEmail: null,
  };
}

/**
 * The lookup answer for this caller (issue #32 b): the anonymous answer, plus what the caller may see by the
 * repository's lookup rule — the person behind the email (names, phone, role, language, account id and email)
 * when `Repo.mayLookUpAccount` allows it, and a company's team admins, CRM id and CC address only for the caller's
 * own company. Internal staff see everything; an anonymous caller gets the anonymous answer.
 */
export function lookupAnswer(
  ctx: Ctx,
  viewer: UserRow | null,
  email: string,
  full: ContactCheckResult,
): ContactCheckResult {
  const base = anonymousContactCheck(full);
  if (viewer === null) return base;
  const user = ctx.repo.userByEmail(email);
  const person = user !== undefined && ctx.repo.mayLookUpAccount(viewer, user);
  const ownCompany = full.CompanyId !== null && ctx.repo.mayLookUpCompanyPeople(viewer, full.CompanyId);
  return {
    ...base,
    CompaniesWithSameDomain: full.CompaniesWithSameDomain.map((c) =>
      ctx.repo.mayLookUpCompanyPeople(viewer, c.CompanyId) ? c : { ...c, TeamAdmins: [] },
    ),
    ...(person
      ? {
          ContactFirstName: full.ContactFirstName,
          ContactLastName: full.ContactLastName,
          PhoneNumber: full.PhoneNumber,
          ExistingAccountId: full.ExistingAccountId,
          ExistingAccountEmail: full.ExistingAccountEmail,
          PreferredEmailLanguage: full.PreferredEmailLanguage,
          CurrentRole: full.CurrentRole,
        }
      : {}),
    ...(ownCompany ? { SFAccountId: full.SFAccountId, CCEmail: full.CCEmail } : {}),
  };
}

export function registrationHandlers(
  ctx: Ctx,
): Pick<
  RouteHandlers,
  | 'checkCaptureEmail'
  | 'checkContactEmail'
  | 'checkTeamEmail'
  | 'register'
  | 'confirmRegistration'
  | 'resendConfirmation'
> {
  const registrations = new SlidingWindow(REGISTRATION_LIMIT.windowMs);
  const registrationsPerAddress = new SlidingWindow(REGISTRATION_LIMIT.windowMs);
  const resends = new SlidingWindow(RESEND_LIMIT.windowMs);
  const resendsPerClient = new SlidingWindow(RESEND_LIMIT.windowMs);
  const lookups = new SlidingWindow(LOOKUP_LIMIT.windowMs);
  /** Counts a stage-one lookup against its client (issue #39); past the limit 429 register_lookup_throttled. */
  const countLookup = (request: FastifyRequest, reply: FastifyReply): void => {
    const waitMs = lookups.waitMs(request.ip, LOOKUP_LIMIT.perClient, ctx.now());
    if (waitMs > 0)
      throw throttled(request, reply, waitMs, 'register_lookup_throttled', 'Too many email lookups.');
    lookups.record(request.ip, ctx.now());
  };
  return {
    checkCaptureEmail: async (request, reply) => {
      countLookup(request, reply);
      return reply
        .code(200)
        .send(
          lookupAnswer(
            ctx,
            request.viewer,
            request.query.email,
            contactCheck(ctx, request.viewer, request.query.email, { capture: true, captureForm: true }),
          ),
        );
    },
    checkContactEmail: async (request, reply) => {
      countLookup(request, reply);
      return reply.code(200).send(
        lookupAnswer(
          ctx,
          request.viewer,
          request.query.email,
          contactCheck(ctx, request.viewer, request.query.email, {
            partner: request.query.p,
            capture: request.query.dr,
          }),
        ),
      );
    },
    checkTeamEmail: async (request, reply) => {
      const me = viewerOf(request);
      const u = ctx.repo.userByEmail(request.query.email);
      // Who the account is (id, role, team) only when the lookup rule lets the caller see it (issue #32 b).
      const seen = u !== undefined && ctx.repo.mayLookUpAccount(me, u) ? u : undefined;
      const team = seen?.team_id != null ? ctx.repo.team(seen.team_id) : undefined;
      return reply.code(200).send({
        Email: request.query.email,
        UserExists: u !== undefined,
        UserId: seen?.id ?? null,
        CurrentRole: (seen?.role ?? null) as Role | null,
        TeamId: team?.id ?? null,
        TeamName: team?.name ?? null,
        Domain: domainOf(request.query.email),
      });
    },
    register: async (request, reply) => {
      // Every call counts against its client, whatever its outcome (issue #32 f).
      countPerClient(
        ctx,
        request,
        reply,
        registrations,
        REGISTRATION_LIMIT.perClient,
        'Too many registrations from this client.',
      );
      const b = request.body;
      const address = b.Email.trim().toLowerCase();
      // Per address (each accepted registration mails it), never per domain (issue #39).
      const addressWait = registrationsPerAddress.waitMs(address, REGISTRATION_LIMIT.perAddress, ctx.now());
      if (addressWait > 0)
        throw throttled(
          request,
          reply,
          addressWait,
          'register_resend_throttled',
          'Too many confirmation mails for this address.',
        );
      // The company chosen in select company must share the email's domain; without a choice, the domain's first.
      // The lookup rules then judge the company the account really joins.
      const domain = domainOf(b.Email);
      const companies = companiesOnDomain(ctx, domain);
      const chosen = b.CompanyId ?? undefined;
      const team = chosen === undefined ? companies[0] : companies.find((c) => c.id === chosen);
      if (!team && chosen !== undefined)
        throw fail(request, [400], 'validate_info', 'The company does not use this email domain.');
      // The lookup validators in the order of part 5, judged as for a new address (issue #39): whether the address
      // has an account (existing, inactive, pending) is said only in the mail, never in the answer.
      const check = contactCheck(ctx, request.viewer, b.Email, {
        partner: b.RegistrationType === 'partner-register',
        capture: b.RegistrationType === 'dpack-capture',
        captureForm: b.RegistrationType === 'dpack-capture',
        companyId: chosen,
        ignoreAccount: true,
      });
      const refusal = registrationRefusal(check, b.RegistrationType, b.OverrideBlacklist === true);
      if (refusal !== null) throw fail(request, [400], refusal);
      if (!ctx.repo.country(b.CountryId)) throw fail(request, [400], 'validate_info', 'Unknown country.');
      // The password policy (issues #32 f, #39): long enough, and not easy to guess for this account.
      refuseWeakPassword(request, b.Password, {
        email: b.Email,
        firstName: b.FirstName,
        lastName: b.LastName,
        companies: [b.CompanyName, team?.name],
      });
      // Counted before the hash is awaited, so calls racing each other cannot all pass the per-address limit.
      registrationsPerAddress.record(address, ctx.now());
      // Hashed whatever the address: an existing one must not answer sooner (issue #39).
      const passwordHash = await hashPasswordAsync(b.Password);
      const existing = ctx.repo.userByEmail(b.Email);
      if (existing !== undefined && existing.status !== PENDING) {
        // An account already: its owner is told so by mail; the caller gets the same answer as anyone.
        post(
          ctx,
          request,
          existingAccountMail(
            existing.email,
            existing.first_name,
            signInLink(ctx.publicOrigin()),
            existing.language_culture,
          ),
        );
        return reply.code(200).send(ok(null));
      }
      const kind: TeamKind = b.RegistrationType === 'partner-register' ? 'ChannelPartner' : 'EndUserCompany';
      const pendingCompany = {
        name: b.CompanyName,
        kind,
        domain,
        countryId: b.CountryId,
        sfAccountId: `SF-NEW-${ctx.now().toString(36).toUpperCase()}`,
        theater: ctx.repo.country(b.CountryId)?.theater ?? 'NA',
      };
      const role = roleForTeamKind(team ? (team.kind as TeamKind) : kind, !team);
      // The account is Pending until its address is proven (issue #32); a new company is created only then. A
      // pending address registered again is replaced (issue #39): whoever holds the mailbox confirms the newest
      // registration with its password, so a stranger's pending one never blocks the owner.
      const id = ctx.repo.tx(() => {
        let userId: number;
        if (existing !== undefined) {
          userId = existing.id;
          ctx.repo.run(
            `UPDATE users SET first_name = ?, last_name = ?, role = ?, team_id = ?, is_admin = ?, language_culture = ?,
            country_id = ?, password_hash = ?, phone = ?, created_at = ? WHERE id = ? AND status = ?`,
            b.FirstName,
            b.LastName,
            role,
            team?.id ?? null,
            team ? 0 : 1,
            b.PreferredLanguage,
            b.CountryId,
            passwordHash,
            b.PhoneNumber ?? '',
            ctx.now(),
            userId,
            PENDING,
          );
          ctx.repo.run('DELETE FROM pending_companies WHERE user_id = ?', userId);
        } else
          userId = ctx.repo.run(
            `INSERT INTO users (email, first_name, last_name, role, status, team_id, is_admin, language_culture, country_id,
            terms_accepted, partner_terms_accepted, password_hash, phone, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 0, 0, ?, ?, ?)`,
            b.Email.trim(),
            b.FirstName,
            b.LastName,
            role,
            PENDING,
            team?.id ?? null,
            team ? 0 : 1,
            b.PreferredLanguage,
            b.CountryId,
            passwordHash,
            b.PhoneNumber ?? '',
            ctx.now(),
          ).lastId;
        if (!team) rememberPendingCompany(ctx.repo, userId, pendingCompany);
        return userId;
      });
      const account = ctx.repo.user(id);
      if (account) sendConfirmation(ctx, request, account, existing !== undefined);
      return reply.code(200).send(ok(null));
    },
    confirmRegistration: async (request, reply) => {
      const outcome = await confirmToken(
        ctx.repo,
        request.body.Token,
        request.body.Password,
        ctx.now(),
        (kind) => roleForTeamKind(kind as TeamKind, false),
      );
      if ('refused' in outcome)
        throw fail(
          request,
          outcome.refused === 'register_confirm_used' || outcome.refused === 'register_confirm_expired'
            ? [410, 400]
            : [400],
          outcome.refused,
        );
      return reply.code(200).send(ok({ Email: outcome.ok.email, JoinedExistingCompany: outcome.joined }));
    },
    resendConfirmation: async (request, reply) => {
      const address = request.body.Email.trim().toLowerCase();
      const what = 'Too many confirmation mails asked for.';
      // Per client and per address, whatever the outcome: the answer is the same for any address.
      const waitMs = Math.max(
        resendsPerClient.waitMs(request.ip, RESEND_LIMIT.perClient, ctx.now()),
        resends.waitMs(address, RESEND_LIMIT.perAddress, ctx.now()),
      );
      if (waitMs > 0) throw throttled(request, reply, waitMs, 'register_resend_throttled', what);
      resendsPerClient.record(request.ip, ctx.now());
      resends.record(address, ctx.now());
      // The same work for any address: the link is stored and its mail posted only for a pending one, and the mail
      // leaves after the answer (issue #39: a resend took 110 ms for a pending address and 2 ms otherwise).
      const user = ctx.repo.userByEmail(address);
      if (user?.status === PENDING) sendConfirmation(ctx, request, user, true);
      return reply.code(200).send(ok(null));
    },
  };
}

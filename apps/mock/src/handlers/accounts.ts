// Accounts and teams: registration lookups and registration, team settings (OPM), team members,
// user administration (administrators only) and the user search (JSON and the legacy HTML fragment).
import type { FastifyRequest } from 'fastify';
import type { RouteHandlers } from '@assessment/sdk/fastify';
import type {
  ContactCheckResult,
  LanguageCulture,
  MessageKey,
  PartialError,
  RegistrationType,
  Role,
} from '@assessment/sdk';
import { CONTACTS_WITHOUT_COMPANY } from '../store/seed.ts';
import { ok } from '../http/envelope.ts';
import { hashPassword } from '../store/kdf.ts';
import type { TeamRow, UserRow } from '../store/repo.ts';
import { roleForTeamKind, type TeamKind } from '../store/domain.ts';
import {
  denied,
  esc,
  fail,
  missing,
  paging,
  toTeam,
  userAdmin,
  userDto,
  userIdentity,
  viewerOf,
  internal,
  iso,
  type Ctx,
} from './context.ts';

/** Email domains registration is refused for (register_blacklisted unless an override is allowed). */
export const BLACKLISTED_DOMAINS = ['blocked.example', 'disposable-mail.example'];

export function domainOf(email: string): string {
  return (email.split('@')[1] ?? '').toLowerCase();
}

/** The team check of part 5: which roles give user_already_team_admin, which user_already_assigned_to_team. */
const ADMIN_ROLES = new Set<string>(['OEMTeamAdmin', 'ChannelPartnerTeamAdmin'] satisfies Role[]);
const MEMBER_ROLES = new Set<string>([
  'ChannelPartnerTeamMember',
  'OEMTeamMember',
  'DellAdminUser',
  'DellUser',
] satisfies Role[]);

export interface LookupOptions {
  /** The partner-register form (the contact check's `p` flag). */
  partner?: boolean | undefined;
  /** The account behind the email must exist (capture / Dell reassign: DpackCaptureRequestAccountExists). */
  capture?: boolean | undefined;
  /** The dpack-capture form's own lookup: an existing non-end-user account is ExistingUserFoundNotEndUser. */
  captureForm?: boolean | undefined;
  /** The company chosen in select company (one on the email's domain): judged instead of the domain's first. */
  companyId?: number | undefined;
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
  const user = ctx.repo.userByEmail(email);
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

/** The lookup answer for this caller: in full when signed in, the anonymous answer otherwise. */
function lookupAnswer(viewer: UserRow | null, full: ContactCheckResult): ContactCheckResult {
  return viewer === null ? anonymousContactCheck(full) : full;
}

export function accountHandlers(
  ctx: Ctx,
): Pick<
  RouteHandlers,
  | 'checkCaptureEmail'
  | 'checkContactEmail'
  | 'checkTeamEmail'
  | 'register'
  | 'setTeamOpmEnabled'
  | 'getTeam'
  | 'verifyTeamEmployees'
  | 'verifyWizardEmployees'
  | 'changeTeamRole'
  | 'addToTeam'
  | 'removeFromTeam'
  | 'addTeamEmployee'
  | 'groupAccountAction'
  | 'listUsers'
  | 'getSearchedUserListHtml'
> {
  const requireUserAdmin = (request: FastifyRequest): UserRow => {
    const me = viewerOf(request);
    if (!userAdmin(me)) throw denied(request, 'Only user administrators can do this.');
    return me;
  };
  const teamFor = (request: FastifyRequest, id: number, edit: boolean): TeamRow => {
    const me = viewerOf(request);
    const t = ctx.repo.team(id);
    if (!t || (!internal(me) && me.team_id !== id)) throw missing(request, `Team ${id}`);
    if (edit && !internal(me) && me.is_admin !== 1)
      throw denied(request, 'Only team admins can change the team.');
    return t;
  };

  return {
    checkCaptureEmail: async (request, reply) =>
      reply
        .code(200)
        .send(
          lookupAnswer(
            request.viewer,
            contactCheck(ctx, request.viewer, request.query.email, { capture: true, captureForm: true }),
          ),
        ),
    checkContactEmail: async (request, reply) =>
      reply.code(200).send(
        lookupAnswer(
          request.viewer,
          contactCheck(ctx, request.viewer, request.query.email, {
            partner: request.query.p,
            capture: request.query.dr,
          }),
        ),
      ),
    checkTeamEmail: async (request, reply) => {
      viewerOf(request);
      const u = ctx.repo.userByEmail(request.query.email);
      const team = u?.team_id != null ? ctx.repo.team(u.team_id) : undefined;
      return reply.code(200).send({
        Email: request.query.email,
        UserExists: u !== undefined,
        UserId: u?.id ?? null,
        CurrentRole: (u?.role ?? null) as Role | null,
        TeamId: team?.id ?? null,
        TeamName: team?.name ?? null,
        Domain: domainOf(request.query.email),
      });
    },
    register: async (request, reply) => {
      const b = request.body;
      // The company chosen in select company must share the email's domain; without a choice, the domain's first.
      // The lookup rules then judge the company the account really joins.
      const companies = companiesOnDomain(ctx, domainOf(b.Email));
      const chosen = b.CompanyId ?? undefined;
      const team = chosen === undefined ? companies[0] : companies.find((c) => c.id === chosen);
      if (!team && chosen !== undefined)
        throw fail(request, [400], 'validate_info', 'The company does not use this email domain.');
      const check = contactCheck(ctx, request.viewer, b.Email, {
        partner: b.RegistrationType === 'partner-register',
        capture: b.RegistrationType === 'dpack-capture',
        captureForm: b.RegistrationType === 'dpack-capture',
        companyId: chosen,
      });
      // The lookup validators in the order of part 5.
      const refusal = registrationRefusal(check, b.RegistrationType, b.OverrideBlacklist === true);
      if (refusal !== null)
        throw fail(
          request,
          refusal === 'register_email_already_exists' || refusal === 'register_account_inactive'
            ? [409, 400]
            : [400],
          refusal,
        );
      if (!ctx.repo.country(b.CountryId)) throw fail(request, [400], 'validate_info', 'Unknown country.');
      const kind: TeamKind = b.RegistrationType === 'partner-register' ? 'ChannelPartner' : 'EndUserCompany';
      const teamId =
        team?.id ??
        ctx.repo.run(
          'INSERT INTO teams (name, kind, domain, is_opm_enabled, sf_account_id, country_id, theater) VALUES (?, ?, ?, 0, ?, ?, ?)',
          b.CompanyName,
          kind,
          domainOf(b.Email),
          `SF-NEW-${Date.now().toString(36).toUpperCase()}`,
          b.CountryId,
          ctx.repo.country(b.CountryId)?.theater ?? 'NA',
        ).lastId;
      const { lastId } = ctx.repo.run(
        `INSERT INTO users (email, first_name, last_name, role, status, team_id, is_admin, language_culture, country_id,
        terms_accepted, partner_terms_accepted, password_hash, phone, created_at) VALUES (?, ?, ?, ?, 'Active', ?, ?, ?, ?, 0, 0, ?, ?, ?)`,
        b.Email.trim(),
        b.FirstName,
        b.LastName,
        roleForTeamKind(team ? (team.kind as TeamKind) : kind, !team),
        teamId,
        team ? 0 : 1,
        b.PreferredLanguage,
        b.CountryId,
        hashPassword(b.Password),
        b.PhoneNumber ?? '',
        ctx.now(),
      );
      return reply.code(200).send(ok({ Id: lastId }));
    },
    setTeamOpmEnabled: async (request, reply) => {
      const t = teamFor(request, request.params.teamId, true);
      ctx.repo.run(
        'UPDATE teams SET is_opm_enabled = ? WHERE id = ?',
        request.params.isOpmEnabled ? 1 : 0,
        t.id,
      );
      return reply.code(200).send(ok(null));
    },
    getTeam: async (request, reply) => {
      const t = teamFor(request, request.params.teamId, false);
      const me = viewerOf(request);
      const members = ctx.repo.all<UserRow>(
        'SELECT * FROM users WHERE team_id = ? ORDER BY created_at DESC',
        t.id,
      );
      return reply.code(200).send({
        Team: toTeam(t),
        Members: members.map((u) => ({
          ...userIdentity(u),
          Verified: u.status === 'Active',
          JoinedDate: iso(u.created_at),
        })),
        CanEdit: internal(me) || (me.is_admin === 1 && me.team_id === t.id),
      });
    },
    verifyTeamEmployees: async (request, reply) => {
      verify(request, request.body);
      return reply.code(200).send(ok(null));
    },
    verifyWizardEmployees: async (request, reply) => {
      verify(request, request.body);
      return reply.code(200).send(ok(null));
    },
    changeTeamRole: async (request, reply) => {
      const me = viewerOf(request);
      const u = ctx.repo.user(request.query.userId);
      if (!u || u.team_id === null) throw missing(request, `User ${request.query.userId}`);
      const t = teamFor(request, u.team_id, true);
      if (u.id === me.id && request.query.button === 'demote')
        throw fail(request, [409, 400], 'operationnotallowed', 'You cannot demote yourself.');
      const admin = request.query.button === 'promote';
      ctx.repo.updateUser(u.id, {
        is_admin: admin ? 1 : 0,
        role: roleForTeamKind(t.kind as TeamKind, admin),
      });
      return reply.code(200).send(ok(null, 'useraccounts_user_promoted'));
    },
    addToTeam: async (request, reply) => {
      const { userId, teamId, changeExistingMembersTeam } = request.query;
      const t = teamFor(request, teamId, true);
      const u = ctx.repo.user(userId);
      if (!u) throw missing(request, `User ${userId}`);
      // A team admin manages only their own company's accounts (in the team, or not yet in any team but on its
      // domain); internal accounts are never moved by non-internal callers.
      const me = viewerOf(request);
      const ownCompany =
        u.team_id === t.id || (u.team_id === null && domainOf(u.email) === t.domain.toLowerCase());
      if (!internal(me) && (internal(u) || !ownCompany))
        throw denied(request, 'You can add only accounts of your own company.');
      if (u.team_id !== null && u.team_id !== teamId) {
        if (ADMIN_ROLES.has(u.role)) throw fail(request, [409, 400], 'user_already_team_admin');
        if (MEMBER_ROLES.has(u.role) && !changeExistingMembersTeam)
          throw fail(request, [409, 400], 'user_already_assigned_to_team');
      }
      const role = roleForTeamKind(t.kind as TeamKind, false);
      ctx.repo.updateUser(u.id, { team_id: t.id, role, is_admin: 0 });
      return reply.code(200).send(ok({ userId: u.id, teamId: t.id, changeExistingMembersTeam }));
    },
    removeFromTeam: async (request, reply) => {
      const { userId, teamId } = request.query;
      teamFor(request, teamId, true);
      const u = ctx.repo.user(userId);
      if (!u || u.team_id !== teamId) throw missing(request, `User ${userId} in team ${teamId}`);
      if (u.id === viewerOf(request).id)
        throw fail(request, [400], 'operationnotallowed', 'You cannot remove yourself from the team.');
      ctx.repo.updateUser(u.id, { team_id: null, role: 'EndUser', is_admin: 0 });
      return reply.code(200).send(ok(null));
    },
    addTeamEmployee: async (request, reply) => {
      const b = request.body;
      const t = teamFor(request, b.TeamId, true);
      const existing = ctx.repo.userByEmail(b.Email);
      if (existing) {
        if (existing.team_id === t.id) throw fail(request, [409, 400], 'user_already_assigned_to_team');
        if (ADMIN_ROLES.has(existing.role)) throw fail(request, [409, 400], 'user_already_team_admin');
        throw fail(request, [409, 400], 'user_already_assigned_to_team');
      }
      if (domainOf(b.Email) !== t.domain)
        throw fail(request, [400], 'addToTeamEmailsDontMatch', `The email must be on ${t.domain}.`);
      const admin = b.MakeAdmin === true;
      const { lastId } = ctx.repo.run(
        `INSERT INTO users (email, first_name, last_name, role, status, team_id, is_admin, language_culture, country_id,
        terms_accepted, partner_terms_accepted, password_hash, created_at) VALUES (?, ?, ?, ?, 'Inactive', ?, ?, 'en-US', ?, 0, 0, NULL, ?)`,
        b.Email.trim(),
        b.FirstName,
        b.LastName,
        roleForTeamKind(t.kind as TeamKind, admin),
        t.id,
        admin ? 1 : 0,
        t.country_id,
        ctx.now(),
      );
      return reply.code(200).send(ok({ Id: lastId }));
    },
    groupAccountAction: async (request, reply) => {
      const me = requireUserAdmin(request);
      const b = request.body;
      const ids = [...new Set([...(b.accountIds ?? []), ...(b.AccountIds ?? [])])];
      if (ids.length === 0) throw fail(request, [400], 'validate_info', 'Select at least one account.');
      const users = ids.map((id) => ctx.repo.user(id));
      const errors: PartialError[] = [];
      let done = 0;
      let key: string | null = null;
      const each = (fn: (u: UserRow) => string | null): void => {
        users.forEach((u, i) => {
          if (!u) {
            errors.push({ ObjectDisplayName: `Account ${ids[i] ?? ''}`, ErrorMessage: 'generalError' });
            return;
          }
          if (!internal(me) && u.team_id !== me.team_id) {
            errors.push({ ObjectDisplayName: u.email, ErrorMessage: 'operationnotallowed' });
            return;
          }
          const err = fn(u);
          if (err) errors.push({ ObjectDisplayName: u.email, ErrorMessage: err });
          else done++;
        });
      };
      switch (b.actionType) {
        case 'disable':
          // disableNote's 500-character limit is checked by the contract's schema (zGroupAccountAction).
          each((u) => {
            if (u.id === me.id) return 'operationnotallowed';
            if (u.status === 'Disabled' || u.status === 'AdminDisabled') return 'operationnotallowed';
            ctx.repo.updateUser(u.id, { status: 'AdminDisabled', disable_note: b.disableNote ?? null });
            ctx.repo.run('DELETE FROM sessions WHERE user_id = ?', u.id);
            return null;
          });
          key = 'useraccounts_disabled';
          break;
        case 'enable':
          each((u) => {
            if (u.status !== 'Disabled' && u.status !== 'AdminDisabled') return 'operationnotallowed';
            ctx.repo.updateUser(u.id, { status: 'Active', disable_note: null });
            return null;
          });
          key = 'useraccounts_enabled';
          break;
        case 'changerole':
          each((u) => {
            // Nobody demotes (or promotes) themselves through the group action, as in the team screen.
            if (u.id === me.id) return 'operationnotallowed';
            const t = u.team_id !== null ? ctx.repo.team(u.team_id) : undefined;
            if (!t) return 'operationnotallowed';
            const admin = u.is_admin !== 1;
            ctx.repo.updateUser(u.id, {
              is_admin: admin ? 1 : 0,
              role: roleForTeamKind(t.kind as TeamKind, admin),
            });
            return null;
          });
          key = 'useraccounts_user_promoted';
          break;
        case 'reassignprimaryrep': {
          if (b.primaryRepId === null || b.primaryRepId === undefined)
            throw fail(request, [400], 'validate_info', 'Choose the new primary rep.');
          const rep = ctx.repo.user(b.primaryRepId);
          if (!rep || rep.status !== 'Active' || !internal(rep))
            throw fail(request, [409], 'newprimary_cannot_changed');
          each((u) => {
            if (u.id === rep.id) return 'newprimary_cannot_changed';
            ctx.repo.updateUser(u.id, { primary_rep_id: rep.id });
            return null;
          });
          if (done === 0) throw fail(request, [409], 'newprimary_cannot_changed');
          key = 'useraccounts_reassigned';
          break;
        }
        case 'checkaddtoteam': {
          const domains = new Set(
            users.filter((u): u is UserRow => u !== undefined).map((u) => domainOf(u.email)),
          );
          if (b.Domain) domains.add(b.Domain.toLowerCase());
          if (domains.size > 1) throw fail(request, [400], 'addToTeamEmailsDontMatch');
          each((u) =>
            ADMIN_ROLES.has(u.role)
              ? 'user_already_team_admin'
              : u.team_id !== null && MEMBER_ROLES.has(u.role)
                ? 'user_already_assigned_to_team'
                : null,
          );
          break;
        }
        case 'addToTeam': {
          const t = b.TeamId != null ? ctx.repo.team(b.TeamId) : undefined;
          if (!t) throw fail(request, [400], 'validate_info', 'Choose a team.');
          // Moving accounts into another team (the internal one above all) would raise them beyond the actor.
          if (!internal(me) && t.id !== me.team_id)
            throw denied(request, 'You can add accounts only to your own team.');
          const domains = new Set(
            users.filter((u): u is UserRow => u !== undefined).map((u) => domainOf(u.email)),
          );
          if (domains.size > 1) throw fail(request, [400], 'addToTeamEmailsDontMatch');
          each((u) => {
            if (ADMIN_ROLES.has(u.role) && u.team_id !== t.id) return 'user_already_team_admin';
            ctx.repo.updateUser(u.id, {
              team_id: t.id,
              role: roleForTeamKind(t.kind as TeamKind, false),
              is_admin: 0,
            });
            return null;
          });
          break;
        }
        default:
          throw fail(request, [400], 'validate_info', 'Unknown action.');
      }
      const status = errors.length === 0 ? 'success' : done > 0 ? 'partialsuccess' : 'failure';
      return reply.code(200).send(ok({ Status: status, PartialErrorList: errors, ResourceKey: key }));
    },
    listUsers: async (request, reply) => {
      const me = requireUserAdmin(request);
      const q = request.query ?? {};
      const page = ctx.repo.searchUsers(
        {
          search: q.search,
          primaryRepEmail: q.PrimaryRepEmail,
          primaryRepId: q.UserScope === 'MyUsers' ? me.id : undefined,
          teamId: internal(me) ? undefined : (me.team_id ?? -1),
        },
        paging(q),
      );
      return reply.code(200).send({
        Items: page.items.map((u) => userDto(ctx, u)),
        TotalCount: page.total,
        PageNumber: page.pageNumber,
        PageSize: page.pageSize,
      });
    },
    getSearchedUserListHtml: async (request, reply) => {
      const me = requireUserAdmin(request);
      // An empty form is a search with every default (the contract's body is optional).
      const b = request.body ?? {};
      const page = ctx.repo.searchUsers(
        {
          search: b.SearchText,
          primaryRepEmail: b.PrimaryRepEmail,
          primaryRepId: b.UserScope === 'MyUsers' ? me.id : undefined,
          teamId: internal(me) ? undefined : (me.team_id ?? -1),
        },
        paging({
          PageSize: b.pageSize,
          PageNumber: b.pageNumber,
          SortByField: b.sortByField,
          SortOrder: b.sortOrder,
        }),
      );
      const rows = page.items.map((u) => {
        const d = userDto(ctx, u);
        const action = u.status === 'Disabled' || u.status === 'AdminDisabled' ? 'enable' : 'disable';
        return (
          `<tr data-user-id="${d.UserId}" data-status="${esc(d.Status)}" data-action="${action}"><td><input type="checkbox" name="accountIds" value="${d.UserId}"></td>` +
          `<td>${esc(d.Email)}</td><td>${esc(d.FirstName)} ${esc(d.LastName)}</td><td>${esc(d.Role)}</td><td>${esc(d.Status)}</td>` +
          `<td>${esc(d.CompanyName ?? '')}</td><td>${esc(d.PrimaryRepEmail ?? '')}</td></tr>`
        );
      });
      return reply
        .type('text/html; charset=utf-8')
        .code(200)
        .send(
          `<table class="user-list" data-total="${page.total}" data-page="${page.pageNumber}" data-page-size="${page.pageSize}"><tbody>${rows.join('')}</tbody></table>`,
        );
    },
  };

  function verify(request: FastifyRequest, b: { TeamId?: number; UserIds: number[] }): void {
    const me = viewerOf(request);
    const teamId = b.TeamId ?? me.team_id;
    if (teamId === null) throw fail(request, [400], 'validate_info', 'No team.');
    teamFor(request, teamId, true);
    // Every account is checked before any is verified: a refusal leaves all of them as they were.
    const users = b.UserIds.map((id) => {
      const u = ctx.repo.user(id);
      if (!u || u.team_id !== teamId)
        throw fail(request, [404, 400], 'validate_info', `User ${id} is not in team ${teamId}.`);
      return u;
    });
    for (const u of users) if (u.status === 'Inactive') ctx.repo.updateUser(u.id, { status: 'Active' });
  }
}

// Teams: the team and its members, OPM, roles, adding and removing accounts, verifying employees.
import type { FastifyRequest } from 'fastify';
import type { RouteHandlers } from '@assessment/sdk/fastify';
import type { Role } from '@assessment/sdk';
import { ok } from '../http/envelope.ts';
import type { TeamRow, UserRow } from '../store/repo.ts';
import { roleForTeamKind, type TeamKind } from '../store/domain.ts';
import {
  denied,
  domainOf,
  fail,
  internal,
  iso,
  missing,
  toTeam,
  userIdentity,
  viewerOf,
  type Ctx,
} from './context.ts';

/** The team check of part 5: which roles give user_already_team_admin, which user_already_assigned_to_team. */
export const ADMIN_ROLES = new Set<string>(['OEMTeamAdmin', 'ChannelPartnerTeamAdmin'] satisfies Role[]);
export const MEMBER_ROLES = new Set<string>([
  'ChannelPartnerTeamMember',
  'OEMTeamMember',
  'DellAdminUser',
  'DellUser',
] satisfies Role[]);

export function teamHandlers(
  ctx: Ctx,
): Pick<
  RouteHandlers,
  | 'setTeamOpmEnabled'
  | 'getTeam'
  | 'verifyTeamEmployees'
  | 'verifyWizardEmployees'
  | 'changeTeamRole'
  | 'addToTeam'
  | 'removeFromTeam'
  | 'addTeamEmployee'
> {
  const teamFor = (request: FastifyRequest, id: number, edit: boolean): TeamRow => {
    const me = viewerOf(request);
    const t = ctx.repo.team(id);
    if (!t || (!internal(me) && me.team_id !== id)) throw missing(request, `Team ${id}`);
    // Changing a team (its members, their roles, its options) is user administration: a team's admins, or
    // internal staff who are user administrators. Internal staff without it could otherwise make themselves one.
    if (edit && me.is_admin !== 1) throw denied(request, 'Only team admins can change the team.');
    return t;
  };

  return {
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
        // The rule of teamFor(…, edit): a team's admins, internal user administrators.
        CanEdit: me.is_admin === 1 && (internal(me) || me.team_id === t.id),
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
      const role = roleForTeamKind(t.kind as TeamKind, admin);
      // Promoting an admin or demoting a member would change nothing: refused, never answered as a change.
      if (role === u.role && (u.is_admin === 1) === admin)
        throw fail(request, [400], 'operationnotallowed', 'The member already has this role.');
      ctx.repo.updateUser(u.id, { is_admin: admin ? 1 : 0, role });
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

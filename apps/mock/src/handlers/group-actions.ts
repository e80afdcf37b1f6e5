// Group actions: on selected collector runs (archive, into a new or existing project) and on selected accounts.
import type { RouteHandlers } from '@assessment/sdk/fastify';
import type { PartialError } from '@assessment/sdk';
import { ok } from '../http/envelope.ts';
import type { RunRow, UserRow } from '../store/repo.ts';
import { roleForTeamKind, type TeamKind } from '../store/domain.ts';
import { checkName, projectFor } from './projects.ts';
import { ADMIN_ROLES, MEMBER_ROLES } from './teams.ts';
import { denied, domainOf, fail, internal, requireUserAdmin, viewerOf, type Ctx } from './context.ts';

export function groupActionHandlers(
  ctx: Ctx,
): Pick<RouteHandlers, 'groupCollectorRunAction' | 'groupAccountAction'> {
  return {
    groupCollectorRunAction: async (request, reply) => {
      const me = viewerOf(request);
      const b = request.body;
      // An empty run selection never gets here: the contract's minItems answers CRsRequired (http/server.ts).
      const errors: PartialError[] = [];
      const runs: RunRow[] = [];
      for (const id of b.collectorRunIds) {
        const r = ctx.repo.runRow(id);
        if (!r || !ctx.repo.canSeeRun(me, r))
          errors.push({ ObjectDisplayName: `Collector run ${id}`, ErrorMessage: 'generalError' });
        else runs.push(r);
      }
      let done = 0;
      let resourceKey: string | null;
      if (b.actionType === 'archive') {
        for (const r of runs) {
          if (r.archived || ctx.repo.runStatus(r, ctx.now()) === 'Running')
            errors.push({ ObjectDisplayName: r.name, ErrorMessage: 'collectorArchiveError' });
          else {
            ctx.repo.run('UPDATE collector_runs SET archived = 1, restored = 0 WHERE id = ?', r.id);
            done++;
          }
        }
        resourceKey = errors.length ? 'groupCollectorRunArchiveError' : null;
      } else {
        const isNew = b.actionType === 'create_proj' || b.isNewProject === true;
        let projectId: number;
        if (isNew) {
          projectId = ctx.repo.createProject(checkName(request, b.projectName), me.id, [], ctx.now());
          resourceKey = 'projectcreated';
        } else {
          if (b.projectId === null || b.projectId === undefined)
            throw fail(request, [400], 'choose_project', 'Choose a project.');
          projectId = projectFor(ctx, request, b.projectId, 'edit').id;
          resourceKey = 'projectupdated';
        }
        for (const r of runs) {
          if (r.project_id !== null && r.project_id !== projectId)
            errors.push({ ObjectDisplayName: r.name, ErrorMessage: 'operationnotallowed' });
          else {
            ctx.repo.run('UPDATE collector_runs SET project_id = ? WHERE id = ?', projectId, r.id);
            done++;
          }
        }
      }
      const status = errors.length === 0 ? 'success' : done > 0 ? 'partialsuccess' : 'failure';
      return reply.code(200).send(ok({ Status: status, PartialErrorList: errors, ResourceKey: resourceKey }));
    },
    groupAccountAction: async (request, reply) => {
      const me = requireUserAdmin(request);
      const b = request.body;
      const ids = [...new Set([...(b.accountIds ?? []), ...(b.AccountIds ?? [])])];
      if (ids.length === 0) throw fail(request, [422], 'validate_info', 'Select at least one account.');
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
            // A pending account (issue #32) is neither disabled nor enabled: enabling would skip its confirmation.
            if (u.status === 'Pending') return 'operationnotallowed';
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
            const kind = t.kind as TeamKind;
            // The chosen role must be the admin or member role of the account's team kind, and a change.
            const admin = b.role ? b.role === roleForTeamKind(kind, true) : u.is_admin !== 1;
            const role = roleForTeamKind(kind, admin);
            const unchanged = role === u.role && (u.is_admin === 1) === admin;
            if ((b.role && b.role !== role) || unchanged) return 'operationnotallowed';
            ctx.repo.updateUser(u.id, { is_admin: admin ? 1 : 0, role });
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
  };
}

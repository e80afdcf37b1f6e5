// Projects: list/search, create, runs in and out, share, publish, viewer data, archive/restore over time,
// owner reassign (internal staff only), rename, delete, retry.
import type { FastifyRequest } from 'fastify';
import type { RouteHandlers } from '@assessment/sdk/fastify';
import { randomBytes } from 'node:crypto';
import { ApiFailure, ok } from '../http/envelope.ts';
import { ownValue, type ProjectRow, type UserRow } from '../store/repo.ts';
import { INTERNAL_DOMAIN } from '../store/domain.ts';
import {
  denied,
  fail,
  internal,
  missing,
  pageAnswer,
  paging,
  projectDto,
  projectSummaryDto,
  publicUrl,
  viewerOf,
  type Ctx,
} from './context.ts';
import { viewerNodes } from '../series/nodes.ts';

/** Names: not empty after trimming, at most 200 characters (data-maxlength). */
/**
 * Project names (spec part 5; the upload settings' ProjectNamePattern): at most 100 of these characters. The portal
 * filters typing and pasting to it; the server refuses anything else with validate_info.
 */
export const PROJECT_NAME_PATTERN = "^[A-Za-z0-9 _.,()'&-]{1,100}$";
const PROJECT_NAME = new RegExp(PROJECT_NAME_PATTERN);

/**
 * A trimmed, non-empty name (emptyfield); a project's and a collector run's name follow the project-name pattern
 * (at most 100 characters, the contract's renameObject says the same for both kinds).
 */
export function checkName(
  request: FastifyRequest,
  name: string | null | undefined,
  kind: 'project' | 'collectorrun' = 'project',
): string {
  const n = (name ?? '').trim();
  if (n === '') throw fail(request, [400], 'emptyfield', 'The name cannot be empty.');
  if (!PROJECT_NAME.test(n))
    throw fail(
      request,
      [400],
      'validate_info',
      `A ${kind === 'project' ? 'project' : 'collector run'} name has at most 100 characters: letters, digits, spaces and _ . , ( ) ' & -`,
    );
  return n;
}

export function projectFor(ctx: Ctx, request: FastifyRequest, id: number, mode: 'see' | 'edit'): ProjectRow {
  const p = ctx.repo.project(id);
  const me = request.viewer;
  if (!me && !(p && p.is_public === 1 && mode === 'see')) {
    // An anonymous viewer may see published projects only; anything else needs a session.
    throw new ApiFailure(401, 'operationnotallowed', 'Sign in to continue.');
  }
  if (!p || !ctx.repo.canSeeProject(me, p)) throw missing(request, `Project ${id}`);
  if (mode === 'edit' && (!me || !ctx.repo.canEditProject(me, p))) throw denied(request);
  return p;
}

function runFor(ctx: Ctx, request: FastifyRequest, id: number) {
  const r = ctx.repo.runRow(id);
  const me = viewerOf(request);
  if (!r || !ctx.repo.canSeeRun(me, r)) throw missing(request, `Collector run ${id}`);
  return r;
}

function isArchivedOrBusy(ctx: Ctx, p: ProjectRow): boolean {
  const s = ctx.repo.archiveStatus(p, ctx.config.timeScale, ctx.now());
  return s !== null && s.state !== 'Restored';
}

function createWithRun(ctx: Ctx, request: FastifyRequest, name: string, runId: number | undefined): number {
  const me = viewerOf(request);
  const n = checkName(request, name);
  if (runId !== undefined) {
    const r = runFor(ctx, request, runId);
    if (r.project_id !== null)
      throw fail(
        request,
        [409, 400],
        'operationnotallowed',
        `Collector run ${runId} already belongs to project ${r.project_id}.`,
      );
  }
  return ctx.repo.createProject(n, me.id, runId === undefined ? [] : [runId], ctx.now());
}

/** Sharing with one recipient; null when shared, else the error message key. */
function shareOne(
  ctx: Ctx,
  me: UserRow,
  p: ProjectRow,
  email: string,
  shareType: string,
  anonymize: boolean,
): { ok: true; anonymized: boolean } | { ok: false; error: string } {
  const to = ctx.repo.userByEmail(email);
  if (!to || to.status !== 'Active') return { ok: false, error: 'share_project_error_share_user_not_found' };
  const owner = ctx.repo.user(p.owner_id);
  if (p.is_demo === 1 && owner && to.team_id !== owner.team_id) {
    return { ok: false, error: 'operationnotallowed' };
  }
  // While a collection is still running the recipient may only get an anonymized version.
  const collecting = ctx.repo.runsOfProject(p.id).some((r) => ctx.repo.runStatus(r, ctx.now()) === 'Running');
  const anonymized = anonymize || collecting;
  ctx.repo.run(
    'INSERT INTO shares (project_id, from_user_id, email, share_type, anonymized, created_at) VALUES (?, ?, ?, ?, ?, ?)',
    p.id,
    me.id,
    to.email,
    shareType,
    anonymized ? 1 : 0,
    ctx.now(),
  );
  if (shareType === 'make-copies') {
    const copy = ctx.repo.createProject(`${p.name} (copy)`, to.id, [], ctx.now(), {
      sourceProjectId: p.id,
      anonymous: anonymized,
      isDemo: p.is_demo === 1,
    });
    ctx.repo.run('UPDATE shares SET copy_project_id = ? WHERE id = (SELECT MAX(id) FROM shares)', copy);
  }
  return { ok: true, anonymized };
}

export function projectHandlers(
  ctx: Ctx,
): Pick<
  RouteHandlers,
  | 'listProjects'
  | 'createProject'
  | 'addCollectorRunToProject'
  | 'removeCollectorRunFromProject'
  | 'removeCollectorRunAndDeleteProject'
  | 'getProject'
  | 'deleteProject'
  | 'retryProject'
  | 'shareProject'
  | 'publishProject'
  | 'getProjectViewerData'
  | 'startProjectArchiveRestore'
  | 'getProjectArchiveRestoreStatus'
  | 'reassignProjectOwner'
  | 'renameObject'
> {
  return {
    listProjects: async (request, reply) => {
      const me = viewerOf(request);
      const q = request.query ?? {};
      const sortMap: Record<string, string> = {
        Name: 'name',
        OwnerEmail: 'owneremail',
        CreatedDate: 'createdat',
        CollectorRunCount: 'run_count',
      };
      const pg = paging(q);
      const page = ctx.repo.searchProjects(
        ctx.repo.visibilityOf(me),
        {
          search: q.search,
          mineOnly: q.myProjectsOnly,
          ownerId: me.id,
          primaryRepEmail: q.primaryRepEmail,
        },
        {
          ...pg,
          sortBy: ownValue(sortMap, q.SortByField ?? 'CreatedDate') ?? 'createdat',
          sortOrder: q.SortByField ? pg.sortOrder : q.SortOrder === 0 ? 0 : 1,
        },
      );
      return reply.code(200).send(pageAnswer(page, (p) => projectSummaryDto(ctx, request, p)));
    },
    createProject: async (request, reply) => {
      const id = createWithRun(ctx, request, request.query.name, request.query.CollectorRunIdToAddToProject);
      return reply.code(200).send(ok({ Id: id }, 'projectcreated'));
    },
    addCollectorRunToProject: async (request, reply) => {
      const p = projectFor(ctx, request, request.params.projectId, 'edit');
      const r = runFor(ctx, request, request.params.collectorRunId);
      if (isArchivedOrBusy(ctx, p))
        throw fail(request, [409, 400], 'operationnotallowed', 'The project is archived or being archived.');
      if (r.project_id === p.id)
        throw fail(
          request,
          [409, 400],
          'operationnotallowed',
          'The collector run is already in this project.',
        );
      if (r.project_id !== null)
        throw fail(
          request,
          [409, 400],
          'operationnotallowed',
          `The collector run belongs to project ${r.project_id}.`,
        );
      ctx.repo.run('UPDATE collector_runs SET project_id = ? WHERE id = ?', p.id, r.id);
      ctx.repo.updateProject(p.id, {}, ctx.now());
      return reply.code(200).send(ok(null, 'collector_added'));
    },
    removeCollectorRunFromProject: async (request, reply) => {
      const p = projectFor(ctx, request, request.params.projectId, 'edit');
      const r = runFor(ctx, request, request.params.collectorRunId);
      if (r.project_id !== p.id) throw missing(request, `Collector run ${r.id} in project ${p.id}`);
      if (ctx.repo.runsOfProject(p.id).length <= 1) {
        // The last run: the portal must confirm deleting the project instead (project_removecollectorrun).
        throw fail(
          request,
          [409, 400],
          'project_removecollectorrun',
          'This is the last collector run of the project.',
        );
      }
      ctx.repo.run('UPDATE collector_runs SET project_id = NULL WHERE id = ?', r.id);
      ctx.repo.updateProject(p.id, {}, ctx.now());
      return reply.code(200).send(ok(null, 'projectupdated'));
    },
    removeCollectorRunAndDeleteProject: async (request, reply) => {
      const p = projectFor(ctx, request, request.params.projectId, 'edit');
      const r = runFor(ctx, request, request.params.collectorRunId);
      if (r.project_id !== p.id) throw missing(request, `Collector run ${r.id} in project ${p.id}`);
      ctx.repo.tx(() => {
        ctx.repo.run('UPDATE collector_runs SET project_id = NULL WHERE project_id = ?', p.id);
        ctx.repo.updateProject(p.id, { deleted: 1 }, ctx.now());
      });
      return reply.code(200).send(ok(null));
    },
    getProject: async (request, reply) => {
      const p = projectFor(ctx, request, request.params.id, 'see');
      return reply.code(200).send(projectDto(ctx, request, p));
    },
    deleteProject: async (request, reply) => {
      const p = projectFor(ctx, request, request.params.id, 'edit');
      ctx.repo.tx(() => {
        ctx.repo.run('UPDATE collector_runs SET project_id = NULL WHERE project_id = ?', p.id);
        ctx.repo.updateProject(p.id, { deleted: 1 }, ctx.now());
      });
      return reply.code(200).send(ok(null));
    },
    retryProject: async (request, reply) => {
      const p = projectFor(ctx, request, request.params.id, 'edit');
      if (p.failed !== 1)
        throw fail(
          request,
          [409],
          'operationnotallowed',
          'Only a project whose processing failed can be retried.',
        );
      ctx.repo.updateProject(p.id, { failed: 0, retry_count: p.retry_count + 1 }, ctx.now());
      // A retried project starts afresh: the files that failed before no longer hold a later mark (ingestDone).
      ctx.repo.forgetIngestFailures(p.id);
      return reply.code(200).send(ok(null, 'retry_initiated'));
    },
    shareProject: async (request, reply) => {
      const me = viewerOf(request);
      const b = request.body;
      const p = projectFor(ctx, request, b.projectId, 'edit');
      if (b.Anonymize && b.ShareType !== 'make-copies')
        throw fail(request, [400], 'validate_info', 'Anonymize is only possible with make-copies.');
      const emails = [...new Set(b.EmailAddresses.map((e) => e.trim().toLowerCase()))];
      if (emails.length === 0 && !b.ConciergeSelected)
        throw fail(request, [400], 'emptyfield', 'Add at least one recipient.');
      const result = {
        PartialErrorsList: [] as { ObjectDisplayName: string; ErrorMessage: string | null }[],
        SuccessEmailAddresses: [] as string[],
        AnonymousEmailAddresses: [] as string[],
      };
      for (const email of emails) {
        const r = shareOne(ctx, me, p, email, b.ShareType, b.Anonymize);
        if (!r.ok) result.PartialErrorsList.push({ ObjectDisplayName: email, ErrorMessage: r.error });
        else if (r.anonymized) result.AnonymousEmailAddresses.push(email);
        else result.SuccessEmailAddresses.push(email);
      }
      if (b.ConciergeSelected)
        ctx.repo.addRecord('concierge-share', me.id, { projectId: p.id, name: b.Name });
      const anyOk =
        result.SuccessEmailAddresses.length + result.AnonymousEmailAddresses.length > 0 ||
        b.ConciergeSelected;
      // Per-recipient failures are listed in PartialErrorsList; the call itself succeeded.
      return reply.code(200).send(ok(result, anyOk ? null : 'share_project_error_share_user_not_found'));
    },
    publishProject: async (request, reply) => {
      const p = projectFor(ctx, request, request.params.id, 'edit');
      if (request.query.publish) {
        // Publishing needs at least one enabled viewer node (node states persist in the series store).
        if (!viewerNodes(ctx.repo, p).some((n) => n.Enabled))
          throw fail(
            request,
            [400],
            'nodes_required_to_publish',
            'Enable at least one node before publishing.',
          );
        ctx.repo.updateProject(
          p.id,
          {
            is_public: 1,
            public_token: p.public_token ?? randomBytes(8).toString('hex'),
            ...(request.query.name ? { name: checkName(request, request.query.name) } : {}),
          },
          ctx.now(),
        );
      } else {
        ctx.repo.updateProject(p.id, { is_public: 0 }, ctx.now());
      }
      const after = ctx.repo.project(p.id) ?? p;
      return reply.code(200).send(ok({ Data: { PublicURL: publicUrl(request, after), ProjectId: p.id } }));
    },
    getProjectViewerData: async (request, reply) => {
      const p = projectFor(ctx, request, request.params.id, 'see');
      const me = request.viewer;
      const canEdit = me !== null && ctx.repo.canEditProject(me, p);
      const nodes = viewerNodes(ctx.repo, p);
      return reply.code(200).send({
        Project: projectSummaryDto(ctx, request, p),
        Nodes: nodes,
        CanEdit: canEdit,
        CanPublish: canEdit && nodes.some((n) => n.Enabled),
      });
    },
    startProjectArchiveRestore: async (request, reply) => {
      const p = projectFor(ctx, request, request.params.id, 'edit');
      const { action } = request.params;
      const s = ctx.repo.archiveStatus(p, ctx.config.timeScale, ctx.now());
      const busy = s !== null && !s.done;
      const allowed =
        !busy && (action === 'archive' ? s === null || s.state === 'Restored' : s?.state === 'Archived');
      if (!allowed) {
        throw fail(
          request,
          [409, 400],
          'operationnotallowed',
          busy
            ? `The project is busy (${s.state}).`
            : `The project cannot be ${action}d in its current state.`,
        );
      }
      ctx.repo.updateProject(
        p.id,
        { archive_op: action, archive_started_at: ctx.now(), archive_state: null },
        ctx.now(),
      );
      const after = ctx.repo.project(p.id) ?? p;
      const prog = ctx.repo.archiveStatus(after, ctx.config.timeScale, ctx.now());
      return reply.code(200).send(
        ok({
          CurrentStatusString: prog?.state ?? 'PendingArchive',
          ProgressPercentage: prog?.percentage ?? 0,
        }),
      );
    },
    getProjectArchiveRestoreStatus: async (request, reply) => {
      const p = projectFor(ctx, request, request.params.id, 'see');
      const s = ctx.repo.archiveStatus(p, ctx.config.timeScale, ctx.now());
      // A project never archived is available, like a restored one.
      return reply
        .code(200)
        .send(ok({ CurrentStatusString: s?.state ?? 'Restored', ProgressPercentage: s?.percentage ?? 100 }));
    },
    reassignProjectOwner: async (request, reply) => {
      const me = viewerOf(request);
      if (!internal(me)) throw denied(request, 'Only internal staff can reassign a project owner.');
      const p = projectFor(ctx, request, request.params.projectId, 'edit');
      const to = ctx.repo.user(request.params.newOwnerId);
      if (!to || to.status !== 'Active')
        throw fail(
          request,
          [404, 400],
          'dell_reassign_user_doesnt_exist',
          'There was an error while transfering the project to the new owner',
        );
      const toInternal = to.email.toLowerCase().endsWith(`@${INTERNAL_DOMAIN}`);
      if (!toInternal || !internal(to))
        throw fail(
          request,
          [409, 400],
          'validate_info',
          'The new owner must be internal staff on the internal company domain.',
        );
      if (to.id === p.owner_id)
        throw fail(request, [409, 400], 'operationnotallowed', 'This account already owns the project.');
      ctx.repo.updateProject(p.id, { owner_id: to.id }, ctx.now());
      return reply.code(200).send(ok(null, 'projectupdated'));
    },
    renameObject: async (request, reply) => {
      const name = checkName(request, request.query.name, request.params.type);
      if (request.params.type === 'project') {
        const p = projectFor(ctx, request, request.params.id, 'edit');
        ctx.repo.updateProject(p.id, { name }, ctx.now());
      } else {
        const r = runFor(ctx, request, request.params.id);
        const me = viewerOf(request);
        if (r.owner_id !== me.id && !internal(me) && !me.is_admin) throw denied(request);
        ctx.repo.run('UPDATE collector_runs SET name = ? WHERE id = ?', name, r.id);
      }
      return reply.code(200).send(ok(null, 'projectupdated'));
    },
  };
}

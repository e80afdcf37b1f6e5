// Collector runs: search, stop (409 when already stopped), archive, restore, project of a run, legacy HTML views.
import type { FastifyRequest } from 'fastify';
import type { RouteHandlers } from '@assessment/sdk/fastify';
import { ok } from '../http/envelope.ts';
import type { RunRow } from '../store/repo.ts';
import { projectFor } from './projects.ts';
import {
  denied,
  esc,
  fail,
  missing,
  pageAnswer,
  paging,
  projectSummaryDto,
  runDto,
  viewerOf,
  type Ctx,
} from './context.ts';

export function collectorRunHandlers(
  ctx: Ctx,
): Pick<
  RouteHandlers,
  | 'searchCollectorRuns'
  | 'archiveCollectorRun'
  | 'restoreCollectorRun'
  | 'stopCollectorRun'
  | 'getProjectByCollectorRun'
  | 'refreshCollectorRunOfProject'
  | 'updateCollectorRunView'
> {
  const runFor = (request: FastifyRequest, id: number): RunRow => {
    const r = ctx.repo.runRow(id);
    if (!r || !ctx.repo.canSeeRun(viewerOf(request), r)) throw missing(request, `Collector run ${id}`);
    return r;
  };
  const mayChange = (request: FastifyRequest, r: RunRow): void => {
    const me = viewerOf(request);
    if (r.owner_id !== me.id && me.is_admin !== 1 && !ctx.repo.isInternal(me)) throw denied(request);
  };
  const runHtml = (request: FastifyRequest, r: RunRow): string => {
    const d = runDto(ctx, request, r);
    return (
      `<tr class="collector-run" data-id="${d.Id}" data-status="${esc(d.Status)}"><td class="name">${esc(d.Name)}</td>` +
      `<td class="status">${esc(d.Status)}</td><td class="progress">${d.Progress}%</td><td class="owner">${esc(d.OwnerEmail)}</td>` +
      `<td class="end">${esc(d.EndTime ?? '')}</td><td class="archive">${esc(d.ArchiveState)}</td></tr>`
    );
  };

  return {
    searchCollectorRuns: async (request, reply) => {
      const me = viewerOf(request);
      const q = request.query ?? {};
      const day = 86_400_000;
      const page = ctx.repo.searchRuns(
        ctx.repo.visibilityOf(me),
        {
          search: q.search,
          mineOnly: q.myCollectorRunsOnly,
          ownerId: me.id,
          status: q.status,
          ownerEmail: q.ownerEmail,
          projectId: q.projectId,
          archived: q.includeArchived ? undefined : false,
          // Dates are whole days: endedBefore includes the day it names.
          endedFrom: q.endedAfter ? Date.parse(q.endedAfter) : undefined,
          endedUntil: q.endedBefore ? Date.parse(q.endedBefore) + day : undefined,
        },
        paging(q),
        ctx.now(),
      );
      return reply.code(200).send(pageAnswer(page, (r) => runDto(ctx, request, r)));
    },
    archiveCollectorRun: async (request, reply) => {
      const r = runFor(request, request.params.id);
      mayChange(request, r);
      if (r.archived)
        throw fail(request, [409, 400], 'collectorArchiveError', 'The collector run is already archived.');
      if (ctx.repo.runStatus(r, ctx.now()) === 'Running')
        throw fail(
          request,
          [409, 400],
          'collectorArchiveError',
          'Stop the collector run before archiving it.',
        );
      ctx.repo.run('UPDATE collector_runs SET archived = 1, restored = 0 WHERE id = ?', r.id);
      return reply.code(200).send(ok(null));
    },
    restoreCollectorRun: async (request, reply) => {
      const r = runFor(request, request.params.id);
      mayChange(request, r);
      if (!r.archived)
        throw fail(request, [409, 400], 'collectorRestoredError', 'The collector run is not archived.');
      ctx.repo.run('UPDATE collector_runs SET archived = 0, restored = 1 WHERE id = ?', r.id);
      return reply.code(200).send(ok(null, 'collectorRestored'));
    },
    stopCollectorRun: async (request, reply) => {
      const r = runFor(request, request.params.id);
      mayChange(request, r);
      if (ctx.repo.runStatus(r, ctx.now()) !== 'Running')
        throw fail(request, [409], 'operationnotallowed', 'The collector run is already stopped.');
      ctx.repo.run('UPDATE collector_runs SET stopped_at = ? WHERE id = ?', ctx.now(), r.id);
      return reply.code(200).send(ok(null, 'collectorRunStopped'));
    },
    getProjectByCollectorRun: async (request, reply) => {
      const r = runFor(request, request.params.id);
      if (r.project_id === null) throw missing(request, `A project of collector run ${r.id}`);
      const p = projectFor(ctx, request, r.project_id, 'see');
      return reply.code(200).send(ok(projectSummaryDto(ctx, request, p)));
    },
    refreshCollectorRunOfProject: async (request, reply) => {
      const r = runFor(request, request.query.collectorRunId);
      projectFor(ctx, request, request.query.projectId, 'see');
      if (r.project_id !== request.query.projectId)
        throw missing(request, `Collector run ${r.id} in project ${request.query.projectId}`);
      return reply.type('text/html; charset=utf-8').code(200).send(runHtml(request, r));
    },
    updateCollectorRunView: async (request, reply) => {
      const r = runFor(request, request.params.id);
      const d = runDto(ctx, request, r);
      return reply
        .type('text/html; charset=utf-8')
        .code(200)
        .send(
          `<form class="update-collector-run" data-id="${d.Id}"><label>Name <input name="name" value="${esc(d.Name)}" maxlength="200" required></label>` +
            `<p class="status">${esc(d.Status)} (${d.Progress}%)</p></form>`,
        );
    },
  };
}

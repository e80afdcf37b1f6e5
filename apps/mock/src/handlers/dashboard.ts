// The dashboard: the viewer's own recent projects and collector runs.
import type { RouteHandlers } from '@assessment/sdk/fastify';
import { projectSummaryDto, runDto, viewerOf, type Ctx } from './context.ts';

export function dashboardHandlers(ctx: Ctx): Pick<RouteHandlers, 'getDashboard'> {
  return {
    getDashboard: async (request, reply) => {
      const me = viewerOf(request);
      const vis = ctx.repo.visibilityOf(me);
      const projects = ctx.repo.searchProjects(
        vis,
        // The viewer's own recent projects, for internal staff too (who can see every project).
        { mineOnly: true, ownerId: me.id },
        { pageSize: 10, pageNumber: 1, sortBy: 'updatedat', sortOrder: 1 },
      ).items;
      const runs = ctx.repo.searchRuns(
        vis,
        { mineOnly: true, archived: false },
        { pageSize: 10, pageNumber: 1, sortBy: 'startedat', sortOrder: 1 },
      ).items;
      return reply.code(200).send({
        RecentProjects: projects.map((p) => projectSummaryDto(ctx, request, p)),
        RecentCollectorRuns: runs.map((r) => runDto(ctx, request, r)),
      });
    },
  };
}

// PSS requests: a signed-in account asks for a PSS case (optionally about a project it can see).
import type { RouteHandlers } from '@assessment/sdk/fastify';
import { ok } from '../http/envelope.ts';
import { fail, viewerOf, type Ctx } from './context.ts';

export function pssHandlers(ctx: Ctx): Pick<RouteHandlers, 'sendPssRequest'> {
  return {
    sendPssRequest: async (request, reply) => {
      const me = viewerOf(request);
      const b = request.body;
      if (!b.AccountName.trim())
        throw fail(request, [400], 'emptyfield', 'Account name and theatre are required.');
      if (!b.RequesterPhoneNumber.trim())
        throw fail(request, [400], 'emptyfield', 'A phone number is required.');
      if (!b.CaseSubject.trim()) throw fail(request, [400], 'emptyfield', 'A case subject is required.');
      if (b.ProjectId !== undefined) {
        const p = ctx.repo.project(b.ProjectId);
        if (!p || !ctx.repo.canSeeProject(me, p)) throw fail(request, [400], 'choose_project');
      }
      ctx.repo.addRecord('pss-request', me.id, b, ctx.now());
      return reply.code(200).send(ok(null, 'ticket_submitted'));
    },
  };
}

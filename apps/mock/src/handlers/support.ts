// The support-ticket service (mounted under /support-service): creating a ticket.
import type { RouteHandlers } from '@assessment/sdk/fastify';
import type { Ctx } from './context.ts';

export function supportHandlers(ctx: Ctx): Pick<RouteHandlers, 'createSupportTicket'> {
  return {
    createSupportTicket: async (request, reply) => {
      const b = request.body.request;
      if (!b.subject.trim() || !b.comment.body.trim()) {
        return reply
          .code(400)
          .send({ error: 'RecordInvalid', description: 'Subject and comment are required.' });
      }
      const id = ctx.repo.addRecord('support-ticket', request.viewer?.id ?? null, request.body, ctx.now());
      return reply
        .header('Location', `/api/v2/requests/${id}.json`)
        .code(201)
        .send({ request: { id, status: 'new', subject: b.subject } });
    },
  };
}

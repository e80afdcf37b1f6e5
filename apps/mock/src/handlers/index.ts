// Every operation of the contract, by operationId, typed with the SDK's generated Fastify RouteHandlers: one file
// per tag of the contract (named after the tag), merged here.
import type { RouteHandlers } from '@assessment/sdk/fastify';
import type { Ctx } from './context.ts';
import { authHandlers } from './auth.ts';
import { messageHandlers } from './messages.ts';
import { projectHandlers } from './projects.ts';
import { collectorRunHandlers } from './collector-runs.ts';
import { groupActionHandlers } from './group-actions.ts';
import { collectorHandlers } from './collectors.ts';
import { userHandlers } from './users.ts';
import { teamHandlers } from './teams.ts';
import { accountHandlers } from './account.ts';
import { registrationHandlers } from './registration.ts';
import { referenceHandlers } from './reference.ts';
import { dashboardHandlers } from './dashboard.ts';
import { autocompleteHandlers } from './autocomplete.ts';
import { modalHandlers } from './modals.ts';
import { pssHandlers } from './pss.ts';
import { viewerHandlers } from './viewer.ts';
import { sizingHandlers } from './sizing.ts';
import { reportHandlers } from './reports.ts';
import { promoHandlers } from './promo.ts';
import { uploadHandlers } from './upload.ts';
import { supportHandlers } from './support.ts';

export function createHandlers(ctx: Ctx): RouteHandlers {
  const all: RouteHandlers = {
    ...authHandlers(ctx),
    ...messageHandlers(),
    ...projectHandlers(ctx),
    ...collectorRunHandlers(ctx),
    ...groupActionHandlers(ctx),
    ...collectorHandlers(ctx),
    ...userHandlers(ctx),
    ...teamHandlers(ctx),
    ...accountHandlers(ctx),
    ...registrationHandlers(ctx),
    ...referenceHandlers(ctx),
    ...dashboardHandlers(ctx),
    ...autocompleteHandlers(ctx),
    ...modalHandlers(ctx),
    ...pssHandlers(ctx),
    ...viewerHandlers(ctx),
    ...sizingHandlers(ctx),
    ...reportHandlers(ctx),
    ...promoHandlers(ctx),
    ...uploadHandlers(ctx),
    ...supportHandlers(ctx),
  };
  return all;
}

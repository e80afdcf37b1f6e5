// Every operation of the contract, by operationId, typed with the SDK's generated Fastify RouteHandlers.
import type { RouteHandlers } from '@assessment/sdk/fastify';
import type { Ctx } from './context.ts';
import { authHandlers } from './auth.ts';
import { projectHandlers } from './projects.ts';
import { runHandlers } from './runs.ts';
import { accountHandlers } from './accounts.ts';
import { reportHandlers } from './reports.ts';
import { miscHandlers } from './misc.ts';
import { uploadHandlers } from './uploads.ts';
import { collectorFormatHandlers } from './collector-format.ts';
import { viewerHandlers } from './viewer.ts';

export function createHandlers(ctx: Ctx): RouteHandlers {
  const all: RouteHandlers = {
    ...authHandlers(ctx),
    ...projectHandlers(ctx),
    ...runHandlers(ctx),
    ...accountHandlers(ctx),
    ...reportHandlers(ctx),
    ...miscHandlers(ctx),
    ...uploadHandlers(ctx),
    ...collectorFormatHandlers(),
    ...viewerHandlers(ctx),
  };
  return all;
}

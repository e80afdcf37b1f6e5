// Reference data: countries, languages and the upload settings (limits, project-name pattern, file types).
import type { RouteHandlers } from '@assessment/sdk/fastify';
import { UploadType } from '@assessment/sdk';
import { LANGUAGES } from '../store/seed.ts';
import { PROJECT_NAME_PATTERN } from './projects.ts';
import { IOKIT_EXTENSIONS } from './upload.ts';
import { asCulture, type Ctx } from './context.ts';

export function referenceHandlers(
  ctx: Ctx,
): Pick<RouteHandlers, 'listCountries' | 'listLanguages' | 'getUploadSettings'> {
  return {
    listCountries: async (_request, reply) =>
      reply
        .code(200)
        .send(ctx.repo.countries().map((c) => ({ CountryId: c.id, Name: c.name, Code: c.code }))),
    listLanguages: async (_request, reply) =>
      reply.code(200).send(LANGUAGES.map(([Culture, Name]) => ({ Culture: asCulture(Culture), Name }))),
    getUploadSettings: async (_request, reply) =>
      reply.code(200).send({
        MaxFileSizeMb: Math.round(ctx.config.maxIokitFileBytes / 1024 / 1024),
        MaxCombinedSizeMb: Math.round(ctx.config.maxCombinedUploadBytes / 1024 / 1024),
        ProjectNamePattern: PROJECT_NAME_PATTERN,
        AllowedExtensions: IOKIT_EXTENSIONS,
        UploadTypes: Object.values(UploadType),
      }),
  };
}

// Files the API points at by URL (not operations of the contract): promo logos (PromoSite.Logo) and collector
// packages (Collector.DownloadUrl).
import type { FastifyInstance } from 'fastify';
import JSZip from 'jszip';
import path from 'node:path';
import type { Ctx } from '../handlers/context.ts';
import { failure } from './envelope.ts';

const IMAGE_TYPES: Readonly<Record<string, string>> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
};

export function registerAssetRoutes(app: FastifyInstance, ctx: Ctx): void {
  app.get<{ Params: { siteId: string; logoFor: string; file: string } }>(
    '/promologo/:siteId/:logoFor/:file',
    async (request, reply) => {
      const logo = ctx.repo.promoLogo(Number(request.params.siteId), request.params.logoFor);
      if (
        !logo ||
        logo.file_name === '' ||
        logo.file_name !== request.params.file ||
        !ctx.files.exists('logos', logo.stored_path)
      ) {
        return reply
          .code(404)
          .send(failure(404, 'generalError', "Error 404 - The file you're looking for could not be found."));
      }
      const type = IMAGE_TYPES[path.extname(logo.file_name).toLowerCase()] ?? 'application/octet-stream';
      return reply
        .type(type)
        .header('Cache-Control', 'no-cache')
        .send(await ctx.files.read('logos', logo.stored_path));
    },
  );

  app.get<{ Params: { file: string } }>('/downloads/collectors/:file', async (request, reply) => {
    const id = Number(/^collector-(\d+)\.zip$/.exec(request.params.file)?.[1]);
    const c = Number.isInteger(id)
      ? ctx.repo.get<{ id: number; template_id: string | null; capture_token: string | null }>(
          'SELECT id, template_id, capture_token FROM collectors WHERE id = ?',
          id,
        )
      : undefined;
    if (!c)
      return reply
        .code(404)
        .send(failure(404, 'collectorDownloadError', 'The collector could not be found.'));
    const zip = new JSZip();
    zip.file(
      'README.txt',
      `Assessment collector ${c.id} (${c.template_id ?? 'template'}).\nRun the collector on a machine that can reach the servers to assess.\n`,
    );
    zip.file(
      'collector.json',
      JSON.stringify(
        { collectorId: c.id, template: c.template_id, captureRequestToken: c.capture_token },
        null,
        2,
      ),
    );
    const data = await zip.generateAsync({ type: 'nodebuffer' });
    return reply
      .type('application/zip')
      .header('Content-Disposition', `attachment; filename="${request.params.file}"`)
      .send(data);
  });
}

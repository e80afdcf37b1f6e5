// Files the API points at by URL (not operations of the contract): promo logos (PromoSite.Logo), collector
// packages (Collector.DownloadUrl) and the contract's rendered reference (/docs).
import type { FastifyInstance } from 'fastify';
import JSZip from 'jszip';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Ctx } from '../handlers/context.ts';
import { failure } from './envelope.ts';
import { SESSION_COOKIE } from './names.ts';
import type { CollectorRow } from '../store/repo.ts';
import {
  collectorFileName,
  collectorPlatform,
  collectorTemplateId,
  isCollectorReady,
  mayDownloadCollector,
} from '../handlers/collectors.ts';
import { VSPHERE_COLLECTOR_DIR, vsphereBuild } from './vsphere-collector.ts';
import { registerDocsRoutes } from './docs.ts';

/** The open Linux collector (issue #11): shipped in the Linux collector's package. */
export const LINUX_COLLECTOR_DIR = fileURLToPath(new URL('../../../../collector/linux/', import.meta.url));

const IMAGE_TYPES: Readonly<Record<string, string>> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
};

export function registerAssetRoutes(app: FastifyInstance, ctx: Ctx): void {
  registerDocsRoutes(app);
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

  app.get<{ Params: { id: string; file: string }; Querystring: { captureRequestToken?: string } }>(
    '/downloads/collectors/:id/:file',
    async (request, reply) => {
      const notFound = () =>
        reply.code(404).send(failure(404, 'collectorDownloadError', 'The collector could not be found.'));
      const id = Number(request.params.id);
      const c = Number.isInteger(id)
        ? ctx.repo.get<CollectorRow>('SELECT * FROM collectors WHERE id = ? AND key_id IS NULL', id)
        : undefined;
      if (!c || !isCollectorReady(ctx, c) || request.params.file !== collectorFileName(c)) return notFound();
      // The package is the owner's (session) or the capture request's (token): nobody else's, by id guessing.
      const token = request.query.captureRequestToken;
      const session = request.cookies[SESSION_COOKIE];
      const found = session ? ctx.repo.session(session, ctx.config.sessionTtlSeconds, ctx.now()) : undefined;
      const viewer = typeof found === 'object' && found.user.status === 'Active' ? found.user : undefined;
      const allowed =
        c.capture_token !== null
          ? token === c.capture_token
          : viewer !== undefined && mayDownloadCollector(ctx, viewer, c);
      if (!allowed) return notFound();
      const zip = new JSZip();
      zip.file(
        'README.txt',
        `Assessment collector ${String(c.id)} (${c.template_id ?? 'template'}).\nRun the collector on a machine that can reach the servers to assess.\n`,
      );
      zip.file(
        'collector.json',
        JSON.stringify({ collectorId: c.id, templateId: collectorTemplateId(c) }, null, 2),
      );
      const platform = collectorPlatform(c);
      const vsphere = platform === 'vmware' ? vsphereBuild(ctx.config.vsphereCollectorDist) : null;
      if (platform === 'vmware' && !vsphere) return notFound();
      if (vsphere) {
        // The vSphere collector (issue #41): one static binary per platform, their SHA-256 checksums and the README.
        // Binaries are stored, not deflated: they barely compress and deflating ~50 MB per download costs seconds.
        for (const b of vsphere.binaries) {
          zip.file(`bin/${b.name}`, await readFile(path.join(ctx.config.vsphereCollectorDist, b.name)), {
            unixPermissions: 0o755,
            compression: 'STORE',
          });
        }
        zip.file('bin/SHA256SUMS', vsphere.sums, { unixPermissions: 0o644 });
        zip.file('README.md', await readFile(path.join(VSPHERE_COLLECTOR_DIR, 'README.md')), {
          unixPermissions: 0o644,
        });
      }
      if (platform === 'linux') {
        // The real collector: POSIX sh + awk, writing an open collector file (docs/collector-format.md).
        zip.file('iokit-collect.sh', await readFile(path.join(LINUX_COLLECTOR_DIR, 'iokit-collect.sh')), {
          unixPermissions: 0o755,
        });
        zip.file('README.md', await readFile(path.join(LINUX_COLLECTOR_DIR, 'README.md')), {
          unixPermissions: 0o644,
        });
      }
      const data = await zip.generateAsync({ type: 'nodebuffer', platform: 'UNIX' });
      return reply
        .type('application/zip')
        .header('Content-Disposition', `attachment; filename="${collectorFileName(c)}"`)
        .header('Content-Length', String(data.length))
        .header('Cache-Control', 'private, no-store')
        .send(data);
    },
  );
}

// Promo sites: the list, activation, and their logos (multipart upload, processing status, deletion).
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { RouteHandlers } from '@assessment/sdk/fastify';
import type { LogoStatus, PromoLogoFor, PromoSite } from '@assessment/sdk';
import path from 'node:path';
import { ok } from '../http/envelope.ts';
import { LOGO_PROCESSING_MS } from '../store/progress.ts';
import type { PromoSiteRow } from '../store/repo.ts';
import {
  denied,
  fail,
  internal,
  missing,
  receive,
  viewerOf,
  type Ctx,
  type ReceivedFile,
} from './context.ts';

export const LOGO_EXTENSIONS = ['.jpg', '.jpeg', '.png', '.gif'];
export const LOGO_MAX_BYTES = 1024 * 1024;

export function promoHandlers(
  ctx: Ctx,
): Pick<
  RouteHandlers,
  | 'uploadPromoLogo'
  | 'getPromoLogoStatus'
  | 'togglePromoSite'
  | 'deletePromoLogo'
  | 'listPromoSites'
  | 'getPromoSite'
> {
  const siteFor = (request: FastifyRequest, id: number, edit: boolean): PromoSiteRow => {
    const me = viewerOf(request);
    const site = ctx.repo.promoSite(id);
    if (!site || (!internal(me) && me.team_id !== site.team_id)) throw missing(request, `Promo site ${id}`);
    if (edit && !internal(me) && me.is_admin !== 1)
      throw denied(request, 'Only team admins can change promo sites.');
    return site;
  };
  const logoStatus = (siteId: number, logoFor: string): { status: LogoStatus; url: string | null } => {
    const logo = ctx.repo.promoLogo(siteId, logoFor);
    if (!logo) return { status: 'None', url: null };
    if (logo.file_name === '') return { status: 'Failed', url: null };
    if (ctx.now() - logo.uploaded_at < LOGO_PROCESSING_MS * ctx.config.timeScale)
      return { status: 'Processing', url: null };
    return { status: 'Ready', url: `/promologo/${siteId}/${logoFor}/${encodeURIComponent(logo.file_name)}` };
  };
  const siteDto = (s: PromoSiteRow): PromoSite => {
    const logoFor = asLogoFor(
      ctx.repo.get<{ logo_for: string }>(
        'SELECT logo_for FROM promo_logos WHERE site_id = ? ORDER BY uploaded_at DESC LIMIT 1',
        s.id,
      )?.logo_for,
    );
    return {
      PromoSiteId: s.id,
      Alias: s.alias,
      IsActive: s.active === 1,
      Logo: logoStatus(s.id, logoFor).url,
      LogoFor: logoFor,
      PromoUrl: s.promo_url || null,
    };
  };

  /** Stores a received logo for its site, or throws the refusal (the caller removes the partial file). */
  const storeLogo = async (
    request: FastifyRequest,
    reply: FastifyReply,
    received: ReceivedFile,
  ): Promise<FastifyReply> => {
    const siteId = Number(received.fields.promoSiteId);
    const logoFor = received.fields.logoFor;
    if (!Number.isInteger(siteId) || (logoFor !== 'header' && logoFor !== 'email'))
      throw fail(request, [400], 'validate_info', 'promoSiteId and logoFor are required.');
    siteFor(request, siteId, true);
    if (!LOGO_EXTENSIONS.includes(path.extname(received.fileName).toLowerCase()))
      throw fail(request, [400], 'validate_info', 'The logo must be a jpg, jpeg, png or gif file.');
    if (received.stored === 'too-large')
      throw fail(request, [413, 400], 'validate_info', 'The logo must be at most 1024 KB.');
    // An image whose bytes don't match its type fails processing (status Failed).
    const data = await ctx.files.read('logos', received.stored.name);
    const valid = isImage(data);
    const old = ctx.repo.promoLogo(siteId, logoFor);
    if (old?.stored_path) ctx.files.remove('logos', old.stored_path);
    ctx.repo.run(
      'INSERT OR REPLACE INTO promo_logos (site_id, logo_for, file_name, stored_path, uploaded_at) VALUES (?, ?, ?, ?, ?)',
      siteId,
      logoFor,
      valid ? received.fileName : '',
      ctx.files.place('logos', received.stored.name),
      ctx.now(),
    );
    return reply.code(200).send(ok(null));
  };

  return {
    uploadPromoLogo: async (request, reply) => {
      // Permission first (issue #32 d): a caller who may not change any promo site gets nothing written.
      const me = viewerOf(request);
      if (!internal(me) && me.is_admin !== 1)
        throw denied(request, 'Only team admins can change promo sites.');
      // A site sent before the file is checked before the file is written.
      const mayEdit = (id: string | undefined): boolean => {
        if (id === undefined) return true;
        const site = ctx.repo.promoSite(Number(id));
        return site !== undefined && (internal(me) || me.team_id === site.team_id);
      };
      const received = await receive(
        ctx,
        request,
        'logos',
        LOGO_MAX_BYTES,
        (n, fields) => LOGO_EXTENSIONS.includes(path.extname(n).toLowerCase()) && mayEdit(fields.promoSiteId),
      );
      if (!received || received.fileName === '') throw fail(request, [400], 'nofiles');
      const written =
        received.stored !== 'too-large' && received.stored.name !== '' ? received.stored.name : null;
      try {
        return await storeLogo(request, reply, received);
      } catch (error) {
        // Every refusal removes the partial file it was sent with.
        if (written !== null) ctx.files.remove('logos', written);
        throw error;
      }
    },
    getPromoLogoStatus: async (request, reply) => {
      const site = siteFor(request, request.query.promoSiteId, false);
      const latest = ctx.repo.get<{ logo_for: string }>(
        'SELECT logo_for FROM promo_logos WHERE site_id = ? ORDER BY uploaded_at DESC LIMIT 1',
        site.id,
      );
      const logoFor = asLogoFor(latest?.logo_for);
      const s = logoStatus(site.id, logoFor);
      return reply
        .code(200)
        .send(ok({ PromoSiteId: site.id, LogoFor: logoFor, Status: s.status, Logo: s.url }));
    },
    togglePromoSite: async (request, reply) => {
      const site = siteFor(request, request.params.siteId, true);
      if (request.params.active && !site.promo_url)
        throw fail(request, [400], 'validate_info', 'Set a promo URL first.');
      ctx.repo.run('UPDATE promo_sites SET active = ? WHERE id = ?', request.params.active ? 1 : 0, site.id);
      return reply.code(200).send(ok(null));
    },
    deletePromoLogo: async (request, reply) => {
      const site = siteFor(request, request.params.siteId, true);
      const logo = ctx.repo.promoLogo(site.id, request.params.logoFor);
      if (!logo) throw missing(request, 'The logo');
      ctx.files.remove('logos', logo.stored_path);
      ctx.repo.run(
        'DELETE FROM promo_logos WHERE site_id = ? AND logo_for = ?',
        site.id,
        request.params.logoFor,
      );
      return reply.code(200).send(ok(null));
    },
    listPromoSites: async (request, reply) => {
      const me = viewerOf(request);
      const sites = internal(me)
        ? ctx.repo.all<PromoSiteRow>('SELECT * FROM promo_sites ORDER BY id')
        : ctx.repo.all<PromoSiteRow>(
            'SELECT * FROM promo_sites WHERE team_id = ? ORDER BY id',
            me.team_id ?? -1,
          );
      return reply.code(200).send(sites.map(siteDto));
    },
    getPromoSite: async (request, reply) =>
      reply.code(200).send(siteDto(siteFor(request, request.params.promoSiteId, false))),
  };
}

/** Magic numbers of PNG, JPEG and GIF. */
export function isImage(data: Buffer): boolean {
  const png = data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  const jpg = data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff;
  const gif = data.subarray(0, 4).toString('latin1') === 'GIF8';
  return png || jpg || gif;
}

const asLogoFor = (value: string | undefined): PromoLogoFor => (value === 'email' ? 'email' : 'header');

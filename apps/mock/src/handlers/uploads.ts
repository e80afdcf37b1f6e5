// The upload service (mounted under /upload-service): iokit/siokit files one at a time with the per-file and
// combined limits, deletion, siokit storage and processing, and queueing into a (new or existing) project.
// Also the promo-site logos (multipart too).
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { RouteHandlers } from '@assessment/sdk/fastify';
import type { LogoStatus, PromoLogoFor, PromoSite, UploadSettings } from '@assessment/sdk';
import path from 'node:path';
import { ok } from '../http/envelope.ts';
import { CollectorFileError, readCollectorHeader, validateCollectorFile } from '../collector-file/index.ts';
import { storeCollectorFileAt } from '../series/ingest.ts';
import { fillRunPeakIops, insertRunInventory } from '../series/inventory.ts';
import { sha256Of, type FileArea } from '../store/files.ts';
import { LOGO_PROCESSING_MS } from '../store/progress.ts';
import type { PromoSiteRow, UploadRow } from '../store/repo.ts';
import { checkName, projectFor } from './projects.ts';
import { denied, fail, internal, mayActFor, missing, viewerOf, type Ctx } from './context.ts';

/** Part 5: only iokit or siokit files (also what the upload settings publish). */
export const IOKIT_EXTENSIONS: UploadSettings['AllowedExtensions'] = ['iokit', 'siokit'];
export const LOGO_EXTENSIONS = ['.jpg', '.jpeg', '.png', '.gif'];
export const LOGO_MAX_BYTES = 1024 * 1024;

interface ReceivedFile {
  fileName: string;
  stored: { name: string; size: number; sha256: string | null } | 'too-large';
  /** Bytes seen (the whole file is counted even when it is not kept). */
  fields: Record<string, string>;
}

/** Reads a multipart body: the one file streamed to disk (at most maxBytes), plus the text fields. */
async function receive(
  ctx: Ctx,
  request: FastifyRequest,
  area: FileArea,
  maxBytes: number,
  keep: (fileName: string) => boolean,
): Promise<ReceivedFile | null> {
  if (!request.isMultipart()) return null;
  const fields: Record<string, string> = {};
  // Filled by readParts (a holder object, so the type survives the closure).
  const got: {
    file: {
      fileName: string;
      stored: { name: string; size: number; sha256: string | null } | 'too-large';
    } | null;
  } = {
    file: null,
  };
  // One more byte than allowed is read, so "too large" can be told from "exactly the limit".
  try {
    await readParts();
  } catch (error) {
    // A broken multipart body (cut short, wrong boundary) is the client's error.
    throw fail(
      request,
      [400],
      area === 'uploads' ? 'iokit_generic_error' : 'validate_info',
      `Unreadable upload: ${(error as Error).message}`,
    );
  }
  return got.file
    ? { ...got.file, fields }
    : { fileName: '', stored: { name: '', size: 0, sha256: null }, fields };

  async function readParts(): Promise<void> {
    for await (const part of request.parts({ limits: { fileSize: maxBytes + 1, files: 1 } })) {
      if (part.type === 'file') {
        if (got.file) {
          part.file.resume();
          continue;
        }
        const fileName = path.basename(part.filename || 'file');
        if (keep(fileName)) {
          got.file = {
            fileName,
            stored: await ctx.files.saveStream(
              area,
              part.file,
              maxBytes,
              path.extname(fileName).toLowerCase(),
            ),
          };
        } else {
          // Not kept: count the size only (to tell "wrong type" from "wrong type and too large").
          let size = 0;
          for await (const chunk of part.file) size += (chunk as Buffer).length;
          got.file = { fileName, stored: size > maxBytes ? 'too-large' : { name: '', size, sha256: null } };
        }
      } else {
        fields[part.fieldname] = String(part.value);
      }
    }
  }
}

/** Why a stored .iokit file is not a readable open collector file, or null when it is. */
export async function collectorFileProblem(file: string): Promise<CollectorFileError | null> {
  try {
    await validateCollectorFile(file);
    return null;
  } catch (error) {
    if (error instanceof CollectorFileError) return error;
    throw error;
  }
}

/**
 * collectorFileProblem for a file already read through on arrival: when its content is still what was read then
 * (same SHA-256, hashed at several hundred MB/s), it is not parsed again, so queuing parses each file once (while
 * storing its series) instead of twice. A file changed on disk since, or never read through, is read again.
 */
export async function collectorFileProblemSince(
  file: string,
  readSha256: string | null,
  readThrough: (file: string) => Promise<CollectorFileError | null> = collectorFileProblem,
): Promise<CollectorFileError | null> {
  if (readSha256 !== null && (await sha256Of(file)) === readSha256) return null;
  return readThrough(file);
}

const isIokit = (name: string): boolean =>
  IOKIT_EXTENSIONS.some((ext) => path.extname(name).toLowerCase() === `.${ext}`);

export function uploadHandlers(
  ctx: Ctx,
): Pick<
  RouteHandlers,
  | 'uploadIokitFile'
  | 'saveSiokitFileToStorage'
  | 'deleteUploadedIokit'
  | 'deleteIokitFile'
  | 'processSiokit'
  | 'queueIokitUpload'
  | 'uploadPromoLogo'
  | 'getPromoLogoStatus'
  | 'togglePromoSite'
  | 'deletePromoLogo'
  | 'listPromoSites'
  | 'getPromoSite'
> {
  const pendingSize = (userId: number): number =>
    ctx.repo.pendingUploads(userId).reduce((a, u) => a + u.size, 0);

  const acceptIokit = async (
    request: FastifyRequest,
    reply: FastifyReply,
    kind: 'iokit' | 'siokit-storage',
  ) => {
    const me = viewerOf(request);
    const received = await receive(ctx, request, 'uploads', ctx.config.maxIokitFileBytes, isIokit);
    if (!received || received.fileName === '') throw fail(request, [400], 'nofiles', 'No file was sent.');
    const typeOk = isIokit(received.fileName);
    const tooLarge = received.stored === 'too-large';
    if (!typeOk && tooLarge) throw fail(request, [400], 'only_iokit_and_lessthen_hundred_mb_allowed');
    if (!typeOk) throw fail(request, [400], 'only_iokit_allowed');
    if (received.stored === 'too-large') throw fail(request, [400], 'only_iokit_lessthen_hundred_mb_allowed');
    if (received.stored.size === 0) {
      ctx.files.remove('uploads', received.stored.name);
      throw fail(request, [400], 'iokit_generic_error', 'The file is empty.');
    }
    if (pendingSize(me.id) + received.stored.size > ctx.config.maxCombinedUploadBytes) {
      ctx.files.remove('uploads', received.stored.name);
      throw fail(request, [400], 'siokit_upload_combined_file_size_exceeded_limit');
    }
    const ext = path.extname(received.fileName).toLowerCase();
    const readThrough = kind === 'iokit' && ext === '.iokit';
    if (readThrough) {
      // An open collector file is read through (streamed) on arrival: an unreadable one is not kept, and its
      // answer names why (per-file ErrorKey + ErrorReason); the other files of the upload are not affected.
      const refused = await collectorFileProblem(ctx.files.resolve('uploads', received.stored.name));
      if (refused) {
        ctx.files.remove('uploads', received.stored.name);
        return reply.code(200).send({
          FileName: received.fileName,
          ErrorKey: refused.errorKey,
          RequestorId: me.id,
          FileId: null,
          ErrorReason: refused.reason,
        });
      }
    }
    const fileId = ctx.repo.addUpload({
      user_id: me.id,
      file_name: received.fileName,
      size: received.stored.size,
      kind: ext === '.siokit' ? 'siokit' : 'iokit',
      stored_path: ctx.files.place('uploads', received.stored.name),
      created_at: ctx.now(),
      read_sha256: readThrough ? received.stored.sha256 : null,
    });
    if (kind === 'siokit-storage') {
      ctx.repo.run('UPDATE uploads SET saved = 1 WHERE file_id = ?', fileId);
      return reply.code(200).send({ BlobFolderId: fileId, FileName: received.fileName });
    }
    return reply
      .code(200)
      .send({ FileName: received.fileName, ErrorKey: null, RequestorId: me.id, FileId: fileId });
  };

  const ownUpload = (request: FastifyRequest, id: string): UploadRow => {
    const me = viewerOf(request);
    const u = ctx.repo.upload(id);
    if (!u || u.user_id !== me.id) throw missing(request, `File ${id}`);
    return u;
  };
  const removeUpload = (u: UploadRow): void => {
    ctx.files.remove('uploads', u.stored_path);
    ctx.repo.deleteUpload(u.file_id);
  };

  /**
   * Turns uploaded files into collector runs of a project (one run per file); returns each file's run id (the queue
   * call stores an iokit file's series under it).
   */
  const intoProject = (
    ownerId: number,
    projectId: number,
    files: UploadRow[],
  ): { runId: number; file: UploadRow }[] => {
    const runs: { runId: number; file: UploadRow }[] = [];
    ctx.repo.tx(() => {
      for (const f of files) {
        const runId = ctx.repo.createRun(
          `${path.basename(f.file_name, path.extname(f.file_name))} (uploaded)`,
          ownerId,
          f.kind === 'siokit' ? 'storage' : 'server',
          ctx.now(),
          true,
          undefined,
          // A collector file brings its own inventory (stored with its series); storage exports are not read.
          f.kind === 'siokit',
        );
        ctx.repo.run('UPDATE collector_runs SET project_id = ? WHERE id = ?', projectId, runId);
        ctx.repo.run('UPDATE uploads SET queued_project_id = ? WHERE file_id = ?', projectId, f.file_id);
        runs.push({ runId, file: f });
      }
    });
    return runs;
  };

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

  return {
    uploadIokitFile: async (request, reply) => acceptIokit(request, reply, 'iokit'),
    saveSiokitFileToStorage: async (request, reply) => acceptIokit(request, reply, 'siokit-storage'),
    deleteUploadedIokit: async (request, reply) => {
      const u = ownUpload(request, request.params.fileId);
      if (u.queued_project_id !== null)
        throw fail(request, [409, 404], 'operationnotallowed', 'The file is already queued.');
      removeUpload(u);
      return reply.code(200).send(ok(null));
    },
    deleteIokitFile: async (request, reply) => {
      const u = ownUpload(request, request.query.fileId);
      if (u.file_name !== request.query.filename) throw missing(request, `File ${request.query.filename}`);
      removeUpload(u);
      return reply.code(200).send(ok(null));
    },
    processSiokit: async (request, reply) => {
      const me = viewerOf(request);
      const name = checkName(request, request.body.projectName);
      const files: UploadRow[] = [];
      const failed: string[] = [];
      for (const m of request.body.siokitFilesModel) {
        const u = ctx.repo.upload(m.BlobFolderId);
        if (!u || u.user_id !== me.id || u.file_name !== m.FileName || u.queued_project_id !== null)
          failed.push(m.FileName);
        else files.push(u);
      }
      if (files.length === 0)
        throw fail(request, [400], 'siokit_upload_failed', `Not processed: ${failed.join(', ')}`);
      const projectId = ctx.repo.createProject(name, me.id, [], ctx.now());
      intoProject(me.id, projectId, files);
      return reply
        .code(200)
        .send(
          ok(
            { Id: projectId },
            failed.length ? 'siokit_upload_incomplete' : 'projectcreated',
            failed.length ? `Not processed: ${failed.join(', ')}` : null,
          ),
        );
    },
    queueIokitUpload: async (request, reply) => {
      const me = viewerOf(request);
      const b = request.body;
      if (b.iokits.length === 0) throw fail(request, [400], 'nofiles');
      const bad = b.iokits.filter((f) => f.ErrorKey !== null || f.FileId === null);
      if (bad.length > 0)
        throw fail(request, [400], 'iokit_cant_continue', bad.map((f) => f.FileName).join(', '));
      const files: UploadRow[] = [];
      for (const f of b.iokits) {
        const u = ctx.repo.upload(f.FileId ?? '');
        if (!u || u.user_id !== me.id || u.queued_project_id !== null)
          throw fail(request, [400], 'iokit_cant_continue', f.FileName);
        files.push(u);
      }
      // Each .iokit file changed on disk since it was read through on arrival is read through again (streamed): a
      // damaged one is left out, with its reason, and the others still go through; when none is left, nothing is
      // queued.
      // The damaged files are removed once the answer is known (a refusal for another reason keeps them).
      const notQueued: string[] = [];
      const damaged: UploadRow[] = [];
      for (const f of [...files]) {
        if (path.extname(f.file_name).toLowerCase() !== '.iokit') continue;
        const problem = await collectorFileProblemSince(
          ctx.files.resolve('uploads', f.stored_path),
          f.read_sha256,
        );
        if (problem) {
          notQueued.push(`${f.file_name} (${problem.errorKey}: ${problem.reason})`);
          files.splice(files.indexOf(f), 1);
          damaged.push(f);
        }
      }
      if (files.length === 0) {
        damaged.forEach(removeUpload);
        throw fail(request, [400], 'iokit_cant_continue', notQueued.join(', '));
      }
      const kinds = new Set(files.map((f) => f.kind));
      if (kinds.size > 1)
        throw fail(request, [400], 'only_iokit_allowed', 'iokit and siokit files cannot be mixed.');
      // Uploading on behalf of another account (internal staff and admins).
      let ownerId = me.id;
      if (b.ActionForUserId !== null || b.ActionForEmail) {
        const owner =
          b.ActionForUserId !== null
            ? ctx.repo.user(b.ActionForUserId)
            : ctx.repo.userByEmail(b.ActionForEmail ?? '');
        if (!owner) throw fail(request, [400], 'validate_info', 'The account to upload for does not exist.');
        if (!mayActFor(me, owner))
          throw denied(request, 'You may upload only for accounts of your own company.');
        ownerId = owner.id;
      }
      let projectId: number;
      if (b.SelectedProjectId !== null) {
        projectId = projectFor(ctx, request, b.SelectedProjectId, 'edit').id;
      } else {
        projectId = ctx.repo.createProject(checkName(request, b.NewProjectName), ownerId, [], ctx.now());
      }
      // The series of each collector file go into the store before the answer, so the viewer it opens has them.
      for (const { runId, file } of intoProject(ownerId, projectId, files)) {
        if (path.extname(file.file_name).toLowerCase() !== '.iokit') continue;
        const stored = ctx.files.resolve('uploads', file.stored_path);
        const header = await readCollectorHeader(stored);
        ctx.repo.tx(() => {
          insertRunInventory(ctx.repo.db, runId, header);
        });
        await storeCollectorFileAt(ctx.repo.db, runId, stored);
        fillRunPeakIops(ctx.repo.db, runId);
      }
      damaged.forEach(removeUpload);
      return reply
        .code(200)
        .send(
          ok(
            { Id: projectId },
            b.SelectedProjectId !== null ? 'projectupdated' : 'projectcreated',
            notQueued.length > 0 ? `Not queued: ${notQueued.join(', ')}` : null,
          ),
        );
    },

    uploadPromoLogo: async (request, reply) => {
      const received = await receive(ctx, request, 'logos', LOGO_MAX_BYTES, (n) =>
        LOGO_EXTENSIONS.includes(path.extname(n).toLowerCase()),
      );
      if (!received || received.fileName === '') throw fail(request, [400], 'nofiles');
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

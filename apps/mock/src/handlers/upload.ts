// The upload service (mounted under /upload-service): iokit/siokit files one at a time with the per-file and
// combined limits, deletion, siokit storage and processing, and queueing into a (new or existing) project.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { RouteHandlers } from '@assessment/sdk/fastify';
import type { UploadSettings } from '@assessment/sdk';
import path from 'node:path';
import { ok } from '../http/envelope.ts';
import { CollectorFileError, validateCollectorFile } from '../collector-file/index.ts';
import { sha256Of } from '../store/files.ts';
import { boundedCheck } from '../ingest/check.ts';
import { moveSpill } from '../ingest/spill.ts';
import type { UploadRow } from '../store/repo.ts';
import { checkName, projectFor } from './projects.ts';
import { denied, fail, mayActFor, missing, receive, viewerOf, type Ctx } from './context.ts';

/** Part 5: only iokit or siokit files (also what the upload settings publish). */
export const IOKIT_EXTENSIONS: UploadSettings['AllowedExtensions'] = ['iokit', 'siokit'];

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

/** Retry-After of a queue call refused for the background ingest's limits (issue #32). */
export const QUEUE_RETRY_AFTER_SECONDS = 60;

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
      // It is read in a worker thread, within the bounded parses (ingest/check.ts): the event loop stays free.
      const refused = await boundedCheck(
        ctx.checks,
        me.id,
        ctx.files.resolve('uploads', received.stored.name),
      );
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
    const storedPath = ctx.files.place('uploads', received.stored.name);
    // The rows read on arrival go with the file, for its store (parse once, ingest/spill.ts).
    if (readThrough)
      moveSpill(ctx.files.resolve('uploads', received.stored.name), ctx.files.resolve('uploads', storedPath));
    const fileId = ctx.repo.addUpload({
      user_id: me.id,
      file_name: received.fileName,
      size: received.stored.size,
      kind: ext === '.siokit' ? 'siokit' : 'iokit',
      stored_path: storedPath,
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
        if (f.kind === 'iokit') ctx.repo.ingestStarted(runId, projectId, f.file_id);
        runs.push({ runId, file: f });
      }
    });
    return runs;
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
          (file) => boundedCheck(ctx.checks, me.id, file),
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
      // The background ingest's limits (issue #32): files queued or being stored per account and in total.
      const refusal = ctx.ingest.refusal(me.id, files.filter((f) => f.kind === 'iokit').length);
      if (refusal) {
        void reply.header('Retry-After', String(QUEUE_RETRY_AFTER_SECONDS));
        throw refusal === 'account'
          ? fail(
              request,
              [429],
              'iokit_queue_account_full',
              `This account already has ${String(ctx.ingest.limits.queuedPerAccount)} collector files queued or being stored. Try again in 1 minute.`,
            )
          : fail(
              request,
              [429],
              'iokit_queue_full',
              `The server already has ${String(ctx.ingest.limits.queuedTotal)} collector files queued or being stored. Try again in 1 minute.`,
            );
      }
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
      // The files are stored in the background (ingest/queue.ts): the call records one job per collector file and
      // answers at once. A run whose file fails to store is taken out and the project marked failed, never left
      // half-imported (Repo.abandonIngest; a crash mid-way is recovered the same way at the next start).
      const runs = intoProject(ownerId, projectId, files);
      const jobs = runs.filter((r) => r.file.kind === 'iokit');
      ctx.ingest.add(jobs.map(({ runId }) => ({ runId, accountId: me.id })));
      const running = new Set(ctx.ingest.running.map((j) => j.runId));
      damaged.forEach(removeUpload);
      return reply.code(200).send(
        ok(
          {
            Id: projectId,
            Jobs: jobs.map(({ runId, file }) => ({
              RunId: runId,
              FileName: file.file_name,
              Status: running.has(runId) ? ('Processing' as const) : ('Queued' as const),
            })),
          },
          b.SelectedProjectId !== null ? 'projectupdated' : 'projectcreated',
          notQueued.length > 0 ? `Not queued: ${notQueued.join(', ')}` : null,
        ),
      );
    },
  };
}

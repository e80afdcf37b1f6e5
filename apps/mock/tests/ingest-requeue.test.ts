// Background ingest (issue #32): a project marked failed because a collector file failed to store does not stay
// failed for ever. Once every file whose storing failed has been queued again and stored — and no file of the
// project is still waiting or being stored — its failed mark (ProcessingFailed) clears. A failed file that is not
// re-queued keeps the mark, whatever else is stored into the project; one whose upload its owner deletes instead no
// longer holds it. Waits are on conditions (the pool's idle).
import { writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Project, QueuedUploadEnvelope, UploadedFileResponse } from '@assessment/sdk';
import {
  signedIn,
  uploadModel,
  type Client,
  type TestServer,
  uploadIokit,
  backgroundIngestServers,
  smallCollectorFile,
} from './helpers.ts';

const SMALL = smallCollectorFile(33);
const server = backgroundIngestServers();

const upload = (c: Client, name: string): Promise<UploadedFileResponse> => uploadIokit(c, SMALL, name);

const queue = (
  c: Client,
  files: UploadedFileResponse[],
  into: { newProjectName: string } | { projectId: number },
) =>
  c.json<QueuedUploadEnvelope>('POST', '/upload-service/api/iokitqueue', { json: uploadModel(files, into) });

/** Holds every job before it stores until released, so a file can be damaged after the queue call answered. */
function gate(s: TestServer): { release: () => void } {
  const waiting: (() => void)[] = [];
  let open = false;
  s.server.ctx.ingest.hooks.beforeRun = () =>
    open ? Promise.resolve() : new Promise<void>((resolve) => waiting.push(resolve));
  return {
    release: () => {
      open = true;
      for (const r of waiting.splice(0)) r();
    },
  };
}

/** Overwrites the stored upload's content on disk (damaged: cut short; repaired: the original bytes). */
function writeStored(s: TestServer, fileId: string | null, content: Buffer): void {
  const stored = s.server.ctx.repo.upload(fileId ?? '');
  writeFileSync(s.server.ctx.files.resolve('uploads', stored?.stored_path ?? ''), content);
}

const projectOf = async (c: Client, id: number): Promise<Project> =>
  (await c.json<Project>('GET', `/api/projects/${String(id)}`)).body;

/** A stored upload cut short: its storing fails. */
const CUT_SHORT = SMALL.subarray(0, SMALL.length - 40);

/**
 * A fresh server and an end user's new project queued from `files` (uploaded in order), of which those in `broken`
 * are cut short on disk before the pool stores them. Returns once the pool is idle and the project marked failed.
 */
async function failedProject(projectName: string, files: string[], broken: string[]) {
  const s = await server();
  const g = gate(s);
  const c = await signedIn(s, 'enduser@adventure-works.example');
  const uploaded = new Map<string, UploadedFileResponse>();
  for (const name of files) uploaded.set(name, await upload(c, name));
  const q = await queue(c, [...uploaded.values()], { newProjectName: projectName });
  expect(q.status).toBe(200);
  for (const name of broken) writeStored(s, uploaded.get(name)?.FileId ?? null, CUT_SHORT);
  g.release();
  await s.server.ctx.ingest.idle();
  const projectId = q.body.Data.Id;
  expect((await projectOf(c, projectId)).ProcessingFailed).toBe(true);
  const file = (name: string): UploadedFileResponse => {
    const found = uploaded.get(name);
    if (!found) throw new Error(`${name} was not uploaded`);
    return found;
  };
  return { s, c, projectId, file };
}

describe('a failed project after a later successful re-queue', { timeout: 180_000 }, () => {
  it('clears its failed mark once the failed file is queued again and stored', async () => {
    const { s, c, projectId, file } = await failedProject(
      'Fails, then stored',
      ['retry-me.iokit'],
      ['retry-me.iokit'],
    );
    const up = file('retry-me.iokit');

    // Repaired and queued again into the same project: stored, and the project is no longer failed.
    writeStored(s, up.FileId, SMALL);
    const again = await queue(c, [up], { projectId });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    await s.server.ctx.ingest.idle();
    const project = await projectOf(c, projectId);
    expect(project.CollectorRuns.map((r) => r.Status)).toEqual(['Completed']);
    expect(project.ProcessingFailed).toBe(false);
    expect(s.server.ctx.repo.all('SELECT * FROM ingest_failures WHERE project_id = ?', projectId)).toEqual(
      [],
    );
  });

  it('stays failed while a failed file has not been stored, whatever else is stored into the project', async () => {
    const { s, c, projectId, file } = await failedProject(
      'One of two fails',
      ['broken.iokit', 'fine.iokit'],
      ['broken.iokit'],
    );
    const broken = file('broken.iokit');
    let project = await projectOf(c, projectId);
    expect(project.CollectorRuns.map((r) => r.Status)).toEqual(['Completed']);

    // Another file stored into the project: the failed one is still missing, so the mark stays.
    const other = await upload(c, 'other.iokit');
    expect((await queue(c, [other], { projectId })).status).toBe(200);
    await s.server.ctx.ingest.idle();
    project = await projectOf(c, projectId);
    expect(project.CollectorRuns).toHaveLength(2);
    expect(project.ProcessingFailed).toBe(true);

    // Repaired and queued again: every file stored, the mark clears.
    writeStored(s, broken.FileId, SMALL);
    expect((await queue(c, [broken], { projectId })).status).toBe(200);
    await s.server.ctx.ingest.idle();
    project = await projectOf(c, projectId);
    expect(project.CollectorRuns).toHaveLength(3);
    expect(project.ProcessingFailed).toBe(false);
  });

  it('clears its failed mark when the owner deletes the failed upload instead of queueing it again', async () => {
    const { s, c, projectId, file } = await failedProject(
      'Two of three fail',
      ['broken.iokit', 'also-broken.iokit', 'fine.iokit'],
      ['broken.iokit', 'also-broken.iokit'],
    );

    // One failed upload deleted: the other still holds the mark.
    const remove = (name: string) =>
      c.request('DELETE', `/upload-service/api/iokit/${file(name).FileId ?? ''}`);
    expect((await remove('broken.iokit')).status).toBe(200);
    expect((await projectOf(c, projectId)).ProcessingFailed).toBe(true);
    // The last one deleted: nothing of the project is failed or waiting, the mark clears.
    expect((await remove('also-broken.iokit')).status).toBe(200);
    const project = await projectOf(c, projectId);
    expect(project.ProcessingFailed).toBe(false);
    expect(project.CollectorRuns.map((r) => r.Status)).toEqual(['Completed']);
    expect(s.server.ctx.repo.all('SELECT * FROM ingest_failures WHERE project_id = ?', projectId)).toEqual(
      [],
    );
  });

  it('after a retry, a file that fails and is then stored clears the mark (the retried failures are forgotten)', async () => {
    const { s, c, projectId } = await failedProject(
      'Retried, then fails again',
      ['first.iokit'],
      ['first.iokit'],
    );

    // The owner retries the project: no longer failed, and the failed file is not held against it any more.
    expect((await c.json('POST', `/api/project/${String(projectId)}/retry`)).status).toBe(200);
    expect((await projectOf(c, projectId)).ProcessingFailed).toBe(false);
    expect(s.server.ctx.repo.all('SELECT * FROM ingest_failures WHERE project_id = ?', projectId)).toEqual(
      [],
    );

    // Another file fails (the mark is back), then is repaired and stored: the mark clears, although the first file
    // was never stored.
    const held = gate(s);
    const second = await upload(c, 'second.iokit');
    expect((await queue(c, [second], { projectId })).status).toBe(200);
    writeStored(s, second.FileId, CUT_SHORT);
    held.release();
    await s.server.ctx.ingest.idle();
    expect((await projectOf(c, projectId)).ProcessingFailed).toBe(true);
    writeStored(s, second.FileId, SMALL);
    expect((await queue(c, [second], { projectId })).status).toBe(200);
    await s.server.ctx.ingest.idle();
    expect((await projectOf(c, projectId)).ProcessingFailed).toBe(false);
  });
});

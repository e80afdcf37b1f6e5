// A crash while collector files are stored in the background (issue #32 finding 5): the demo API is killed with
// SIGKILL while one queued file is being stored and another waits for the worker pool, then started again on the
// same data folder. Interrupted ingests are failed and re-queueable (not resumed): each project is marked failed, each
// run with its partial series is gone (never half-imported), and each upload can be queued again — which then stores
// the whole file.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import type { UploadedFileResponse } from '@assessment/sdk';
import { generateCollectorRecords, sampleCount, writeCollectorFile } from '../src/collector-file/index.ts';
import { freePort } from '../src/prism.ts';
import { storedSampleCount } from '../src/series/samples.ts';
import { Client, startServer, uploadModel, waitFor } from './helpers.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dataDir = mkdtempSync(path.join(tmpdir(), 'ingest-crash-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

// 200 hosts × 1 day at 60 s: 288 000 samples, a few seconds of storing — long enough to be killed in the middle.
const FILE = { hosts: 200, days: 1, intervalSeconds: 60, seed: 5 };

describe('a crash during ingest', () => {
  it('leaves the project failed and the upload re-queueable, never half-imported', async () => {
    const port = await freePort();
    const child = spawn(process.execPath, ['--import', './src/register.ts', 'src/main.ts', 'serve'], {
      cwd: ROOT,
      // A pool of one: the account's second file waits while the first is stored (with a free place an account
      // alone would store both at once, queue.ts).
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        LOG_REQUESTS: '0',
        INGEST_WORKERS: '1',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        if (chunk.toString().includes('listening')) resolve();
      });
      child.once('exit', (code) => reject(new Error(`server exited with ${String(code)}`)));
    });
    const c = new Client(`http://127.0.0.1:${String(port)}`);
    await c.signIn('enduser@adventure-works.example');
    const file = writeCollectorFile(generateCollectorRecords(FILE));
    const upload = async (name: string): Promise<UploadedFileResponse> => {
      const form = new FormData();
      form.append('file', new Blob([file]), name);
      const answer = await c.json<UploadedFileResponse>('POST', '/upload-service/iokit/file', { body: form });
      expect(answer.body.ErrorKey).toBeNull();
      return answer.body;
    };
    const uploaded = await upload('big.iokit');
    const waitingUpload = await upload('second.iokit');

    // Queue both (a pool of one: the second file waits while the first is stored), and kill the server once part of
    // the first one's series is stored (read beside it: SQLite in WAL mode).
    const queue = async (u: UploadedFileResponse, name: string) => {
      const r = await c.json<{ StatusCode: number; Data: { Id: number; Jobs: { Status: string }[] } }>(
        'POST',
        '/upload-service/api/iokitqueue',
        { json: uploadModel([u], { newProjectName: name }) },
      );
      // The call answers at once, before the file is stored.
      expect(r.body.StatusCode).toBe(200);
      return r.body.Data;
    };
    const first = await queue(uploaded, 'Crash test');
    const second = await queue(waitingUpload, 'Crash test (waiting)');
    expect(second.Jobs.map((j) => j.Status)).toEqual(['Queued']);
    const db = new DatabaseSync(path.join(dataDir, 'demo.sqlite'), { readOnly: true });
    const rows = () =>
      db
        .prepare(
          `SELECT p.run_id AS runId, p.project_id AS projectId, p.state AS state
           FROM ingest_pending p ORDER BY p.run_id`,
        )
        .all()
        .map((r) => {
          const row = r as { runId: number; projectId: number; state: string };
          const hosts = db.prepare('SELECT id FROM series_hosts WHERE run_id = ?').all(row.runId) as {
            id: number;
          }[];
          return {
            ...row,
            samples: storedSampleCount(
              db,
              hosts.map((h) => h.id),
            ),
          };
        });
    const [pending, waiting] = await waitFor(
      () => {
        const [a, b] = rows();
        return Promise.resolve(
          a && b && a.samples > 0 && a.state === 'Processing' ? ([a, b] as const) : undefined,
        );
      },
      60_000,
      5,
    );
    child.kill('SIGKILL');
    await exited;
    db.close();
    expect(pending.projectId).toBe(first.Id);
    expect(pending.samples).toBeLessThan(sampleCount(FILE));
    // The second file was still waiting for the pool: nothing of it stored.
    expect(waiting).toMatchObject({ projectId: second.Id, state: 'Queued', samples: 0 });

    // Started again on the same folder: the cut-short ingest is taken out.
    const t = await startServer({}, dataDir);
    try {
      const repo = t.server.ctx.repo;
      expect(repo.project(pending.projectId)?.failed).toBe(1);
      expect(repo.runRow(pending.runId)).toBeUndefined();
      const left = repo.all<{ n: number }>(
        'SELECT COUNT(*) AS n FROM series_hosts WHERE run_id = ?',
        pending.runId,
      );
      expect(left[0]?.n).toBe(0);
      expect(repo.pendingIngests()).toEqual([]);
      expect(repo.upload(uploaded.FileId ?? '')?.queued_project_id).toBeNull();
      // The waiting one the same way: failed and re-queueable, not resumed.
      expect(repo.project(waiting.projectId)?.failed).toBe(1);
      expect(repo.runRow(waiting.runId)).toBeUndefined();
      expect(repo.upload(waitingUpload.FileId ?? '')?.queued_project_id).toBeNull();

      // Its owner queues the same upload into the project again: the whole file is stored.
      const again = new Client(t.url);
      await again.signIn('enduser@adventure-works.example');
      const requeued = await again.json<{ StatusCode: number; Data: { Id: number } }>(
        'POST',
        '/upload-service/api/iokitqueue',
        { json: uploadModel([uploaded], { projectId: pending.projectId }) },
      );
      expect(requeued.body.StatusCode).toBe(200);
      await t.server.ctx.ingest.idle();
      const hosts = repo.all<{ id: number }>(
        `SELECT h.id FROM series_hosts h JOIN collector_runs r ON r.id = h.run_id WHERE r.project_id = ?`,
        pending.projectId,
      );
      expect(
        storedSampleCount(
          repo.db,
          hosts.map((h) => h.id),
        ),
      ).toBe(sampleCount(FILE));
      expect(repo.pendingIngests()).toEqual([]);
    } finally {
      await t.stop();
    }
  }, 120_000);
});

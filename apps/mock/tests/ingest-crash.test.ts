// A crash while a collector file is stored (issue #32 finding 5): the demo API is killed with SIGKILL in the middle
// of the queue call's ingest, then started again on the same data folder. The project is marked failed, the run
// with its partial series is gone (never half-imported), and the upload can be queued again — which then stores the
// whole file.
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
      env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_REQUESTS: '0' },
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
    const form = new FormData();
    form.append('file', new Blob([writeCollectorFile(generateCollectorRecords(FILE))]), 'big.iokit');
    const uploaded = await c.json<UploadedFileResponse>('POST', '/upload-service/iokit/file', { body: form });
    expect(uploaded.body.ErrorKey).toBeNull();

    // Queue it, and kill the server once part of the series is stored (read beside it: SQLite in WAL mode).
    const queued = c
      .json('POST', '/upload-service/api/iokitqueue', {
        json: uploadModel([uploaded.body], { newProjectName: 'Crash test' }),
      })
      .catch((error: unknown) => error);
    const db = new DatabaseSync(path.join(dataDir, 'demo.sqlite'), { readOnly: true });
    const pending = await waitFor(
      () => {
        const row = db
          .prepare(
            `SELECT p.run_id AS runId, p.project_id AS projectId,
               (SELECT COUNT(*) FROM series_samples s JOIN series_hosts h ON h.id = s.host_id
                WHERE h.run_id = p.run_id) AS samples
             FROM ingest_pending p`,
          )
          .get() as { runId: number; projectId: number; samples: number } | undefined;
        return Promise.resolve(row && row.samples > 0 ? row : undefined);
      },
      60_000,
      5,
    );
    child.kill('SIGKILL');
    await exited;
    await queued;
    db.close();
    expect(pending.samples).toBeLessThan(sampleCount(FILE));

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
      expect(repo.upload(uploaded.body.FileId ?? '')?.queued_project_id).toBeNull();

      // Its owner queues the same upload into the project again: the whole file is stored.
      const again = new Client(t.url);
      await again.signIn('enduser@adventure-works.example');
      const requeued = await again.json<{ StatusCode: number; Data: { Id: number } }>(
        'POST',
        '/upload-service/api/iokitqueue',
        { json: uploadModel([uploaded.body], { projectId: pending.projectId }) },
      );
      expect(requeued.body.StatusCode).toBe(200);
      const stored = repo.all<{ n: number }>(
        `SELECT COUNT(*) AS n FROM series_samples s JOIN series_hosts h ON h.id = s.host_id
         JOIN collector_runs r ON r.id = h.run_id WHERE r.project_id = ?`,
        pending.projectId,
      );
      expect(stored[0]?.n).toBe(sampleCount(FILE));
      expect(repo.pendingIngests()).toEqual([]);
    } finally {
      await t.stop();
    }
  }, 120_000);
});

// The demo server's memory ceiling under hostile uploads (issue #32, "ten hostile uploads at once keep the server under
// a stated memory ceiling"): the stated ceiling and what holds it — reading uploads through and storing files share
// the pool's slots (never more ingest threads at once than its size), every ingest thread has bounded old and young
// generations and ends with its job (none kept idle), and the server is started with MALLOC_ARENA_MAX. The ceiling
// itself is measured by bench/background-ingest.ts (figures, not a timed test). Waits are on conditions.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Project, QueuedUploadEnvelope, UploadedFileResponse } from '@assessment/sdk';
import { CHECK_HEAP_MB, INGEST_YOUNG_MB, ingestThreadLimits } from '../src/ingest/check.ts';
import { STORE_HEAP_MB } from '../src/ingest/runner.ts';
import {
  arenaNote,
  liveWorkerKinds,
  MEMORY_CEILING_MB,
  memorySnapshot,
  SERVER_MALLOC_ARENA_MAX,
  statusFields,
} from '../src/ingest/memory.ts';
import {
  signedIn,
  uploadModel,
  waitFor,
  type Client,
  uploadIokit,
  backgroundIngestServers,
  smallCollectorFile,
} from './helpers.ts';

const SMALL = smallCollectorFile(41);
const server = backgroundIngestServers();

const upload = (c: Client, name: string): Promise<UploadedFileResponse> => uploadIokit(c, SMALL, name);

describe('the stated memory ceiling and its settings', () => {
  it('states 1 024 MB, MALLOC_ARENA_MAX=2 and a 16 MB young generation beside the 128 / 192 MB heaps', () => {
    expect(MEMORY_CEILING_MB).toBe(1024);
    expect(SERVER_MALLOC_ARENA_MAX).toBe(2);
    expect(INGEST_YOUNG_MB).toBe(16);
    expect(ingestThreadLimits(CHECK_HEAP_MB)).toEqual({
      maxOldGenerationSizeMb: 128,
      maxYoungGenerationSizeMb: 16,
    });
    expect(ingestThreadLimits(STORE_HEAP_MB)).toEqual({
      maxOldGenerationSizeMb: 192,
      maxYoungGenerationSizeMb: 16,
    });
  });

  it('starts the server with MALLOC_ARENA_MAX from its serve and demo scripts (kept when set)', () => {
    const pkg = JSON.parse(
      readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'package.json'), 'utf8'),
    ) as { scripts: Record<string, string> };
    for (const script of ['serve', 'demo'])
      expect(pkg.scripts[script]).toBe(
        `MALLOC_ARENA_MAX=\${MALLOC_ARENA_MAX:-${String(SERVER_MALLOC_ARENA_MAX)}} node --import ./src/register.ts src/main.ts ${script}`,
      );
  });

  it('warns at start-up on Linux when MALLOC_ARENA_MAX is not set, naming the setting and the ceiling', () => {
    expect(arenaNote({}, 'linux')).toBe(
      'MALLOC_ARENA_MAX is not set: start the server with MALLOC_ARENA_MAX=2 (as pnpm start does) to hold its memory ceiling of 1024 MB (docs/collector-format.md, "Limits").',
    );
    expect(arenaNote({ MALLOC_ARENA_MAX: '' }, 'linux')).not.toBeNull();
    expect(arenaNote({ MALLOC_ARENA_MAX: '2' }, 'linux')).toBeNull();
    expect(arenaNote({}, 'darwin')).toBeNull();
  });

  it('reads the memory fields of /proc/<pid>/status in kB', () => {
    const text =
      'Name:\tnode\nVmHWM:\t  900000 kB\nVmRSS:\t  800000 kB\nRssAnon:\t  700000 kB\nRssFile:\t   90000 kB\nRssShmem:\t   10000 kB\n';
    expect(statusFields(text)).toEqual({
      VmRSS: 800_000,
      RssAnon: 700_000,
      RssFile: 90_000,
      RssShmem: 10_000,
      VmHWM: 900_000,
    });
    expect(statusFields('Name:\tnode\n')).toEqual({});
  });
});

describe('the ingest threads within the pool (issue #32)', { timeout: 180_000 }, () => {
  it('stores a file only within a slot of the pool: a store waits while reading threads fill it', async () => {
    const s = await server({ workers: 1 });
    const c = await signedIn(s, 'enduser@adventure-works.example');
    const file = await upload(c, 'within-the-pool.iokit');
    // Every slot held (as by another account's upload being read through): the queued file's job starts, but its
    // storing thread waits for the slot.
    const release = await s.server.ctx.checks.acquire(-1);
    const q = await c.json<QueuedUploadEnvelope>('POST', '/upload-service/api/iokitqueue', {
      json: uploadModel([file], { newProjectName: 'Within the pool' }),
    });
    expect(q.status).toBe(200);
    const runId = q.body.Data.Jobs[0]?.RunId ?? 0;
    await waitFor(() => Promise.resolve(s.server.ctx.checks.waitingCount === 1 ? true : undefined));
    expect(s.server.ctx.ingest.running.map((j) => j.runId)).toEqual([runId]);
    expect(liveWorkerKinds()).not.toContain('store');
    expect(s.server.ctx.repo.pendingIngest(runId)).toBeDefined();
    release();
    await s.server.ctx.ingest.idle();
    const p = await c.json<Project>('GET', `/api/projects/${String(q.body.Data.Id)}`);
    expect(p.body.CollectorRuns.map((r) => r.Status)).toEqual(['Completed']);
    expect([s.server.ctx.checks.peak, s.server.ctx.checks.inUse]).toEqual([1, 0]);
  });

  it('keeps no ingest thread alive once its job is done (each is started for its job and ends with it)', async () => {
    const s = await server();
    const c = await signedIn(s, 'enduser@adventure-works.example');
    const file = await upload(c, 'no-idle-thread.iokit');
    await waitFor(() => Promise.resolve(liveWorkerKinds().length === 0 ? true : undefined));
    // The reading thread ended with its answer; the storing thread ends with its file.
    const q = await c.json<QueuedUploadEnvelope>('POST', '/upload-service/api/iokitqueue', {
      json: uploadModel([file], { newProjectName: 'No idle thread' }),
    });
    expect(q.status).toBe(200);
    await s.server.ctx.ingest.idle();
    await waitFor(() => Promise.resolve(liveWorkerKinds().length === 0 ? true : undefined));
    const snap = await memorySnapshot('after');
    expect(snap.workers).toEqual([]);
    expect(snap.heapUsed).toBeGreaterThan(0);
    expect(snap.heapTotal).toBeGreaterThanOrEqual(snap.heapUsed);
    if (process.platform === 'linux') expect(snap.status.VmRSS).toBeGreaterThan(0);
  });
});

// Background ingest (issue #32 a): the queue call records a job per collector file and answers at once; a bounded
// pool stores the files (never more than its size at once, never more than an account's share while another account's
// file waits, every idle worker to an account alone); queued files per
// account and in total are limited, each refusal with its own message key; a file that fails to store leaves its
// project failed and its upload re-queueable; the viewer answers while a large file is being stored. Waits are on
// conditions (test hooks of the pool, the run's status), never on time.
import { writeFileSync } from 'node:fs';
import { getPriority } from 'node:os';
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import type {
  ApiEnvelope,
  CollectorRunPage,
  CollectorRunStatus,
  Project,
  QueuedUploadEnvelope,
  UploadedFileResponse,
} from '@assessment/sdk';
import { MESSAGES } from '../src/messages.ts';
import { MESSAGE_CULTURES } from '../src/message-cultures/index.ts';
import { generateCollectorRecords, sampleCount, writeCollectorFile } from '../src/collector-file/index.ts';
import {
  defaultIngestWorkers,
  FairTurns,
  INGEST_LIMITS,
  IngestQueue,
  type IngestJob,
} from '../src/ingest/queue.ts';
import { expectedSamples, progressPercent, STORE_HEAP_MB } from '../src/ingest/runner.ts';
import { CHECK_HEAP_MB, checkCollectorFile, ParseSlots } from '../src/ingest/check.ts';
import { INGEST_NICENESS, lowerIngestPriority } from '../src/ingest/priority.ts';
import { hostileRecords } from '../bench/hostile-file.ts';
import { QUEUE_RETRY_AFTER_SECONDS } from '../src/handlers/upload.ts';
import {
  signedIn,
  uploadModel,
  waitFor,
  type Client,
  type TestServer,
  uploadIokit,
  backgroundIngestServers,
  smallCollectorFile,
} from './helpers.ts';

const SMALL = smallCollectorFile(21);

const server = backgroundIngestServers();

const upload = (c: Client, name: string, file: Buffer = SMALL): Promise<UploadedFileResponse> =>
  uploadIokit(c, file, name);

const queue = (c: Client, files: UploadedFileResponse[], name: string) =>
  c.json<QueuedUploadEnvelope>('POST', '/upload-service/api/iokitqueue', {
    json: uploadModel(files, { newProjectName: name }),
  });

/** Holds every job before it parses until released (the pool's beforeRun hook). */
function gate(s: TestServer): { release: (runId?: number) => void; held: () => number[] } {
  const waiting = new Map<number, () => void>();
  let open = false;
  s.server.ctx.ingest.hooks.beforeRun = (job: IngestJob) =>
    open ? Promise.resolve() : new Promise<void>((resolve) => waiting.set(job.runId, resolve));
  return {
    held: () => [...waiting.keys()],
    release: (runId) => {
      if (runId === undefined) {
        open = true;
        for (const r of waiting.values()) r();
        waiting.clear();
        return;
      }
      waiting.get(runId)?.();
      waiting.delete(runId);
    },
  };
}

const runStatus = async (
  c: Client,
  projectId: number,
): Promise<{ Status: CollectorRunStatus; Progress: number }[]> =>
  (await c.json<Project>('GET', `/api/projects/${String(projectId)}`)).body.CollectorRuns.map((r) => ({
    Status: r.Status,
    Progress: r.Progress,
  }));

describe('the pool’s documented limits', () => {
  it('one parse per core, 1 to 4 (2 on a 2-core machine); 1 per account, 20 files per account, 200 in total', () => {
    expect([1, 2, 3, 4, 8, 64].map((cores) => defaultIngestWorkers(cores))).toEqual([1, 2, 3, 4, 4, 4]);
    expect(INGEST_LIMITS).toEqual({ perAccount: 1, queuedPerAccount: 20, queuedTotal: 200 });
    expect(QUEUE_RETRY_AFTER_SECONDS).toBe(60);
  });

  it('shows progress as the share of the samples the header announces, below 100 until complete', () => {
    const spec = { hosts: 3, days: 1 / 24, intervalSeconds: 60, seed: 1 };
    const header = [...generateCollectorRecords(spec)][0];
    if (header?.type !== 'header') throw new Error('a header first');
    // As many as the file holds (the generator writes every host at every interval).
    expect(expectedSamples(header)).toBe(sampleCount(spec));
    expect(progressPercent(0, 180)).toBe(0);
    expect(progressPercent(90, 180)).toBe(50);
    expect(progressPercent(180, 180)).toBe(99);
  });

  it('has English and every culture’s texts for both refusals', () => {
    for (const key of ['iokit_queue_account_full', 'iokit_queue_full'] as const) {
      expect(MESSAGES[key].title).not.toBe('');
      for (const [culture, catalogue] of Object.entries(MESSAGE_CULTURES))
        expect(catalogue.messages[key]?.[1], `${culture} ${key}`).toBeTruthy();
    }
  });
});

describe('queueing collector files (background ingest)', { timeout: 180_000 }, () => {
  it('answers before the file is stored, with each job’s state; the run is Processing, then Completed', async () => {
    const s = await server();
    const g = gate(s);
    const c = await signedIn(s, 'enduser@adventure-works.example');
    const q = await queue(c, [await upload(c, 'early.iokit')], 'Answered at once');
    expect(q.status).toBe(200);
    expect(q.body.StatusCode).toBe(200);
    const [job] = q.body.Data.Jobs;
    expect(job).toMatchObject({ FileName: 'early.iokit', Status: 'Processing' });
    // Held before parsing: nothing of the file is stored yet, and the run says so.
    expect(g.held()).toEqual([job?.RunId]);
    expect(await runStatus(c, q.body.Data.Id)).toEqual([{ Status: 'Processing', Progress: 0 }]);
    // The run search filters by the new status too.
    const listed = await c.json<CollectorRunPage>(
      'GET',
      '/api/collectorruns?PageSize=200&myCollectorRunsOnly=true&status=Processing',
    );
    expect(listed.status).toBe(200);
    expect(listed.body.Items.map((r) => [r.Id, r.Status])).toEqual([[job?.RunId, 'Processing']]);
    g.release();
    await s.server.ctx.ingest.idle();
    expect(await runStatus(c, q.body.Data.Id)).toEqual([{ Status: 'Completed', Progress: 100 }]);
    expect(s.server.ctx.repo.pendingIngests()).toEqual([]);
  });

  it('never runs more parses at once than the pool’s size, nor more than an account’s share while another account’s file waits', async () => {
    const s = await server({ workers: 2, perAccount: 1 });
    const g = gate(s);
    const seen: IngestJob[][] = [];
    // Each start over its account's share (work-conserving), and whether a file under its share was left waiting.
    const overShare: { job: number; passedOver: number[] }[] = [];
    s.server.ctx.ingest.hooks.started = (job, running) => {
      seen.push([...running]);
      const count = (accountId: number): number => running.filter((r) => r.accountId === accountId).length;
      if (count(job.accountId) > 1)
        overShare.push({
          job: job.runId,
          passedOver: s.server.ctx.ingest.queued.filter((w) => count(w.accountId) < 1).map((w) => w.runId),
        });
    };
    const accounts = await Promise.all(
      ['enduser@adventure-works.example', 'partner.admin@contoso-partners.example', 'staff@dell.example'].map(
        (email) => signedIn(s, email),
      ),
    );
    // Two files per account, all queued while the pool is held.
    const queued: number[] = [];
    for (const [i, c] of accounts.entries()) {
      const q = await queue(
        c,
        [await upload(c, `a${String(i)}.iokit`), await upload(c, `b${String(i)}.iokit`)],
        `Pool ${String(i)}`,
      );
      expect(q.status).toBe(200);
      queued.push(...q.body.Data.Jobs.map((j) => j.RunId));
    }
    // Full: 2 running (the first account's two files: it was alone when it queued them), 4 waiting.
    expect(s.server.ctx.ingest.running.map((j) => j.runId)).toEqual(queued.slice(0, 2));
    expect(s.server.ctx.ingest.queued).toHaveLength(4);
    // Release one job at a time until all ran.
    while (s.server.ctx.ingest.size > 0) {
      const [held] = await waitFor(() => Promise.resolve(g.held().length > 0 ? g.held() : undefined));
      g.release(held);
      await waitFor(() =>
        Promise.resolve(s.server.ctx.ingest.running.every((j) => j.runId !== held) ? true : undefined),
      );
    }
    expect(seen).toHaveLength(6);
    expect(Math.max(...seen.map((r) => r.length))).toBe(2);
    // Over its share only the alone account's second file, never while another account's file waited under its share.
    expect(overShare).toEqual([{ job: queued[1], passedOver: [] }]);
    // Once the others queued, each account holds one worker at most.
    for (const running of seen.slice(2)) {
      const perAccount = new Map<number, number>();
      for (const j of running) perAccount.set(j.accountId, (perAccount.get(j.accountId) ?? 0) + 1);
      expect(Math.max(...perAccount.values())).toBe(1);
    }
    // Every file stored.
    const pending = s.server.ctx.repo.pendingIngests();
    expect(pending).toEqual([]);
    expect(new Set(seen.map((r) => r.at(-1)?.runId))).toEqual(new Set(queued));
  });

  it('refuses a queue call over the account’s or the server’s queued files, each with its key, and queues nothing', async () => {
    const s = await server({ queuedPerAccount: 2, queuedTotal: 3 });
    const g = gate(s);
    const a = await signedIn(s, 'enduser@adventure-works.example');
    const b = await signedIn(s, 'partner.admin@contoso-partners.example');
    expect(
      (await queue(a, [await upload(a, 'one.iokit'), await upload(a, 'two.iokit')], 'A full')).status,
    ).toBe(200);
    const projects = () => s.server.ctx.repo.all<{ n: number }>('SELECT COUNT(*) AS n FROM projects')[0]?.n;
    const before = projects();
    const third = await upload(a, 'three.iokit');
    const refused = await queue(a, [third], 'A over');
    expect(refused.status).toBe(429);
    expect(refused.res.headers.get('retry-after')).toBe(String(QUEUE_RETRY_AFTER_SECONDS));
    expect((refused.body as unknown as ApiEnvelope).ResourceKey).toBe('iokit_queue_account_full');
    expect(projects()).toBe(before);
    expect(s.server.ctx.repo.upload(third.FileId ?? '')?.queued_project_id).toBeNull();

    expect((await queue(b, [await upload(b, 'b1.iokit')], 'B fits')).status).toBe(200);
    const full = await queue(b, [await upload(b, 'b2.iokit')], 'B over');
    expect(full.status).toBe(429);
    expect((full.body as unknown as ApiEnvelope).ResourceKey).toBe('iokit_queue_full');
    // Once the queue drains, the refused file queues.
    g.release();
    await s.server.ctx.ingest.idle();
    expect((await queue(a, [third], 'A later')).status).toBe(200);
    await s.server.ctx.ingest.idle();
  });

  it('a file that fails to store leaves the project failed, its run out and its upload re-queueable', async () => {
    const s = await server();
    const g = gate(s);
    const c = await signedIn(s, 'enduser@adventure-works.example');
    const up = await upload(c, 'breaks.iokit');
    const q = await queue(c, [up], 'Fails in the background');
    expect(q.status).toBe(200);
    // Damaged on disk after the queue call answered (before the pool read it).
    const stored = s.server.ctx.repo.upload(up.FileId ?? '');
    writeFileSync(
      s.server.ctx.files.resolve('uploads', stored?.stored_path ?? ''),
      SMALL.subarray(0, SMALL.length - 40),
    );
    g.release();
    await s.server.ctx.ingest.idle();
    const project = await c.json<Project>('GET', `/api/projects/${String(q.body.Data.Id)}`);
    expect(project.body.ProcessingFailed).toBe(true);
    expect(project.body.CollectorRuns).toEqual([]);
    expect(s.server.ctx.repo.pendingIngests()).toEqual([]);
    expect(s.server.ctx.repo.upload(up.FileId ?? '')?.queued_project_id).toBeNull();
    const series = s.server.ctx.repo.all<{ n: number }>(
      'SELECT COUNT(*) AS n FROM series_hosts WHERE run_id = ?',
      q.body.Data.Jobs[0]?.RunId ?? 0,
    );
    expect(series[0]?.n).toBe(0);
  });

  it('answers the viewer while a large file is being stored', async () => {
    const s = await server();
    const c = await signedIn(s, 'enduser@adventure-works.example');
    const reader = await signedIn(s, 'partner.admin@contoso-partners.example');
    const big = writeCollectorFile(
      generateCollectorRecords({ hosts: 200, days: 1, intervalSeconds: 60, seed: 8 }),
    );
    const q = await queue(c, [await upload(c, 'large.iokit', big)], 'Large');
    const runId = q.body.Data.Jobs[0]?.RunId ?? 0;
    // A reader asks for the viewer again and again until the file is stored; after each answer the owner reads the
    // run: an answer given while the run showed part of its file stored proves the viewer was not held up (a single
    // read racing the ingest's end, which a slow machine can lose, would not).
    const statuses: number[] = [];
    const progressSeen: number[] = [];
    while (s.server.ctx.repo.pendingIngest(runId) !== undefined) {
      const viewer = await reader.json('GET', '/api/viewer');
      statuses.push(viewer.status);
      const [run] = await runStatus(c, q.body.Data.Id);
      if (run?.Status === 'Processing' && run.Progress > 0) progressSeen.push(run.Progress);
    }
    expect(new Set(statuses)).toEqual(new Set([200]));
    expect(progressSeen.length).toBeGreaterThan(0);
    expect(Math.max(...progressSeen)).toBeLessThan(100);
    await s.server.ctx.ingest.idle();
    expect(await runStatus(c, q.body.Data.Id)).toEqual([{ Status: 'Completed', Progress: 100 }]);
  });
});

/** A pool over a fake runner: each job runs until the test finishes it; the order jobs start in is recorded. */
function fakePool(workers: number, perAccount = 1) {
  const finish = new Map<number, () => void>();
  const started: number[] = [];
  const runs = new Map<number, Promise<void>>();
  const pool = new IngestQueue(
    {
      // The job's end is made as it starts (synchronously), so the test can finish it before it runs.
      start: (job) => {
        started.push(job.runId);
        runs.set(job.runId, new Promise<void>((resolve) => finish.set(job.runId, resolve)));
      },
      run: (job) => runs.get(job.runId) ?? Promise.resolve(),
    },
    { workers, perAccount, queuedPerAccount: 20, queuedTotal: 200 },
  );
  // Finishing a job starts the next one a few promise steps later: the pool's started hook says when.
  let next: (() => void) | null = null;
  pool.hooks.started = () => {
    const resolve = next;
    next = null;
    resolve?.();
  };
  /** Finishes a running job and waits until the pool has started the one that takes its worker. */
  const done = (runId: number): Promise<void> =>
    new Promise<void>((resolve) => {
      next = resolve;
      finish.get(runId)?.();
    });
  return { pool, started, done };
}

describe('fair ingest while one account floods (issue #39)', () => {
  it('another account’s file starts as soon as one running job ends, ahead of the flooding accounts’ files', async () => {
    const { pool, started, done } = fakePool(2);
    // Accounts 1 and 2 fill their 20 queued files each (runs 100… and 200…), then account 3 queues one (run 300).
    pool.add(Array.from({ length: 20 }, (_, i) => ({ runId: 100 + i, accountId: 1 })));
    pool.add(Array.from({ length: 20 }, (_, i) => ({ runId: 200 + i, accountId: 2 })));
    pool.add([{ runId: 300, accountId: 3 }]);
    // Account 1 was alone: it took both workers (work-conserving).
    expect(started).toEqual([100, 101]);
    // Each freed worker goes to an account under its share, not to account 1's next file: 2, then 3.
    await done(100);
    expect(started).toEqual([100, 101, 200]);
    await done(101);
    expect(started).toEqual([100, 101, 200, 300]);
    // Then the flooding accounts take turns, one worker each at most while the other waits.
    await done(200);
    await done(300);
    await done(102);
    expect(started).toEqual([100, 101, 200, 300, 102, 201, 103]);
    expect(pool.running.map((j) => j.accountId).sort()).toEqual([1, 2]);
  });

  it('an account alone uses every idle worker, gives one back to another account’s file first and takes it again', async () => {
    const { pool, started, done } = fakePool(2);
    pool.add(Array.from({ length: 20 }, (_, i) => ({ runId: 100 + i, accountId: 1 })));
    expect(started).toEqual([100, 101]);
    // Another account queues: it waits for the first job to end (at most one job's work budget), then goes first.
    pool.add([{ runId: 300, accountId: 3 }]);
    expect(started).toEqual([100, 101]);
    await done(101);
    expect(started).toEqual([100, 101, 300]);
    // Account 1 is at its share beside account 3: its next file waits for a worker, not for account 3 to finish…
    await done(100);
    expect(started).toEqual([100, 101, 300, 102]);
    // …and once account 3 has nothing left, the worker it frees goes to account 1 again (no worker left idle).
    await done(300);
    expect(started).toEqual([100, 101, 300, 102, 103]);
    expect(pool.running.map((j) => j.accountId)).toEqual([1, 1]);
  });

  it('with a share of 2 on 3 workers, an account alone takes all 3; a newcomer takes the next freed one', async () => {
    const { pool, started, done } = fakePool(3, 2);
    pool.add(Array.from({ length: 5 }, (_, i) => ({ runId: 100 + i, accountId: 1 })));
    pool.add([
      { runId: 200, accountId: 2 },
      { runId: 201, accountId: 2 },
    ]);
    expect(started).toEqual([100, 101, 102]);
    // Account 1 at its share (2 running): the freed worker goes to account 2.
    await done(100);
    expect(started).toEqual([100, 101, 102, 200]);
    // Both under their share (1 running each): the account served longest ago first, 1 then 2.
    await done(101);
    await done(102);
    expect(started).toEqual([100, 101, 102, 200, 103, 201]);
    expect(pool.running.map((j) => j.accountId).sort()).toEqual([1, 2, 2]);
  });

  it('turns go to the account served longest ago; one with nothing left is forgotten and comes first again', () => {
    const turns = new FairTurns();
    const waiting = [1, 1, 2, 3].map((accountId) => ({ accountId }));
    const all = (): boolean => true;
    expect(turns.pick(waiting, all)).toBe(0);
    turns.served(1);
    turns.served(2);
    expect(turns.pick(waiting, all)).toBe(3);
    turns.served(3);
    expect(turns.pick(waiting, all)).toBe(0);
    expect(turns.pick(waiting, (w) => w.accountId !== 1)).toBe(2);
    turns.forget(3);
    expect(turns.pick(waiting, all)).toBe(3);
    expect(turns.pick([], all)).toBe(-1);
  });
});

describe('ingest threads yield the CPU to the event loop (issue #39)', () => {
  it('lower their own priority on Linux only, never the thread that answers requests', async () => {
    expect(lowerIngestPriority('darwin')).toBe(false);
    if (process.platform !== 'linux') return;
    const mainBefore = getPriority();
    const module = new URL('../src/ingest/priority.ts', import.meta.url).href;
    const worker = new Worker(
      `import(${JSON.stringify(module)}).then((m) => require('node:worker_threads').parentPort.postMessage([m.lowerIngestPriority(), require('node:os').getPriority()]));`,
      { eval: true },
    );
    const [lowered, niceness] = await new Promise<[boolean, number]>((resolve) =>
      worker.once('message', resolve),
    );
    await worker.terminate();
    expect([lowered, niceness]).toEqual([
      mainBefore <= INGEST_NICENESS,
      Math.max(mainBefore, INGEST_NICENESS),
    ]);
    expect(getPriority()).toBe(mainBefore);
  });
});

describe('reading uploaded files through, bounded (issue #32)', { timeout: 180_000 }, () => {
  it('grants at most its size at once and an account’s share, a freed slot going to the account served longest ago', async () => {
    const slots = new ParseSlots(2, 1);
    const a1 = await slots.acquire(1);
    const b1 = await slots.acquire(2);
    const granted: string[] = [];
    const take = (name: string, account: number) =>
      slots.acquire(account).then((release) => (granted.push(name), release));
    const a2 = take('a2', 1);
    const b2 = take('b2', 2);
    const c1 = take('c1', 3);
    await Promise.resolve();
    expect([slots.inUse, granted]).toEqual([2, []]);
    // Account 3 asked last but was never served: it goes before the second uploads of 1 and 2.
    a1();
    (await c1)();
    expect(granted).toEqual(['c1']);
    b1();
    (await a2)();
    (await b2)();
    expect(granted).toEqual(['c1', 'a2', 'b2']);
    expect([slots.peak, slots.inUse]).toEqual([2, 0]);
  });

  it('lets an account alone hold every slot, a freed slot going to an account under its share first', async () => {
    const slots = new ParseSlots(2, 1);
    // Alone, account 1 reads its two uploads at once (work-conserving).
    const a1 = await slots.acquire(1);
    const a2 = await slots.acquire(1);
    expect(slots.inUse).toBe(2);
    const granted: string[] = [];
    const take = (name: string, account: number) =>
      slots.acquire(account).then((release) => (granted.push(name), release));
    // Account 1 asks for a third before account 2 asks for its first: account 2 is under its share, it goes first.
    const a3 = take('a3', 1);
    const b1 = take('b1', 2);
    await Promise.resolve();
    a1();
    const releaseB1 = await b1;
    expect(granted).toEqual(['b1']);
    // Account 1 at its share beside account 2: its third read waits for the next slot freed, and takes it.
    a2();
    const releaseA3 = await a3;
    expect(granted).toEqual(['b1', 'a3']);
    // Account 2 done and nobody else waiting: account 1 takes the idle slot again.
    releaseB1();
    const releaseA4 = await slots.acquire(1);
    expect(slots.inUse).toBe(2);
    releaseA3();
    releaseA4();
    expect([slots.peak, slots.inUse, slots.waitingCount]).toEqual([2, 0, 0]);
  });

  it('ten uploads at once are read through at most the pool’s size at a time, each answered', async () => {
    const s = await server({ workers: 2, perAccount: 1 });
    const emails = [
      'enduser@adventure-works.example',
      'partner.admin@contoso-partners.example',
      'staff@dell.example',
      'admin@dell.example',
      'oem.admin@northwind-oem.example',
    ];
    const accounts = await Promise.all(emails.map((email) => signedIn(s, email)));
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        upload(accounts[i % accounts.length]!, `at-once-${String(i)}.iokit`),
      ),
    );
    expect(answers.every((a) => a.FileId !== null)).toBe(true);
    expect(s.server.ctx.checks.peak).toBeGreaterThanOrEqual(1);
    expect(s.server.ctx.checks.peak).toBeLessThanOrEqual(2);
    expect(s.server.ctx.checks.inUse).toBe(0);
  });

  it('caps a reading thread’s heap: a file that needs more is refused as too large, the server unharmed', async () => {
    expect([CHECK_HEAP_MB, STORE_HEAP_MB]).toEqual([128, 192]);
    const s = await server();
    const path = `${s.dataDir}/wide.iokit`;
    writeFileSync(path, writeCollectorFile(hostileRecords(20_000)));
    const refused = await checkCollectorFile(path, 8);
    expect(refused?.errorKey).toBe('iokit_file_too_large');
    expect(await checkCollectorFile(path)).toBeNull();
  });
});

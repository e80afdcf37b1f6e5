// One background ingest job (ingest/queue.ts): stores the collector file of a queued run (store-run.ts) in a worker
// thread with its own database connection — the event loop stays free for requests — and reports its progress on
// the run (Processing, percent of the samples the header announces). A file that fails is taken out whole: the run
// and its partial series are removed, the project is marked failed and the upload can be queued again
// (Repo.abandonIngest), never left half-imported.
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { Repo } from '../store/repo.ts';
import type { FileStore } from '../store/files.ts';
import { CollectorFileError } from '../collector-file/errors.ts';
import type { IngestJob, IngestRunner } from './queue.ts';
import { storeRunFile } from './store-run.ts';
import { trackWorker } from './memory.ts';
import { newWriteTurns } from '../store/write-turn.ts';
import { ingestThreadLimits, type ParseSlots } from './check.ts';
import type { FromStoreWorker, StoreWorkerInput } from './store-worker.ts';

export { expectedSamples, progressPercent } from './store-run.ts';

/** The old-generation heap of one storing thread, in MB: a file that needs more fails instead of growing the server. */
export const STORE_HEAP_MB = 192;

/** The write turns of the server's storing threads (store/write-turn.ts): files stored at once write in turn. */
const STORE_TURNS = newWriteTurns();

/** Stores the file in a worker thread on its own connection to the database at dbPath. */
function storeInWorker(dbPath: string, runId: number, filePath: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./store-worker.ts', import.meta.url), {
      workerData: { dbPath, runId, filePath, turns: STORE_TURNS } satisfies StoreWorkerInput,
      resourceLimits: ingestThreadLimits(STORE_HEAP_MB),
    });
    trackWorker(worker, 'store');
    let settled = false;
    const settle = (error?: Error): void => {
      if (settled) return;
      settled = true;
      if (error) reject(error);
      else resolve();
    };
    worker.on('message', (m: FromStoreWorker) => {
      if (m.type === 'done') settle();
      else if (m.file) {
        const error = new CollectorFileError(m.file.errorKey, m.message);
        Object.assign(error, { line: m.file.line });
        settle(error);
      } else settle(new Error(m.message));
    });
    worker.on('error', (error) => {
      settle(error);
    });
    worker.on('exit', (code) => {
      settle(code === 0 ? undefined : new Error(`the storing worker stopped (exit code ${String(code)})`));
    });
  });
}

/** SQLite's answer when another connection (a storing thread) holds the write lock past this one's busy_timeout. */
export function isDatabaseBusy(error: unknown): boolean {
  return (
    error instanceof Error &&
    ((error as { errcode?: unknown }).errcode === 5 || /database is locked/i.test(error.message))
  );
}

/** How often a job's last write (done, or taken out) is tried while storing threads hold the database, how far apart. */
export const END_WRITE_ATTEMPTS = 20;
export const END_WRITE_RETRY_MS = 250;

/**
 * Runs a job's last write, again while the database is locked by a storing thread (the server's connection waits 2 s
 * for the lock; two files stored at once can hold it longer): a run whose file was stored is not taken out for a
 * busy moment, nor a failed one left Processing. Any other error, or the lock held through every attempt, throws.
 */
export async function writeWhenFree(
  write: () => void,
  wait: (ms: number) => Promise<void> = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      write();
      return;
    } catch (error) {
      if (!isDatabaseBusy(error) || attempt >= END_WRITE_ATTEMPTS) throw error;
      await wait(END_WRITE_RETRY_MS);
    }
  }
}

export function ingestRunner(deps: {
  repo: Repo;
  files: FileStore;
  /** The database file the worker opens. */
  dbPath: string;
  /** Store on the server's own connection instead of a worker (the query-plan test records its statements). */
  inline?: boolean;
  /**
   * The slots of the threads that read uploads through (check.ts): a storing thread takes one too, so reading and
   * storing together never run more ingest threads than the pool's size (the memory admission rule: peak = idle +
   * pool size × one thread's cap; docs/collector-format.md "Limits").
   */
  slots?: ParseSlots;
}): IngestRunner {
  const { repo, files } = deps;
  // The run shows Processing from the moment its job takes a place in the pool.
  const start = (job: IngestJob): void => {
    repo.ingestRunning(job.runId);
  };
  const run = async (job: IngestJob): Promise<void> => {
    const pending = repo.pendingIngest(job.runId);
    if (!pending) return;
    const upload = repo.upload(pending.file_id);
    try {
      if (!upload) throw new Error(`the upload of run ${String(job.runId)} is gone`);
      if (path.extname(upload.file_name).toLowerCase() === '.iokit') {
        const filePath = files.resolve('uploads', upload.stored_path);
        if (deps.inline)
          await storeRunFile(repo.db, job.runId, filePath, (percent) => {
            repo.ingestProgress(job.runId, percent);
          });
        else {
          const release = await deps.slots?.acquire(job.accountId);
          try {
            await storeInWorker(deps.dbPath, job.runId, filePath);
          } finally {
            release?.();
          }
        }
      }
      await writeWhenFree(() => {
        repo.ingestDone(job.runId);
      });
    } catch (error) {
      await writeWhenFree(() => {
        repo.abandonIngest(job.runId);
      });
      throw error;
    }
  };
  return { start, run };
}

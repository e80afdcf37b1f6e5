// Storing a collector file from disk with two threads: a worker (parse-worker.ts) gunzips, parses, validates and
// reduces the samples to packed rows while this thread inserts the previous rows — parsing and storing overlap
// instead of taking turns. Same result and same errors (CollectorFileError) as
// storeCollectorFile(db, runId, readCollectorFileBatches(path)), which is the fallback without worker threads.
import { Worker } from 'node:worker_threads';
import type { DatabaseSync } from 'node:sqlite';
import { readCollectorFileBatches } from '../collector-file/index.ts';
import { CollectorFileError, type CollectorFileErrorKey } from '../collector-file/errors.ts';
import type { CollectorHeader } from '../collector-file/records.ts';
import { CHECK_HEAP_MB, ingestThreadLimits } from '../ingest/check.ts';
import { COLLECTOR_FILE_LIMITS, type CollectorFileLimits } from '../collector-file/parse.ts';
import { openSpill, SPILL_ROWS_PER_BLOCK, type Spill } from '../ingest/spill.ts';
import { RunStore, storeCollectorFile, type StoreResult } from './store.ts';

export interface WorkerInput {
  path: string;
  rowsPerMessage: number;
  inFlight: number;
}

export type FromWorker =
  | { type: 'header'; header: CollectorHeader }
  | { type: 'rows'; rows: Float64Array; count: number }
  | { type: 'done' }
  | {
      type: 'error';
      file: { errorKey: CollectorFileErrorKey; reason: string; line: number | undefined } | null;
      message: string;
    };

/** Packed rows per message and per insert transaction. */
const ROWS_PER_MESSAGE = 16_384;
/** Messages the worker may send ahead of the store (memory: IN_FLIGHT × 16 k rows × 88 bytes ≈ 6 MB). */
const IN_FLIGHT = 4;

/**
 * Stores the rows the read-through on arrival spilled (ingest/spill.ts): no parsing, the same rows the parsing worker
 * would send, within the same work budget (checked once a block, as the reader checks once a chunk). Between blocks
 * the thread yields, so a store on the server's own connection (inline) leaves requests answered.
 */
export async function storeSpill(
  db: DatabaseSync,
  runId: number,
  spill: Spill,
  options: {
    onHeader?: (header: CollectorHeader) => void;
    onSamples?: (stored: number) => void;
    limits?: Pick<CollectorFileLimits, 'workSeconds'>;
    /** Milliseconds, for the work budget (tests give a fake clock). */
    clock?: () => number;
  } = {},
): Promise<StoreResult> {
  const clock = options.clock ?? (() => performance.now());
  const workSeconds = (options.limits ?? COLLECTOR_FILE_LIMITS).workSeconds;
  const deadline = clock() + workSeconds * 1000;
  const store = new RunStore(db, runId, SPILL_ROWS_PER_BLOCK);
  try {
    store.begin();
    options.onHeader?.(spill.header);
    store.record(spill.header);
    let stored = 0;
    for (const { rows, count } of spill.blocks()) {
      if (clock() > deadline)
        throw new CollectorFileError(
          'iokit_file_too_large',
          `Reading and storing the file takes more than ${String(workSeconds)} seconds, the most one file may take: split the collection over several files.`,
        );
      store.packed(rows, count);
      stored += count;
      options.onSamples?.(stored);
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
    if (stored !== spill.samples) throw new Error('the spill of the upload is damaged');
    store.end();
  } catch (error) {
    store.fail();
    throw error;
  } finally {
    spill.close();
  }
  return store.result();
}

/**
 * Stores the collector file at path for a run (replacing its series): from the rows its read-through spilled when they
 * are there and current (parse once), else parsed in a worker thread.
 */
export async function storeCollectorFileAt(
  db: DatabaseSync,
  runId: number,
  path: string,
  options: {
    worker?: boolean;
    /** The file's header, as soon as it is read (before its samples are stored). */
    onHeader?: (header: CollectorHeader) => void;
    /** After each batch of samples is stored: the samples stored so far. */
    onSamples?: (stored: number) => void;
  } = {},
): Promise<StoreResult> {
  if (options.worker === false) return storeCollectorFile(db, runId, readCollectorFileBatches(path));
  const spill = openSpill(path);
  if (spill) return storeSpill(db, runId, spill, options);
  const store = new RunStore(db, runId, ROWS_PER_MESSAGE);
  store.begin();
  let stored = 0;
  // The parsing thread beside a storing one has the reading threads' heap caps: the file already passed a read-through
  // within them, and every ingest thread is capped (the memory ceiling, docs/collector-format.md "Limits").
  const worker = new Worker(new URL('./parse-worker.ts', import.meta.url), {
    workerData: { path, rowsPerMessage: ROWS_PER_MESSAGE, inFlight: IN_FLIGHT } satisfies WorkerInput,
    resourceLimits: ingestThreadLimits(CHECK_HEAP_MB),
  });
  try {
    await new Promise<void>((resolve, reject) => {
      let settled = false;
      const settle = (error?: unknown): void => {
        if (settled) return;
        settled = true;
        if (error === undefined) resolve();
        else reject(error instanceof Error ? error : new Error(JSON.stringify(error)));
      };
      worker.on('message', (m: FromWorker) => {
        if (settled) return;
        try {
          if (m.type === 'header') {
            options.onHeader?.(m.header);
            store.record(m.header);
          } else if (m.type === 'rows') {
            store.packed(m.rows, m.count);
            stored += m.count;
            options.onSamples?.(stored);
            // The acknowledgement hands the buffer back for the worker to fill again.
            worker.postMessage(m.rows, [m.rows.buffer as ArrayBuffer]);
          } else if (m.type === 'done') {
            store.end();
            settle();
          } else if (m.file) {
            const error = new CollectorFileError(m.file.errorKey, m.message);
            Object.assign(error, { line: m.file.line });
            settle(error);
          } else settle(new Error(m.message));
        } catch (error) {
          settle(error);
        }
      });
      worker.on('error', settle);
      worker.on('exit', (code) => {
        settle(new Error(`the parsing worker stopped (exit code ${String(code)})`));
      });
    });
  } catch (error) {
    store.fail();
    throw error;
  } finally {
    await worker.terminate();
  }
  return store.result();
}

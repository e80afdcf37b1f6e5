// The thread that stores one queued collector file (ingest/runner.ts): its own connection to the demo's database
// (WAL, as the server's), storeRunFile, its progress written on the run's pending ingest between transactions.
import { DatabaseSync } from 'node:sqlite';
import { parentPort, workerData } from 'node:worker_threads';
import { CollectorFileError } from '../collector-file/errors.ts';
import { storeRunFile } from './store-run.ts';
import { lowerIngestPriority } from './priority.ts';
import { WriteTurn, inWriteTurn, takeWriteTurns } from '../store/write-turn.ts';

export interface StoreWorkerInput {
  dbPath: string;
  runId: number;
  filePath: string;
  /** The write turns every storing thread takes (store/write-turn.ts); none: SQLite's busy waiting alone. */
  turns?: SharedArrayBuffer;
}
export type FromStoreWorker =
  | { type: 'done' }
  | {
      type: 'error';
      file: { errorKey: CollectorFileError['errorKey']; reason: string; line: number | undefined } | null;
      message: string;
    };

const port = parentPort;
if (!port) throw new Error('store-worker runs as a worker thread');
lowerIngestPriority();
const input = workerData as StoreWorkerInput;
const db = new DatabaseSync(input.dbPath);
// As the server's connection (store/db.ts), waiting longer for the server's own short writes and for another storing
// thread's (an account alone stores two files at once on two cores: SQLite's waiting is not first come, first served).
// The timeout first: asking for WAL mode (the database is in it already) takes a lock, which without a timeout fails at
// once while another thread writes ('database is locked', seen in the write-turn test's threads).
db.exec(
  'PRAGMA busy_timeout = 60000; PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = OFF;',
);
if (input.turns) takeWriteTurns(db, new WriteTurn(input.turns));
const progress = db.prepare('UPDATE ingest_pending SET progress = ? WHERE run_id = ?');
try {
  await storeRunFile(db, input.runId, input.filePath, (percent) => {
    inWriteTurn(db, () => progress.run(percent, input.runId));
  });
  port.postMessage({ type: 'done' } satisfies FromStoreWorker);
} catch (error) {
  port.postMessage({
    type: 'error',
    file:
      error instanceof CollectorFileError
        ? { errorKey: error.errorKey, reason: error.reason, line: error.line }
        : null,
    message: error instanceof Error ? error.message : String(error),
  } satisfies FromStoreWorker);
} finally {
  db.close();
}

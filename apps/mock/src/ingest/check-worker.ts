// The thread that reads an uploaded collector file through on arrival (ingest/check.ts): validateCollectorFile runs
// here, off the server's event loop, and answers null or the file's CollectorFileError.
import { parentPort, workerData } from 'node:worker_threads';
import { CollectorFileError, validateCollectorFile } from '../collector-file/index.ts';
import type { CheckResult } from './check.ts';
import { lowerIngestPriority } from './priority.ts';

const port = parentPort;
if (!port) throw new Error('check-worker runs as a worker thread');
lowerIngestPriority();

let result: CheckResult;
try {
  await validateCollectorFile((workerData as { path: string }).path);
  result = { problem: null };
} catch (error) {
  result =
    error instanceof CollectorFileError
      ? { problem: { errorKey: error.errorKey, reason: error.reason, line: error.line } }
      : { failure: error instanceof Error ? error.message : String(error) };
}
port.postMessage(result);

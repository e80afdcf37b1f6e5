// The thread that reads an uploaded collector file through on arrival (ingest/check.ts): the file is validated here,
// off the server's event loop, its packed rows spilled beside it for the store (spill.ts: parse once), and it answers
// null or the file's CollectorFileError.
import { parentPort, workerData } from 'node:worker_threads';
import { CollectorFileError } from '../collector-file/index.ts';
import type { CheckResult } from './check.ts';
import { lowerIngestPriority } from './priority.ts';
import { readThrough } from './spill.ts';

const port = parentPort;
if (!port) throw new Error('check-worker runs as a worker thread');
lowerIngestPriority();

let result: CheckResult;
try {
  const input = workerData as { path: string; spill: boolean };
  await readThrough(input.path, input.spill);
  result = { problem: null };
} catch (error) {
  result =
    error instanceof CollectorFileError
      ? { problem: { errorKey: error.errorKey, reason: error.reason, line: error.line } }
      : { failure: error instanceof Error ? error.message : String(error) };
}
port.postMessage(result);

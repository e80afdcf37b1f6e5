// The parsing thread of storeCollectorFileAt (ingest.ts): gunzip, split, validate (collector-file/parse.ts) and
// reduce every sample to a packed row (reduce.ts), in parallel with the main thread's inserts. Rows go over as
// transferred buffers; at most IN_FLIGHT of them are unacknowledged, so a slow store holds the reading back and memory
// stays bounded whatever the file's size.
import { createReadStream } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { CollectorFileError } from '../collector-file/errors.ts';
import { parseCollectorFileBatches } from '../collector-file/parse.ts';
import { PackedSamples, SampleReducer } from './reduce.ts';
import type { FromWorker, WorkerInput } from './ingest.ts';
import { lowerIngestPriority } from '../ingest/priority.ts';

const port = parentPort;
if (!port) throw new Error('parse-worker runs as a worker thread');
lowerIngestPriority();
const input = workerData as WorkerInput;

let credits = input.inFlight;
let wake: (() => void) | null = null;
/** Buffers the main thread gave back (each message's buffer returns with its acknowledgement): no churn. */
const spare: Float64Array[] = [];
port.on('message', (m: unknown) => {
  if (!(m instanceof Float64Array)) return;
  spare.push(m);
  credits += 1;
  const w = wake;
  wake = null;
  w?.();
});

async function send(message: FromWorker, transfer: ArrayBuffer[] = []): Promise<void> {
  while (credits <= 0) await new Promise<void>((resolve) => (wake = resolve));
  credits -= 1;
  port?.postMessage(message, transfer);
}

async function run(): Promise<void> {
  let reducer: SampleReducer | null = null;
  const fresh = (): PackedSamples => new PackedSamples(input.rowsPerMessage, spare.pop());
  let rows = fresh();
  const flush = async (): Promise<void> => {
    if (rows.count === 0) return;
    const full = rows;
    rows = fresh();
    await send({ type: 'rows', rows: full.rows, count: full.count }, [full.rows.buffer as ArrayBuffer]);
  };
  try {
    const source = createReadStream(input.path, { highWaterMark: 256 * 1024 });
    for await (const batch of parseCollectorFileBatches(source))
      for (const r of batch) {
        if (r.type === 'header') {
          reducer = new SampleReducer(r);
          await send({ type: 'header', header: r });
        } else if (r.type === 'sample') {
          if (!reducer) throw new Error('a sample before the header');
          reducer.reduce(r, rows);
          if (rows.full) await flush();
        }
      }
    await flush();
    port?.postMessage({ type: 'done' } satisfies FromWorker);
  } catch (error) {
    // The valid rows before the error were sent; the main thread removes the partial series.
    port?.postMessage({
      type: 'error',
      file:
        error instanceof CollectorFileError
          ? { errorKey: error.errorKey, reason: error.reason, line: error.line }
          : null,
      message: error instanceof Error ? error.message : String(error),
    } satisfies FromWorker);
  }
}

await run();

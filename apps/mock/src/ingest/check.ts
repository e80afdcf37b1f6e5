// Reading uploaded collector files through, bounded (issue #32 a): a file is read on arrival (and again at queue time
// when it changed on disk) in a worker thread, never on the event loop, with at most `workers` reads at once in total
// and `perAccount` of one account while other accounts' reads wait (the ingest limits of config.ts); further reads
// wait their turn. Each worker's heap is capped (CHECK_HEAP_MB): a file that needs more is refused as too large
// instead of growing the server.
import { Worker } from 'node:worker_threads';
import { CollectorFileError, type CollectorFileErrorKey } from '../collector-file/errors.ts';
import { trackWorker } from './memory.ts';
import { FairTurns } from './queue.ts';
import { removeSpill } from './spill.ts';

/** The old-generation heap of one reading thread, in MB (a 20 000-host header needs a few tens). */
export const CHECK_HEAP_MB = 128;
/**
 * The young generation of every ingest thread (reading through here, storing in runner.ts), in MB. V8's default lets
 * a thread that churns through a long line hold ~130 MB of young space on top of its old generation (a 172 000-host
 * header: 258 MB of heap, 110–135 MB with this bound, same time); 16 MB keeps a thread's heap near its old-generation
 * cap, so the pool's memory is what its caps say.
 */
export const INGEST_YOUNG_MB = 16;

/** The resource limits of an ingest thread with an old generation of oldMb. */
export const ingestThreadLimits = (
  oldMb: number,
): { maxOldGenerationSizeMb: number; maxYoungGenerationSizeMb: number } => ({
  maxOldGenerationSizeMb: oldMb,
  maxYoungGenerationSizeMb: INGEST_YOUNG_MB,
});

export type CheckResult =
  | { problem: null }
  | { problem: { errorKey: CollectorFileErrorKey; reason: string; line: number | undefined } }
  | { failure: string };

/**
 * Slots of a bounded pool: at most `total` held at once, `perAccount` by one account while another account's
 * acquisition under its share waits; the rest wait, a freed slot going round the accounts (FairTurns: the account
 * served longest ago first, an account under its share before one over it), so one account's uploads never hold
 * back another's. Work-conserving: a slot no acquisition under its share waits for goes to one over it (an account
 * alone reads its two uploads at once on two cores).
 */
export class ParseSlots {
  private readonly held = new Map<number, number>();
  private count = 0;
  private readonly waiting: { accountId: number; grant: () => void }[] = [];
  private readonly turns = new FairTurns();
  /** Highest number of slots held at once (tests). */
  peak = 0;

  readonly total: number;
  readonly perAccount: number;

  constructor(total: number, perAccount: number) {
    this.total = total;
    this.perAccount = perAccount;
  }

  get inUse(): number {
    return this.count;
  }

  /** Acquisitions waiting for a slot. */
  get waitingCount(): number {
    return this.waiting.length;
  }

  /** Waits for a slot (its account's turn, while under its share); answers its release. */
  async acquire(accountId: number): Promise<() => void> {
    await new Promise<void>((grant) => {
      this.waiting.push({ accountId, grant });
      this.pump();
    });
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.count -= 1;
      const left = (this.held.get(accountId) ?? 1) - 1;
      if (left === 0) this.held.delete(accountId);
      else this.held.set(accountId, left);
      if (left === 0 && !this.waiting.some((w) => w.accountId === accountId)) this.turns.forget(accountId);
      this.pump();
    };
  }

  private pump(): void {
    while (this.count < this.total) {
      const i = this.turns.next(this.waiting, (w) => (this.held.get(w.accountId) ?? 0) < this.perAccount);
      const w = i < 0 ? undefined : this.waiting.splice(i, 1)[0];
      if (!w) break;
      this.turns.served(w.accountId);
      this.count += 1;
      this.peak = Math.max(this.peak, this.count);
      this.held.set(w.accountId, (this.held.get(w.accountId) ?? 0) + 1);
      w.grant();
    }
  }
}

/**
 * Reads the collector file at path through in a worker thread: null, or why it is not a readable collector file.
 * With `spill`, a readable file's packed rows are written beside it for the store (spill.ts).
 */
export function checkCollectorFile(
  path: string,
  heapMb = CHECK_HEAP_MB,
  spill = false,
): Promise<CollectorFileError | null> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./check-worker.ts', import.meta.url), {
      workerData: { path, spill },
      resourceLimits: ingestThreadLimits(heapMb),
    });
    trackWorker(worker, 'check');
    let settled = false;
    worker.once('message', (m: CheckResult) => {
      settled = true;
      if ('failure' in m) reject(new Error(m.failure));
      else if (m.problem === null) resolve(null);
      else
        resolve(
          new CollectorFileError(
            m.problem.errorKey,
            m.problem.reason.replace(/^Line \d+: /, ''),
            m.problem.line,
          ),
        );
      void worker.terminate();
    });
    worker.once('error', (error: Error & { code?: string }) => {
      if (settled) return;
      settled = true;
      // Past its heap: more than a collector file within the limits needs.
      if (error.code === 'ERR_WORKER_OUT_OF_MEMORY')
        resolve(
          new CollectorFileError(
            'iokit_file_too_large',
            `Reading the file needs more than the ${String(heapMb)} MB a file may take.`,
          ),
        );
      else reject(error);
    });
    worker.once('exit', (code) => {
      if (settled) return;
      settled = true;
      reject(new Error(`the reading worker stopped (exit code ${String(code)})`));
    });
  });
}

/** checkCollectorFile within the pool's slots (waits its turn), its rows spilled for the store. */
export async function boundedCheck(
  slots: ParseSlots,
  accountId: number,
  path: string,
): Promise<CollectorFileError | null> {
  const release = await slots.acquire(accountId);
  let readable = false;
  try {
    const problem = await checkCollectorFile(path, CHECK_HEAP_MB, true);
    readable = problem === null;
    return problem;
  } finally {
    // A thread stopped past its heap or refused the file mid-way may leave part of a spill.
    if (!readable) removeSpill(path);
    release();
  }
}

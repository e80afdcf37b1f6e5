// Background ingest (issue #32 a): queueing collector files records one job per file and answers at once; a bounded
// pool of parses stores them off the request path. Limits:
// - `workers` parses at once in total (the pool's size; INGEST_WORKERS, by default the machine's cores, 1 to 4);
// - `perAccount` parses at once of one account while other accounts' files wait (INGEST_PARSES_PER_ACCOUNT, default
//   1, its share): an account's further files wait while other accounts' files go first. The pool is
//   work-conserving: a place no file under its account's share waits for goes to a file over it (fair turns again),
//   so an account alone uses every idle place (both cores for one upload of two files) and gives them back as its
//   jobs end, a freed place going to another account's waiting file first;
// - `queuedPerAccount` files queued or being stored of one account (INGEST_QUEUED_PER_ACCOUNT, default 20) and
//   `queuedTotal` in total (INGEST_QUEUED_TOTAL, default 200): a queue call over either is refused whole.
// A free place goes round the accounts (FairTurns): to the waiting file of the account served longest ago, so one
// account's twenty files never make another's one file wait behind them — it waits for at most one running job, and
// a job holds its place for at most the work budget (COLLECTOR_FILE_LIMITS.workSeconds). The pool runs what it is
// given; storing and failing a job (the run and the project) is the caller's (handlers/upload.ts).
import { availableParallelism } from 'node:os';

export interface IngestLimits {
  workers: number;
  perAccount: number;
  queuedPerAccount: number;
  queuedTotal: number;
}

/** The limits and how files are stored: in a worker thread (the default) or, for the query-plan test, inline. */
export interface IngestSettings extends IngestLimits {
  inline: boolean;
}

/** The pool's default size: one parse per core, at least 1 and at most 4 (2 on a 2-core machine). */
export const defaultIngestWorkers = (cores: number = availableParallelism()): number =>
  Math.max(1, Math.min(4, cores));

/** The limits besides the pool's size (documented in docs/collector-format.md and the contract). */
export const INGEST_LIMITS = {
  perAccount: 1,
  queuedPerAccount: 20,
  queuedTotal: 200,
} as const;

/** What the pool runs: start (synchronous, as the job takes its place in the pool) and run. */
export interface IngestRunner {
  start: (job: IngestJob) => void;
  run: (job: IngestJob) => Promise<void>;
}

export interface IngestJob {
  runId: number;
  /** The account that queued the file (limits are counted per account). */
  accountId: number;
}

/** Why a queue call is refused: too many files of the account, or in total. */
export type QueueRefusal = 'account' | 'total';

/** Test hooks: see what the pool starts, and hold a job before it parses (tests wait on conditions, not time). */
export interface IngestHooks {
  /** Called as a job starts, with the parses then running (this one included). */
  started?: (job: IngestJob, running: readonly IngestJob[]) => void;
  /** Awaited before the job runs. */
  beforeRun?: (job: IngestJob) => Promise<void>;
}

/**
 * Round robin over accounts, for the queue and the reading slots (check.ts): of the waiting entries that may start,
 * the first of the account whose last start is the oldest (an account not served yet comes first); ties in the order
 * they came.
 */
export class FairTurns {
  private sequence = 0;
  private readonly last = new Map<number, number>();

  /** The index in `waiting` to start next, or -1 when none may. */
  pick<T extends { accountId: number }>(waiting: readonly T[], mayStart: (entry: T) => boolean): number {
    let best = -1;
    let bestAt = Infinity;
    waiting.forEach((entry, i) => {
      const at = this.last.get(entry.accountId) ?? -1;
      if (at < bestAt && mayStart(entry)) {
        best = i;
        bestAt = at;
      }
    });
    return best;
  }

  /**
   * Work-conserving turns: the entry to start next among those under their account's share (`underShare`), by pick;
   * when none is, among all of them (a free place is never left idle while anything waits). -1 when none waits.
   */
  next<T extends { accountId: number }>(waiting: readonly T[], underShare: (entry: T) => boolean): number {
    const fair = this.pick(waiting, underShare);
    return fair >= 0 ? fair : this.pick(waiting, () => true);
  }

  /** Records that the account's entry started now. */
  served(accountId: number): void {
    this.sequence += 1;
    this.last.set(accountId, this.sequence);
  }

  /** Forgets an account with nothing waiting or running (it would come first anyway: never served is oldest). */
  forget(accountId: number): void {
    this.last.delete(accountId);
  }
}

export class IngestQueue {
  readonly limits: IngestLimits;
  readonly hooks: IngestHooks = {};
  private readonly waiting: IngestJob[] = [];
  private readonly active: IngestJob[] = [];
  private stopped = false;
  private idleWaiters: (() => void)[] = [];
  private readonly runs = new Set<Promise<void>>();
  private readonly runner: IngestRunner;
  private readonly turns = new FairTurns();

  constructor(runner: IngestRunner, limits: IngestLimits) {
    this.runner = runner;
    if (limits.workers < 1 || limits.perAccount < 1)
      throw new Error('the ingest pool needs at least one parse');
    this.limits = limits;
  }

  /** Files of the account queued or being stored. */
  ofAccount(accountId: number): number {
    const mine = (j: IngestJob): boolean => j.accountId === accountId;
    return this.waiting.filter(mine).length + this.active.filter(mine).length;
  }
  get size(): number {
    return this.waiting.length + this.active.length;
  }
  get running(): readonly IngestJob[] {
    return this.active;
  }
  get queued(): readonly IngestJob[] {
    return this.waiting;
  }

  /** Whether `count` more files of the account may be queued (null) or why not. */
  refusal(accountId: number, count: number): QueueRefusal | null {
    if (this.ofAccount(accountId) + count > this.limits.queuedPerAccount) return 'account';
    if (this.size + count > this.limits.queuedTotal) return 'total';
    return null;
  }

  /** Queues jobs (after refusal() said yes); they start as soon as the pool and their account's share allow. */
  add(jobs: readonly IngestJob[]): void {
    if (this.stopped) throw new Error('the ingest queue is stopped');
    this.waiting.push(...jobs);
    this.pump();
  }

  /** Resolves once nothing is queued or running. */
  idle(): Promise<void> {
    if (this.size === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  /**
   * Starts nothing more and waits for the running jobs (server shutdown). Jobs still waiting stay recorded as
   * pending ingests: the next start takes them out like any interrupted ingest (failed, re-queueable).
   */
  async stop(): Promise<void> {
    this.stopped = true;
    this.waiting.length = 0;
    await Promise.allSettled([...this.runs]);
  }

  private pump(): void {
    while (!this.stopped && this.active.length < this.limits.workers) {
      const next = this.turns.next(
        this.waiting,
        (j) => this.active.filter((a) => a.accountId === j.accountId).length < this.limits.perAccount,
      );
      if (next < 0) break;
      const [job] = this.waiting.splice(next, 1);
      if (!job) break;
      this.turns.served(job.accountId);
      this.active.push(job);
      this.runner.start(job);
      this.hooks.started?.(job, [...this.active]);
      const done = this.execute(job);
      this.runs.add(done);
      void done.finally(() => this.runs.delete(done));
    }
    if (this.size === 0) {
      const waiters = this.idleWaiters;
      this.idleWaiters = [];
      for (const w of waiters) w();
    }
  }

  private async execute(job: IngestJob): Promise<void> {
    try {
      await this.hooks.beforeRun?.(job);
      await this.runner.run(job);
    } catch {
      // The runner records its own failures (the project marked failed); the pool goes on with the next job.
    } finally {
      this.active.splice(this.active.indexOf(job), 1);
      if (this.ofAccount(job.accountId) === 0) this.turns.forget(job.accountId);
      this.pump();
    }
  }
}

// Turns at SQLite's write lock for the threads that store collector files (issue #41 item 4): an account alone stores
// two files at once, each in a thread of its own connection, and SQLite's waiting is no queue — a connection that
// finds the lock held sleeps 1, 2, 5 … 100 ms between tries (busy_timeout), so the lock stood free while the waiting
// thread slept and the holder, back first, took it again. A storing thread's transactions take a ticket here
// instead and are woken the moment the turn before theirs ends (a ticket lock over shared memory, Atomics.wait), so
// the lock hands over at once, in the order asked, and one thread's work outside its transactions (reading the next
// rows, checkpointing its writes) overlaps the other's writing.
//
// The turn only orders: SQLite's lock still decides, so a turn held too long (a thread that died holding it, a
// transaction longer than STALE_MS) is skipped by the next waiter, which then waits in SQLite's busy handler as
// before. The server's own connection takes no turns (its writes are short and wait on busy_timeout).
import type { DatabaseSync } from 'node:sqlite';

/** A turn that has not moved for this long is skipped (its thread is gone, or its transaction is that long). */
export const STALE_MS = 2000;

/** The shared memory of one set of turns: hand it to every thread that takes them (workerData). */
export const newWriteTurns = (): SharedArrayBuffer => new SharedArrayBuffer(8);

const NEXT = 0;
const SERVING = 1;

export class WriteTurn {
  private readonly cells: Int32Array;
  private ticket = -1;
  private readonly staleMs: number;

  constructor(shared: SharedArrayBuffer, staleMs = STALE_MS) {
    this.cells = new Int32Array(shared, 0, 2);
    this.staleMs = staleMs;
  }

  /** Waits for this thread's turn (FIFO among the threads sharing the memory). */
  acquire(): void {
    const ticket = Atomics.add(this.cells, NEXT, 1);
    this.ticket = ticket;
    let seen = Atomics.load(this.cells, SERVING);
    // A ticket is served once SERVING reaches it (a skipped turn may carry SERVING past it: served too).
    while (((seen - ticket) | 0) < 0) {
      if (Atomics.wait(this.cells, SERVING, seen, this.staleMs) === 'timed-out') {
        // The turn being served has not ended for staleMs: skip it (SQLite's lock still orders the writes).
        Atomics.compareExchange(this.cells, SERVING, seen, seen + 1);
        Atomics.notify(this.cells, SERVING);
      }
      seen = Atomics.load(this.cells, SERVING);
    }
  }

  /** Ends this thread's turn: the next ticket's thread is woken. */
  release(): void {
    const ticket = this.ticket;
    if (ticket < 0) return;
    this.ticket = -1;
    // Past this ticket, unless a skip already moved it further.
    for (;;) {
      const seen = Atomics.load(this.cells, SERVING);
      if (((seen - ticket) | 0) > 0) break;
      if (Atomics.compareExchange(this.cells, SERVING, seen, ticket + 1) === seen) break;
    }
    Atomics.notify(this.cells, SERVING);
  }
}

/**
 * Bytes a connection taking turns writes (as its writers report them, wroteBytes) between two checkpoints of its own:
 * its automatic checkpoint is off (it would run inside COMMIT, within the turn), so it checkpoints (PASSIVE) after its
 * turn, while the next thread writes — about the 8192 pages a store checkpointed after before. What the next thread
 * wrote meanwhile is checkpointed at the start of this one's next turn, before its transaction (a few frames, no
 * other storing thread writing): the WAL is then all in the database, so SQLite starts it over from its beginning
 * instead of growing it (without that step two threads storing in turn grew it to 5 GB for 30 M samples).
 */
export const TURN_CHECKPOINT_BYTES = 24 * 1024 * 1024;

interface TurnState {
  turn: WriteTurn;
  written: number;
  /** Checkpointed after its last turn: the frames written since are checkpointed at the start of the next. */
  catchUp: boolean;
}
const turns = new WeakMap<DatabaseSync, TurnState>();

/**
 * The connection's transactions (store/db.ts transaction) take turns from now on, and it checkpoints its writes
 * itself, between its turns.
 */
export function takeWriteTurns(db: DatabaseSync, turn: WriteTurn): void {
  turns.set(db, { turn, written: 0, catchUp: false });
  db.exec('PRAGMA wal_autocheckpoint = 0');
}

/** Whether the connection takes turns (and checkpoints itself). */
export const takesWriteTurns = (db: DatabaseSync): boolean => turns.has(db);

/** A writer's report of about how many bytes it wrote in the current transaction (for the checkpoints). */
export function wroteBytes(db: DatabaseSync, bytes: number): void {
  const state = turns.get(db);
  if (state) state.written += bytes;
}

/** fn within a write turn of the connection (none taken: fn as it is); a checkpoint after the turn when due. */
export function inWriteTurn<T>(db: DatabaseSync, fn: () => T): T {
  const state = turns.get(db);
  if (!state) return fn();
  state.turn.acquire();
  try {
    if (state.catchUp && !db.isTransaction) {
      state.catchUp = false;
      db.exec('PRAGMA wal_checkpoint(PASSIVE)');
    }
    return fn();
  } finally {
    state.turn.release();
    if (state.written >= TURN_CHECKPOINT_BYTES && !db.isTransaction) {
      state.written = 0;
      db.exec('PRAGMA wal_checkpoint(PASSIVE)');
      state.catchUp = true;
    }
  }
}

/** Inside a transaction of a connection taking turns: lets the threads waiting go first, then goes on (the caller commits before). */
export function yieldWriteTurn(db: DatabaseSync): void {
  const state = turns.get(db);
  if (!state) return;
  state.turn.release();
  state.turn.acquire();
}

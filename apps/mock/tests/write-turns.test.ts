// The write turns of the storing threads (store/write-turn.ts): threads that write one transaction after another on
// connections of their own get SQLite's write lock in turn, in the order asked, handed over at once — where SQLite's
// busy waiting alone lets the thread that just committed take the lock again while the other sleeps. A turn that
// does not end (its thread gone) is skipped after a while: the turns order, SQLite's lock still decides.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { Worker } from 'node:worker_threads';
import { afterAll, describe, expect, it } from 'vitest';
import { transaction } from '../src/store/db.ts';
import {
  TURN_CHECKPOINT_BYTES,
  WriteTurn,
  newWriteTurns,
  takeWriteTurns,
  wroteBytes,
} from '../src/store/write-turn.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'write-turns-'));
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

let files = 0;
function database(): string {
  files += 1;
  const file = path.join(dir, `turns-${String(files)}.db`);
  const db = new DatabaseSync(file);
  db.exec('PRAGMA journal_mode = WAL; CREATE TABLE writes (who INTEGER NOT NULL);');
  db.close();
  return file;
}

/** Two threads writing `rounds` transactions each at once: who wrote, in the order written. */
async function writeAtOnce(turns: SharedArrayBuffer | undefined, rounds = 60): Promise<number[]> {
  const dbPath = database();
  const barrier = new SharedArrayBuffer(4);
  await Promise.all(
    [1, 2].map(
      (who) =>
        new Promise<void>((resolve, reject) => {
          const worker = new Worker(new URL('./fixtures/workers/turn-writer.ts', import.meta.url), {
            workerData: { dbPath, who, rounds, holdMs: 3, threads: 2, barrier, turns },
          });
          worker.once('message', () => {
            resolve();
          });
          worker.once('error', reject);
        }),
    ),
  );
  const db = new DatabaseSync(dbPath);
  const order = (db.prepare('SELECT who FROM writes ORDER BY rowid').all() as { who: number }[]).map(
    (r) => r.who,
  );
  db.close();
  return order;
}

/** Transactions after which the other thread wrote next. */
const handovers = (order: number[]): number => order.filter((who, i) => i > 0 && who !== order[i - 1]).length;

describe('write turns', () => {
  it('hand the write lock over to the other storing thread after every transaction', async () => {
    const order = await writeAtOnce(newWriteTurns());
    expect(order).toHaveLength(120);
    // In the order asked: once both wait, every transaction is followed by the other thread's (the first may run
    // before the other thread has asked, the last ones after it is done).
    expect(handovers(order)).toBeGreaterThanOrEqual(order.length - 4);
  });

  it('SQLite alone lets the thread that just committed write again and again (why the turns)', async () => {
    const order = await writeAtOnce(undefined);
    expect(order).toHaveLength(120);
    expect(handovers(order)).toBeLessThan(order.length / 2);
  });

  it('are taken in the order asked, one at a time', () => {
    const shared = newWriteTurns();
    const a = new WriteTurn(shared);
    const b = new WriteTurn(shared);
    a.acquire();
    a.release();
    b.acquire();
    b.release();
    // Released twice, or without a turn: nothing moves.
    b.release();
    a.acquire();
    a.release();
    expect([...new Int32Array(shared)]).toEqual([3, 3]);
  });

  it('skip a turn that does not end (its thread gone) after staleMs, and the skipped thread goes on', () => {
    const shared = newWriteTurns();
    const gone = new WriteTurn(shared);
    gone.acquire();
    const next = new WriteTurn(shared, 50);
    const started = performance.now();
    next.acquire();
    expect(performance.now() - started).toBeGreaterThanOrEqual(45);
    next.release();
    // The thread of the skipped turn ends it late: no turn after it is skipped for that.
    gone.release();
    const third = new WriteTurn(shared, 10_000);
    const again = performance.now();
    third.acquire();
    third.release();
    expect(performance.now() - again).toBeLessThan(1000);
  });

  it('make a connection checkpoint its writes itself, after its turn, once it has written enough', () => {
    const file = database();
    const db = new DatabaseSync(file);
    takeWriteTurns(db, new WriteTurn(newWriteTurns()));
    expect(db.prepare('PRAGMA wal_autocheckpoint').get()).toEqual({ wal_autocheckpoint: 0 });
    // The WAL's frames and those copied into the database so far (NOOP: asking checkpoints nothing).
    const logged = (): { log: number; checkpointed: number } =>
      db.prepare('PRAGMA wal_checkpoint(NOOP)').get() as unknown as { log: number; checkpointed: number };
    transaction(db, () => {
      db.prepare('INSERT INTO writes (who) VALUES (1)').run();
      wroteBytes(db, TURN_CHECKPOINT_BYTES - 1);
    });
    const before = logged();
    expect(before.checkpointed).toBeLessThan(before.log);
    transaction(db, () => {
      db.prepare('INSERT INTO writes (who) VALUES (2)').run();
      wroteBytes(db, 1);
    });
    const after = logged();
    expect(after.checkpointed).toBe(after.log);
    db.close();
  });

  it('start the WAL over once their checkpoints caught up, while another storing thread writes in between', () => {
    const file = database();
    const shared = newWriteTurns();
    const mine = new DatabaseSync(file);
    const other = new DatabaseSync(file);
    takeWriteTurns(mine, new WriteTurn(shared));
    takeWriteTurns(other, new WriteTurn(shared));
    const logged = (): number =>
      (mine.prepare('PRAGMA wal_checkpoint(NOOP)').get() as unknown as { log: number }).log;
    const rows = (db: DatabaseSync, n: number, bytes = 0): void => {
      transaction(db, () => {
        const insert = db.prepare('INSERT INTO writes (who) VALUES (?)');
        for (let i = 0; i < n; i++) insert.run(i);
        wroteBytes(db, bytes);
      });
    };
    // Past the bytes: checkpointed after the turn; the other thread's transaction then lands after the copied frames.
    rows(mine, 20_000, TURN_CHECKPOINT_BYTES);
    rows(other, 2000);
    const grown = logged();
    // The next turn checkpoints what the other wrote first, so its own transaction starts the WAL over.
    rows(mine, 1);
    expect(logged()).toBeLessThan(grown / 4);
    mine.close();
    other.close();
  });
});

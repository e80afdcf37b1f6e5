import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it, vi } from 'vitest';
import {
  END_WRITE_ATTEMPTS,
  END_WRITE_RETRY_MS,
  ingestRunner,
  isDatabaseBusy,
  writeWhenFree,
} from '../src/ingest/runner.ts';
import type { Repo } from '../src/store/repo.ts';
import { FileStore } from '../src/store/files.ts';
import type { IngestJob } from '../src/ingest/queue.ts';

// A job's last write (the run done, or taken out) while storing threads hold SQLite's one write lock past the server
// connection's busy_timeout: tried again, so a stored file is not taken out for a busy moment and a failed one is not
// left Processing.

/** SQLite's own "database is locked", from a second connection while the first holds the write lock. */
function sqliteBusyError(): Error {
  const file = path.join(tmpdir(), `busy-${String(process.pid)}-${String(Date.now())}.db`);
  const holder = new DatabaseSync(file);
  const other = new DatabaseSync(file);
  try {
    holder.exec('PRAGMA journal_mode = WAL; CREATE TABLE t (x)');
    other.exec('PRAGMA busy_timeout = 0');
    holder.exec('BEGIN IMMEDIATE');
    try {
      other.exec('INSERT INTO t VALUES (1)');
    } catch (error) {
      return error as Error;
    }
    throw new Error('the second connection wrote while the first held the lock');
  } finally {
    holder.close();
    other.close();
    for (const suffix of ['', '-wal', '-shm']) rmSync(file + suffix, { force: true });
  }
}

describe("a job's last write while the database is locked", () => {
  it("recognises SQLite's busy answer, and nothing else, as busy", () => {
    expect(isDatabaseBusy(sqliteBusyError())).toBe(true);
    expect(isDatabaseBusy(new Error('no such table: t'))).toBe(false);
    expect(isDatabaseBusy('database is locked')).toBe(false);
  });

  it('tries a busy write again until it goes through; any other error at once; busy to the last attempt, then throws', async () => {
    const busy = sqliteBusyError();
    const waits: number[] = [];
    const wait = (ms: number) => {
      waits.push(ms);
      return Promise.resolve();
    };
    let calls = 0;
    await writeWhenFree(() => {
      calls += 1;
      if (calls < 3) throw busy;
    }, wait);
    expect(calls).toBe(3);
    expect(waits).toEqual([END_WRITE_RETRY_MS, END_WRITE_RETRY_MS]);

    const other = new Error('no such table: t');
    let otherCalls = 0;
    await expect(
      writeWhenFree(() => {
        otherCalls += 1;
        throw other;
      }, wait),
    ).rejects.toBe(other);
    expect(otherCalls).toBe(1);

    let busyCalls = 0;
    await expect(
      writeWhenFree(() => {
        busyCalls += 1;
        throw busy;
      }, wait),
    ).rejects.toBe(busy);
    expect(busyCalls).toBe(END_WRITE_ATTEMPTS);
  });

  it('a stored run whose "done" meets a busy database is done, not taken out; a failed one is taken out once free', async () => {
    vi.useFakeTimers();
    try {
      const busy = sqliteBusyError();
      let doneCalls = 0;
      let abandonCalls = 0;
      const fakeRepo = {
        pendingIngest: () => ({ file_id: 'f1' }),
        upload: (id: string) => (id === 'f1' ? { file_name: 'servers.csv', stored_path: 'x' } : undefined),
        ingestDone: () => {
          doneCalls += 1;
          if (doneCalls < 3) throw busy;
        },
        abandonIngest: () => {
          abandonCalls += 1;
          if (abandonCalls < 2) throw busy;
        },
        ingestRunning: () => undefined,
      };
      // No file is stored (not an .iokit upload): the runner never opens the files or the database.
      const files = new FileStore(mkdtempSync(path.join(tmpdir(), 'end-write-')));
      const runnerOf = (repo: unknown) =>
        ingestRunner({ repo: repo as Repo, files, dbPath: ':memory:', inline: true });
      const job = (runId: number): IngestJob => ({ runId, accountId: 1 });
      const stored = runnerOf(fakeRepo).run(job(7));
      await vi.advanceTimersByTimeAsync(END_WRITE_RETRY_MS * 2);
      await stored;
      expect(doneCalls).toBe(3);
      expect(abandonCalls).toBe(0);

      // A run whose upload is gone fails: it is taken out, once the database is free.
      const failing = runnerOf({ ...fakeRepo, upload: () => undefined }).run(job(8));
      const outcome = failing.catch((error: unknown) => error);
      await vi.advanceTimersByTimeAsync(END_WRITE_RETRY_MS);
      expect(await outcome).toBeInstanceOf(Error);
      expect(abandonCalls).toBe(2);
    } finally {
      vi.useRealTimers();
    }
  });
});

// A collector file's header of thousands of hosts is committed in parts (issue #32: ten hostile uploads at once kept
// the server's own writes waiting on one long header transaction): every HEADER_HOSTS_PER_TRANSACTION hosts the
// store commits, unless it runs inside its caller's transaction (the seed), where the header goes in whole.
import { describe, expect, it } from 'vitest';
import { openDatabase, transaction } from '../src/store/db.ts';
import { HEADER_HOSTS_PER_TRANSACTION, RunStore, SeriesWriter } from '../src/series/store.ts';
import { hostileRecords } from '../bench/hostile-file.ts';
import type { CollectorHeader } from '../src/collector-file/records.ts';
import { freshDataDir } from './helpers.ts';

const HOSTS = 1_200;
const header = hostileRecords(HOSTS)[0] as CollectorHeader;

describe('a large header', () => {
  const db = openDatabase(freshDataDir());
  // A seeded run without series of its own (the last seeded run, the vSphere estate's, has some).
  const runId = (
    db
      .prepare(
        'SELECT MAX(id) AS id FROM collector_runs r WHERE NOT EXISTS (SELECT 1 FROM series_hosts h WHERE h.run_id = r.id)',
      )
      .get() as { id: number }
  ).id;
  const hostsOf = (): number =>
    (db.prepare('SELECT COUNT(*) AS n FROM series_hosts WHERE run_id = ?').get(runId) as { n: number }).n;

  it('is written 500 hosts per transaction', () => {
    expect(HEADER_HOSTS_PER_TRANSACTION).toBe(500);
    const breaths: number[] = [];
    transaction(db, () => {
      new SeriesWriter(db, runId).writeHeader(header, () => breaths.push(hostsOf()));
    });
    // After hosts 500 and 1,000: two commits, each after a whole part.
    expect(breaths).toEqual([500, 1_000]);
  });

  it('is stored whole by the run store, which commits between the parts', () => {
    const store = new RunStore(db, runId, 1_000);
    store.begin();
    const commits: boolean[] = [];
    const exec = db.exec.bind(db);
    db.exec = (sql: string) => {
      if (sql === 'COMMIT') commits.push(true);
      exec(sql);
    };
    try {
      store.record(header);
    } finally {
      db.exec = exec;
    }
    expect(hostsOf()).toBe(HOSTS);
    // Two commits between the parts and the last one.
    expect(commits).toHaveLength(3);
    expect(db.isTransaction).toBe(false);
  });

  it("goes in whole inside the caller's transaction (the seed), which stays open", () => {
    const store = new RunStore(db, runId, 1_000);
    store.begin();
    db.exec('BEGIN IMMEDIATE');
    try {
      store.record(header);
      expect(db.isTransaction).toBe(true);
      expect(hostsOf()).toBe(HOSTS);
    } finally {
      db.exec('ROLLBACK');
    }
  });
});

// Issue #32 (a): every query of the ingest path (upload → queue → inventory → series store) reads through an index.
// A 20 000-host file with one sample took 33 s to queue, because a host was matched to its server row by
// (run_id, name) through an index on run_id only: a lookup per server scanning the whole run, quadratic in the
// hosts of the file. Here every statement the server prepares while a collector file is uploaded and queued is
// run through EXPLAIN QUERY PLAN: none may scan a whole table, and a lookup matched on columns of the outer row
// (a correlated subquery or a join, `a.x = b.y`) must use an index over all of those columns.
import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { IdEnvelope, UploadedFileResponse } from '@assessment/sdk';
import { generateCollectorRecords, writeCollectorFile } from '../src/collector-file/index.ts';
import { loadConfig } from '../src/config.ts';
import { signedIn, startServer, type TestServer } from './helpers.ts';

let t: TestServer;
const prepared: string[] = [];
let ingestStatements: string[] = [];

beforeAll(async () => {
  // Record the SQL of every statement prepared from the start (the repository caches its statements, so a
  // statement of the ingest path is first prepared on the ingest path).
  // Called with the database as this (below), as the spied method would be.
  // eslint-disable-next-line @typescript-eslint/unbound-method
  const original = DatabaseSync.prototype.prepare;
  vi.spyOn(DatabaseSync.prototype, 'prepare').mockImplementation(function (this: DatabaseSync, sql: string) {
    prepared.push(sql);
    return original.call(this, sql);
  });
  // The file stored on the server's own connection (not in a worker thread), so its statements are recorded here.
  t = await startServer({ ingest: { ...loadConfig({}, []).ingest, inline: true } });
  const c = await signedIn(t, 'staff@dell.example');
  const from = prepared.length;
  const form = new FormData();
  const file = writeCollectorFile(
    generateCollectorRecords({ hosts: 4, days: 10 / 1440, intervalSeconds: 60, seed: 3 }),
  );
  form.append('file', new Blob([file]), 'plan.iokit');
  const up = await c.json<UploadedFileResponse>('POST', '/upload-service/iokit/file', { body: form });
  expect(up.body.FileId).toBeTruthy();
  const queued = await c.json<IdEnvelope>('POST', '/upload-service/api/iokitqueue', {
    json: {
      ActionForEmail: null,
      ActionForUserId: null,
      ContainsSiokit: false,
      ExistingCompanyID: null,
      iokits: [up.body],
      isNewUser: false,
      NewCompanyId: null,
      NewCompanyName: null,
      NewFirstName: null,
      NewLastName: null,
      NewProjectName: 'Plan check',
      NewSendEmail: false,
      SelectedProjectId: null,
    },
  });
  expect(queued.status).toBe(200);
  // The file is stored in the background (issue #32): its statements are recorded until the ingest is done.
  await t.server.ctx.ingest.idle();
  ingestStatements = [...new Set(prepared.slice(from))].filter((sql) =>
    /^\s*(SELECT|INSERT|UPDATE|DELETE|WITH)\b/i.test(sql),
  );
  vi.restoreAllMocks();
});
afterAll(async () => t.close());

/** EXPLAIN QUERY PLAN of sql (parameters bound to NULL: the plan does not depend on their values). */
function planOf(sql: string): string[] {
  const stmt = t.server.ctx.repo.db.prepare(`EXPLAIN QUERY PLAN ${sql}`);
  const params = (sql.match(/\?/g) ?? []).map(() => null);
  return (stmt.all(...params) as { detail: string }[]).map((r) => r.detail);
}

/** The columns a statement matches between two tables (`a.x = b.y`): x and y. */
function joinColumns(sql: string): string[][] {
  return [...sql.matchAll(/\b\w+\.(\w+)\s*=\s*\w+\.(\w+)\b/g)].map((m) => [m[1] ?? '', m[2] ?? '']);
}

describe('ingest-path queries (issue #32)', () => {
  it('records the statements of the upload and queue, among them the inventory and series writes', () => {
    const text = ingestStatements.join('\n');
    for (const table of ['servers', 'series_hosts', 'series_chunks', 'series_run_totals', 'collector_runs'])
      expect(text, table).toContain(table);
    expect(text).toMatch(/UPDATE servers SET iops/);
  });

  it('no statement scans a whole table', () => {
    const scans = ingestStatements.flatMap((sql) =>
      planOf(sql)
        .filter((d) => /^SCAN (?!CONSTANT ROW|\d+-ROW VALUES CLAUSE)/.test(d))
        .map((d) => `${d}  ←  ${sql.replace(/\s+/g, ' ').slice(0, 160)}`),
    );
    expect(scans).toEqual([]);
  });

  it('a lookup matched on the outer row uses an index over every matched column', () => {
    const weak: string[] = [];
    for (const sql of ingestStatements) {
      const pairs = joinColumns(sql);
      if (pairs.length === 0) continue;
      const searches = planOf(sql).filter((d) => d.startsWith('SEARCH '));
      for (const [a, b] of pairs)
        if (!searches.some((d) => d.includes(`${a ?? ''}=?`) || d.includes(`${b ?? ''}=?`)))
          weak.push(
            `${a ?? ''}/${b ?? ''}: ${searches.join(' | ')}  ←  ${sql.replace(/\s+/g, ' ').slice(0, 160)}`,
          );
    }
    expect(weak).toEqual([]);
  });

  it('matches a run’s hosts to its servers by (run_id, name) through the index', () => {
    const sql = ingestStatements.find((s) => /UPDATE servers SET iops/.test(s)) ?? '';
    expect(planOf(sql).join('\n')).toMatch(/USING INDEX series_hosts_run_name \(run_id=\? AND name=\?\)/);
  });
});

// The demo API against the contract: a fixed seed and budget, every operation, the four kinds of caller.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Engine, type Report } from '../src/engine.ts';
import { DEMO_CALLERS, startDemo, type Demo } from './demo.ts';

let demo: Demo;
let report: Report;
let before: { table: string; id: unknown; row: string }[];

beforeAll(async () => {
  demo = await startDemo();
  before = snapshot(demo);
  report = await new Engine({
    baseUrl: demo.url,
    callers: DEMO_CALLERS,
    seed: 2026,
    budget: 3,
    accountWrites: true,
  }).run();
});
afterAll(async () => {
  await demo.close();
});

describe('the demo API conforms to the contract', () => {
  it('has zero disagreements', () => {
    const lines = report.findings.map((f) => `${f.operationId} [${f.caller}] ${f.check}: ${f.message}`);
    expect(lines).toEqual([]);
  });

  it('exercises every operation of the contract', () => {
    const exercised = new Set(report.operations.filter((o) => o.requests > 0).map((o) => o.operationId));
    const missing = demo.server.contract.operations
      .map((o) => o.operationId)
      .filter((id) => id !== 'signIn' && !exercised.has(id));
    expect(missing).toEqual([]);
    expect(report.requests).toBeGreaterThan(800);
  });

  it('follows created ids: a created project is read, changed and deleted', () => {
    const projects = report.sequences.filter((q) => q.kind === 'project');
    expect(projects.length).toBeGreaterThan(0);
    // A read is any GET of the contract answered 200 for that project (the project, its viewer data or series…).
    const reads = new Set(
      demo.server.contract.operations.filter((o) => o.method === 'GET').map((o) => o.operationId),
    );
    const readOk = (q: (typeof projects)[number]) =>
      q.steps.some((st) => reads.has(st.operationId) && st.status === 200);
    const full = projects.find((q) => {
      const ok = (id: string) => q.steps.some((st) => st.operationId === id && st.status === 200);
      return readOk(q) && ok('renameObject') && ok('deleteProject');
    });
    expect(
      full,
      JSON.stringify(projects.map((q) => q.steps.map((st) => `${st.operationId}:${String(st.status)}`))),
    ).toBeDefined();
    const order = full?.steps.map((st) => st.operationId) ?? [];
    expect(order[0]).toMatch(/^createProject/);
    const firstRead = full?.steps.findIndex((st) => reads.has(st.operationId) && st.status === 200) ?? -1;
    expect(firstRead).toBeGreaterThan(0);
    expect(firstRead).toBeLessThan(order.indexOf('renameObject'));
    expect(order.indexOf('renameObject')).toBeLessThan(order.lastIndexOf('deleteProject'));
  });

  it('changes nothing it did not create (projects, runs, teams)', () => {
    // Rows that existed before the run (whatever the run created itself may change).
    const existed = new Set(before.map((row) => `${row.table}:${String(row.id)}`));
    const after = snapshot(demo).filter((row) => existed.has(`${row.table}:${String(row.id)}`));
    expect(after).toEqual(before);
  });
});

function snapshot(d: Demo): { table: string; id: unknown; row: string }[] {
  return ['projects', 'collector_runs', 'teams'].flatMap((table) =>
    d.server.ctx.repo
      .all<Record<string, unknown>>(`SELECT * FROM ${table} ORDER BY id`)
      .map((row) => ({ table, id: row.id, row: JSON.stringify(row) })),
  );
}

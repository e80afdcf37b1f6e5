// Planting faults: the demo API with one fault at a time (a hook that rewrites one operation's answers or answers
// in its place), run through the engine for that operation only, at each of PLANT_SEEDS on one server. A planted fault must be reported by exactly its operation and check class at each of those seeds, and
// the same runs without the fault must report nothing.
import { expect } from 'vitest';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { DemoServer } from '../../../apps/mock/src/http/server.ts';
import { Engine, type CheckName, type Report } from '../src/engine.ts';
import { DEMO_CALLERS, TODAY_SEED, startDemo } from './demo.ts';

/** The seeds every planted fault runs at: the one its test was written with, seed 1 and today's CI seed. */
export const PLANT_SEEDS: readonly number[] = [11, 1, TODAY_SEED];

export interface Fault {
  name: string;
  operationId: string;
  check: CheckName;
  plant: (server: DemoServer) => void;
  callers?: string[];
  /** The operations run (default: the fault's operation only), e.g. the creation a deletion needs. */
  operations?: string[];
  /** Negative cases per caller (default: the budget); all of an operation's violations when large. */
  negatives?: number;
  /** What a finding of the fault says (the case that met it). */
  says?: RegExp;
}

type OnSend = (request: FastifyRequest, reply: FastifyReply, payload: string) => string;

/** Rewrites the answers of one operation (after its handler ran). */
export function mutate(operationId: string, fn: OnSend): (server: DemoServer) => void {
  return (server) => {
    server.app.addHook('onSend', async (request, reply, payload) =>
      request.operation?.operationId === operationId && typeof payload === 'string'
        ? fn(request, reply, payload)
        : payload,
    );
  };
}

/** A JSON answer changed in place. */
export function edit(payload: string, change: (body: Record<string, unknown>) => void): string {
  const body = JSON.parse(payload) as Record<string, unknown>;
  change(body);
  return JSON.stringify(body);
}

/** Rewrites one query parameter of an operation before the demo API validates it (a rule the server lost). */
export function rewriteQuery(
  operationId: string,
  name: string,
  change: (v: string) => string | undefined,
): (server: DemoServer) => void {
  return (server) => {
    server.app.addHook('preValidation', (request, _reply, done) => {
      const query = request.query as Record<string, unknown>;
      const v = query[name];
      if (request.operation?.operationId === operationId && typeof v === 'string') {
        const next = change(v);
        if (next !== undefined) query[name] = next;
      }
      done();
    });
  };
}

/** An envelope answer sent in place of the handler's. */
export function envelope(status: number, key: string | null, data: unknown = null): Record<string, unknown> {
  return { StatusCode: status, ResourceKey: key, ErrorState: null, Message: null, Data: data };
}

/** The runs of the fault's operations at every CI seed, one after the other on one demo API. */
async function runOn(
  fault: Pick<Fault, 'operationId' | 'callers' | 'negatives' | 'operations'>,
  plant?: Fault['plant'],
): Promise<Report[]> {
  const demo = await startDemo(plant);
  try {
    const callers = DEMO_CALLERS.filter((c) => !fault.callers || fault.callers.includes(c.name));
    const reports: Report[] = [];
    for (const seed of PLANT_SEEDS)
      reports.push(
        await new Engine({
          baseUrl: demo.url,
          callers,
          seed,
          budget: 2,
          ...(fault.negatives !== undefined ? { negatives: fault.negatives } : {}),
          operations: fault.operations ?? [fault.operationId],
        }).run(),
      );
    return reports;
  } finally {
    await demo.close();
  }
}

const lines = (report: Report): string[] =>
  report.findings.map(
    (f) => `seed ${String(report.seed)}: ${f.operationId} [${f.caller}] ${f.check}: ${f.message}`,
  );

/** The fault is reported by its operation and check class at every CI seed, and by nothing else. */
export async function expectReported(fault: Fault): Promise<void> {
  for (const report of await runOn(fault, fault.plant)) {
    const hits = report.findings.filter(
      (f) => f.operationId === fault.operationId && f.check === fault.check,
    );
    expect(
      hits.length,
      `seed ${String(report.seed)}\n${lines(report).slice(0, 5).join('\n')}`,
    ).toBeGreaterThan(0);
    if (fault.says) expect(hits.map((f) => f.message).join('\n')).toMatch(fault.says);
    // Only the planted fault's operation disagrees.
    expect(report.findings.filter((f) => f.operationId !== fault.operationId)).toEqual([]);
  }
}

/** Without any fault, the same runs (every operation and caller set of the faults, every CI seed) report nothing. */
export async function expectClean(faults: readonly Fault[]): Promise<void> {
  const seen = new Set<string>();
  for (const fault of faults) {
    const key = `${String(fault.operations ?? fault.operationId)} ${String(fault.callers)} ${String(fault.negatives)}`;
    if (seen.has(key)) continue;
    seen.add(key);
    expect((await runOn(fault)).flatMap(lines), fault.operationId).toEqual([]);
  }
}

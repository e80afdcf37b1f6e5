// The figures mode against the demo API: every figure of the shipped reference files as the package's own reference
// computes it, and each planted figure fault (a hook rewriting the demo's answers as a server with that fault would
// answer) caught by the figure it changes.
import { describe, expect, it } from 'vitest';
import type { FastifyRequest } from 'fastify';
import type { DemoServer } from '../../../apps/mock/src/http/server.ts';
import { Contract } from '../src/contract.ts';
import { runFigures } from '../src/figures/mode.ts';
import { figureRecords } from '../src/figures/files.ts';
import { figureText, figuresHtml, figuresJunit, figuresSummary } from '../src/figures/report.ts';
import type { FiguresReport } from '../src/types.ts';
import { DEMO_CALLERS, startDemo } from './demo.ts';
import { edit, mutate } from './plant.ts';

const contract = Contract.load();
const user = DEMO_CALLERS.find((c) => c.name === 'end user');

async function figuresOn(
  files: string[] | undefined,
  ...plants: ((s: DemoServer) => void)[]
): Promise<FiguresReport> {
  const demo = await startDemo((server) => {
    for (const plant of plants) plant(server);
  });
  try {
    return await runFigures({
      baseUrl: demo.url,
      contract,
      email: user?.email ?? '',
      password: user?.password ?? '',
      ...(files ? { files } : {}),
    });
  } finally {
    await demo.close();
  }
}

const failing = (r: FiguresReport): string[] =>
  r.figures.filter((l) => !l.ok).map((l) => `${l.file} ${l.figure}`);

type Body = Record<string, unknown>;
type Figs = { Peak: number | null; P95: number | null; Average: number | null };

/** Another read of the same project by the same caller, inside a planted hook (the planted answers included). */
async function read(server: DemoServer, request: FastifyRequest, path: string): Promise<Body> {
  const id = (request.params as { id: string }).id;
  const r = await server.app.inject({
    method: 'GET',
    url: `/api/projects/${id}/${path}`,
    headers: { cookie: request.headers.cookie ?? '' },
  });
  return r.json();
}

/** A summary answer rewritten after the handler (async: it may read the project again). */
function plantSummary(
  change: (server: DemoServer, request: FastifyRequest, body: Body) => Promise<void> | void,
  operationId = 'getProjectSeriesSummary',
): (server: DemoServer) => void {
  return (server) => {
    server.app.addHook('onSend', async (request, _reply, payload) => {
      if (request.operation?.operationId !== operationId || typeof payload !== 'string') return payload;
      const body = JSON.parse(payload) as Body;
      await change(server, request, body);
      return JSON.stringify(body);
    });
  };
}

describe('the figures mode', () => {
  it('finds every figure of the reference files in the demo API', async () => {
    const report = await figuresOn(undefined);
    expect(report.figures.filter((l) => !l.ok).map(figureText)).toEqual([]);
    expect(report.files.map((f) => f.file)).toEqual(['one-host', 'offset-hosts', 'gaps-unknown', 'vsphere']);
    for (const f of report.files)
      for (const op of ['getProjectSeries', 'getProjectSeriesSummary', 'getProjectSizing'])
        expect(
          report.figures.filter((l) => l.file === f.file && l.operationId === op).length,
          `${f.file} ${op}`,
        ).toBeGreaterThan(4);
    // One line per figure in every report, with expected, got and the tolerance.
    const summary = figuresSummary(report);
    expect(summary).toContain('✓ one-host getProjectSeriesSummary TotalIops.P95: expected ');
    // A heading, one line per figure, the verdict.
    const body = summary.split('\n').slice(1, -1);
    expect(body.length).toBe(report.figures.length);
    expect(body.every((l) => l.startsWith('✓ ') && /: expected .*, got .* \(.+\)$/.test(l))).toBe(true);
    expect(summary.split('\n').at(-1)).toBe(
      `✓ every figure as the reference computes it (${String(report.figures.length)})`,
    );
    expect(figuresJunit(report).match(/<testcase /g)?.length).toBe(report.figures.length);
    expect(figuresHtml(report).match(/<tr class="ok">/g)?.length).toBe(report.figures.length);
    console.log(
      `figures: ${String(report.figures.length)} figures in ${(report.durationMs / 1000).toFixed(1)} s`,
    );
  });

  it('catches totals added only where timestamps match', async () => {
    // What a server adding the samples that share a timestamp answers: the hosts never share one.
    const byTime = new Map<number, number>();
    for (const s of figureRecords('offset-hosts').filter((r) => r.type === 'sample')) {
      const disks = s.disks as Record<string, { readIops: number; writeIops: number }>;
      const whole = disks.sda ?? disks.nvme0n1;
      byTime.set(
        Number(s.tMs),
        (byTime.get(Number(s.tMs)) ?? 0) + (whole?.readIops ?? 0) + (whole?.writeIops ?? 0),
      );
    }
    const values = [...byTime.values()].sort((a, b) => a - b);
    const naive = {
      Peak: values.at(-1) ?? null,
      P95: values[Math.ceil(0.95 * values.length) - 1] ?? null,
      Average: values.reduce((a, b) => a + b, 0) / values.length,
    };
    const report = await figuresOn(
      ['offset-hosts'],
      mutate('getProjectSeriesSummary', (_req, _reply, payload) =>
        edit(payload, (b) => {
          b.TotalIops = { ...(b.TotalIops as Body), ...naive };
        }),
      ),
    );
    expect(failing(report)).toEqual(
      expect.arrayContaining(['offset-hosts TotalIops.Peak', 'offset-hosts TotalIops.Average']),
    );
  });

  it('catches an interpolated p95 instead of the nearest rank', async () => {
    const report = await figuresOn(
      ['one-host'],
      plantSummary(async (server, request, body) => {
        const series = await read(server, request, 'series?metric=readIops&metric=writeIops&points=2000');
        const [r, w] = (series.Series as { Avg: (number | null)[] }[]).map((s) => s.Avg);
        const totals = (r ?? []).map((x, i) => (x ?? 0) + (w?.[i] ?? 0)).sort((a, b) => a - b);
        // Linear interpolation between the ranks around 0.95 × (n − 1): a value nobody measured.
        const pos = 0.95 * (totals.length - 1);
        const lo = totals[Math.floor(pos)] ?? 0;
        const hi = totals[Math.ceil(pos)] ?? 0;
        (body.TotalIops as Figs).P95 = lo + (hi - lo) * (pos - Math.floor(pos));
      }),
    );
    expect(failing(report)).toEqual(['one-host TotalIops.P95']);
  });

  it('catches series buckets said to start where their first interval ended', async () => {
    // A server stating each bucket by its first label (the end of its first interval, as the demo once did): on this
    // file of 60 s samples every bucket is one interval, so each is said to start one bucket late.
    const report = await figuresOn(
      ['one-host'],
      mutate('getProjectSeries', (_req, _reply, payload) =>
        edit(payload, (b) => {
          b.Times = (b.Times as number[]).map((t) => t + Number(b.BucketSeconds));
        }),
      ),
    );
    expect(failing(report)).toEqual(
      expect.arrayContaining(['one-host series buckets holding every grid bucket of the file']),
    );
    expect(failing(report).every((f) => f.startsWith('one-host series '))).toBe(true);
  });

  it('catches GB shown as GiB', async () => {
    const report = await figuresOn(
      ['one-host'],
      mutate('getProjectSizing', (_req, _reply, payload) =>
        edit(payload, (b) => {
          for (const t of b.Totals as { Unit: string; Basis: number; Required: number }[])
            if (t.Unit === 'gibibytes') {
              t.Basis = Math.round((t.Basis * 2 ** 30) / 1e8) / 10;
              t.Required = Math.round((t.Required * 2 ** 30) / 1e8) / 10;
            }
        }),
      ),
    );
    expect(failing(report)).toEqual(
      expect.arrayContaining(['one-host Totals[memory].Basis', 'one-host Totals[capacity].Basis']),
    );
  });

  it('catches latency taken from intervals under 100 IOPS', async () => {
    const report = await figuresOn(
      ['gaps-unknown'],
      mutate('getProjectSeriesSummary', (_req, _reply, payload) =>
        edit(payload, (b) => {
          const latency = (b.Metrics as ({ Metric: string } & Figs)[]).find((m) => m.Metric === 'latency');
          Object.assign(latency ?? {}, b.LatencyAllIntervals as Figs, { Unit: 'milliseconds' });
        }),
      ),
    );
    expect(failing(report)).toEqual(expect.arrayContaining(['gaps-unknown Metrics[latency].Peak']));
  });

  it('catches unknown used capacity taken as 0', async () => {
    const report = await figuresOn(
      ['gaps-unknown'],
      mutate('getProjectSeriesSummary', (_req, _reply, payload) =>
        edit(payload, (b) => {
          for (const c of b.Capacity as {
            UsedBytes: number | null;
            FreeBytes: number | null;
            CapacityBytes: number;
          }[])
            if (c.UsedBytes === null) {
              c.UsedBytes = 0;
              c.FreeBytes = c.CapacityBytes;
            }
        }),
      ),
      plantSummary(async (server, request, body) => {
        // The sizing of such a server: the used space as its (planted) summary says, unknown counted as 0.
        const summary = await read(server, request, 'series/summary');
        const used =
          (summary.Capacity as { UsedBytes: number }[]).reduce((a, c) => a + c.UsedBytes, 0) / 2 ** 30;
        const capacity = (body.Totals as { Resource: string; Basis: number; Required: number }[]).find(
          (t) => t.Resource === 'capacity',
        );
        if (capacity) {
          capacity.Basis = Math.round(used * 10) / 10;
          capacity.Required = Math.ceil(capacity.Basis * 1.3 * 1.331 * 10) / 10;
        }
      }, 'getProjectSizing'),
    );
    expect(failing(report)).toEqual(
      expect.arrayContaining([
        'gaps-unknown Capacity[server fig-gaps-a].UsedBytes',
        'gaps-unknown Totals[capacity].Basis',
      ]),
    );
  });
});

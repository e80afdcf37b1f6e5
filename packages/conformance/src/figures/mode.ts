// The figures mode (`conformance --figures`): what no generic tester can check. It uploads the reference collector
// files shipped in the package through the contract's own upload flow (uploadIokitFile, then queueIokitUpload into
// a new project each), waits until the project's runs are Completed (getProject), reads getProjectSeries,
// getProjectSeriesSummary and getProjectSizing, and compares every figure with the package's own plain
// implementation of docs/collector-format.md and docs/sizing.md (./reference.ts), within a stated tolerance: one
// line per figure, expected against got. The projects it made are deleted at the end.
import { gzipSync } from 'node:zlib';
import type { Contract, Json, Operation } from '../contract.ts';
import { exchange } from '../http.ts';
import type { FigureLine, FiguresReport, Sent } from '../types.ts';
import { FIGURE_FILES, figureRecords } from './files.ts';
import {
  LATENCY_MIN_IOPS,
  METRICS,
  reference,
  type Figures,
  type OwnSizingRef,
  type Reference,
  type SizingSettingsRef,
} from './reference.ts';

export interface FiguresOptions {
  baseUrl: string;
  contract: Contract;
  email: string;
  password: string;
  /** Only these reference files (names without .jsonl); all by default. */
  files?: string[];
  timeoutMs?: number;
  /** How long a file may take from its upload to Completed. */
  ingestTimeoutMs?: number;
  headers?: Record<string, string>;
  log?: (line: string) => void;
}

/** The sizing settings asked for: the documented defaults, sent explicitly so a saved setting changes nothing. */
export const FIGURE_SETTINGS: SizingSettingsRef = { basis: 'p95', headroom: 30, growth: 10, horizon: 3 };

/**
 * Rates, bytes, percent and milliseconds: ±0.005 (answers may carry two decimals; the demo API's do) or ±0.0001 % of
 * the value (the order of floating-point additions may differ), whichever is larger.
 */
const RELATIVE = 1e-6;
const ABSOLUTE = 0.005;
const TOL_RELATIVE = '±0.005 or ±0.0001 %';
/** Sizing figures are rounded (IOPS whole, the rest one decimal): one unit of that precision, for a rounding edge. */
const TOL_UNIT: Record<string, number> = { iops: 1, throughput: 0.1, capacity: 0.1, cores: 0.1, memory: 0.1 };

export class FiguresError extends Error {
  override name = 'FiguresError';
}

export async function runFigures(o: FiguresOptions): Promise<FiguresReport> {
  const started = Date.now();
  const timeoutMs = o.timeoutMs ?? 10_000;
  const log = o.log ?? (() => undefined);
  const op = (id: string): Operation => {
    const found = o.contract.operations.find((x) => x.operationId === id);
    if (!found) throw new FiguresError(`the contract has no ${id} operation, which the figures mode needs`);
    return found;
  };
  const base = o.baseUrl.replace(/\/$/, '');
  let cookie = '';
  const call = (
    id: string,
    path: Record<string, string | number> = {},
    query = '',
    body?: BodyInit,
    headers: Record<string, string> = {},
  ): Promise<Sent> => {
    const x = op(id);
    let p = x.path;
    for (const [k, v] of Object.entries(path)) p = p.replace(`{${k}}`, encodeURIComponent(String(v)));
    return exchange(
      `${base}${x.serverPrefix}${p}${query ? `?${query}` : ''}`,
      x.method,
      { accept: 'application/json', ...o.headers, ...headers, ...(cookie ? { cookie } : {}) },
      body,
      timeoutMs,
    );
  };

  const signedIn = await call('signIn', {}, '', JSON.stringify({ email: o.email, password: o.password }), {
    'content-type': 'application/json',
  });
  cookie = signedIn.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  if (signedIn.status !== 200 || !cookie)
    throw new FiguresError(
      `sign-in of ${o.email} failed (HTTP ${String(signedIn.status)}); the figures mode uploads as --user: pass its password with --password (or CONFORMANCE_PASSWORD)`,
    );

  const lines: FigureLine[] = [];
  const files: FiguresReport['files'] = [];
  const tag = Date.now().toString(36);
  const wanted = FIGURE_FILES.filter((f) => !o.files || o.files.includes(f.file));
  for (const { file } of wanted) {
    const records = figureRecords(file);
    const ref = reference(records, FIGURE_SETTINGS);
    const step = (figure: string, expected: string, got: string): void => {
      lines.push({
        file,
        operationId: figure.split(' ')[0] ?? figure,
        figure,
        expected,
        got,
        tolerance: 'exact',
        ok: false,
      });
    };
    const bytes = gzipSync(records.map((r) => JSON.stringify(r)).join('\n') + '\n');
    const form = new FormData();
    form.append('file', new Blob([bytes], { type: 'application/octet-stream' }), `${file}.iokit`);
    const up = await call('uploadIokitFile', {}, '', form);
    const uploaded = up.body as Json | undefined;
    if (up.status !== 200 || typeof uploaded?.FileId !== 'string' || uploaded.ErrorKey !== null) {
      step(
        'uploadIokitFile',
        'HTTP 200 with a FileId and no ErrorKey',
        `HTTP ${String(up.status)} ${up.text.slice(0, 200)}`,
      );
      files.push({ file, projectId: null });
      continue;
    }
    const queued = await call(
      'queueIokitUpload',
      {},
      '',
      JSON.stringify({
        ActionForEmail: null,
        ActionForUserId: null,
        ContainsSiokit: false,
        ExistingCompanyID: null,
        iokits: [uploaded],
        isNewUser: false,
        NewCompanyId: null,
        NewCompanyName: null,
        NewFirstName: null,
        NewLastName: null,
        NewProjectName: `Conformance figures ${file} ${tag}`,
        NewSendEmail: false,
        SelectedProjectId: null,
      }),
      { 'content-type': 'application/json' },
    );
    const projectId = ((queued.body as Json | undefined)?.Data as Json | undefined)?.Id;
    if (typeof projectId !== 'number') {
      step(
        'queueIokitUpload',
        'a new project (Data.Id)',
        `HTTP ${String(queued.status)} ${queued.text.slice(0, 200)}`,
      );
      files.push({ file, projectId: null });
      continue;
    }
    files.push({ file, projectId });
    const state = await ingested(call, projectId, o.ingestTimeoutMs ?? 120_000);
    if (state !== 'Completed') {
      step('getProject', 'every collector run Completed', state);
      continue;
    }
    log(`${file}: project ${String(projectId)} ingested`);
    const series = await call('getProjectSeries', { id: projectId }, 'points=2000');
    const summary = await call('getProjectSeriesSummary', { id: projectId }, 'top=50');
    const s = FIGURE_SETTINGS;
    const sizing = await call(
      'getProjectSizing',
      { id: projectId },
      `basis=${s.basis}&headroom=${String(s.headroom)}&growth=${String(s.growth)}&horizon=${String(s.horizon)}`,
    );
    for (const [id, r] of [
      ['getProjectSeries', series],
      ['getProjectSeriesSummary', summary],
      ['getProjectSizing', sizing],
    ] as const)
      if (r.status !== 200) step(id, 'HTTP 200', `HTTP ${String(r.status)} ${r.text.slice(0, 200)}`);
    const push = (l: Omit<FigureLine, 'file'>): void => {
      lines.push({ file, ...l });
    };
    if (series.status === 200) compareSeries(ref, series.body as Json, push);
    if (summary.status === 200) compareSummary(ref, summary.body as Json, push);
    if (sizing.status === 200) compareSizing(ref, sizing.body as Json, push);
  }
  for (const { projectId } of files) if (projectId !== null) await call('deleteProject', { id: projectId });
  return {
    baseUrl: base,
    startedAt: new Date(started).toISOString(),
    durationMs: Date.now() - started,
    settings: { ...FIGURE_SETTINGS },
    files,
    figures: lines,
    failed: lines.filter((l) => !l.ok).length,
  };
}

/** Waits until every collector run of the project is Completed (or one Failed, or the time is up); its last state. */
async function ingested(
  call: (id: string, path: Record<string, string | number>) => Promise<Sent>,
  projectId: number,
  limitMs: number,
): Promise<string> {
  const deadline = Date.now() + limitMs;
  for (;;) {
    const r = await call('getProject', { id: projectId });
    const p = ((r.body as Json | undefined)?.Data as Json | undefined) ?? (r.body as Json | undefined);
    const runs = (p?.CollectorRuns as Json[] | undefined) ?? [];
    const states = runs.map((x) => String(x.Status));
    const last = r.status === 200 ? `runs ${states.join(', ') || 'none'}` : `HTTP ${String(r.status)}`;
    if (states.length > 0 && states.every((x) => x === 'Completed')) return 'Completed';
    if (states.includes('Failed') || p?.ProcessingFailed === true) return `${last} (ingest failed)`;
    if (Date.now() > deadline) return `${last} after ${String(limitMs / 1000)} s`;
    // The next look once the server had a moment to store (a condition polled, not a fixed wait for a result).
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

type Push = (l: Omit<FigureLine, 'file'>) => void;

function close(expected: number | null, got: unknown, abs: number, rel: number): boolean {
  if (expected === null) return got === null;
  if (typeof got !== 'number') return false;
  return Math.abs(got - expected) <= Math.max(abs, rel * Math.abs(expected));
}

function figureLine(
  operationId: string,
  figure: string,
  expected: number | null,
  got: unknown,
  tolerance: { abs: number; rel: number; text: string },
): Omit<FigureLine, 'file'> {
  return {
    operationId,
    figure,
    expected,
    got: typeof got === 'number' || got === null ? got : got === undefined ? 'missing' : JSON.stringify(got),
    tolerance: tolerance.text,
    ok: close(expected, got, tolerance.abs, tolerance.rel),
  };
}

const REL = { abs: ABSOLUTE + 1e-9, rel: RELATIVE, text: TOL_RELATIVE };
const EXACT = { abs: 0, rel: 0, text: 'exact' };

/** Per metric, each bucket's average and maximum against the reference's totals of the grid buckets it holds. */
function compareSeries(ref: Reference, body: Json, push: Push): void {
  const times = (body.Times as number[] | undefined) ?? [];
  const width = Number(body.BucketSeconds);
  const series = (body.Series as Json[] | undefined) ?? [];
  // A grid bucket is labelled by the end of the interval it measured: the series bucket starting at t holds the labels
  // in (t, t + width] (ProjectSeries.Times), those outside the range's edges too (the first sample's start, the last
  // one's rest).
  const bucketOf = (label: number): number => times.findIndex((t) => label > t && label <= t + width);
  const outside = ref.labels.filter((l) => bucketOf(l) < 0);
  push({
    operationId: 'getProjectSeries',
    figure: 'series buckets holding every grid bucket of the file',
    expected: ref.labels.length,
    got: ref.labels.length - outside.length,
    tolerance: 'exact',
    ok: outside.length === 0,
  });
  const lowIops = times.map((_, b) => {
    const inside = ref.labels.flatMap((l, i) => (bucketOf(l) === b ? [ref.totalIops[i] ?? null] : []));
    const known = inside.filter((x): x is number => x !== null);
    return known.length === 0 ? false : known.reduce((a, b) => a + b, 0) / known.length < LATENCY_MIN_IOPS;
  });
  const gotLow = (body.LowIops as boolean[] | undefined) ?? [];
  const lowAt = lowIops.findIndex((x, i) => x !== gotLow[i]);
  push({
    operationId: 'getProjectSeries',
    figure: 'series LowIops (buckets under 100 IOPS)',
    expected: lowIops.filter(Boolean).length,
    got:
      lowAt < 0 ? gotLow.filter(Boolean).length : `bucket ${String(times[lowAt])}: ${String(gotLow[lowAt])}`,
    tolerance: 'exact',
    ok: lowAt < 0,
  });
  for (const m of METRICS) {
    const s = series.find((x) => x.Metric === m);
    const avg = (s?.Avg as (number | null)[] | undefined) ?? [];
    const max = (s?.Max as (number | null)[] | undefined) ?? [];
    // The first bucket that disagrees, else the bucket of the peak: one line per metric.
    let shown: Omit<FigureLine, 'file'> | undefined;
    let peak: Omit<FigureLine, 'file'> | undefined;
    for (const [b, t] of times.entries()) {
      const inside = ref.labels.flatMap((l, i) => (bucketOf(l) === b ? [ref.totals[m][i] ?? null] : []));
      const known = inside.filter((x): x is number => x !== null);
      const eAvg = known.length === 0 ? null : known.reduce((a, x) => a + x, 0) / known.length;
      const eMax = known.length === 0 ? null : Math.max(...known);
      for (const [what, e, g] of [
        ['Avg', eAvg, avg[b]],
        ['Max', eMax, max[b]],
      ] as const) {
        const line = figureLine('getProjectSeries', `series ${m} ${what} at ${String(t)}`, e, g ?? null, REL);
        if (!line.ok) shown ??= line;
        if (what === 'Max' && e !== null && (peak === undefined || e > Number(peak.expected))) peak = line;
      }
    }
    const line = shown ??
      peak ?? {
        operationId: 'getProjectSeries',
        figure: `series ${m}`,
        expected: null,
        got: s ? 'no values' : 'missing',
        tolerance: 'exact',
        ok: s !== undefined,
      };
    push({ ...line, figure: `${line.figure} (${String(times.length)} buckets)` });
  }
}

function compareFigures(prefix: string, expected: Figures, got: Json | undefined, push: Push): void {
  for (const [key, e] of [
    ['Peak', expected.peak],
    ['P95', expected.p95],
    ['Average', expected.average],
  ] as const)
    push(figureLine('getProjectSeriesSummary', `${prefix}.${key}`, e, got?.[key], REL));
}

function compareSummary(ref: Reference, body: Json, push: Push): void {
  const r = ref.summary;
  push(figureLine('getProjectSeriesSummary', 'EnabledNodes', r.enabledNodes, body.EnabledNodes, EXACT));
  const metrics = (body.Metrics as Json[] | undefined) ?? [];
  for (const m of METRICS)
    compareFigures(
      `Metrics[${m}]`,
      r.metrics[m],
      metrics.find((x) => x.Metric === m),
      push,
    );
  compareFigures('TotalIops', r.totalIops, body.TotalIops as Json | undefined, push);
  compareFigures('TotalThroughput', r.totalThroughput, body.TotalThroughput as Json | undefined, push);
  compareFigures(
    'LatencyAllIntervals',
    r.latencyAllIntervals,
    body.LatencyAllIntervals as Json | undefined,
    push,
  );
  const capacity = (body.Capacity as Json[] | undefined) ?? [];
  push(figureLine('getProjectSeriesSummary', 'Capacity items', r.capacity.length, capacity.length, EXACT));
  for (const c of r.capacity) {
    const item = capacity.find((x) => x.Name === c.name && x.Kind === c.kind);
    const name = `Capacity[${c.kind} ${c.name}]`;
    push(
      figureLine(
        'getProjectSeriesSummary',
        `${name}.CapacityBytes`,
        c.capacityBytes,
        item?.CapacityBytes,
        EXACT,
      ),
    );
    push(figureLine('getProjectSeriesSummary', `${name}.UsedBytes`, c.usedBytes, item?.UsedBytes, EXACT));
    push(figureLine('getProjectSeriesSummary', `${name}.FreeBytes`, c.freeBytes, item?.FreeBytes, EXACT));
  }
  const gaps = (body.Gaps as Json[] | undefined) ?? [];
  push(figureLine('getProjectSeriesSummary', 'Gaps (servers with gaps)', r.gaps.length, gaps.length, EXACT));
  for (const g of r.gaps) {
    const item = gaps.find((x) => x.Name === g.name);
    push(figureLine('getProjectSeriesSummary', `Gaps[${g.name}].Count`, g.count, item?.Count, EXACT));
    push(figureLine('getProjectSeriesSummary', `Gaps[${g.name}].Seconds`, g.seconds, item?.Seconds, REL));
  }
}

function compareSizing(ref: Reference, body: Json, push: Push): void {
  const totals = (body.Totals as Json[] | undefined) ?? [];
  for (const t of ref.sizing.totals) {
    const got = totals.find((x) => x.Resource === t.resource);
    const unit = TOL_UNIT[t.resource] ?? 0;
    const tol = { abs: unit + 1e-9, rel: 0, text: `±${String(unit)}` };
    push(figureLine('getProjectSizing', `Totals[${t.resource}].Basis`, t.basis, got?.Basis, tol));
    push(figureLine('getProjectSizing', `Totals[${t.resource}].Required`, t.required, got?.Required, tol));
  }
  const own = (list: string, expected: OwnSizingRef[], got: Json[], idKey: string): void => {
    push(figureLine('getProjectSizing', `${list} (count)`, expected.length, got.length, EXACT));
    for (const e of expected) {
      const g = got.find((x) => x.Name === e.name);
      const name = `${list}[${e.name}]`;
      if (idKey === 'VmId')
        push({
          operationId: 'getProjectSizing',
          figure: `${name}.SizedBy`,
          expected: e.sizedBy,
          got: typeof g?.SizedBy === 'string' ? g.SizedBy : 'missing',
          tolerance: 'exact',
          ok: g?.SizedBy === e.sizedBy,
        });
      for (const [key, value, unit] of [
        ['Cores', e.cores, 0.1],
        ['MemoryGiB', e.memoryGiB, 0.1],
        ['Iops', e.iops, 1],
        ['ThroughputMBps', e.throughputMBps, 0.1],
      ] as const)
        push(
          figureLine('getProjectSizing', `${name}.${key}`, value, g?.[key], {
            abs: unit + 1e-9,
            rel: 0,
            text: `±${String(unit)}`,
          }),
        );
    }
  };
  own('Servers', ref.sizing.servers, (body.Servers as Json[] | undefined) ?? [], 'NodeId');
  if (ref.sizing.vms.length > 0) own('Vms', ref.sizing.vms, (body.Vms as Json[] | undefined) ?? [], 'VmId');
}

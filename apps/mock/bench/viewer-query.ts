// Viewer query figures (prints, no timed test): a project with 200 hosts × 7 days at 1-minute samples (≈ 2 M
// samples) stored through storeCollectorFile, then p50/p95 of the series query (all metrics, 500 points) and of the
// summary over loopback HTTP, and the latency of enabling/disabling a node. Target: series p95 ≤ 100 ms.
//   pnpm --filter @assessment/mock run bench:viewer [-- --hosts=200 --days=7 --interval=60 --rounds=40]
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig } from '../src/config.ts';
import { buildServer } from '../src/http/server.ts';
import { generateCollectorRecords } from '../src/collector-file/generate.ts';
import { setSeriesCacheLimit } from '../src/series/cache.ts';
import { projectHosts } from '../src/series/repo.ts';
import { storeCollectorFile } from '../src/series/store.ts';

const arg = (name: string, fallback: number): number => {
  const hit = process.argv.find((a) => a.startsWith(`--${name}=`));
  return hit ? Number(hit.split('=')[1]) : fallback;
};
const HOSTS = arg('hosts', 200);
const DAYS = arg('days', 7);
const INTERVAL = arg('interval', 60);
const ROUNDS = arg('rounds', 40);
const TARGET_P95_MS = 100;

const dataDir = mkdtempSync(path.join(tmpdir(), 'viewer-bench-'));
const config = loadConfig({}, [], {
  host: '127.0.0.1',
  port: 0,
  dataDir,
  portalDist: path.join(dataDir, 'no-portal'),
});
const server = await buildServer(config);
const base = await server.app.listen({ host: '127.0.0.1', port: 0 });
const repo = server.ctx.repo;
const now = Date.now();

const runId = repo.createRun('Viewer bench run', 1, 'server', now, true);
const projectId = repo.createProject('Viewer bench project', 1, [runId], now);
repo.updateProject(projectId, { is_public: 1, public_token: 'bench' }, now);

const quantile = (values: number[], q: number): number => {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.max(0, Math.ceil(q * s.length) - 1)] ?? Number.NaN;
};
const mb = (bytes: number): string => `${(bytes / 1e6).toFixed(0)} MB`;

// Store the file (the generator streams records; the store batches transactions).
const start = Math.floor(now / 1000) - DAYS * 86_400;
let peakRss = process.memoryUsage().rss;
const sampler = setInterval(() => {
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
}, 100);
const t0 = performance.now();
const stored = await storeCollectorFile(
  repo.db,
  runId,
  generateCollectorRecords({
    seed: 42,
    start,
    durationSeconds: DAYS * 86_400,
    intervalSeconds: INTERVAL,
    hosts: HOSTS,
    sharedDisks: [
      { name: 'CSV-01', capacityGb: 8192 },
      { name: 'CSV-02', capacityGb: 4096 },
    ],
  }),
);
const storeMs = performance.now() - t0;
clearInterval(sampler);

async function timed(url: string): Promise<number> {
  const s = performance.now();
  const res = await fetch(`${base}${url}`);
  if (res.status !== 200) throw new Error(`${url}: ${res.status} ${await res.text()}`);
  await res.arrayBuffer();
  return performance.now() - s;
}

// The first aggregate read computes the totals over the enabled hosts (as after a node change).
const firstMs = await timed(`/api/projects/${projectId}/series?points=500`);
const host = projectHosts(repo.db, projectId)[0]?.nodeId ?? '';
// Cold: every read computed (the result cache off); warm: repeated views answered from the cache of recent reads.
const rounds = async (): Promise<{ series: number[]; drill: number[]; summary: number[] }> => {
  const out = { series: [] as number[], drill: [] as number[], summary: [] as number[] };
  for (let i = 0; i < ROUNDS; i++) {
    out.series.push(await timed(`/api/projects/${projectId}/series?points=500`));
    out.drill.push(await timed(`/api/projects/${projectId}/series?points=500&node=${host}`));
  }
  for (let i = 0; i < Math.max(5, Math.floor(ROUNDS / 4)); i++)
    out.summary.push(await timed(`/api/projects/${projectId}/series/summary`));
  return out;
};
setSeriesCacheLimit(0);
const cold = await rounds();
setSeriesCacheLimit(32);
const warm = await rounds();
setSeriesCacheLimit(0);
// Node changes: each toggle adds or subtracts one host's samples to or from the cached totals (incremental), then
// the next aggregate read is an ordinary read. Timed in-process (the handler's work) and over HTTP.
const { setNodeEnabled } = await import('../src/series/repo.ts');
const hosts = projectHosts(repo.db, projectId);
const toggleMs: number[] = [];
const afterToggleMs: number[] = [];
for (let i = 0; i < Math.min(10, hosts.length); i++) {
  const node = hosts[i]?.nodeId ?? '';
  for (const enabled of [false, true]) {
    const s = performance.now();
    setNodeEnabled(repo.db, projectId, node, enabled);
    toggleMs.push(performance.now() - s);
    afterToggleMs.push(await timed(`/api/projects/${projectId}/series?points=500`));
  }
}
// Servers taken out one after another and put back (a bucket whose busiest and runner-up are both out has its busiest
// server recomputed from the samples: the slow path the kept runner-up avoids for a single change).
const cumulativeMs: number[] = [];
const some = hosts.slice(0, Math.min(10, hosts.length)).map((h) => h.nodeId);
for (const enabled of [false, true])
  for (const node of some) {
    const s = performance.now();
    setNodeEnabled(repo.db, projectId, node, enabled);
    cumulativeMs.push(performance.now() - s);
  }
// A change of the project's runs: the totals are rebuilt from the runs' per-t sums (not from the samples).
repo.db.prepare('DELETE FROM series_totals_state WHERE project_id = ?').run(projectId);
const rebuildMs = await timed(`/api/projects/${projectId}/series?points=500`);

const line = (name: string, values: number[]): string =>
  `${name.padEnd(46)} p50 ${quantile(values, 0.5).toFixed(1).padStart(7)} ms   p95 ${quantile(values, 0.95)
    .toFixed(1)
    .padStart(7)} ms   (n=${values.length})`;
console.log(
  `machine: ${cpus().length} cores, load average ${loadavg()
    .map((x) => x.toFixed(2))
    .join(' / ')} (1 / 5 / 15 min)`,
);
console.log(
  `stored ${stored.samples.toLocaleString('en')} samples of ${stored.hosts} hosts (${DAYS} d at ${INTERVAL} s) in ${(storeMs / 1000).toFixed(1)} s = ${Math.round(
    stored.samples / (storeMs / 1000),
  ).toLocaleString('en')} samples/s, peak RSS ${mb(peakRss)}`,
);
console.log(`first aggregate read (builds the totals from the runs' sums)  ${firstMs.toFixed(0)} ms`);
console.log(`aggregate read after the runs changed (rebuild)               ${rebuildMs.toFixed(0)} ms`);
console.log(line('node enable/disable (incremental totals)', toggleMs));
console.log(line('10 nodes disabled in a row, then enabled', cumulativeMs));
console.log(line('series read right after a toggle', afterToggleMs));
console.log(line('series, all 9 metrics, 500 points, aggregate', cold.series));
console.log(line('series, all 9 metrics, 500 points, one host', cold.drill));
console.log(line('summary (figures, top 5, capacity)', cold.summary));
console.log(line('  the same, warm: aggregate series', warm.series));
console.log(line('  the same, warm: one host series', warm.drill));
console.log(line('  the same, warm: summary', warm.summary));
const p95 = quantile(cold.series, 0.95);
console.log(
  `series p95 target ≤ ${TARGET_P95_MS} ms (cold, every read computed): ${p95 <= TARGET_P95_MS ? 'met' : 'NOT met'}`,
);
const toggleP95 = quantile(toggleMs, 0.95);
console.log(
  `node enable/disable p95 target ≤ ${TARGET_P95_MS} ms: ${toggleP95 <= TARGET_P95_MS ? 'met' : 'NOT met'}`,
);

await server.close();
rmSync(dataDir, { recursive: true, force: true });

// Load test on loopback only: starts the demo server (child process, fresh seeded data folder), signs in, then
// sends an open-loop load at a fixed rate to the project list and a project search, bounded in requests and time.
// Prints p50/p99 latency and throughput per endpoint, and fails (exit 1) if p99 is above the target.
//   pnpm --filter @assessment/mock run loadtest [-- --rate=200 --seconds=10]
import { spawn } from 'node:child_process';
import http from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../src/prism.ts';

const arg = (name: string, fallback: number): number => {
  const hit = process.argv.find((a) => a.startsWith(`--${name}=`));
  return hit ? Number(hit.split('=')[1]) : fallback;
};
const RATE = arg('rate', 200); // requests per second, all endpoints together
const SECONDS = Math.min(arg('seconds', 10), 60); // bounded in time
const MAX_REQUESTS = 20_000; // bounded in count
const TARGET_P99_MS = 20;
const HOST = '127.0.0.1'; // loopback only

const ENDPOINTS = [
  { name: 'project list', path: '/api/projects?PageSize=25&PageNumber=1' },
  { name: 'project search', path: '/api/projects?search=SAN&PageSize=25' },
  { name: 'collector run search', path: '/api/collectorruns?search=Berlin&PageSize=25' },
];

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dataDir = mkdtempSync(path.join(tmpdir(), 'mock-load-'));
const port = await freePort();
const server = spawn(process.execPath, ['--import', './src/register.ts', 'src/main.ts', 'serve'], {
  cwd: root,
  env: { ...process.env, PORT: String(port), HOST, DATA_DIR: dataDir, LOG_REQUESTS: '0' },
  stdio: ['ignore', 'pipe', 'inherit'],
});
const base = `http://${HOST}:${port}`;

function stop(): void {
  server.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
}

try {
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('server did not start in 60 s')), 60_000);
    server.stdout.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('listening')) {
        clearTimeout(timer);
        resolve();
      }
    });
    server.once('exit', (code) => reject(new Error(`server exited with ${String(code)}`)));
  });
  const signIn = await fetch(`${base}/api/auth/signin`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: 'admin@dell.example', password: 'Demo-Portal-2026' }),
  });
  const cookie = (signIn.headers.getSetCookie()[0] ?? '').split(';')[0] ?? '';
  if (signIn.status !== 200 || !cookie) throw new Error(`sign-in failed: ${signIn.status}`);

  // node:http with a keep-alive pool: lighter than fetch, so the generator takes less of the two cores.
  const agent = new http.Agent({ keepAlive: true, maxSockets: 32 });
  const call = (p: string): Promise<number> =>
    new Promise((resolve, reject) => {
      const started = performance.now();
      const req = http.get(
        { host: HOST, port, path: p, agent, headers: { Cookie: cookie, Accept: 'application/json' } },
        (res) => {
          res.resume();
          res.on('end', () => {
            if (res.statusCode === 200) resolve(performance.now() - started);
            else reject(new Error(`${p}: HTTP ${String(res.statusCode)}`));
          });
        },
      );
      req.on('error', reject);
      req.setTimeout(10_000, () => req.destroy(new Error('timeout')));
    });
  // Warm-up (JIT, statement cache), not measured.
  for (let i = 0; i < 50; i++) for (const e of ENDPOINTS) await call(e.path);

  const total = Math.min(MAX_REQUESTS, RATE * SECONDS);
  const latencies = ENDPOINTS.map(() => [] as number[]);
  let errors = 0;
  const inflight: Promise<void>[] = [];
  const t0 = performance.now();
  for (let i = 0; i < total; i++) {
    const due = t0 + (i * 1000) / RATE;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((r) => setTimeout(r, wait));
    const which = i % ENDPOINTS.length;
    const endpoint = ENDPOINTS[which];
    if (!endpoint) continue;
    inflight.push(
      call(endpoint.path).then(
        (ms) => {
          latencies[which]?.push(ms);
        },
        () => {
          errors++;
        },
      ),
    );
  }
  await Promise.all(inflight);
  agent.destroy();
  const elapsed = (performance.now() - t0) / 1000;

  const pct = (xs: number[], p: number): number => {
    const s = [...xs].sort((a, b) => a - b);
    return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? NaN;
  };
  console.log(
    `\nLoad: ${total} requests at ${RATE}/s offered over ${elapsed.toFixed(1)} s on ${base} (${errors} errors)`,
  );
  console.log(`Throughput: ${((total - errors) / elapsed).toFixed(1)} requests/s`);
  // Latency depends on what else the machine runs: say how busy it was.
  console.log(
    `Machine: ${cpus().length} cores, load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' / ')} (1/5/15 min)\n`,
  );
  console.log('endpoint                 requests   p50 ms   p99 ms   max ms');
  let worstP99 = 0;
  ENDPOINTS.forEach((e, i) => {
    const xs = latencies[i] ?? [];
    const p99 = pct(xs, 99);
    worstP99 = Math.max(worstP99, p99);
    console.log(
      `${e.name.padEnd(24)} ${String(xs.length).padStart(8)} ${pct(xs, 50).toFixed(2).padStart(8)} ${p99.toFixed(2).padStart(8)} ${Math.max(
        ...xs,
      )
        .toFixed(2)
        .padStart(8)}`,
    );
  });
  const okTarget = worstP99 <= TARGET_P99_MS && errors === 0;
  console.log(`\np99 target ≤ ${TARGET_P99_MS} ms at ${RATE} requests/s: ${okTarget ? 'met' : 'NOT met'}`);
  process.exitCode = okTarget ? 0 : 1;
} finally {
  stop();
}

// Benchmark SCRIPT (not a test): builds bench/page in production mode, opens it in Chromium and
// prints how long DataTable takes to render 10,000 rows and to re-sort them.
// Run by hand: `pnpm --filter @assessment/ui bench`. Targets: render <= 200 ms, sort <= 100 ms.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { chromium } from '@playwright/test';
import { build, preview } from 'vite';
import { chromiumLaunchOptions } from '../../../scripts/chromium.ts';

const RENDER_TARGET_MS = 200;
const SORT_TARGET_MS = 100;

interface BenchResult {
  mode: string;
  rows: number;
  renderMs: number[];
  sortMs: number[];
}

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, 'page');
const outDir = mkdtempSync(join(tmpdir(), 'ui-table-bench-'));

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};
const ms = (value: number) => `${value.toFixed(1)} ms`;

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}

/** With --profile: the functions with the most self time while the page ran (a CPU profile). */
function printProfile(profile: { nodes: ProfileNode[]; samples?: number[]; timeDeltas?: number[] }) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<string, number>();
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  samples.forEach((id, i) => {
    const frame = byId.get(id)?.callFrame;
    if (!frame) return;
    const file = frame.url.split('/').pop() ?? '';
    const key = `${frame.functionName || '(anonymous)'} ${file}:${frame.lineNumber + 1}`;
    self.set(key, (self.get(key) ?? 0) + (deltas[i] ?? 0) / 1000);
  });
  console.log('CPU profile, top self time:');
  for (const [name, time] of [...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, 20)) {
    console.log(`  ${time.toFixed(1).padStart(8)} ms  ${name}`);
  }
}

async function main(): Promise<number> {
  await build({
    root,
    mode: 'production',
    logLevel: 'warn',
    plugins: [react()],
    build: { outDir, emptyOutDir: true, minify: !process.argv.includes('--profile') },
  });
  const server = await preview({
    root,
    logLevel: 'warn',
    build: { outDir },
    preview: { host: '127.0.0.1', port: 0 },
  });
  const url = server.resolvedUrls?.local[0];
  if (!url) throw new Error('preview server has no URL');
  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const profile = process.argv.includes('--profile');
    const cdp = profile ? await page.context().newCDPSession(page) : null;
    if (cdp) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.start');
    }
    await page.goto(url);
    await page.waitForFunction(
      () => window.__benchResult !== undefined || window.__benchError !== undefined,
      null,
      {
        timeout: 120_000,
      },
    );
    if (cdp) printProfile((await cdp.send('Profiler.stop')).profile);
    const error = await page.evaluate(() => window.__benchError);
    if (error) throw new Error(error);
    const results = (await page.evaluate(() => window.__benchResult)) as BenchResult[];
    let failed = false;
    const list = (values: number[]) => `[${values.map((v) => v.toFixed(1)).join(', ')}]`;
    for (const r of results) {
      const renderMedian = median(r.renderMs);
      const sortMedian = median(r.sortMs);
      const renderOk = renderMedian <= RENDER_TARGET_MS;
      const sortOk = sortMedian <= SORT_TARGET_MS;
      failed ||= !renderOk || !sortOk;
      console.log(`${r.mode} (${r.rows} rows)`);
      console.log(
        `  render: median ${ms(renderMedian)}, cold ${ms(r.renderMs[0] ?? Number.NaN)}, runs ${list(r.renderMs)}` +
          `  target <= ${RENDER_TARGET_MS} ms: ${renderOk ? 'ok' : 'MISSED'}`,
      );
      console.log(
        `  sort:   median ${ms(sortMedian)}, runs ${list(r.sortMs)}  target <= ${SORT_TARGET_MS} ms: ${sortOk ? 'ok' : 'MISSED'}`,
      );
    }
    const load = (await import('node:os')).loadavg()[0] ?? 0;
    console.log(
      `(load average while measuring: ${load.toFixed(1)}; numbers are only meaningful on an idle machine)`,
    );
    return failed ? 1 : 0;
  } finally {
    await browser.close();
    await new Promise<void>((resolve) => {
      server.httpServer.close(() => {
        resolve();
      });
    });
    rmSync(outDir, { recursive: true, force: true });
  }
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(error);
    process.exitCode = 2;
  },
);

declare global {
  interface Window {
    __benchResult?: BenchResult[];
    __benchError?: string;
  }
}

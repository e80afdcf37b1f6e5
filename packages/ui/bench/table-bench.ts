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

async function main(): Promise<number> {
  await build({
    root,
    mode: 'production',
    logLevel: 'warn',
    plugins: [react()],
    build: { outDir, emptyOutDir: true },
  });
  const server = await preview({
    root,
    logLevel: 'warn',
    build: { outDir },
    preview: { host: '127.0.0.1', port: 0 },
  });
  const url = server.resolvedUrls?.local[0];
  if (!url) throw new Error('preview server has no URL');
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(url);
    await page.waitForFunction(() => window.__benchResult !== undefined || window.__benchError !== undefined, null, {
      timeout: 120_000,
    });
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
    console.log(`(load average while measuring: ${load.toFixed(1)}; numbers are only meaningful on an idle machine)`);
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

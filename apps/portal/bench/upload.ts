// bench:upload (`--no-build` to reuse dist/, `--mb=N` for another size) — uploads one large collector file
// (100 MB by default, the per-file limit) through the real browser code path (the upload page, the SDK's XHR
// upload) against the demo API, and prints:
// - peak browser memory: JSHeapUsedSize sampled every 50 ms over CDP Performance.getMetrics (and the baseline
//   before the upload), to show the file is streamed, never read into memory;
// - throughput: bytes over the time from choosing the file to the queue showing it uploaded;
// - progress events: how many upload progress events the page got, and how often (events/s, median gap).
// Not part of the test suite; figures only.
import { execFileSync, spawn } from 'node:child_process';
import { closeSync, ftruncateSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from '../../../scripts/chromium.ts';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const repo = resolve(root, '..', '..');
const PORT = 18191;
const ORIGIN = `http://127.0.0.1:${String(PORT)}`;
const MB = 1024 * 1024;
const sizeMb = Number(/^--mb=(\d+)$/.exec(process.argv.find((a) => a.startsWith('--mb=')) ?? '')?.[1] ?? 100);
const bytes = sizeMb * MB;

if (!process.argv.includes('--no-build'))
  execFileSync('pnpm', ['run', 'build'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });

const work = mkdtempSync(join(tmpdir(), 'bench-upload-'));
const server = spawn('pnpm', ['--filter', '@assessment/mock', 'run', 'serve'], {
  cwd: repo,
  env: { ...process.env, PORT: String(PORT), DATA_DIR: join(work, 'data') },
  stdio: 'ignore',
  detached: true,
});

async function waitForServer(): Promise<void> {
  for (let attempt = 0; attempt < 300; attempt++) {
    try {
      if ((await fetch(`${ORIGIN}/api/viewer`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('the demo server did not start');
}

/** A file of `size` bytes on disk with a non-zero head (the rest sparse): the browser streams it from disk. */
function collectorFile(size: number): string {
  const path = join(work, 'bench-100mb.iokit');
  const fd = openSync(path, 'w');
  writeSync(fd, Buffer.alloc(64 * 1024, 0x5a));
  ftruncateSync(fd, size);
  closeSync(fd);
  return path;
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0 ? 0 : (sorted[Math.floor(sorted.length / 2)] ?? 0);
};

async function main(): Promise<void> {
  await waitForServer();
  const file = collectorFile(bytes);
  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    const context = await browser.newContext({ baseURL: ORIGIN });
    const page = await context.newPage();
    // Count the upload progress events the SDK's XHR receives (it sets xhr.upload.onprogress).
    await page.addInitScript(() => {
      const times: number[] = [];
      (window as unknown as { __progressTimes: number[] }).__progressTimes = times;
      const descriptor = Object.getOwnPropertyDescriptor(XMLHttpRequestEventTarget.prototype, 'onprogress');
      Object.defineProperty(XMLHttpRequestUpload.prototype, 'onprogress', {
        configurable: true,
        get() {
          return descriptor?.get?.call(this) as unknown;
        },
        set(handler: ((event: ProgressEvent) => void) | null) {
          descriptor?.set?.call(
            this,
            handler === null
              ? null
              : (event: ProgressEvent) => {
                  times.push(performance.now());
                  handler(event);
                },
          );
        },
      });
      window.localStorage.setItem('displayedCookieWarning', 'true');
    });
    const signIn = await page.request.post('/api/auth/signin', {
      data: { email: 'enduser@adventure-works.example', password: 'Demo-Portal-2026' },
    });
    if (!signIn.ok()) throw new Error(`sign-in failed: ${String(signIn.status())}`);
    await page.goto('/collectorruns/Upload-Iokit');
    await page.getByRole('radio', { name: 'Server' }).check();
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await page.getByRole('textbox', { name: 'New project name' }).fill(`Bench upload ${String(Date.now())}`);
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await page.getByRole('heading', { level: 2, name: 'Upload files' }).waitFor();

    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    await cdp.send('HeapProfiler.collectGarbage');
    const heap = async (): Promise<number> => {
      const { metrics } = await cdp.send('Performance.getMetrics');
      return metrics.find((m) => m.name === 'JSHeapUsedSize')?.value ?? 0;
    };
    const baseline = await heap();
    let peak = baseline;
    const sampling = { on: true };
    const sampler = (async () => {
      while (sampling.on) {
        peak = Math.max(peak, await heap());
        await new Promise((r) => setTimeout(r, 50));
      }
    })();

    const started = performance.now();
    await page.locator('.ui-file-drop-zone input[type="file"]').setInputFiles(file);
    const item = page.getByRole('list', { name: 'Files to upload' }).getByRole('listitem').first();
    await item.and(page.locator('[data-status="done"], [data-status="error"]')).waitFor({ timeout: 600_000 });
    const seconds = (performance.now() - started) / 1000;
    sampling.on = false;
    await sampler;
    const status = await item.getAttribute('data-status');
    if (status !== 'done') throw new Error(`the upload failed: ${(await item.textContent()) ?? ''}`);

    const times = await page.evaluate(
      () => (window as unknown as { __progressTimes: number[] }).__progressTimes,
    );
    const gaps = times.slice(1).map((t, i) => t - (times[i] ?? t));
    const span = times.length > 1 ? ((times.at(-1) ?? 0) - (times[0] ?? 0)) / 1000 : 0;

    console.log(
      `bench:upload — ${String(sizeMb)} MB through the upload page (SDK XHR upload) to the demo API`,
    );
    console.log(`  upload time            ${seconds.toFixed(2)} s`);
    console.log(`  throughput             ${(sizeMb / seconds).toFixed(1)} MB/s`);
    console.log(`  JS heap before         ${(baseline / MB).toFixed(1)} MB`);
    console.log(
      `  JS heap peak           ${(peak / MB).toFixed(1)} MB (+${((peak - baseline) / MB).toFixed(1)} MB)`,
    );
    console.log(`  progress events        ${String(times.length)}`);
    console.log(
      `  progress frequency     ${span > 0 ? (times.length / span).toFixed(1) : '0'} events/s, median gap ${median(gaps).toFixed(0)} ms`,
    );

    // Leave nothing behind: removing the file deletes it on the server.
    await page.getByRole('button', { name: /^Remove / }).click();
    await page.getByRole('list', { name: 'Files to upload' }).waitFor({ state: 'detached' });
  } finally {
    await browser.close();
  }
}

try {
  await main();
} finally {
  if (server.pid !== undefined) process.kill(-server.pid);
  rmSync(work, { recursive: true, force: true });
}

// Ingest benchmark (issue #11): writes a synthetic 7-day collection at 1-minute samples for 200 hosts (≈ 2 M
// samples) and one a quarter of its size to temporary files, then, each in a fresh process: reads it through the
// streamed parser only, and parses AND stores it into a fresh series store (series/ingest.ts) in one thread and with
// the parsing worker thread — printing samples/s (wall, and per CPU-second of the process) and the peak RSS and heap
// (process.memoryUsage, sampled every 50 ms); the peaks should not grow with the file's size. Prints figures only
// (target ≥ 200 k samples/s parse + store); no timed assertion.
//   pnpm --filter @assessment/mock run bench:ingest [-- --hosts=200 --days=7 --interval=60]
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  generateCollectorRecords,
  readCollectorFileBatches,
  sampleCount,
  saveCollectorFile,
  type GenerateOptions,
} from '../src/collector-file/index.ts';
import { storeCollectorFileAt } from '../src/series/ingest.ts';
import { openDatabase } from '../src/store/db.ts';
import { sha256Of } from '../src/store/files.ts';

type Mode = 'parse' | 'store-1-thread' | 'store-worker';
const MODES: readonly Mode[] = ['parse', 'store-1-thread', 'store-worker'];

const TARGET_SAMPLES_PER_SECOND = 200_000;
const MB = 1024 * 1024;
const CAPPED_HEAP_MB = 48;

const arg = (name: string, fallback: number): number => {
  const hit = process.argv.find((a) => a.startsWith(`--${name}=`));
  return hit ? Number(hit.split('=')[1]) : fallback;
};

interface ParseResult {
  samples: number;
  seconds: number;
  /** CPU time of the reading process (user + system), less sensitive than wall time to a busy machine. */
  cpuSeconds: number;
  baseRss: number;
  peakRss: number;
  peakHeap: number;
}

/** Child mode: read (and store) one file through, sampling memory while it runs. */
async function runChild(file: string, mode: Mode): Promise<ParseResult> {
  const dataDir = mode === 'parse' ? null : mkdtempSync(path.join(tmpdir(), 'bench-ingest-db-'));
  const db = dataDir === null ? null : openDatabase(dataDir);
  db?.prepare(
    "INSERT INTO collector_runs (id, name, owner_id, project_id, kind, started_at, planned_duration_s) VALUES (1, 'bench', 1, 1, 'server', 0, 0)",
  ).run();
  const baseRss = process.memoryUsage().rss;
  let peakRss = baseRss;
  let peakHeap = process.memoryUsage().heapUsed;
  const sample = (): void => {
    const m = process.memoryUsage();
    peakRss = Math.max(peakRss, m.rss);
    peakHeap = Math.max(peakHeap, m.heapUsed);
  };
  const timer = setInterval(sample, 50);
  const started = performance.now();
  const cpuStart = process.cpuUsage();
  let samples = 0;
  if (db === null) {
    for await (const batch of readCollectorFileBatches(file))
      for (const r of batch) if (r.type === 'sample') samples += 1;
  } else {
    samples = (await storeCollectorFileAt(db, 1, file, { worker: mode === 'store-worker' })).samples;
  }
  const seconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuStart);
  const cpuSeconds = (cpu.user + cpu.system) / 1e6;
  clearInterval(timer);
  sample();
  db?.close();
  if (dataDir !== null) rmSync(dataDir, { recursive: true, force: true });
  return { samples, seconds, cpuSeconds, baseRss, peakRss, peakHeap };
}

function runInChild(file: string, mode: Mode, maxOldSpaceMb?: number): ParseResult {
  const out = execFileSync(
    process.execPath,
    [
      ...process.execArgv,
      ...(maxOldSpaceMb === undefined ? [] : [`--max-old-space-size=${String(maxOldSpaceMb)}`]),
      fileURLToPath(import.meta.url),
      `--child=${file}`,
      `--mode=${mode}`,
    ],
    { encoding: 'utf8', maxBuffer: MB },
  );
  return JSON.parse(out) as ParseResult;
}

async function main(): Promise<void> {
  const childArg = process.argv.find((a) => a.startsWith('--child='));
  if (childArg) {
    const mode = (process.argv.find((a) => a.startsWith('--mode='))?.slice('--mode='.length) ??
      'parse') as Mode;
    process.stdout.write(JSON.stringify(await runChild(childArg.slice('--child='.length), mode)));
    return;
  }
  const hosts = arg('hosts', 200);
  const full: GenerateOptions = {
    hosts,
    days: arg('days', 7),
    intervalSeconds: arg('interval', 60),
    seed: 2026,
  };
  // A quarter of the file: the same hosts for a quarter of the days (memory must not follow the file's length).
  const quarter: GenerateOptions = { ...full, days: (full.days ?? 7) / 4 };
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-ingest-'));
  console.log(
    `ingest bench — node ${process.version}, ${String(cpus().length)} cores, load ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  try {
    const rows: string[] = [];
    for (const [label, options] of [
      ['full', full],
      ['quarter', quarter],
    ] as const) {
      const file = path.join(dir, `${label}.iokit`);
      const writeStart = performance.now();
      await saveCollectorFile(file, generateCollectorRecords(options), 1);
      const writeSeconds = (performance.now() - writeStart) / 1000;
      const bytes = statSync(file).size;
      console.log(
        `  wrote ${label}: ${String(hosts)} hosts × ${String(options.days ?? 0)} days at ${String(options.intervalSeconds)} s = ${sampleCount(options).toLocaleString('en')} samples, ${(bytes / MB).toFixed(1)} MB gzip, in ${writeSeconds.toFixed(1)} s`,
      );
      for (const mode of MODES) {
        const r = runInChild(file, mode);
        if (r.samples !== sampleCount(options)) throw new Error(`read ${String(r.samples)} samples`);
        const rate = r.samples / r.seconds;
        const cpuRate = r.samples / r.cpuSeconds;
        const name = `${label} ${mode}`;
        rows.push(
          `${name.padEnd(22)} ${r.samples.toLocaleString('en').padStart(10)} ${(bytes / MB).toFixed(1).padStart(7)} ${r.seconds.toFixed(2).padStart(8)} ${Math.round(rate).toLocaleString('en').padStart(10)} ${Math.round(cpuRate).toLocaleString('en').padStart(14)} ${(r.baseRss / MB).toFixed(0).padStart(9)} ${(r.peakRss / MB).toFixed(0).padStart(9)} ${(r.peakHeap / MB).toFixed(0).padStart(10)}  ${rate >= TARGET_SAMPLES_PER_SECOND ? 'ok' : 'below target (wall)'}`,
        );
      }
      // Queuing an upload re-checks a file read through on arrival by its SHA-256 instead of a second read-through.
      const hashStart = performance.now();
      await sha256Of(file);
      console.log(
        `  queue-time check of ${label} unchanged since its upload: SHA-256 in ${((performance.now() - hashStart) / 1000).toFixed(2)} s (a read-through is the parse row below)`,
      );
      if (label === 'full') {
        // Constant memory, shown another way: the whole file stored again with the V8 heap capped.
        const capped = runInChild(file, 'store-worker', CAPPED_HEAP_MB);
        console.log(
          `  stored ${label} again (worker) with --max-old-space-size=${String(CAPPED_HEAP_MB)}: ${capped.samples.toLocaleString('en')} samples, peak heap ${(capped.peakHeap / MB).toFixed(0)} MB, peak RSS ${(capped.peakRss / MB).toFixed(0)} MB`,
        );
      }
      rmSync(file, { force: true });
    }
    console.log(
      `\n${'file / mode'.padEnd(22)} ${'samples'.padStart(10)} ${'MB gz'.padStart(7)} ${'parse s'.padStart(8)} ${'samples/s'.padStart(10)} ${'per CPU-second'.padStart(14)} ${'base RSS'.padStart(9)} ${'peak RSS'.padStart(9)} ${'peak heap'.padStart(10)}  target ≥ ${TARGET_SAMPLES_PER_SECOND.toLocaleString('en')}/s`,
    );
    for (const row of rows) console.log(row);
    console.log(
      '(RSS and heap in MB; each run in a fresh process, memory sampled every 50 ms; samples/s is wall time, per\n CPU-second divides by the process own CPU time over all its threads — the fairer figure on a shared machine;\n store-* parse AND store into a fresh SQLite series store)',
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();

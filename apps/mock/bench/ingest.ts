// Ingest benchmark (issue #11): writes a synthetic 7-day collection at 1-minute samples for 200 hosts (≈ 2 M
// samples) and one a quarter of its size to temporary files, then reads each through the streamed parser in a fresh
// process, printing samples/s and the peak RSS and heap (process.memoryUsage, sampled every 50 ms) — the peaks should
// not grow with the file's size. Prints figures only (target ≥ 200 k samples/s); no timed assertion.
//   pnpm --filter @assessment/mock run bench:ingest [-- --hosts=200 --days=7 --interval=60]
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  generateCollectorRecords,
  readCollectorFile,
  readCollectorFileBatches,
  sampleCount,
  saveCollectorFile,
  type GenerateOptions,
} from '../src/collector-file/index.ts';

const TARGET_SAMPLES_PER_SECOND = 200_000;
const MB = 1024 * 1024;
const CAPPED_HEAP_MB = 32;

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

/** Child mode: read one file through, sampling memory while it runs. */
async function parseOnly(file: string, batches: boolean): Promise<ParseResult> {
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
  if (batches) {
    for await (const batch of readCollectorFileBatches(file))
      for (const r of batch) if (r.type === 'sample') samples += 1;
  } else {
    for await (const r of readCollectorFile(file)) if (r.type === 'sample') samples += 1;
  }
  const seconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuStart);
  const cpuSeconds = (cpu.user + cpu.system) / 1e6;
  clearInterval(timer);
  sample();
  return { samples, seconds, cpuSeconds, baseRss, peakRss, peakHeap };
}

function parseInChild(file: string, batches: boolean, maxOldSpaceMb?: number): ParseResult {
  const out = execFileSync(
    process.execPath,
    [
      ...process.execArgv,
      ...(maxOldSpaceMb === undefined ? [] : [`--max-old-space-size=${String(maxOldSpaceMb)}`]),
      fileURLToPath(import.meta.url),
      `--parse=${file}`,
      ...(batches ? ['--batches'] : []),
    ],
    { encoding: 'utf8', maxBuffer: MB },
  );
  return JSON.parse(out) as ParseResult;
}

async function main(): Promise<void> {
  const parseArg = process.argv.find((a) => a.startsWith('--parse='));
  if (parseArg) {
    const batches = process.argv.includes('--batches');
    process.stdout.write(JSON.stringify(await parseOnly(parseArg.slice('--parse='.length), batches)));
    return;
  }
  const hosts = arg('hosts', 200);
  const full: GenerateOptions = {
    hosts,
    days: arg('days', 7),
    intervalSeconds: arg('interval', 60),
    seed: 2026,
  };
  const quarter: GenerateOptions = { ...full, hosts: Math.max(1, Math.round(hosts / 4)) };
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
        `  wrote ${label}: ${String(options.hosts)} hosts × ${String(options.days)} days at ${String(options.intervalSeconds)} s = ${sampleCount(options).toLocaleString('en')} samples, ${(bytes / MB).toFixed(1)} MB gzip, in ${writeSeconds.toFixed(1)} s`,
      );
      for (const batches of [false, true]) {
        const r = parseInChild(file, batches);
        if (r.samples !== sampleCount(options)) throw new Error(`read ${String(r.samples)} samples`);
        const rate = r.samples / r.seconds;
        const cpuRate = r.samples / r.cpuSeconds;
        const name = `${label} ${batches ? 'batches' : 'records'}`;
        rows.push(
          `${name.padEnd(16)} ${r.samples.toLocaleString('en').padStart(10)} ${(bytes / MB).toFixed(1).padStart(7)} ${r.seconds.toFixed(2).padStart(8)} ${Math.round(rate).toLocaleString('en').padStart(10)} ${Math.round(cpuRate).toLocaleString('en').padStart(14)} ${(r.baseRss / MB).toFixed(0).padStart(9)} ${(r.peakRss / MB).toFixed(0).padStart(9)} ${(r.peakHeap / MB).toFixed(0).padStart(10)}  ${cpuRate >= TARGET_SAMPLES_PER_SECOND ? 'ok' : 'below target'}`,
        );
      }
      if (label === 'full') {
        // Constant memory, shown another way: the whole file read again with the V8 heap capped at 32 MB.
        const capped = parseInChild(file, false, CAPPED_HEAP_MB);
        console.log(
          `  read ${label} again with --max-old-space-size=${String(CAPPED_HEAP_MB)}: ${capped.samples.toLocaleString('en')} samples, peak heap ${(capped.peakHeap / MB).toFixed(0)} MB, peak RSS ${(capped.peakRss / MB).toFixed(0)} MB`,
        );
      }
      rmSync(file, { force: true });
    }
    console.log(
      `\n${'file / reader'.padEnd(16)} ${'samples'.padStart(10)} ${'MB gz'.padStart(7)} ${'parse s'.padStart(8)} ${'samples/s'.padStart(10)} ${'per CPU-second'.padStart(14)} ${'base RSS'.padStart(9)} ${'peak RSS'.padStart(9)} ${'peak heap'.padStart(10)}  target ≥ ${TARGET_SAMPLES_PER_SECOND.toLocaleString('en')}/s`,
    );
    for (const row of rows) console.log(row);
    console.log(
      '(RSS and heap in MB; each file is read in a fresh process, memory sampled every 50 ms; samples/s is wall time,\n per CPU-second divides by the reading process own CPU time — the fairer figure on a shared machine)',
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();

// Where the demo server's memory goes (issue #32: ten hostile uploads at once stay under a stated ceiling). The ingest
// threads register here (check.ts, runner.ts); with MEMORY_TRACE=<file> the server appends one JSON line per
// MEMORY_TRACE_MS (default 100) with its own heap (process.memoryUsage) and each live ingest thread's heap
// (Worker.getHeapStatistics), which bench/background-ingest.ts reads beside /proc/<pid>/status. Off by default.
import { appendFileSync, readFileSync } from 'node:fs';
import type { Worker } from 'node:worker_threads';

/**
 * The memory ceiling of the demo server, in MB of resident set (VmHWM): ten hostile uploads at once (bench/
 * background-ingest.ts) stay under it. Peak = idle (the seeded server after sign-ins, 230–370 MB) + the ingest pool
 * (at most INGEST_WORKERS threads at once, reading or storing, each within its heap caps: 360–500 MB measured).
 */
export const MEMORY_CEILING_MB = 1024;

/**
 * glibc malloc arenas the server is started with (MALLOC_ARENA_MAX; the `serve` and `demo` scripts set it): each
 * thread otherwise gets an arena of its own that keeps what the thread freed — ~200 MB more at the peak, measured.
 */
export const SERVER_MALLOC_ARENA_MAX = 2;

/** A note for the start-up log when the server runs on glibc without MALLOC_ARENA_MAX (null: nothing to say). */
export function arenaNote(env: NodeJS.ProcessEnv, platform: NodeJS.Platform): string | null {
  if (platform !== 'linux' || (env.MALLOC_ARENA_MAX ?? '') !== '') return null;
  return `MALLOC_ARENA_MAX is not set: start the server with MALLOC_ARENA_MAX=${String(SERVER_MALLOC_ARENA_MAX)} (as pnpm start does) to hold its memory ceiling of ${String(MEMORY_CEILING_MB)} MB (docs/collector-format.md, "Limits").`;
}

/** The ingest threads alive now, by kind ('check': reading a file through; 'store': storing one). */
const live = new Map<Worker, string>();

/** Counts a worker among the live ingest threads until it exits. */
export function trackWorker(worker: Worker, kind: string): void {
  live.set(worker, kind);
  worker.once('exit', () => live.delete(worker));
}

/** The live ingest threads' kinds (tests: a finished job leaves none behind). */
export const liveWorkerKinds = (): string[] => [...live.values()];

export interface MemorySnapshot {
  label: string;
  at: number;
  /** process.memoryUsage() of the server, in bytes. */
  rss: number;
  heapUsed: number;
  heapTotal: number;
  external: number;
  arrayBuffers: number;
  /** Each live ingest thread: its kind and heap (used and total, bytes). */
  workers: { kind: string; used: number; total: number }[];
  /** /proc/self/status (Linux; empty elsewhere), in kB. */
  status: Partial<Record<StatusField, number>>;
}

export const STATUS_FIELDS = ['VmRSS', 'RssAnon', 'RssFile', 'RssShmem', 'VmHWM'] as const;
export type StatusField = (typeof STATUS_FIELDS)[number];

/** The memory fields of a /proc/<pid>/status text, in kB. */
export function statusFields(text: string): Partial<Record<StatusField, number>> {
  const out: Partial<Record<StatusField, number>> = {};
  for (const name of STATUS_FIELDS) {
    const hit = new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(text);
    if (hit?.[1]) out[name] = Number(hit[1]);
  }
  return out;
}

const ownStatus = (): Partial<Record<StatusField, number>> => {
  try {
    return statusFields(readFileSync('/proc/self/status', 'utf8'));
  } catch {
    return {};
  }
};

export async function memorySnapshot(label: string): Promise<MemorySnapshot> {
  const m = process.memoryUsage();
  const workers = await Promise.all(
    [...live].map(async ([worker, kind]) => {
      try {
        const s = await worker.getHeapStatistics();
        return { kind, used: s.used_heap_size, total: s.total_heap_size };
      } catch {
        return { kind, used: 0, total: 0 }; // exited meanwhile
      }
    }),
  );
  return {
    label,
    at: Date.now(),
    rss: m.rss,
    heapUsed: m.heapUsed,
    heapTotal: m.heapTotal,
    external: m.external,
    arrayBuffers: m.arrayBuffers,
    workers,
    status: ownStatus(),
  };
}

/** Appends one snapshot (labelled) to file. */
export async function writeMemorySnapshot(file: string, label: string): Promise<void> {
  appendFileSync(file, `${JSON.stringify(await memorySnapshot(label))}\n`);
}

/** Appends a snapshot to file now (label) and then every intervalMs ('tick'); answers how to stop. */
export function startMemoryTrace(file: string, label: string, intervalMs = 100): () => void {
  const write = (l: string): Promise<void> => writeMemorySnapshot(file, l);
  void write(label);
  const timer = setInterval(() => void write('tick'), intervalMs);
  timer.unref();
  return () => {
    clearInterval(timer);
  };
}

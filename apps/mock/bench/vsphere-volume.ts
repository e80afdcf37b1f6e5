// vSphere volume benchmark (issue #41 item 4): a 1,000-VM estate over 7 days at 20 s (≈ 30 M samples, format 3, one
// file as a vCenter collection writes it) taken from upload to the viewer's sizing answer through the demo server's
// HTTP API (a child process started as bench/demo-server.ts starts it). The server is started as shipped but for the
// limits such a file is over (docs/collector-format.md "Limits"): IOKIT_MAX_SAMPLES (10 M by default),
// IOKIT_WORK_SECONDS (60 s by default), IOKIT_MAX_FILE_MB / IOKIT_MAX_COMBINED_MB (a week of 1,000 VMs is ~1 GB gzip).
// A collection split over several files (`--files=N`, one period each) would be N runs, each VM then listed N times.
// Prints: the upload time (a file is read through on arrival), the ingest time (queued until no run is Queued or
// Processing), the time to the sizing answer (GET /api/projects/{id}/sizing, which sizes every VM and cluster), the
// samples/s end to end, the server's peak RSS (VmHWM, and VmRSS sampled every 200 ms per phase: flat memory means the
// same peak at 3 M and 30 M samples), and where the CPU went: the server's threads per phase (/proc task stat), and
// with `--cpu-prof` the self time per source file of every thread's V8 profile (parser vs store vs sizing). Figures
// only, never a timed test (2 shared cores: wall figures include waiting for a core).
//   pnpm --filter @assessment/mock run bench:vsphere-volume [-- --vms=1000 --days=7 --interval=20 --cpu-prof]
//   a smaller run to profile: --vms=100 (≈ 3 M samples)
// Measured 2026-12-05 at 3,024,000 samples (--vms=100 --cpu-prof; 2 shared cores, both runs at load 9–12: wall times
// include waiting for a core, the server's CPU seconds are the steadier figure). Before parse once (each line parsed
// on arrival and again when stored): upload 41.4 s (24.5 s CPU), ingest 37.8 s (37.8 s CPU), sizing answer 1.6 s —
// 80.8 s end to end (37 k samples/s), peak RSS 428 MB, the parser 38 % of the busy time. With parse once (the
// read-through spills each sample's packed row beside the upload and the store inserts those rows, ingest/spill.ts)
// and the plain-sample scanner (collector-file/fast-sample.ts): upload 21.9 s (19.6 s CPU), ingest 18.4 s (12.3 s
// CPU), sizing answer 1.1 s — 41.4 s (73 k samples/s), peak RSS 468 MB; 33 s of server CPU for the file instead of 63.
// The bound is now spread: the store (series/store.ts 15 %, SQLite 12 %), the read-through (the reader with gunzip
// 14 %, the scanner 11 %), GC 9 %, the per-VM bases read back (host-stats.ts 5 %). 30 M was not run: one thread reads
// a file through and one stores it, so the target (2 minutes) is still missed about 7 ×.
// Measured 2026-12-05 at 3,024,000 samples (--vms=100 --cpu-prof; load 8–14) once the read-through cuts each
// decompressed chunk at its newlines as bytes and scans a plain sample from its bytes (collector-file/parse.ts lineAt,
// fast-sample.ts scanSampleBytes: decoding every chunk to a string was 6 of its 22 s CPU): upload 11.2 s (10.7 s CPU),
// ingest 16.4 s (12.4 s CPU), sizing answer 1.2 s — 28.7 s end to end (105 k samples/s), peak RSS 406 MB; the run
// just before the change, same day and file: upload 26.1 s (23.5 s CPU), ingest 20.5 s (16.3 s CPU), 48.2 s (63 k/s),
// 494 MB. The store now bounds it: series/store.ts inserting one series_samples row per sample 23 % of the busy
// time, its commits and WAL checkpoints (store/db.ts) 13 %, the per-VM bases read back (entities.ts) 6 %, GC 9 %; the
// scanner 10 %. At 30,240,000 samples as one file (--vms=1000 --days=7) the upload is refused: the week decompresses
// to more than the 8 GiB a file may (docs/collector-format.md "Limits", not a setting), after 88 s of read-through
// CPU (the scanner 37 %, parse.ts 21 %, gunzip 16 %, the spill 9 %) at peak RSS 450 MB; the collector writes such a
// week in parts anyway. As two files (--files=2, one run each, load 2–6): upload 138.8 s (118 s CPU, both read
// through at once), ingest 371 s (244 s CPU: one thread stores a run at a time, and at 15 M rows a run the
// series_samples B-tree costs about twice its cost per row at 3 M), sizing answer 50.9 s (the VMs held by both runs
// read all their samples: the kept bases are per run) and 40.2 s again for p99 — 561 s end to end (54 k samples/s),
// peak RSS 491 MB reading, 371 MB storing, 715 MB sizing. Left, in order: a columnar sample store (a chunk of packed
// columns per host instead of a row per sample), storing while the upload is read through, mergeable per-run bases.
// Measured 2026-12-06 at 3,024,000 samples (--vms=100 --cpu-prof, the same file both times) once samples are stored in
// chunks (series/samples.ts: 128 consecutive samples of a host as one row of packed columns): upload 14.0 s (13.4 s
// CPU), ingest 9.7 s (7.4 s CPU), sizing answer 1.1 s (0.8 s CPU) — 24.9 s end to end (122 k samples/s), peak RSS
// 495 MB, load 4–8. The row-per-sample store just before, same day, load 9–10: upload 20.7 s (12.2 s CPU), ingest
// 17.5 s (12.5 s CPU), sizing answer 2.8 s (0.9 s CPU) — 41.0 s (74 k/s), 498 MB. The store thread's CPU fell from
// 10.2 s to 5.4 s. Top of the profile now (36.2 s busy, the server's whole life): the demo seed's password hashing
// at start (store/kdf.ts 14 %, in no phase), the scanner 12 %, SQLite's statements and commits (store/db.ts 12 %),
// samples.ts 8 % (filling chunks, reading them back for the VM bases), GC 8 %, store.ts 7 %, parse.ts 6 %: the
// read-through (upload) is now the longer phase. At 30,240,000 samples as two files (--vms=1000 --days=7 --files=2
// --cpu-prof, load 4–11): upload 127.0 s (111.4 s CPU), ingest 113.8 s (84.8 s CPU, was 371 s and 244 s: the cost per
// sample is now about the same at 15 M samples a run as at 3 M), sizing answer 31.3 s (was 50.9 s) and 30.7 s again for
// p99 — 272.1 s end to end (111 k samples/s, was 561 s), peak RSS 486 MB (was 715 MB; 457 reading, 486 storing, 483
// sizing: flat). Bound now (289 s busy): samples.ts 23 % (its SQLite calls count for it: 128 bytes of doubles per
// sample written into chunk blobs, and read back for the VM bases and the sizing), store/db.ts 16 % (commits and WAL
// checkpoints of those bytes, written twice), the scanner 14 %, the sizing's percentiles (sizing/arithmetic.ts 12 %,
// VMs held by both runs still read all their samples), parse.ts 7 %, GC 5 %. Left, in order: fewer bytes per sample
// (t as a start and step, values narrower where exact), storing while the upload is read through, mergeable per-run
// bases (p90–p99 need each run's top tenth of the values per figure kept, not a summary).
// Measured 2026-12-06 (issue #41 item 4, "overlap the phases") once a VM that several runs hold is sized from its
// runs' kept tops (sizing/vm-bases.ts: per run and figure the known count and the largest fifth of the values, the
// nearest-rank percentile of all runs' values merged from them, exact, checked every time, else read as before).
// Before, at 3,024,000 samples (--vms=100 --files=2 --cpu-prof, load 6.3): upload 13.6 s (11.8 s CPU), ingest 13.1 s
// (7.7 s CPU), sizing answer 6.7 s (4.6 s CPU) and 5.2 s again for p99 — 33.5 s end to end (90 k samples/s), peak RSS
// 501 MB. After, same file shape (load 6.6): upload 18.4 s (14.8 s CPU), ingest 11.5 s (8.8 s CPU: the tops computed
// and written, ~1 s at most, within the noise), sizing answer 1.5 s (1.0 s CPU) and 0.3 s for p99 — 31.4 s (96 k/s),
// 490 MB. At 30,240,000 samples as two files (--vms=1000 --days=7 --files=2 --cpu-prof, load 6.0–6.8): upload 148.8 s
// (129.9 s CPU), ingest 121.4 s (96.0 s CPU; the store threads 79.6 s), sizing answer 5.9 s (5.4 s CPU, was 31.3 s) and
// 3.4 s for p99 (was 30.7 s) — 276.2 s end to end (109 k samples/s; 272.1 s before at load 4–11: the sizing's 25 s
// saved, the upload and ingest slower at the higher load, the profiler's own thread 17 s of CPU), peak RSS 456 MB
// (455 reading, 342 storing, 335 sizing: flat). Bound now (263.6 s busy): samples.ts 19 % and store/db.ts 18 % (the
// store), the scanner 17 % and parse.ts 10 % (the read-through), native work with no JS caller 12 % (gunzip, the
// spill's reads and writes: spill.ts 5 %), GC 5 %; the sizing's percentiles 2 %. Not done: storing while the upload is
// read through. In the API's sequence it cannot start: a run exists only from the queue call, which the client makes
// with the FileId the upload answers once the file is read through (its ErrorKey is in that answer), and an
// account's uploads are read one at a time and its queued files stored one at a time (INGEST_PARSES_PER_ACCOUNT, 1:
// the fair turns of docs/collector-format.md), so with one account each phase holds one core. Overlapping them needs
// the read-through to store into a staged series keyed by the upload (a second thread tailing its spill, within the
// account's one slot, as the store's parsing thread is), re-keyed to the run by the queue call's job (still Queued,
// Processing, Completed), dropped with the upload, on a refusal (deleteRunSamples) or at restart as spills are.
// Measured 2026-12-06 at 30,240,000 samples as two files with both cores for the one account
// (INGEST_PARSES_PER_ACCOUNT=2 in the environment, --vms=1000 --days=7 --files=2, load 0.4-2.9, no profiler): upload
// 70.5 s (110.0 s CPU: the two files read through at once), ingest 82.1 s (94.9 s CPU: the two runs stored at once
// gain little, SQLite takes one writer at a time), sizing answer 2.7 s and 2.0 s for p99 — 155.2 s end to end (195 k
// samples/s), peak RSS 526 MB. The CPU for the file (208 s) over two cores is 104 s at best: 2 minutes needs the
// store overlapping the read-through (the staged series above) and nearly no idle core.
// Measured 2026-12-06 with the shipped settings (no environment), --vms=1000 --days=7 --files=2, no profiler, once
// the pool and the reading slots are work-conserving (ingest/queue.ts: an account alone takes every idle place, its
// share of 1 holding only while another account's file waits) and then once each chunk column is stored in its
// narrowest exact encoding (series/samples.ts: a vSphere VM's 128 samples in 8.2 KiB instead of 16). At 3,024,000
// samples (load 0.8–1.8): before both, upload 8.3 s (9.4 s CPU), ingest 7.5 s (6.5 s CPU), sizing answer 0.9 s —
// 16.7 s end to end (181 k samples/s), peak RSS 483 MB; work-conserving, 9.3 s (10.1 s CPU), 7.0 s (8.0 s CPU), 0.8 s
// — 17.0 s (178 k/s), 507 MB (a 90 MB file reads through in ~3 s: the upload's own transfer is most of the phase);
// with the encodings (load 5.1), 10.1 s (9.6 s CPU), 8.7 s (7.1 s CPU), 0.8 s — 19.6 s (154 k/s), 497 MB. At
// 30,240,000 samples: work-conserving only, at load 2.0–3.2, upload 63.6 s (99.9 s CPU), ingest 84.6 s (95.7 s CPU),
// sizing answer 2.7 s and 1.9 s for p99 — 150.8 s end to end (200 k samples/s), peak RSS 505 MB (the same as the
// INGEST_PARSES_PER_ACCOUNT=2 run above, now without the setting; at load 4–5 it was 209.7 s); with the encodings,
// at load 2.1–4.2, upload 59.7 s (89.2 s CPU), ingest 66.7 s (76.5 s CPU: the stores' SQLite writes, half the
// bytes), sizing answer 2.6 s and 2.2 s for p99 — 129.0 s end to end (234 k samples/s), peak RSS 521 MB (512 reading,
// 520 storing, 503 sizing; 497–507 at 3 M: flat). That is 9 s over the 2 minutes (252 k samples/s for 30 M) and about
// half the TARGET_RATE below (the issue gives both figures). Bound now: the CPU, both phases using both cores (the
// upload 89 s of CPU in 60 s, the ingest 77 s in 67 s, with the other processes on the machine), the read-through
// 53 % of the whole file's 169 s of server CPU and the store 45 %: what is left is the store overlapping the
// read-through (the staged series above) and less read-through CPU (the scanner, gunzip). Runs on this machine may end early: a
// clean-up of another bench sends SIGTERM to every "src/main.ts serve" process (the server then exits with code 0,
// reported as such since this change).
// Measured 2026-12-06 (issue #41 item 4, branch ingest-speed), --vms=1000 --days=7 --files=2, no profiler, at load 2-5
// with another engineer's Lighthouse runs on the same 2 cores (the upload phase of the same code varied 53-88 s). The
// profile of main (--cpu-prof) showed each storing thread's 80 s as 25 s waiting in BEGIN IMMEDIATE, 20 s in COMMIT (its
// automatic checkpoints) and 14 s inserting chunks: SQLite's busy waiting let the thread that had just committed take
// the lock again while the other slept, so an account's two files were stored mostly one after the other. Main, the same
// day (load 2.2-3.5): upload 81.1 s (92.0 s CPU), ingest 67.5 s (73.8 s CPU), sizing answer 2.5 s — 151.1 s end to end
// (200 k samples/s), peak RSS 479 MB. With the storing threads writing in turn (store/write-turn.ts: a ticket per
// transaction, checkpoints after the turn) and the scanner's id strings (fast-sample.ts IdStrings): upload 69.0 / 62.3 s
// (94.1 / 93.7 s CPU), ingest 55.8 / 59.5 s (69.7 / 64.9 s CPU), sizing answer 2.4-2.6 s — 127.3 / 124.2 s (238-244 k
// samples/s), 502 / 537 MB. Then with this bench's uploads over node:http (fetch with a FormData took 6.4 s of the
// bench's own CPU per file, on the cores the server runs on) and the VM bases' extent from their samples read: upload
// 58.6 s (96.2 s CPU), ingest 58.3 s (60.4 s CPU), sizing answer 2.6 s — 119.5 s end to end (253 k samples/s), peak RSS
// 548 MB. Two runs with a change not kept (chunks encoded before the transaction; checkpoints per 96 MB instead of 24):
// 117.1 s and 116.8 s. So 30 M samples take 117-120 s here, within the 2 minutes but not the 115 s aimed at. Bound now
// (profile of the write turns): the ingest is SQLite's one writer — per storing thread ~18 s within its turn (10 s
// inserting chunks with a page cache the other connection's commit emptied, 4.5 s COMMIT, 1.7 s catching up the
// checkpoint, 2 s filling chunks), ~18 s waiting for its turn, then ~8 s of per-VM bases both at once; the upload is
// the read-through's CPU on both cores (the scanner and parse.ts ~30 s a file, gunzip ~9.5 s a file) after the
// transfer. At 3,024,000 samples in two files (--vms=100 --files=2) the same code takes 10.7 s end to end (283 k
// samples/s), peak RSS 498 MB (497 reading, 441 storing); at 30 M 502-571 MB over the runs above (main 479-524 MB the
// same day): the per-host chunk buffers of 1,000 VMs and two stores writing at once, not the file's length. Left: a
// store that needs fewer page writes per chunk (a host's chunks now rewrite its B-tree leaf every 128 samples), or the
// store overlapping the read-through (a staged series keyed by the upload, above).
// Checked on main once merged (and a storing thread's busy timeout set before WAL mode), nothing else running, load
// 2.0-2.5: upload 53.7 s (98.1 s CPU), ingest 58.3 s (62.4 s CPU), sizing answer 2.7 s — 114.7 s end to end for
// 30,240,000 samples (264 k samples/s), peak RSS 559 MB: within the 2 minutes.
import { execFile } from 'node:child_process';
import {
  createReadStream,
  existsSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
} from 'node:fs';
import http from 'node:http';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { diurnalLoad, saveCollectorFile } from '../src/collector-file/index.ts';
import {
  generateVsphereRecords,
  vsphereSampleCount,
  type VsphereOptions,
} from '../src/collector-file/generate-vsphere.ts';
import { statusFields } from '../src/ingest/memory.ts';
import { loadAverage, numberArg, startDemoServer, type UploadedFile } from './demo-server.ts';

const MB = 1024 * 1024;
/**
 * Issue #41 item 4: "a 1,000-VM estate over 7 days at 20 s is about 30 M samples ... the target is <= 2 minutes": the
 * rate of 30,240,000 samples in 120 s, any size held to it. (The issue's "about 500 k samples/s" in brackets is twice
 * its own 2 minutes for 30 M; the 2 minutes are held.)
 */
const TARGET_RATE = 30_240_000 / 120;
const VMS_PER_HOST = 20;
const HOSTS_PER_CLUSTER = 5;
const START = Date.parse('2026-11-16T00:00:00Z') / 1000;
/** Clock ticks per second of /proc/<pid>/stat (USER_HZ, 100 on Linux x86_64). */
const HZ = 100;

const VMS = numberArg('vms', 1000);
const DAYS = numberArg('days', 7);
const INTERVAL = numberArg('interval', 20);
const FILES = numberArg('files', 1);
/** Every n-th VM powered off (sized by its allocation, no samples): 1,000 VMs then give 1,000 sampled entities. */
const OFF_EVERY = numberArg('off-every', 20);
const CPU_PROF = process.argv.includes('--cpu-prof');
/**
 * `--file=path`: the generated file is kept there and used again by a later run of the same shape (with --files=N,
 * the N files beside it as `path-1ofN.iokit` …).
 */
const KEPT_FILE = process.argv.find((a) => a.startsWith('--file='))?.slice('--file='.length);

/** The estate's slice `i` of FILES (same inventory, consecutive periods). */
function slice(i: number): VsphereOptions {
  const seconds = Math.round((DAYS * 86400) / FILES);
  return {
    vsphere: {
      clusters: Math.max(1, Math.ceil(VMS / (VMS_PER_HOST * HOSTS_PER_CLUSTER))),
      hostsPerCluster: HOSTS_PER_CLUSTER,
      vmsPerHost: VMS_PER_HOST,
      poweredOffEvery: OFF_EVERY,
    },
    durationSeconds: seconds,
    intervalSeconds: INTERVAL,
    seed: 2026,
    start: START + i * seconds,
  };
}

/** Child mode: write slice i to file (the files are written two at a time, one per core). */
async function writeSlice(file: string, i: number): Promise<void> {
  await saveCollectorFile(file, generateVsphereRecords(slice(i), diurnalLoad));
}

const runChild = (args: string[]): Promise<void> =>
  new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [...process.execArgv, fileURLToPath(import.meta.url), ...args],
      { maxBuffer: MB },
      (error) => {
        if (error) reject(new Error(error.message));
        else resolve();
      },
    );
  });

/** CPU seconds (user + system) of each live thread of pid, by thread id, with its name. */
function threadCpu(pid: number): Map<number, { name: string; seconds: number }> {
  const out = new Map<number, { name: string; seconds: number }>();
  const dir = `/proc/${String(pid)}/task`;
  for (const tid of existsSync(dir) ? readdirSync(dir) : []) {
    try {
      const stat = readFileSync(`${dir}/${tid}/stat`, 'utf8');
      // "tid (comm) state …": comm may hold spaces, the fields after its ')' are fixed.
      const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const seconds = (Number(fields[11]) + Number(fields[12])) / HZ;
      out.set(Number(tid), { name, seconds });
    } catch {
      // The thread ended between the listing and the read.
    }
  }
  return out;
}

/** CPU seconds (user + system) of the whole process pid, its ended threads included. */
function processCpu(pid: number): number {
  const stat = readFileSync(`/proc/${String(pid)}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / HZ;
}

/** Watches the server: peak VmRSS per phase, and every thread's CPU seconds (the last value seen of each). */
class Watch {
  private readonly timer: NodeJS.Timeout;
  readonly threads = new Map<number, { name: string; seconds: number; phase: string }>();
  readonly peaks = new Map<string, number>();
  phase = 'start';
  private readonly phaseStart = new Map<number, number>();
  private processStart = 0;

  private readonly pid: number;

  constructor(pid: number) {
    this.pid = pid;
    this.timer = setInterval(() => {
      this.sample();
    }, 200);
  }

  sample(): void {
    try {
      const f = statusFields(readFileSync(`/proc/${String(this.pid)}/status`, 'utf8'));
      this.peaks.set(this.phase, Math.max(this.peaks.get(this.phase) ?? 0, (f.VmRSS ?? 0) / 1024));
    } catch {
      return;
    }
    for (const [tid, t] of threadCpu(this.pid)) {
      const known = this.threads.get(tid);
      this.threads.set(tid, { ...t, phase: known?.phase ?? this.phase });
    }
  }

  /** A new phase starts: the CPU of the threads alive now is counted from here for it. */
  begin(phase: string): void {
    this.sample();
    this.phase = phase;
    this.processStart = processCpu(this.pid);
    this.phaseStart.clear();
    for (const [tid, t] of this.threads) this.phaseStart.set(tid, t.seconds);
  }

  /** CPU seconds per thread name since begin() (threads started meanwhile count whole). */
  cpuOfPhase(): Map<string, number> {
    this.sample();
    const byName = new Map<string, number>();
    for (const [tid, t] of this.threads) {
      const from = this.phaseStart.get(tid) ?? (t.phase === this.phase ? 0 : t.seconds);
      const used = t.seconds - from;
      if (used > 0.005) byName.set(t.name, (byName.get(t.name) ?? 0) + used);
    }
    return byName;
  }

  /** CPU seconds of the whole server since begin(). */
  processCpuOfPhase(): number {
    return processCpu(this.pid) - this.processStart;
  }

  /** The server's VmHWM, or the highest VmRSS seen when it has ended. */
  hwmMb(): number {
    try {
      const f = statusFields(readFileSync(`/proc/${String(this.pid)}/status`, 'utf8'));
      return (f.VmHWM ?? 0) / 1024;
    } catch {
      return Math.max(0, ...this.peaks.values());
    }
  }

  stop(): void {
    clearInterval(this.timer);
  }
}

interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string }; children?: number[] }[];
  samples: number[];
  timeDeltas: number[];
}

/**
 * Self time of a V8 CPU profile by the project's source file nearest the sampled frame (a frame of node:sqlite or
 * zlib counts for the project's file that called it: store.ts inserting, parse.ts reading).
 */
function profileByFile(profile: CpuProfile): Map<string, number> {
  const parent = new Map<number, number>();
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const ownerOf = new Map<number, string>();
  const owner = (id: number): string => {
    const known = ownerOf.get(id);
    if (known !== undefined) return known;
    const node = byId.get(id);
    const url = node?.callFrame.url ?? '';
    const src = url.indexOf('/src/');
    let name: string;
    if (src >= 0) name = url.slice(src + 1);
    else if (node?.callFrame.functionName === '(garbage collector)') name = '(garbage collector)';
    else if (node?.callFrame.functionName === '(idle)') name = '(idle)';
    else {
      const up = parent.get(id);
      name = up === undefined ? `(${node?.callFrame.functionName || 'program'})` : owner(up);
    }
    ownerOf.set(id, name);
    return name;
  };
  const self = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    const file = owner(id);
    self.set(file, (self.get(file) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1e6);
  });
  return self;
}

/**
 * Uploads the file at path as the upload page does (one multipart/form-data part, `file`), streamed from disk in 1 MB
 * pieces over node:http (a week of 1,000 VMs is ~1 GB). fetch with a FormData of openAsBlob took 6.4 s of this
 * process's CPU per 930 MB file (node:http 1.3 s): two uploads at once on one event loop made the bench's own client
 * the bound of the transfer (~13 s of the upload phase), on the 2 cores the server runs on.
 */
async function upload(
  base: string,
  cookie: string,
  file: string,
): Promise<{ status: number; body: UploadedFile }> {
  const boundary = `----vsphere-volume-${String(process.pid)}-${String(Date.now())}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${path.basename(file)}"\r\n` +
      'Content-Type: application/octet-stream\r\n\r\n',
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const url = new URL(`${base}/upload-service/iokit/file`);
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        headers: {
          Cookie: cookie,
          Accept: 'application/json',
          'Content-Type': `multipart/form-data; boundary=${boundary}`,
          'Content-Length': String(head.length + statSync(file).size + tail.length),
        },
      },
      (response) => {
        const parts: Buffer[] = [];
        response.on('data', (chunk: Buffer) => parts.push(chunk));
        response.on('end', () => {
          try {
            resolve({
              status: response.statusCode ?? 0,
              body: JSON.parse(Buffer.concat(parts).toString('utf8')) as UploadedFile,
            });
          } catch (error) {
            reject(error instanceof Error ? error : new Error(String(error)));
          }
        });
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.write(head);
    const source = createReadStream(file, { highWaterMark: MB });
    source.on('error', reject);
    source.pipe(request, { end: false });
    source.on('end', () => request.end(tail));
  });
}

const seconds = (ms: number): string => `${(ms / 1000).toFixed(1)} s`;

async function main(): Promise<void> {
  const gen = process.argv.find((a) => a.startsWith('--write='));
  if (gen) {
    await writeSlice(gen.slice('--write='.length), numberArg('slice', 0));
    return;
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-vsphere-'));
  const profDir = path.join(dir, 'profiles');
  const samplesPerFile = Array.from({ length: FILES }, (_, i) => vsphereSampleCount(slice(i)));
  const samples = samplesPerFile.reduce((a, n) => a + n, 0);
  console.log(
    `vSphere volume bench — node ${process.version}, ${String(cpus().length)} cores, load ${loadAverage()}\n` +
      `  ${String(VMS)} VMs (every ${String(OFF_EVERY)}th powered off), ${String(DAYS)} days at ${String(INTERVAL)} s: ${samples.toLocaleString('en')} samples in ${String(FILES)} files`,
  );
  try {
    // A kept collection of several files: `<path>-<i>of<N>.iokit` each (the shape is in the options, not the name).
    const files = Array.from({ length: FILES }, (_, i) =>
      KEPT_FILE === undefined
        ? path.join(dir, `vsphere-${String(i + 1)}.iokit`)
        : FILES === 1
          ? KEPT_FILE
          : `${KEPT_FILE}-${String(i + 1)}of${String(FILES)}.iokit`,
    );
    const writeStart = performance.now();
    for (let i = 0; i < FILES; i += 2)
      await Promise.all(
        files
          .slice(i, i + 2)
          .map((file, j) =>
            existsSync(file)
              ? Promise.resolve()
              : runChild([...process.argv.slice(2), `--write=${file}`, `--slice=${String(i + j)}`]),
          ),
      );
    const bytes = files.reduce((a, f) => a + statSync(f).size, 0);
    console.log(
      `  wrote ${(bytes / MB).toFixed(0)} MB gzip in ${seconds(performance.now() - writeStart)} (not counted)`,
    );

    const env: Record<string, string> = {
      IOKIT_MAX_FILE_MB: String(Math.max(100, Math.ceil(bytes / MB) + 1)),
      IOKIT_MAX_COMBINED_MB: String(Math.max(250, Math.ceil((bytes * 2) / MB) + 64)),
      IOKIT_MAX_SAMPLES: String(Math.max(10_000_000, samples + 1)),
      IOKIT_WORK_SECONDS: '900',
      MALLOC_ARENA_MAX: '2',
    };
    if (CPU_PROF) env.NODE_OPTIONS = `--cpu-prof --cpu-prof-dir=${profDir}`;
    const server = await startDemoServer('vsphere-volume-', env, numberArg('port', 0) || undefined, 300);
    const watch = new Watch(server.pid);
    const rows: string[] = [];
    const phaseRow = (label: string, ms: number): void => {
      const cpu = [...watch.cpuOfPhase()].sort((a, b) => b[1] - a[1]);
      const total = watch.processCpuOfPhase();
      rows.push(
        `  ${label.padEnd(14)} ${seconds(ms).padStart(8)}  peak RSS ${(watch.peaks.get(watch.phase) ?? 0).toFixed(0).padStart(5)} MB  server CPU ${total.toFixed(1)} s, by thread: ${cpu
          .slice(0, 6)
          .map(([name, s]) => `${name} ${s.toFixed(1)}`)
          .join(', ')}`,
      );
    };
    let failed = false;
    let endToEnd = 0;
    try {
      const cookie = await server.signIn('enduser@adventure-works.example');
      const t0 = performance.now();
      watch.begin('upload');
      // Two uploads at a time (each is read through on arrival in a thread of its own).
      const uploaded: UploadedFile[] = [];
      for (let i = 0; i < FILES; i += 2) {
        const answers = await Promise.all(files.slice(i, i + 2).map((f) => upload(server.base, cookie, f)));
        for (const a of answers) {
          if (a.status !== 200 || a.body.FileId === null)
            throw new Error(`upload answered ${String(a.status)} ${String(a.body.ErrorKey)}`);
          uploaded.push(a.body);
        }
      }
      const t1 = performance.now();
      phaseRow('upload', t1 - t0);
      watch.begin('ingest');
      const q = await fetch(`${server.base}/upload-service/api/iokitqueue`, {
        method: 'POST',
        headers: { Cookie: cookie, 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify({
          ActionForEmail: null,
          ActionForUserId: null,
          ContainsSiokit: false,
          ExistingCompanyID: null,
          iokits: uploaded,
          isNewUser: false,
          NewCompanyId: null,
          NewCompanyName: null,
          NewFirstName: null,
          NewLastName: null,
          NewProjectName: 'vSphere volume',
          NewSendEmail: false,
          SelectedProjectId: null,
        }),
      });
      const queued = (await q.json()) as { ResourceKey: string | null; Data: { Id: number } };
      if (q.status !== 200)
        throw new Error(`queue answered ${String(q.status)} ${String(queued.ResourceKey)}`);
      const projectId = queued.Data.Id;
      // As the portal's completion dialog: the project asked until no run is Queued or Processing (every 500 ms); an
      // answer other than the project is reported and asked again (a few times).
      for (let refused = 0; ;) {
        const r = await fetch(`${server.base}/api/projects/${String(projectId)}`, {
          headers: { Cookie: cookie },
        });
        const p = (await r.json()) as { ProcessingFailed: boolean; CollectorRuns?: { Status: string }[] };
        if (r.status !== 200 || p.CollectorRuns === undefined) {
          const said = `the project answered ${String(r.status)} ${JSON.stringify(p).slice(0, 300)}`;
          console.log(`  ${said} after ${seconds(performance.now() - t1)} of ingest`);
          if ((refused += 1) >= 5) throw new Error(said);
          await new Promise((resolve) => setTimeout(resolve, 500));
          continue;
        }
        if (!p.CollectorRuns.some((run) => run.Status === 'Queued' || run.Status === 'Processing')) {
          if (p.ProcessingFailed) throw new Error('a run failed to store');
          break;
        }
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
      const t2 = performance.now();
      phaseRow('ingest', t2 - t1);
      watch.begin('sizing');
      const s = await fetch(`${server.base}/api/projects/${String(projectId)}/sizing`, {
        headers: { Cookie: cookie, Accept: 'application/json' },
      });
      const sizing = (await s.json()) as { Vms?: unknown[]; Clusters?: unknown[]; Servers?: unknown[] };
      const t3 = performance.now();
      phaseRow('sizing answer', t3 - t2);
      if (s.status !== 200) throw new Error(`sizing answered ${String(s.status)}`);
      // The same answer again: the viewer's second read (cached, or precomputed figures re-read).
      watch.begin('sizing again');
      const again = await fetch(`${server.base}/api/projects/${String(projectId)}/sizing?basis=p99`, {
        headers: { Cookie: cookie, Accept: 'application/json' },
      });
      await again.arrayBuffer();
      phaseRow('sizing p99', performance.now() - t3);
      endToEnd = t3 - t0;
      rows.push(
        `  sizing: ${String(sizing.Vms?.length ?? 0)} VMs, ${String(sizing.Clusters?.length ?? 0)} clusters, ${String(sizing.Servers?.length ?? 0)} hosts sized`,
      );
    } catch (error) {
      failed = true;
      const cause = error instanceof Error && error.cause instanceof Error ? ` (${error.cause.message})` : '';
      // A server that ended says how a moment later (its exit event); one still there, in which state.
      for (let i = 0; i < 30 && server.exited() === null; i++) await new Promise((r) => setTimeout(r, 100));
      let state = '';
      try {
        state = /State:\s*(.*)/.exec(readFileSync(`/proc/${String(server.pid)}/status`, 'utf8'))?.[1] ?? '';
      } catch {
        // Gone.
      }
      const ended = server.exited() ?? (state ? `still there (${state})` : null);
      rows.push(
        `  FAILED: ${error instanceof Error ? error.message : String(error)}${cause}${ended === null ? '' : `; the server ended: ${ended}`}`,
      );
    }
    const hwm = watch.hwmMb();
    watch.stop();
    server.stop();
    // The server writes its main thread's profile as it exits.
    while (existsSync(`/proc/${String(server.pid)}`)) await new Promise((r) => setTimeout(r, 100));
    console.log(`\nphase            wall      memory         CPU by thread (s; load ${loadAverage()})`);
    for (const row of rows) console.log(row);
    if (!failed) {
      const rate = samples / (endToEnd / 1000);
      console.log(
        `\n  end to end (upload → sizing answer): ${seconds(endToEnd)} for ${samples.toLocaleString('en')} samples = ${Math.round(rate).toLocaleString('en')} samples/s — target ≥ ${TARGET_RATE.toLocaleString('en')}/s (30 M in 2 minutes, ${seconds((samples / TARGET_RATE) * 1000)} for this file): ${rate >= TARGET_RATE ? 'met' : 'MISSED'}`,
      );
    }
    console.log(`  server peak RSS (VmHWM): ${hwm.toFixed(0)} MB`);
    if (CPU_PROF && existsSync(profDir)) {
      const byFile = new Map<string, number>();
      for (const f of readdirSync(profDir))
        for (const [file, s] of profileByFile(
          JSON.parse(readFileSync(path.join(profDir, f), 'utf8')) as CpuProfile,
        ))
          byFile.set(file, (byFile.get(file) ?? 0) + s);
      const busy = [...byFile].filter(([f]) => f !== '(idle)').sort((a, b) => b[1] - a[1]);
      const total = busy.reduce((a, [, s]) => a + s, 0);
      console.log(
        `\n  CPU profile of every server thread (${String(readdirSync(profDir).length)} profiles), self time by source file (native calls count for their caller), ${total.toFixed(1)} s busy:`,
      );
      for (const [file, s] of busy.slice(0, 14))
        console.log(
          `    ${s.toFixed(1).padStart(7)} s  ${((s / total) * 100).toFixed(0).padStart(3)} %  ${file}`,
        );
    }
  } finally {
    if (!process.argv.includes('--keep')) rmSync(dir, { recursive: true, force: true });
  }
}

await main();

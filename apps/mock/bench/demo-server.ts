// The demo server the benches measure: a child process on a free loopback port with a fresh seeded data folder, and
// signing in its seeded accounts (each bench's figures then include nothing of the bench's own process).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../src/prism.ts';

const HOST = '127.0.0.1'; // loopback only
/** The seeded accounts' password (store/seed.ts). */
const PASSWORD = 'Demo-Portal-2026';

export interface BenchServer {
  base: string;
  pid: number;
  /** The session cookie (name=value) of a seeded account. */
  signIn: (email: string) => Promise<string>;
  stop: () => void;
  /** How the server ended when it did by itself (a crash: its exit code or signal), else null. */
  exited: () => string | null;
}

/**
 * Starts the demo server (data folder prefixed `prefix`, further environment `env`, on `port` or a free one) and waits
 * until it listens (`startSeconds`, 60 s by default: seeding takes longer on a loaded machine).
 */
export async function startDemoServer(
  prefix: string,
  env: Record<string, string> = {},
  port?: number,
  startSeconds = 60,
): Promise<BenchServer> {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const dataDir = mkdtempSync(path.join(tmpdir(), prefix));
  port ??= await freePort();
  const server = spawn(process.execPath, ['--import', './src/register.ts', 'src/main.ts', 'serve'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST, DATA_DIR: dataDir, LOG_REQUESTS: '0', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let exited: string | null = null;
  server.once('exit', (code, signal) => {
    exited = signal === null ? `exit code ${String(code)}` : `signal ${signal}`;
  });
  // The data folder goes once the server has ended: removed right after SIGTERM, while the server still ran (and
  // closed its database), a 30 M-sample bench:vsphere-volume run often left its folder behind (a 2.7-4 GB database
  // each, found in the temporary folder until the disk was full).
  const removeData = (): void => {
    rmSync(dataDir, { recursive: true, force: true });
  };
  const stop = (): void => {
    if (exited !== null) removeData();
    else {
      server.once('exit', removeData);
      server.kill('SIGTERM');
    }
  };
  const base = `http://${HOST}:${String(port)}`;
  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        reject(new Error(`server did not start in ${String(startSeconds)} s`));
      }, startSeconds * 1000);
      server.stdout.on('data', (chunk: Buffer) => {
        if (chunk.toString().includes('listening')) {
          clearTimeout(timer);
          resolve();
        }
      });
      server.once('exit', (code) => {
        reject(new Error(`server exited with ${String(code)}`));
      });
    });
  } catch (error) {
    stop();
    throw error;
  }
  const signIn = async (email: string): Promise<string> => {
    const r = await fetch(`${base}/api/auth/signin`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password: PASSWORD }),
    });
    if (r.status !== 200) throw new Error(`sign-in of ${email}: ${String(r.status)}`);
    return (r.headers.getSetCookie()[0] ?? '').split(';')[0] ?? '';
  };
  return { base, pid: server.pid ?? 0, signIn, stop, exited: () => exited };
}

/** The nearest-rank quantile q of values (NaN for none). */
export const quantile = (values: number[], q: number): number => {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.max(0, Math.ceil(q * s.length) - 1)] ?? Number.NaN;
};

/** The number given on the command line as `--name=value`, or fallback. */
export const numberArg = (name: string, fallback: number): number => {
  const hit = process.argv.find((a) => a.startsWith(`--${name}=`));
  return hit ? Number(hit.split('=')[1]) : fallback;
};

/** The load average (1, 5 and 15 minutes), one decimal each. */
export const loadAverage = (): string =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

/** What the viewer reads met: each read's latency (ms) and how many failed or timed out. */
export interface Reads {
  latencies: number[];
  failed: number;
}

/**
 * Reads GET /api/viewer as `cookie` every 1000/rate ms while fn runs (open loop: a request is sent on time whether
 * the previous one answered or not, so a blocked server shows in every request it holds up); resolves when fn has
 * ended and every read sent has answered.
 */
export async function readViewerWhile(
  base: string,
  cookie: string,
  rate: number,
  fn: () => Promise<void>,
): Promise<Reads> {
  const reads: Reads = { latencies: [], failed: 0 };
  const pending: Promise<void>[] = [];
  const read = async (): Promise<void> => {
    const t0 = performance.now();
    try {
      const r = await fetch(`${base}/api/viewer`, { headers: { Cookie: cookie } });
      await r.arrayBuffer();
      if (r.status !== 200) reads.failed += 1;
    } catch {
      // A connection the blocked server did not accept in time (undici's 10 s connect timeout).
      reads.failed += 1;
    }
    reads.latencies.push(performance.now() - t0);
  };
  const ticker = setInterval(() => pending.push(read()), 1000 / rate);
  try {
    await fn();
  } finally {
    clearInterval(ticker);
    await Promise.all(pending);
  }
  return reads;
}

/** The reads' count, p50, p95 and max latency (ms) and failures, as one line's words. */
export const describeReads = ({ latencies, failed }: Reads): string =>
  `n ${String(latencies.length)}, p50 ${quantile(latencies, 0.5).toFixed(1)} ms, p95 ${quantile(latencies, 0.95).toFixed(1)} ms, max ${Math.max(...latencies).toFixed(1)} ms, failed or timed out ${String(failed)}`;

/** The upload service's answer to a collector file (POST /upload-service/iokit/file). */
export interface UploadedFile {
  FileId: string | null;
  ErrorKey: string | null;
  FileName: string;
}

/** Uploads a collector file as `cookie`. */
export async function uploadCollectorFile(
  base: string,
  cookie: string,
  file: Buffer,
  name: string,
): Promise<{ status: number; body: UploadedFile }> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(file)]), name);
  const r = await fetch(`${base}/upload-service/iokit/file`, {
    method: 'POST',
    headers: { Cookie: cookie, Accept: 'application/json' },
    body: form,
  });
  return { status: r.status, body: (await r.json()) as UploadedFile };
}

/** Queues an uploaded file into a new project named `projectName` (POST /upload-service/api/iokitqueue). */
export async function queueUploadedFile(
  base: string,
  cookie: string,
  file: { FileId: string | null },
  projectName: string,
): Promise<{ status: number; body: { ResourceKey: string | null; Data: { Id: number } } }> {
  const r = await fetch(`${base}/upload-service/api/iokitqueue`, {
    method: 'POST',
    headers: { Cookie: cookie, 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify({
      ActionForEmail: null,
      ActionForUserId: null,
      ContainsSiokit: false,
      ExistingCompanyID: null,
      iokits: [file],
      isNewUser: false,
      NewCompanyId: null,
      NewCompanyName: null,
      NewFirstName: null,
      NewLastName: null,
      NewProjectName: projectName,
      NewSendEmail: false,
      SelectedProjectId: null,
    }),
  });
  return {
    status: r.status,
    body: (await r.json()) as { ResourceKey: string | null; Data: { Id: number } },
  };
}

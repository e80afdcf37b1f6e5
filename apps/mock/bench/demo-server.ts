// The demo server the benches measure: a child process on a free loopback port with a fresh seeded data folder, and
// signing in its seeded accounts (each bench's figures then include nothing of the bench's own process).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
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
}

/** Starts the demo server (data folder prefixed `prefix`) and waits until it listens (60 s at most). */
export async function startDemoServer(prefix: string): Promise<BenchServer> {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const dataDir = mkdtempSync(path.join(tmpdir(), prefix));
  const port = await freePort();
  const server = spawn(process.execPath, ['--import', './src/register.ts', 'src/main.ts', 'serve'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST, DATA_DIR: dataDir, LOG_REQUESTS: '0' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const stop = (): void => {
    server.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  };
  const base = `http://${HOST}:${String(port)}`;
  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        reject(new Error('server did not start in 60 s'));
      }, 60_000);
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
  return { base, pid: server.pid ?? 0, signIn, stop };
}

/** The nearest-rank quantile q of values (NaN for none). */
export const quantile = (values: number[], q: number): number => {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.max(0, Math.ceil(q * s.length) - 1)] ?? Number.NaN;
};

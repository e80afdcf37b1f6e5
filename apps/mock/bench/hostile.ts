// A hostile upload (issue #32 a): a small collector file whose header lists many hosts (default 20 000, the most a
// file may list) with one sample. The demo server runs in a child process (fresh seeded data folder); the file is
// uploaded and queued (POST /api/iokitqueue) while a second account reads GET /api/viewer at a fixed rate (open
// loop: a request is sent every 1000/rate ms whether the previous one answered or not, so a blocked server shows
// in every request it holds up). Prints the upload and queue times and the viewer's p50/p95/max latency meanwhile.
// Prints, no timed test (2 shared cores: wall figures include waiting for a core).
//   pnpm --filter @assessment/mock run bench:hostile [-- --hosts=20000 --disks=1 --nics=1 --rate=50]
import { loadavg } from 'node:os';
import { writeCollectorFile } from '../src/collector-file/index.ts';
import { hostileRecords } from './hostile-file.ts';
import { quantile, startDemoServer } from './demo-server.ts';

const arg = (name: string, fallback: number): number => {
  const hit = process.argv.find((a) => a.startsWith(`--${name}=`));
  return hit ? Number(hit.split('=')[1]) : fallback;
};
const HOSTS = arg('hosts', 20_000);
const DISKS = arg('disks', 1);
const NICS = arg('nics', 1);
const RATE = Math.min(arg('rate', 50), 200); // viewer reads per second

async function main(): Promise<void> {
  const server = await startDemoServer('hostile-bench-');
  const { base, signIn } = server;
  try {
    const uploader = await signIn('staff@dell.example');
    const reader = await signIn('enduser@adventure-works.example');

    const file = writeCollectorFile(hostileRecords(HOSTS, DISKS, NICS));
    console.log(
      `file: ${String(HOSTS)} hosts × ${String(DISKS)} disk(s) × ${String(NICS)} NIC(s), 1 sample, ${(file.length / 1024).toFixed(0)} KB gzip`,
    );

    // The reader: GET /api/viewer every 1000/RATE ms (open loop) until the upload is queued.
    const latencies: number[] = [];
    const pending: Promise<void>[] = [];
    let failed = 0;
    const read = async (): Promise<void> => {
      const t0 = performance.now();
      try {
        const r = await fetch(`${base}/api/viewer`, { headers: { Cookie: reader } });
        await r.arrayBuffer();
        if (r.status !== 200) failed += 1;
      } catch {
        // A connection the blocked server did not accept in time (undici's 10 s connect timeout).
        failed += 1;
      }
      latencies.push(performance.now() - t0);
    };
    const ticker = setInterval(() => pending.push(read()), 1000 / RATE);

    const form = new FormData();
    form.append('file', new Blob([file]), 'hostile.iokit');
    const t0 = performance.now();
    const up = await fetch(`${base}/upload-service/iokit/file`, {
      method: 'POST',
      headers: { Cookie: uploader, Accept: 'application/json' },
      body: form,
    });
    const uploaded = (await up.json()) as {
      FileId: string | null;
      ErrorKey: string | null;
      FileName: string;
    };
    const t1 = performance.now();
    console.log(
      `upload: ${String(up.status)} ErrorKey ${String(uploaded.ErrorKey)} in ${(t1 - t0).toFixed(0)} ms`,
    );
    if (uploaded.FileId !== null) {
      const q = await fetch(`${base}/upload-service/api/iokitqueue`, {
        method: 'POST',
        headers: { Cookie: uploader, 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify({
          ActionForEmail: null,
          ActionForUserId: null,
          ContainsSiokit: false,
          ExistingCompanyID: null,
          iokits: [uploaded],
          isNewUser: false,
          NewCompanyId: null,
          NewCompanyName: null,
          NewFirstName: null,
          NewLastName: null,
          NewProjectName: 'Hostile bench',
          NewSendEmail: false,
          SelectedProjectId: null,
        }),
      });
      const answer = (await q.json()) as { ResourceKey?: string };
      console.log(
        `queue (POST /api/iokitqueue): ${String(q.status)} ${String(answer.ResourceKey)} in ${(performance.now() - t1).toFixed(0)} ms`,
      );
    }
    clearInterval(ticker);
    await Promise.all(pending);
    console.log(
      `GET /api/viewer while processed: n ${String(latencies.length)}, p50 ${quantile(latencies, 0.5).toFixed(1)} ms, p95 ${quantile(latencies, 0.95).toFixed(1)} ms, max ${Math.max(...latencies).toFixed(1)} ms, failed or timed out ${String(failed)}`,
    );
    console.log(
      `load average ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
    );
  } finally {
    server.stop();
  }
}

await main();

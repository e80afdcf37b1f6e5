// Background ingest under hostile uploads (issue #32 a, "Done when"). The demo server runs in a child process (fresh
// seeded data folder) while a second account reads GET /api/viewer at a fixed rate (open loop: a request every
// 1000/rate ms whether the previous one answered or not, so a blocked server shows in every request it holds up):
//   1. a 20 000-host file (the most a file may list, one sample) is uploaded and queued; the queue call answers at
//      once and the file is stored in the background — measured until its run is no longer Queued/Processing;
//   2. a 172 000-host file (~1 MB gzip) is uploaded: refused on arrival (iokit_file_too_many_hosts);
//   3. ten hostile uploads at once (five of each file, from five accounts), the 20 000-host ones queued.
// Prints each phase's times, the viewer's p50/p95/max meanwhile with the load average, and the server's peak RSS
// (VmHWM of /proc/<pid>/status, sampled VmRSS too) against the stated ceiling. Prints, no timed test (2 shared cores:
// wall figures include waiting for a core).
//   pnpm --filter @assessment/mock run bench:background [-- --rate=50 --ceiling-mb=800]
import { readFileSync } from 'node:fs';
import { writeCollectorFile } from '../src/collector-file/index.ts';
import { hostileRecords } from './hostile-file.ts';
import {
  describeReads,
  loadAverage,
  numberArg,
  quantile,
  queueUploadedFile,
  readViewerWhile,
  startDemoServer,
  uploadCollectorFile,
} from './demo-server.ts';

const RATE = Math.min(numberArg('rate', 50), 200); // viewer reads per second
/** The memory ceiling this bench holds the server to (issue #32: ten hostile uploads at once). */
const CEILING_MB = numberArg('ceiling-mb', 1280);

const mb = (kb: number): string => `${(kb / 1024).toFixed(0)} MB`;

function memoryOf(pid: number): { rssKb: number; hwmKb: number } {
  const status = readFileSync(`/proc/${String(pid)}/status`, 'utf8');
  const field = (name: string): number => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { rssKb: field('VmRSS'), hwmKb: field('VmHWM') };
}

async function main(): Promise<void> {
  const server = await startDemoServer('background-bench-');
  const { base, signIn } = server;
  const pid = server.pid;
  try {
    const reader = await signIn('enduser@adventure-works.example');
    const uploaders = await Promise.all(
      [
        'staff@dell.example',
        'admin@dell.example',
        'partner.admin@contoso-partners.example',
        'partner.member@contoso-partners.example',
        'oem.admin@northwind-oem.example',
      ].map(signIn),
    );
    const uploader = uploaders[0] ?? '';
    console.log(`server pid ${String(pid)}, idle RSS ${mb(memoryOf(pid).rssKb)}`);

    const hosts20k = writeCollectorFile(hostileRecords(20_000));
    const hosts172k = writeCollectorFile(hostileRecords(172_000));
    console.log(
      `files: 20 000 hosts ${(hosts20k.length / 1024).toFixed(0)} KB gzip, 172 000 hosts ${(hosts172k.length / 1024).toFixed(0)} KB gzip`,
    );

    const upload = async (cookie: string, file: Buffer, name: string) =>
      (await uploadCollectorFile(base, cookie, file, name)).body;
    const queue = (cookie: string, file: { FileId: string | null }, name: string) =>
      queueUploadedFile(base, cookie, file, name);
    /** Until no run of the project is Queued or Processing: how it ended. */
    const stored = async (cookie: string, projectId: number): Promise<string> => {
      for (;;) {
        const r = await fetch(`${base}/api/projects/${String(projectId)}`, { headers: { Cookie: cookie } });
        const p = (await r.json()) as { ProcessingFailed: boolean; CollectorRuns: { Status: string }[] };
        if (!p.CollectorRuns.some((run) => run.Status === 'Queued' || run.Status === 'Processing'))
          return p.ProcessingFailed
            ? 'failed'
            : `stored (${p.CollectorRuns.map((run) => run.Status).join(', ')})`;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    };

    /** Reads GET /api/viewer at RATE while fn runs; prints the latencies and the load average. */
    const whileReading = async (label: string, fn: () => Promise<void>): Promise<void> => {
      const reads = await readViewerWhile(base, reader, RATE, fn);
      const p95 = quantile(reads.latencies, 0.95);
      console.log(
        `  GET /api/viewer meanwhile: ${describeReads(reads)}; p95 target < 100 ms: ${p95 < 100 ? 'met' : 'MISSED'}; load average ${loadAverage()} — ${label}`,
      );
    };

    // 1. The 20 000-host file, queued and stored in the background.
    await whileReading('20 000 hosts', async () => {
      const t0 = performance.now();
      const up = await upload(uploader, hosts20k, 'hosts-20k.iokit');
      const t1 = performance.now();
      console.log(`20 000 hosts: upload ErrorKey ${String(up.ErrorKey)} in ${(t1 - t0).toFixed(0)} ms`);
      if (up.FileId === null) return;
      const q = await queue(uploader, up, 'Background bench 20k');
      const t2 = performance.now();
      console.log(`  queue: ${String(q.status)} ${String(q.body.ResourceKey)} in ${(t2 - t1).toFixed(0)} ms`);
      const outcome = await stored(uploader, q.body.Data.Id);
      console.log(`  ${outcome} in the background after ${(performance.now() - t2).toFixed(0)} ms`);
    });

    // 2. The 172 000-host file.
    await whileReading('172 000 hosts', async () => {
      const t0 = performance.now();
      const up = await upload(uploader, hosts172k, 'hosts-172k.iokit');
      console.log(
        `172 000 hosts: upload ErrorKey ${String(up.ErrorKey)} in ${(performance.now() - t0).toFixed(0)} ms`,
      );
      if (up.FileId !== null) {
        const q = await queue(uploader, up, 'Background bench 172k');
        console.log(`  queue: ${String(q.status)}; ${await stored(uploader, q.body.Data.Id)}`);
      }
    });

    console.log(
      `RSS after the two files: ${mb(memoryOf(pid).rssKb)}, peak so far ${mb(memoryOf(pid).hwmKb)}`,
    );
    // 3. Ten hostile uploads at once, RSS sampled meanwhile.
    let peakRssKb = 0;
    const sampler = setInterval(() => {
      peakRssKb = Math.max(peakRssKb, memoryOf(pid).rssKb);
    }, 20);
    await whileReading('ten hostile uploads at once', async () => {
      const t0 = performance.now();
      const outcomes = await Promise.all(
        Array.from({ length: 10 }, async (_, i) => {
          const cookie = uploaders[i % uploaders.length] ?? uploader;
          const big = i % 2 === 1;
          const up = await upload(cookie, big ? hosts172k : hosts20k, `hostile-${String(i)}.iokit`);
          if (up.FileId === null) return `refused ${String(up.ErrorKey)}`;
          const q = await queue(cookie, up, `Hostile ${String(i)}`);
          if (q.status !== 200) return `queue ${String(q.status)} ${String(q.body.ResourceKey)}`;
          return stored(cookie, q.body.Data.Id);
        }),
      );
      const counts = new Map<string, number>();
      for (const o of outcomes) counts.set(o, (counts.get(o) ?? 0) + 1);
      console.log(
        `ten hostile uploads at once: ${[...counts].map(([o, n]) => `${String(n)} × ${o}`).join('; ')} in ${(performance.now() - t0).toFixed(0)} ms`,
      );
    });
    clearInterval(sampler);
    const { hwmKb } = memoryOf(pid);
    console.log(
      `server peak RSS: ${mb(Math.max(peakRssKb, hwmKb))} (VmHWM ${mb(hwmKb)}, sampled ${mb(peakRssKb)}); ceiling ${String(CEILING_MB)} MB: ${Math.max(peakRssKb, hwmKb) / 1024 < CEILING_MB ? 'held' : 'EXCEEDED'}`,
    );
  } finally {
    server.stop();
  }
}

await main();

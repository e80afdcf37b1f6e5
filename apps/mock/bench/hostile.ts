// A hostile upload (issue #32 a): a small collector file whose header lists many hosts (default 20 000, the most a
// file may list) with one sample. The demo server runs in a child process (fresh seeded data folder); the file is
// uploaded and queued (POST /api/iokitqueue) while a second account reads GET /api/viewer at a fixed rate (open
// loop: a request is sent every 1000/rate ms whether the previous one answered or not, so a blocked server shows
// in every request it holds up). Prints the upload and queue times and the viewer's p50/p95/max latency meanwhile.
// Prints, no timed test (2 shared cores: wall figures include waiting for a core).
//   pnpm --filter @assessment/mock run bench:hostile [-- --hosts=20000 --disks=1 --nics=1 --rate=50]
import { writeCollectorFile } from '../src/collector-file/index.ts';
import { hostileRecords } from './hostile-file.ts';
import {
  describeReads,
  loadAverage,
  numberArg,
  queueUploadedFile,
  readViewerWhile,
  startDemoServer,
  uploadCollectorFile,
} from './demo-server.ts';

const HOSTS = numberArg('hosts', 20_000);
const DISKS = numberArg('disks', 1);
const NICS = numberArg('nics', 1);
const RATE = Math.min(numberArg('rate', 50), 200); // viewer reads per second

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
    const reads = await readViewerWhile(base, reader, RATE, async () => {
      const t0 = performance.now();
      const up = await uploadCollectorFile(base, uploader, file, 'hostile.iokit');
      const t1 = performance.now();
      console.log(
        `upload: ${String(up.status)} ErrorKey ${String(up.body.ErrorKey)} in ${(t1 - t0).toFixed(0)} ms`,
      );
      if (up.body.FileId !== null) {
        const q = await queueUploadedFile(base, uploader, up.body, 'Hostile bench');
        console.log(
          `queue (POST /api/iokitqueue): ${String(q.status)} ${String(q.body.ResourceKey)} in ${(performance.now() - t1).toFixed(0)} ms`,
        );
      }
    });
    console.log(`GET /api/viewer while processed: ${describeReads(reads)}`);
    console.log(`load average ${loadAverage()}`);
  } finally {
    server.stop();
  }
}

await main();

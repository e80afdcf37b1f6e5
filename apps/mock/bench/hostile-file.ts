// The hostile collector files: issue #32 (a), many hosts in the header, one sample (bench/hostile.ts and the tests,
// tests/collector-limits.test.ts); issue #39, a line of nested brackets and a file of blank lines
// (bench/background-ingest.ts).
import { gzipSync } from 'node:zlib';
import { recordLine, type CollectorRecord } from '../src/collector-file/index.ts';

/** The hostile file: HOSTS hosts in the header, one sample (of the first host), the end record. */
export function hostileRecords(hosts: number, disks = 1, nics = 1): CollectorRecord[] {
  const t = 1_764_000_000;
  return [
    {
      type: 'header',
      format: 'iokit',
      formatVersion: 1,
      collector: { name: 'bench', version: '1' },
      start: new Date((t - 60) * 1000).toISOString(),
      end: new Date(t * 1000).toISOString(),
      intervalSeconds: 60,
      clusters: [],
      hosts: Array.from({ length: hosts }, (_, i) => ({
        id: `h${String(i)}`,
        name: `host-${String(i)}`,
        os: 'Linux',
        cpu: { model: 'x', cores: 4 },
        memoryBytes: 8 * 1024 ** 3,
        disks: Array.from({ length: disks }, (__, j) => ({
          id: `d${String(j)}`,
          name: `sd${String(j)}`,
          capacityBytes: 1024 ** 4,
          kind: 'local' as const,
        })),
        nics: Array.from({ length: nics }, (__, j) => ({ id: `n${String(j)}`, name: `eth${String(j)}` })),
      })),
    },
    {
      type: 'sample',
      t,
      host: 'h0',
      cpuPct: 10,
      memUsedBytes: 1024 ** 3,
      disks: {
        d0: { readIops: 10, writeIops: 5, readBps: 4096, writeBps: 2048, latencyMs: 1, queueDepth: 1 },
      },
      net: { n0: { rxBps: 1000, txBps: 1000 } },
    },
    { type: 'end', samples: 1 },
  ];
}

/** A seeded generator of 32-bit numbers (mulberry32): padding that does not compress away, the same every run. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  };
}

/** 1 to `most` random spaces and tabs into buf at at; the new end. */
function whitespace(buf: Buffer, at: number, next: () => number, most: number): number {
  const bits = next();
  const n = 1 + (bits % most);
  for (let i = 0; i < n; i += 1) buf[at + i] = (bits >>> (8 + (i % 24))) & 1 ? 0x09 : 0x20;
  return at + n;
}

/**
 * The nested-bracket file of issue #39: a valid header, then a line of `depth` '[' each followed by 1–3 random spaces
 * or tabs, never closed (~30 M characters at 10 M: under the line limit; the varied whitespace keeps it under the
 * ratio limit). Parsed whole, it took the server from 320 to 1 281 MB.
 */
export function nestedBracketsFile(depth = 10_000_000): Buffer {
  const [header] = hostileRecords(1);
  const head = Buffer.from(recordLine(header as CollectorRecord));
  const body = Buffer.alloc(depth * 4 + 1);
  const next = random(39);
  let at = 0;
  for (let i = 0; i < depth; i += 1) {
    body[at] = 0x5b;
    at = whitespace(body, at + 1, next, 3);
  }
  body[at] = 0x0a;
  return gzipSync(Buffer.concat([head, body.subarray(0, at + 1)]), { level: 1 });
}

/**
 * The blank-line file of issue #39, scaled down: a valid file of one host and three samples with `bytes` of blank
 * lines (1–200 random spaces and tabs each) between its samples. The finding's was 7.8 GiB of them in 98 MB (85 : 1,
 * under the ratio and size limits): read whole, 164 s. Refused now once its padding passes 16 MiB.
 */
export function blankLinesFile(bytes = 64 * 1024 * 1024): Buffer {
  const records = hostileRecords(1);
  const [header, sample] = records;
  if (header?.type !== 'header' || sample?.type !== 'sample' || !('t' in sample))
    throw new Error('hostileRecords changed');
  const samples = [0, 1, 2].map((i) => ({ ...sample, t: sample.t + i * 60 }));
  const padding = Buffer.alloc(bytes + 256);
  const next = random(85);
  let at = 0;
  while (at < bytes) {
    at = whitespace(padding, at, next, 200);
    padding[at] = 0x0a;
    at += 1;
  }
  const line = (r: CollectorRecord): Buffer => Buffer.from(recordLine(r));
  return gzipSync(
    Buffer.concat([
      line(header),
      line(samples[0] as CollectorRecord),
      padding.subarray(0, at),
      ...samples.slice(1).map((s) => line(s)),
      line({ type: 'end', samples: 3 }),
    ]),
    { level: 1 },
  );
}

// The hostile collector file of issue #32 (a): many hosts in the header, one sample. Used by bench/hostile.ts and
// the tests (tests/collector-limits.test.ts).
import type { CollectorRecord } from '../src/collector-file/index.ts';

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

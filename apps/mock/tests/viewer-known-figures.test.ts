// Figures told as the file told them (issue #40's leftovers), each hand-computed:
// - free space is what the file systems reported (format v2 fileSystems[].freeBytes, reserved blocks not free), not
//   capacity − used; null stays unknown; without file systems (v1) it is capacity − used;
// - a server without disks has no IOPS and no latency (null, no data), never 0 IOPS at 0 ms, and is not ranked by IOPS,
//   while its CPU figures stay;
// - a host whose read IOPS are unknown (null) still weighs its known write latency by its writes in the combined
//   latency (read + write was NaN there, and the host's latency got weight 0).
import type { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import type {
  CollectorHeader,
  CollectorRecord,
  CollectorSampleV1,
  CollectorSampleV2,
} from '../src/collector-file/records.ts';
import { storeCollectorFile } from '../src/series/store.ts';
import { projectHosts, querySummary } from '../src/series/repo.ts';
import { freshStore } from './helpers.ts';

const RUN = 1;
const PROJECT = 1;
const T0 = 1_700_000_040;
const G = 60;

const whole = { from: T0 + G, to: T0 + 3 * G, top: 10, intervalS: G };

function header(version: 1 | 2, hosts: CollectorHeader['hosts']): CollectorHeader {
  return {
    type: 'header',
    format: 'iokit',
    formatVersion: version,
    collector: { name: 'test', version: '1' },
    start: new Date(T0 * 1000).toISOString(),
    end: new Date((T0 + 3 * G) * 1000).toISOString(),
    intervalSeconds: G,
    hosts,
    clusters: [],
  };
}

const v2Host = (
  id: string,
  disks: CollectorHeader['hosts'][number]['disks'],
  fileSystems: NonNullable<CollectorHeader['hosts'][number]['fileSystems']>,
): CollectorHeader['hosts'][number] => ({
  id,
  name: id.toUpperCase(),
  os: 'Linux',
  cpu: { model: 'x', cores: 4 },
  memoryBytes: 0,
  timeZone: 'UTC',
  machine: null,
  disks,
  nics: [],
  fileSystems,
});

function file(h: CollectorHeader, samples: (CollectorSampleV1 | CollectorSampleV2)[]): CollectorRecord[] {
  return [h, ...samples, { type: 'end', samples: samples.length }];
}

describe('figures as the file told them', () => {
  let db: DatabaseSync;
  freshStore((opened) => (db = opened), { run: RUN, project: PROJECT });
  const capacityOf = (name: string) => querySummary(db, PROJECT, whole).capacity.find((c) => c.name === name);

  it('free space is what the file systems reported; null stays unknown; without file systems capacity − used', async () => {
    const disk = (id: string, capacityBytes: number) =>
      ({ id, name: id, capacityBytes, kind: 'local', layer: 'disk' }) as const;
    await storeCollectorFile(
      db,
      RUN,
      file(
        header(2, [
          // "/" on sda: 500 free of 900 (100 reserved); "/data" over sda and sdb: 1,200 free, 600 on each.
          v2Host(
            'fs',
            [disk('sda', 1000), disk('sdb', 2000)],
            [
              {
                mount: '/',
                device: '/dev/sda1',
                sizeBytes: 900,
                usedBytes: 300,
                freeBytes: 500,
                disks: ['sda'],
              },
              {
                mount: '/data',
                device: '/dev/md0',
                sizeBytes: 2000,
                usedBytes: 700,
                freeBytes: 1200,
                disks: ['sda', 'sdb'],
              },
            ],
          ),
          // Used known, free not reported: free unknown (not capacity − used).
          v2Host(
            'nofree',
            [disk('sdc', 1000)],
            [
              {
                mount: '/',
                device: '/dev/sdc1',
                sizeBytes: 1000,
                usedBytes: 400,
                freeBytes: null,
                disks: ['sdc'],
              },
            ],
          ),
        ]),
        ['fs', 'nofree'].map((host) => ({
          type: 'sample' as const,
          tMs: (T0 + G) * 1000,
          intervalMs: G * 1000,
          host,
          cpuPct: 1,
          memUsedBytes: 1,
          disks: {},
          net: {},
        })),
      ),
    );
    const fs = capacityOf('FS');
    // Used 300 + 700 = 1,000; free 500 + 600 + 600 = 1,700 as reported (capacity − used would say 2,000).
    expect(fs).toMatchObject({ capacityBytes: 3000, usedBytes: 1000, freeBytes: 1700 });
    expect(capacityOf('NOFREE')).toMatchObject({ capacityBytes: 1000, usedBytes: 400, freeBytes: null });
  });

  it('version 1: free is capacity − used, unknown when used is', async () => {
    const sample = (host: string): CollectorSampleV1 => ({
      type: 'sample',
      t: T0 + G,
      host,
      cpuPct: 10,
      memUsedBytes: 1,
      disks: { d: { readIops: 1, writeIops: 0, readBps: 0, writeBps: 0, latencyMs: 1, queueDepth: 0 } },
      net: {},
    });
    const host = (id: string, usedBytes?: number): CollectorHeader['hosts'][number] => ({
      id,
      name: id.toUpperCase(),
      os: 'Linux',
      cpu: { model: 'x', cores: 4 },
      memoryBytes: 0,
      disks: [
        {
          id: 'd',
          name: 'd',
          capacityBytes: 1000,
          kind: 'local',
          ...(usedBytes === undefined ? {} : { usedBytes }),
        },
      ],
      nics: [],
    });
    await storeCollectorFile(
      db,
      RUN,
      file(header(1, [host('known', 400), host('unknown')]), [sample('known'), sample('unknown')]),
    );
    expect(capacityOf('KNOWN')).toMatchObject({ usedBytes: 400, freeBytes: 600 });
    expect(capacityOf('UNKNOWN')).toMatchObject({ usedBytes: null, freeBytes: null });
  });

  it('a server without disks: IOPS and latency null, not ranked by IOPS, its CPU kept', async () => {
    const host = (id: string, withDisk: boolean): CollectorHeader['hosts'][number] => ({
      id,
      name: id.toUpperCase(),
      os: 'Linux',
      cpu: { model: 'x', cores: 4 },
      memoryBytes: 0,
      disks: withDisk ? [{ id: 'd', name: 'd', capacityBytes: 1000, kind: 'local' }] : [],
      nics: [],
    });
    const samples = [1, 2, 3].flatMap((k): CollectorSampleV1[] => [
      {
        type: 'sample',
        t: T0 + k * G,
        host: 'disky',
        cpuPct: 20,
        memUsedBytes: 1,
        disks: { d: { readIops: 300, writeIops: 100, readBps: 0, writeBps: 0, latencyMs: 4, queueDepth: 1 } },
        net: {},
      },
      { type: 'sample', t: T0 + k * G, host: 'bare', cpuPct: 60, memUsedBytes: 1, disks: {}, net: {} },
    ]);
    await storeCollectorFile(db, RUN, file(header(1, [host('disky', true), host('bare', false)]), samples));
    const bare = projectHosts(db, PROJECT).find((h) => h.name === 'BARE')?.id ?? 0;
    const own = querySummary(db, PROJECT, { ...whole, hostId: bare });
    const of = (m: string) => own.metrics.find((x) => x.metric === m);
    expect(of('readIops')).toEqual({ metric: 'readIops', peak: null, p95: null, average: null });
    expect(of('latency')).toEqual({ metric: 'latency', peak: null, p95: null, average: null });
    expect(own.totalIops.peak).toBeNull();
    expect(of('cpu')?.peak).toBe(60);
    const total = querySummary(db, PROJECT, whole);
    // Ranked by IOPS: only the server with disks; by CPU: both, the bare one first.
    expect(total.topByIops.map((h) => [h.name, h.peak])).toEqual([['DISKY', 400]]);
    expect(total.topByCpu.map((h) => [h.name, h.peak, h.average])).toEqual([
      ['BARE', 60, 60],
      ['DISKY', 20, 20],
    ]);
    // The total's latency is the disky server's 4 ms, its IOPS 400.
    expect(total.metrics.find((m) => m.metric === 'latency')?.peak).toBeCloseTo(4, 9);
    expect(total.totalIops.peak).toBeCloseTo(400, 9);
  });

  it('read IOPS unknown on one host: its write latency weighs by its writes (hand-computed 1.2 ms)', async () => {
    const disks = [{ id: 'd', name: 'd', capacityBytes: 1, kind: 'local', layer: 'disk' }] as const;
    const sample = (
      host: string,
      d: Pick<
        CollectorSampleV2['disks'][string],
        'readIops' | 'writeIops' | 'readLatencyMs' | 'writeLatencyMs'
      >,
    ): CollectorSampleV2 => ({
      type: 'sample',
      tMs: (T0 + G) * 1000,
      intervalMs: G * 1000,
      host,
      cpuPct: 1,
      memUsedBytes: 1,
      disks: { d: { ...d, readBps: 0, writeBps: 0, queueDepth: null } },
      net: {},
    });
    await storeCollectorFile(
      db,
      RUN,
      file(header(2, [v2Host('a', [...disks], []), v2Host('b', [...disks], [])]), [
        // A: reads unknown (a counter went back), 100 writes at 2 ms. B: 300 reads and 100 writes at 1 ms.
        sample('a', { readIops: null, writeIops: 100, readLatencyMs: null, writeLatencyMs: 2 }),
        sample('b', { readIops: 300, writeIops: 100, readLatencyMs: 1, writeLatencyMs: 1 }),
      ]),
    );
    const s = querySummary(db, PROJECT, { ...whole, to: T0 + G });
    // Combined: (2 ms × 100 + 1 ms × 300 + 1 ms × 100) / (100 + 300 + 100) = 600 / 500 = 1.2 ms (A's weight was 0:
    // 1 ms). Writes alone: (2 × 100 + 1 × 100) / 200 = 1.5 ms; reads alone B's 1 ms.
    expect(s.metrics.find((m) => m.metric === 'latency')?.peak).toBeCloseTo(1.2, 9);
    expect(s.writeLatency.peak).toBeCloseTo(1.5, 9);
    expect(s.readLatency.peak).toBeCloseTo(1, 9);
  });
});

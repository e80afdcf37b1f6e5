// Format v2 of the open collector file (docs/collector-format.md, "Version 2"; issue #28): the reader (millisecond
// times and intervals, null for unknown, disk layers, file systems, read and write latency, time zone, physical or
// virtual, the plausibility limits with line numbers) and the series store (null is no data — never 0 — and only
// whole disks are summed; each sample's measured interval is what the totals are aligned with).
import { readFileSync } from 'node:fs';
import type { DatabaseSync } from 'node:sqlite';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { zCollectorFileRecord, zProjectSeries, type ProjectSeries } from '@assessment/sdk';
import {
  generateCollectorRecords,
  sampleCount,
  writeCollectorFile,
  type CollectorHeader,
  type CollectorRecord,
  type CollectorSampleV2,
  type DiskSampleV2,
} from '../src/collector-file/index.ts';
import { PLAUSIBILITY, isTimeZone } from '../src/collector-file/parse.ts';
import { openDatabase } from '../src/store/db.ts';
import { seriesChanged } from '../src/series/cache.ts';
import { storeCollectorFile } from '../src/series/store.ts';
import { METRICS, alignStoredRuns, querySeries, querySummary } from '../src/series/repo.ts';
import {
  collectorFileFailure,
  freshStore,
  readCollectorRecords,
  sampleRows,
  signedIn,
  startServer,
  type TestServer,
  writeLegacySamples,
} from './helpers.ts';

const lines = (...records: unknown[]): Buffer =>
  gzipSync(records.map((r) => JSON.stringify(r)).join('\n') + '\n');

const T = 1_794_787_200_000; // a whole minute, in milliseconds

/** A v2 header: one host with whole disks sda and sdb, partition sda1, LVM dm-0 over sda1 and sdb, and eth0. */
function header(over: Record<string, unknown> = {}, fileSystems?: unknown[]): CollectorHeader {
  return {
    type: 'header',
    format: 'iokit',
    formatVersion: 2,
    collector: { name: 'test', version: '2' },
    start: new Date(T).toISOString(),
    end: new Date(T + 600_000).toISOString(),
    intervalSeconds: 60,
    hosts: [
      {
        id: 'h1',
        name: 'HOST-1',
        os: 'Linux',
        cpu: { model: 'x', cores: 4 },
        memoryBytes: 1e12,
        timeZone: 'Europe/Berlin',
        machine: 'virtual',
        disks: [
          { id: 'sda', name: 'sda', capacityBytes: 1000e9, layer: 'disk', kind: 'local' },
          { id: 'sdb', name: 'sdb', capacityBytes: 500e9, layer: 'disk', kind: 'local' },
          { id: 'sda1', name: 'sda1', capacityBytes: 999e9, layer: 'partition', kind: 'local' },
          { id: 'dm-0', name: 'vg-root', capacityBytes: 1400e9, layer: 'dm', kind: 'local' },
        ],
        fileSystems: fileSystems ?? [
          {
            mount: '/',
            device: '/dev/mapper/vg-root',
            sizeBytes: 1400e9,
            usedBytes: 600e9,
            freeBytes: 730e9,
            disks: ['sda', 'sdb'],
          },
          {
            mount: '/boot',
            device: '/dev/sda1',
            sizeBytes: 1e9,
            usedBytes: 2e8,
            freeBytes: 8e8,
            disks: ['sda'],
          },
        ],
        nics: [{ id: 'eth0', name: 'eth0' }],
        ...over,
      },
    ],
    clusters: [],
  } as CollectorHeader;
}

const disk = (over: Partial<DiskSampleV2> = {}): DiskSampleV2 => ({
  readIops: 100,
  writeIops: 50,
  readBps: 1e6,
  writeBps: 5e5,
  readLatencyMs: 1,
  writeLatencyMs: 4,
  queueDepth: 0.5,
  ...over,
});

/** A v2 sample k minutes after T (on the grid), its interval a minute unless given. */
function sample(k: number, over: Partial<CollectorSampleV2> = {}): CollectorSampleV2 {
  return {
    type: 'sample',
    tMs: T + k * 60_000,
    intervalMs: 60_000,
    host: 'h1',
    cpuPct: 20,
    memUsedBytes: 4e9,
    disks: { sda: disk(), sdb: disk() },
    net: { eth0: { rxBps: 1000, txBps: 2000 } },
    ...over,
  };
}

const file = (...samples: CollectorSampleV2[]): CollectorRecord[] => [
  header(),
  ...samples,
  { type: 'end', samples: samples.length },
];

describe('the v2 reader', () => {
  it('reads the example of docs/collector-format.md ("A small example of version 2"), valid for the contract too', async () => {
    const doc = readFileSync(new URL('../../../docs/collector-format.md', import.meta.url), 'utf8');
    const example =
      doc.split('### A small example of version 2')[1]?.match(/```json\n([\s\S]*?)```/)?.[1] ?? '';
    const read = await readCollectorRecords(gzipSync(example));
    expect(read.map((r) => r.type)).toEqual(['header', 'sample', 'sample', 'end']);
    for (const r of read) expect(zCollectorFileRecord.safeParse(r).success, JSON.stringify(r)).toBe(true);
    const second = read[2] as CollectorSampleV2;
    expect(second.net.eth0?.txBps).toBeNull();
    expect(second.disks.sda?.writeLatencyMs).toBeNull();
  });

  it('reads back what the generator writes as v2 (same load as v1), every line valid for the contract', async () => {
    const options = { hosts: 4, days: 1 / 24, intervalSeconds: 60, seed: 42 } as const;
    const v2 = [...generateCollectorRecords({ ...options, formatVersion: 2 })];
    const v1 = [...generateCollectorRecords(options)];
    expect(v2).toHaveLength(sampleCount(options) + 2);
    expect(await readCollectorRecords(writeCollectorFile(v2))).toEqual(v2);
    for (const r of v2) expect(zCollectorFileRecord.safeParse(r).success, JSON.stringify(r)).toBe(true);
    const h = v2[0] as CollectorHeader;
    expect(h.formatVersion).toBe(2);
    expect(h.hosts.every((x) => x.timeZone === 'UTC' && x.disks.every((d) => d.layer === 'disk'))).toBe(true);
    expect(h.hosts.map((x) => x.machine)).toEqual(['virtual', 'virtual', 'physical', 'virtual']);
    // The same sample in both versions: t → tMs, one latency → read and write latency that IOPS-weight back to it.
    const [a, b] = [v1[1], v2[1]] as [Extract<CollectorRecord, { t: number }>, CollectorSampleV2];
    expect(b.tMs).toBe(a.t * 1000);
    expect(b.intervalMs).toBe(60_000);
    for (const [id, d] of Object.entries(a.disks)) {
      const e = b.disks[id] as DiskSampleV2;
      const weighted =
        ((e.readLatencyMs ?? 0) * d.readIops + (e.writeLatencyMs ?? 0) * d.writeIops) /
        (d.readIops + d.writeIops);
      expect(Math.abs(weighted - d.latencyMs)).toBeLessThan(0.02);
    }
  });

  it('takes null for any measure (unknown), but a v1-style sample in a v2 file is corrupt', async () => {
    const unknown = sample(1, {
      cpuPct: null,
      memUsedBytes: null,
      disks: {
        sda: disk({
          readIops: null,
          writeIops: null,
          readBps: null,
          writeBps: null,
          readLatencyMs: null,
          writeLatencyMs: null,
          queueDepth: null,
        }),
      },
      net: { eth0: { rxBps: null, txBps: null } },
    });
    expect(await readCollectorRecords(lines(...file(unknown)))).toHaveLength(3);
    const v1 = {
      type: 'sample',
      t: T / 1000 + 60,
      host: 'h1',
      cpuPct: 1,
      memUsedBytes: 1,
      disks: {},
      net: {},
    };
    const err = await collectorFileFailure(lines(header(), v1, { type: 'end', samples: 1 }));
    expect(err.errorKey).toBe('iokit_file_corrupt');
    expect(err.message).toMatch(/Line 2: The sample needs tMs/);
  });

  it.each([
    [
      'a disk without a layer',
      () => header({ disks: [{ id: 'sda', name: 'sda', capacityBytes: 1, kind: 'local' }] }, []),
      /layer must be one of disk, partition, dm, md/,
    ],
    [
      'a time zone that is neither a name nor an offset',
      () => header({ timeZone: 'Europe Berlin' }),
      /timeZone must be an IANA time zone name or a UTC offset/,
    ],
    ['no time zone', () => header({ timeZone: undefined }), /timeZone/],
    ['machine "cloud"', () => header({ machine: 'cloud' }), /machine must be physical, virtual or null/],
    ['no fileSystems', () => header({ fileSystems: undefined }), /needs fileSystems/],
    [
      'a file system on a partition instead of its whole disk',
      () =>
        header({}, [
          { mount: '/boot', device: '/dev/sda1', sizeBytes: 1, usedBytes: 0, freeBytes: 1, disks: ['sda1'] },
        ]),
      /fileSystems\[0\]\.disks names "sda1", not a whole disk/,
    ],
    [
      'a file system without a used figure field',
      () => header({}, [{ mount: '/', device: '/dev/sda', sizeBytes: 1, freeBytes: 1, disks: ['sda'] }]),
      /needs sizeBytes, usedBytes and freeBytes/,
    ],
  ])('refuses a header with %s (corrupt, line 1)', async (_, make, reason) => {
    const err = await collectorFileFailure(lines(make(), sample(1), { type: 'end', samples: 1 }));
    expect(err.errorKey).toBe('iokit_file_corrupt');
    expect(err.line).toBe(1);
    expect(err.message).toMatch(reason);
  });

  it('accepts names of IANA form and UTC offsets as time zones (the form, not this server’s zone list), and null for physical or virtual', async () => {
    for (const zone of [
      'UTC',
      'Z',
      'Europe/Berlin',
      'America/Argentina/Buenos_Aires',
      'Etc/GMT+5',
      'Antarctica/Troll',
      '+01:00',
      '-0530',
      '+14:00',
    ])
      expect(isTimeZone(zone), zone).toBe(true);
    for (const zone of ['', '+25:00', 'Europe Berlin', '/Europe', '../etc/localtime', 'x'.repeat(65)])
      expect(isTimeZone(zone), zone).toBe(false);
    expect(
      await readCollectorRecords(
        lines(header({ machine: null, timeZone: '+05:30' }), sample(1), { type: 'end', samples: 1 }),
      ),
    ).toHaveLength(3);
  });

  it.each([
    [
      'tMs not after the previous sample',
      [sample(2), sample(2)],
      'iokit_file_corrupt',
      /Line 3: .*out of time order \(tMs/,
    ],
    [
      'no intervalMs',
      [sample(1, { intervalMs: undefined as unknown as number })],
      'iokit_file_corrupt',
      /Line 2: .*intervalMs/,
    ],
    ['an interval of 0 ms', [sample(1, { intervalMs: 0 })], 'iokit_file_corrupt', /Line 2: .*intervalMs/],
    [
      'an interval over a day',
      [sample(2000, { intervalMs: 86_400_001 })],
      'iokit_sample_implausible',
      /Line 2: intervalMs is 86400001, beyond 86400000 milliseconds/,
    ],
    [
      'a read latency of 11 minutes',
      [sample(1), sample(2, { disks: { sda: disk({ readLatencyMs: 660_000 }) } })],
      'iokit_sample_implausible',
      /Line 3: Disk "sda" readLatencyMs is 660000, beyond 600000 milliseconds/,
    ],
    [
      'a write latency of 11 minutes',
      [sample(1, { disks: { sdb: disk({ writeLatencyMs: 660_000 }) } })],
      'iokit_sample_implausible',
      /Line 2: Disk "sdb" writeLatencyMs/,
    ],
    [
      '1.1 TB/s on one disk',
      [sample(1, { disks: { sda: disk({ readBps: 1.1e12 }) } })],
      'iokit_sample_implausible',
      /Line 2: Disk "sda" readBps is 1100000000000, beyond 100000000000 bytes per second/,
    ],
    [
      '20 M IOPS on a partition',
      [sample(1, { disks: { sda1: disk({ writeIops: 2e7 }) } })],
      'iokit_sample_implausible',
      /Line 2: Disk "sda1" writeIops/,
    ],
    [
      'an interface over 100 GB/s',
      [sample(1, { net: { eth0: { rxBps: null, txBps: 2e11 } } })],
      'iokit_sample_implausible',
      /Line 2: Interface "eth0" txBps/,
    ],
    [
      'memory beyond the host',
      [sample(1, { memUsedBytes: 2e12 })],
      'iokit_sample_implausible',
      /Line 2: memUsedBytes 2000000000000 is more than host h1/,
    ],
    [
      'a negative queue',
      [sample(1, { disks: { sda: disk({ queueDepth: -1 }) } })],
      'iokit_file_corrupt',
      /Line 2: Disk "sda" needs readIops, .*writeLatencyMs, queueDepth/,
    ],
    [
      'a disk missing writeLatencyMs',
      [sample(1, { disks: { sda: { ...disk(), writeLatencyMs: undefined as unknown as null } } })],
      'iokit_file_corrupt',
      /Line 2: Disk "sda" needs/,
    ],
    [
      'cpuPct over 100',
      [sample(1, { cpuPct: 100.5 })],
      'iokit_file_corrupt',
      /Line 2: cpuPct must be a number from 0 to 100, or null/,
    ],
  ])('refuses a sample with %s, naming its line', async (_, samples, key, reason) => {
    const err = await collectorFileFailure(
      lines(header(), ...samples, { type: 'end', samples: samples.length }),
    );
    expect(err.errorKey).toBe(key);
    expect(err.message).toMatch(reason);
  });

  it('refuses a file system using more than its size (implausible, line 1)', async () => {
    const err = await collectorFileFailure(
      lines(
        header({}, [
          { mount: '/', device: '/dev/sda', sizeBytes: 100, usedBytes: 102, freeBytes: 0, disks: ['sda'] },
        ]),
        sample(1),
        { type: 'end', samples: 1 },
      ),
    );
    expect(err.errorKey).toBe('iokit_sample_implausible');
    expect(err.message).toMatch(
      /Line 1: .*fileSystems\[0\] \(\/\) has usedBytes 102, more than its sizeBytes 100/,
    );
  });

  it('states the plausibility limits the docs give (v1 and v2)', () => {
    expect(PLAUSIBILITY).toEqual({
      diskIops: 10_000_000,
      diskBytesPerSecond: 100e9,
      latencyMs: 600_000,
      queueDepth: 100_000,
      nicBytesPerSecond: 100e9,
      memoryShare: 1.01,
      intervalMs: 86_400_000,
      fileSystemShare: 1.01,
    });
  });
});

describe('the v2 store: null is no data, whole disks only, the measured interval', () => {
  let db: DatabaseSync;
  freshStore((opened) => (db = opened), { run: 1, project: 1 });

  const from = T / 1000;
  const summary = (to: number) => querySummary(db, 1, { from, to, top: 5, intervalS: 60 });
  const figure = (s: ReturnType<typeof summary>, metric: string) =>
    s.metrics.find((m) => m.metric === metric);

  it('sums whole disks only: a partition or an LVM volume beside its disks is not counted again', async () => {
    const partitions = { sda1: disk({ readIops: 9999 }), 'dm-0': disk({ readIops: 7777 }) };
    await storeCollectorFile(
      db,
      1,
      file(sample(1, { disks: { sda: disk(), sdb: disk({ readIops: 300 }), ...partitions } })),
    );
    const s = summary(from + 60);
    expect(figure(s, 'readIops')?.peak).toBe(400);
    const disks = db
      .prepare(
        'SELECT disk_key AS id, capacity_bytes AS capacity, used_bytes AS used FROM series_disks ORDER BY disk_key',
      )
      .all();
    // Used bytes from the file systems: "/" over sda and sdb shared equally, "/boot" on sda.
    expect(disks).toEqual([
      { id: 'sda', capacity: 1000e9, used: 300e9 + 2e8 },
      { id: 'sdb', capacity: 500e9, used: 300e9 },
    ]);
    expect(s.capacity).toEqual([
      expect.objectContaining({ name: 'HOST-1', capacityBytes: 1500e9, usedBytes: 600e9 + 2e8 }),
    ]);
    const fs = db
      .prepare(
        'SELECT mount, device, size_bytes AS size, used_bytes AS used, free_bytes AS free, disks FROM series_filesystems ORDER BY mount',
      )
      .all();
    expect(fs).toEqual([
      {
        mount: '/',
        device: '/dev/mapper/vg-root',
        size: 1400e9,
        used: 600e9,
        free: 730e9,
        disks: '["sda","sdb"]',
      },
      { mount: '/boot', device: '/dev/sda1', size: 1e9, used: 2e8, free: 8e8, disks: '["sda"]' },
    ]);
  });

  it('a file system of unknown used space leaves its disks’ used space unknown (never 0 used)', async () => {
    const unknownFs = [
      { mount: '/', device: '/dev/sda', sizeBytes: 1e9, usedBytes: null, freeBytes: null, disks: ['sda'] },
    ];
    await storeCollectorFile(db, 1, [header({}, unknownFs), sample(1), { type: 'end', samples: 1 }]);
    expect(summary(from + 60).capacity).toEqual([expect.objectContaining({ usedBytes: null })]);
  });

  it('an unknown (null) interval is no data: it lowers no p95, gives no 0 ms latency, and its neighbours stay exact', async () => {
    // Ten minutes; minute 5 has every value unknown (a reset), minute 7 only the memory and the write latency.
    const samples = Array.from({ length: 10 }, (_, i) => {
      const k = i + 1;
      if (k === 5)
        return sample(k, {
          cpuPct: null,
          memUsedBytes: null,
          disks: {
            sda: disk({
              readIops: null,
              writeIops: null,
              readBps: null,
              writeBps: null,
              readLatencyMs: null,
              writeLatencyMs: null,
              queueDepth: null,
            }),
          },
          net: { eth0: { rxBps: null, txBps: null } },
        });
      if (k === 7)
        return sample(k, {
          memUsedBytes: null,
          disks: { sda: disk({ readIops: 1000, writeLatencyMs: null }) },
        });
      return sample(k, { memUsedBytes: 1e9 * k, disks: { sda: disk({ readIops: 1000 + k }) } });
    });
    await storeCollectorFile(db, 1, file(...samples));
    seriesChanged();
    const s = summary(from + 600);
    const known = [1, 2, 3, 4, 6, 8, 9, 10];
    // Memory: eight known minutes; the p95 of 8 values is the 8th smallest (nearest rank).
    expect(figure(s, 'memory')).toEqual({
      metric: 'memory',
      peak: 10e9,
      p95: 10e9,
      average: (known.reduce((a, k) => a + k, 0) * 1e9) / 8,
    });
    // Read IOPS: minute 5 is left out, not a 0.
    const reads = [...known.map((k) => 1000 + k), 1000].sort((a, b) => a - b);
    expect(figure(s, 'readIops')?.average).toBeCloseTo(reads.reduce((a, b) => a + b, 0) / 9, 9);
    expect(s.totalIops.average).toBeCloseTo(reads.reduce((a, b) => a + b + 50, 0) / 9, 9);
    // Latency: IOPS-weighted over the I/O whose latency is known; never 0 ms for the unknown minute.
    const series = querySeries(db, 1, {
      from: from + 60,
      to: from + 600,
      points: 10,
      metrics: METRICS,
      hostId: null,
      intervalS: 60,
    });
    const latency = series.series.find((x) => x.metric === 'latency')?.avg ?? [];
    expect(latency[4]).toBeNull();
    expect(latency[0]).toBeCloseTo((1001 * 1 + 50 * 4) / 1051, 9);
    // Minute 7: the write latency is unknown, so its latency is the reads' alone (not diluted by the writes' IOPS).
    expect(latency[6]).toBeCloseTo(1, 9);
    expect(series.series.find((x) => x.metric === 'cpu')?.avg[4]).toBeNull();
    expect(series.series.find((x) => x.metric === 'memory')?.avg[6]).toBeNull();
    // Read and write latency are stored apart, per sample and in the totals.
    const rows = sampleRows(db);
    expect(rows.map((x) => [x.read_lat_ms, x.write_lat_ms])).toEqual(
      samples.map((x, i) => (i === 4 ? [null, null] : i === 6 ? [1, null] : [1, 4])),
    );
    expect(rows.every((x) => x.interval_s === 60)).toBe(true);
    // …and served apart beside the latency series (proposed ReadLatency / WriteLatency of the series answer).
    const split = querySeries(db, 1, {
      from: from + 60,
      to: from + 600,
      points: 10,
      metrics: ['latency'],
      hostId: null,
      intervalS: 60,
      splitLatency: true,
    }).split;
    expect(split?.readLatency.avg).toEqual([1, 1, 1, 1, null, 1, 1, 1, 1, 1]);
    expect(split?.writeLatency.avg).toEqual([4, 4, 4, 4, null, 4, null, 4, 4, 4]);
    const totals = db
      .prepare('SELECT read_lat_ms AS r, write_lat_ms AS w FROM series_totals ORDER BY t')
      .all() as { r: number | null; w: number | null }[];
    expect(totals[4]).toEqual({ r: null, w: null });
    expect(totals[0]).toEqual({ r: 1, w: 4 });
  });

  it('aligns with the measured interval each sample states, not one inferred from the times', async () => {
    // a covers (T, T+60 s] at 0 reads/s; b (T+60 s, T+120.5 s] at 600; c states 30 s: (T+150 s, T+180 s] at 0 —
    // (T+120.5 s, T+150 s] is covered by no sample. Bucket (T+120 s, T+180 s]: 0.5 s at 600 and 30 s at 0 over the
    // 30.5 s covered (inferring c's interval from the times, 59.5 s, would give 5 reads/s instead).
    const a = sample(1, { disks: { sda: disk({ readIops: 0, writeIops: 0 }) } });
    const b = sample(2, {
      tMs: T + 120_500,
      intervalMs: 60_500,
      disks: { sda: disk({ readIops: 600, writeIops: 0 }) },
    });
    const c = sample(3, { intervalMs: 30_000, disks: { sda: disk({ readIops: 0, writeIops: 0 }) } });
    await storeCollectorFile(db, 1, file(a, b, c));
    const series = querySeries(db, 1, {
      from: from + 60,
      to: from + 180,
      points: 3,
      metrics: ['readIops'],
      hostId: null,
      intervalS: 60,
    });
    const avg = series.series[0]?.avg ?? [];
    expect(avg[0]).toBe(0);
    expect(avg[1]).toBeCloseTo(600, 9);
    expect(avg[2]).toBeCloseTo((600 * 0.5) / 30.5, 9);
    // The stored sample keeps its time to the millisecond.
    expect(sampleRows(db).map((r) => ({ t: r.t }))).toEqual([
      { t: from + 60 },
      { t: from + 120.5 },
      { t: from + 180 },
    ]);
  });

  it('a v1 and a v2 file of the same load give the same totals', async () => {
    const options = { hosts: 3, days: 1 / 24, intervalSeconds: 60, seed: 7 } as const;
    db.prepare(
      "INSERT INTO collector_runs (id, name, owner_id, project_id, kind, started_at, planned_duration_s) VALUES (2, 'r2', 1, 2, 'server', 0, 0)",
    ).run();
    await storeCollectorFile(db, 1, generateCollectorRecords(options));
    await storeCollectorFile(db, 2, generateCollectorRecords({ ...options, formatVersion: 2 }));
    const start = Date.parse('2026-11-16T00:00:00Z') / 1000;
    const q = { from: start, to: start + 3600, top: 5, intervalS: 60 };
    const one = querySummary(db, 1, q);
    const two = querySummary(db, 2, q);
    for (const m of METRICS) {
      const [x, y] = [one.metrics.find((f) => f.metric === m), two.metrics.find((f) => f.metric === m)];
      // Latency: the v2 read and write latencies are rounded to 0.01 ms each.
      const tolerance = m === 'latency' ? 0.01 : 1e-9;
      for (const k of ['peak', 'p95', 'average'] as const)
        expect(Math.abs((x?.[k] ?? 0) - (y?.[k] ?? 0)), `${m} ${k}`).toBeLessThanOrEqual(
          tolerance * Math.max(1, Math.abs(x?.[k] ?? 0)),
        );
    }
  });
});

describe('a data folder from before format v2', () => {
  let dir = '';
  let db: DatabaseSync;
  freshStore(
    (opened, folder) => {
      db = opened;
      dir = folder;
    },
    { run: 1, project: 1 },
  );

  it('keeps its samples: they are copied into the new layout and the run sums recomputed once, the figures unchanged', async () => {
    const options = { hosts: 3, days: 1 / 24, intervalSeconds: 60, seed: 5 } as const;
    await storeCollectorFile(db, 1, generateCollectorRecords(options));
    const start = Date.parse('2026-11-16T00:00:00Z') / 1000;
    const q = { from: start, to: start + 3600, top: 5, intervalS: 60 };
    const want = querySummary(db, 1, q);
    // The first layout: series_samples without the v2 columns and every value NOT NULL; run sums of 13 parts.
    const samples = sampleRows(db);
    writeLegacySamples(
      db,
      [
        'read_iops',
        'write_iops',
        'read_bps',
        'write_bps',
        'latency_ms',
        'cpu_pct',
        'mem_bytes',
        'rx_bps',
        'tx_bps',
      ],
      true,
    );
    db.exec(`DROP TABLE series_run_totals; DROP TABLE series_totals;
      CREATE TABLE series_run_totals (run_id INTEGER NOT NULL, t INTEGER NOT NULL, read_iops REAL NOT NULL,
        PRIMARY KEY (run_id, t)) WITHOUT ROWID;
      INSERT OR REPLACE INTO meta (key, value) VALUES ('series_aligned', '1');`);
    db.close();
    db = openDatabase(dir);
    // Converted into chunks and the table dropped: the same samples, the columns the first layout lacked unknown.
    expect(db.prepare("SELECT name FROM sqlite_master WHERE name = 'series_samples'").get()).toBeUndefined();
    const lacked = { read_lat_ms: null, write_lat_ms: null, interval_s: null, queue_depth: null };
    expect(sampleRows(db)).toEqual(
      samples.map((r) => ({ ...r, ...lacked, cpu_mhz: null, mem_active: null })),
    );
    expect(samples.length).toBeGreaterThan(100);
    expect(db.prepare("SELECT value FROM meta WHERE key = 'series_aligned'").get()).toBeUndefined();
    alignStoredRuns(db);
    seriesChanged();
    // The first layout kept no queue depth: it stays unknown after the upgrade (null figures, never 0).
    const unknown = { peak: null, p95: null, average: null };
    expect(querySummary(db, 1, q)).toEqual({
      ...want,
      metrics: want.metrics.map((m) => (m.metric === 'queueDepth' ? { ...m, ...unknown } : m)),
    });
    expect(want.metrics.find((m) => m.metric === 'queueDepth')?.peak).toBeGreaterThan(0);
    db.close();
  });
});

describe('the series answer serves read and write latency apart (proposed ReadLatency / WriteLatency)', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startServer();
  });
  afterAll(async () => {
    await t.close();
  });

  it('null for version-1 series (one latency only); the measured figures once a run holds a v2 file', async () => {
    const db = t.server.ctx.repo.db;
    const row = db
      .prepare(
        `SELECT p.id, u.email, (SELECT MIN(r.id) FROM collector_runs r JOIN series_hosts h ON h.run_id = r.id
           WHERE r.project_id = p.id) AS runId
         FROM projects p JOIN users u ON u.id = p.owner_id
         WHERE p.anonymous = 0 AND p.deleted = 0 AND p.archive_state IS NULL
           AND (SELECT COUNT(DISTINCT r.id) FROM collector_runs r JOIN series_hosts h ON h.run_id = r.id
                WHERE r.project_id = p.id) = 1
         ORDER BY p.id LIMIT 1`,
      )
      .get() as { id: number; email: string; runId: number };
    const c = await signedIn(t, row.email);
    // The seed writes format v2: the run first holds a version-1 file (one latency for reads and writes together).
    await storeCollectorFile(
      db,
      row.runId,
      generateCollectorRecords({
        hosts: 2,
        durationSeconds: 3600,
        intervalSeconds: 60,
        seed: 9,
        start: '2026-11-16T06:00:00Z',
      }),
    );
    const before = await c.json<ProjectSeries>(
      'GET',
      `/api/projects/${String(row.id)}/series?metric=latency&points=20`,
    );
    expect(before.status).toBe(200);
    expect(zProjectSeries.safeParse(before.body).success).toBe(true);
    expect(before.body.ReadLatency?.Unit).toBe('milliseconds');
    expect(before.body.ReadLatency?.Avg).toHaveLength(before.body.Times.length);
    expect(
      [...(before.body.ReadLatency?.Avg ?? []), ...(before.body.WriteLatency?.Avg ?? [])].every(
        (x) => x === null,
      ),
    ).toBe(true);
    expect(before.body.Series[0]?.Avg.some((x) => x !== null)).toBe(true);
    // Without the latency metric there is nothing to set them beside.
    const cpu = await c.json<ProjectSeries>(
      'GET',
      `/api/projects/${String(row.id)}/series?metric=cpu&points=20`,
    );
    expect(cpu.body.ReadLatency).toBeUndefined();

    // The project's only run now holds a v2 file (an hour at one minute, the reads 0.9 × the v1 latency).
    const start = '2026-11-16T08:00:00Z';
    await storeCollectorFile(
      db,
      row.runId,
      generateCollectorRecords({
        hosts: 2,
        durationSeconds: 3600,
        intervalSeconds: 60,
        seed: 9,
        formatVersion: 2,
        start,
      }),
    );
    const from = Date.parse(start) / 1000;
    // 61 buckets of a minute: the minutes labelled from … from + 3600 (the first one measured before `from`).
    const after = await c.json<ProjectSeries>(
      'GET',
      `/api/projects/${String(row.id)}/series?metric=latency&points=61&from=${String(from)}&to=${String(from + 3600)}`,
    );
    expect(after.status).toBe(200);
    expect(zProjectSeries.safeParse(after.body).success).toBe(true);
    const reads = (after.body.ReadLatency?.Avg ?? []).filter((x): x is number => x !== null);
    const writes = (after.body.WriteLatency?.Avg ?? []).filter((x): x is number => x !== null);
    expect(reads.length).toBeGreaterThan(50);
    expect(writes.length).toBeGreaterThan(50);
    // The same totals as the store's (read from the table the viewer reads).
    const stored = db
      .prepare(
        'SELECT t, read_lat_ms AS r FROM series_totals WHERE project_id = ? AND t > ? AND t <= ? ORDER BY t',
      )
      .all(row.id, from, from + 3600) as { t: number; r: number }[];
    const times = after.body.Times;
    // (A bucket of the answer starts at its Times entry and holds the grid label ending it: one grid interval later.)
    expect(stored.length).toBeGreaterThan(50);
    for (const s of stored)
      expect(after.body.ReadLatency?.Avg[times.indexOf(s.t - after.body.BucketSeconds)]).toBeCloseTo(s.r, 2);
  });
});

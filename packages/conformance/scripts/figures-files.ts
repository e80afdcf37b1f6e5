// Writes the reference collector files of the figures mode (figures/*.jsonl, shipped in the package): small files
// whose every figure the package's own reference (src/figures/reference.ts) computes. Run it only to change them:
// `node scripts/figures-files.ts`. Values are chosen so that each planted figure fault changes a figure: hosts that
// never share a timestamp, a sample under 100 IOPS with a high latency, unknown (null) values and used space, a gap.
import { writeFileSync } from 'node:fs';

const dir = new URL('../figures/', import.meta.url);
const T0 = 1794787200; // a whole hour (UTC): the 60 s and 20 s grids both start here
const GIB = 2 ** 30;

function write(name: string, records: object[]): void {
  const samples = records.length - 1;
  const lines = [...records, { type: 'end', samples }].map((r) => JSON.stringify(r));
  writeFileSync(new URL(name, dir), lines.join('\n') + '\n');
}

const iso = (s: number): string => new Date(s * 1000).toISOString().replace('.000', '');

// 1. One host, format 1, on the 60 s grid: each sample fills exactly one bucket.
{
  const cpu = [12.5, 30, 41.25, 55, 38, 72.5, 64, 20, 88, 47];
  const header = {
    type: 'header',
    format: 'iokit',
    formatVersion: 1,
    collector: { name: 'conformance-figures', version: '1.0.0' },
    start: iso(T0),
    end: iso(T0 + 600),
    intervalSeconds: 60,
    hosts: [
      {
        id: 'h1',
        name: 'fig-single',
        os: 'Ubuntu 24.04.1 LTS',
        cpu: { model: 'Reference CPU', cores: 8 },
        memoryBytes: 64 * GIB,
        disks: [
          { id: 'sda', name: 'sda', capacityBytes: 500 * GIB, usedBytes: 200 * GIB, kind: 'local' },
          { id: 'sdb', name: 'sdb', capacityBytes: 1000 * GIB, usedBytes: 750 * GIB, kind: 'local' },
        ],
        nics: [{ id: 'eth0', name: 'eth0' }],
      },
    ],
    clusters: [],
  };
  const samples = cpu.map((c, i) => ({
    type: 'sample',
    t: T0 + 60 * (i + 1),
    host: 'h1',
    cpuPct: c,
    memUsedBytes: (20 + 3 * i) * GIB + i * 1000,
    disks: {
      sda: {
        readIops: 300 + 47 * i + (i === 8 ? 900 : 0),
        writeIops: 120 + 13 * i,
        readBps: 4_000_000 + 250_000 * i,
        writeBps: 1_500_000 + 90_000 * i,
        latencyMs: 1.5 + 0.25 * i,
        queueDepth: 0.5 + 0.1 * i,
      },
      sdb: {
        readIops: 80 + 5 * i,
        writeIops: 60 + (i % 3) * 10,
        readBps: 900_000,
        writeBps: 700_000 + 1000 * i,
        latencyMs: 4,
        queueDepth: 0.2,
      },
    },
    net: { eth0: { rxBps: 1_000_000 + 10_000 * i, txBps: 600_000 + 5_000 * i } },
  }));
  write('one-host.jsonl', [header, ...samples]);
}

// 2. Two hosts offset in time and at different intervals, format 2: h1 every 60 s, 17 s after each grid line; h2
// every 30 s, 7 s after. No two samples share a timestamp: a reader adding only where timestamps match shows one
// host at a time.
{
  const header = {
    type: 'header',
    format: 'iokit',
    formatVersion: 2,
    collector: { name: 'conformance-figures', version: '1.0.0' },
    start: iso(T0),
    end: iso(T0 + 780),
    intervalSeconds: 60,
    hosts: [
      host2('h1', 'fig-offset-a', 16, 128, [{ id: 'sda', size: 800, used: 300 }]),
      host2('h2', 'fig-offset-b', 8, 32, [{ id: 'nvme0n1', size: 400, used: 100 }]),
    ],
    clusters: [],
  };
  const samples: object[] = [];
  for (let j = 1; j <= 24; j++) {
    const tB = T0 + 30 * j + 7;
    // h1's samples (60 s) at 17 s past each minute, interleaved in time order with h2's.
    if (j % 2 === 1 && j <= 23) {
      const k = (j - 1) / 2;
      samples.push(
        sample2('h1', T0 + 60 * k + 77, 60_000, 40 + ((k * 7) % 30), (60 + k) * GIB, 'sda', {
          readIops: 1000 + 150 * ((k * 5) % 7),
          writeIops: 400 + 35 * k,
          readBps: 20_000_000 + 1_000_000 * k,
          writeBps: 8_000_000,
          readLatencyMs: 1.2 + 0.1 * k,
          writeLatencyMs: 2.5,
          queueDepth: 2,
        }),
      );
    }
    samples.push(
      sample2('h2', tB, 30_000, 10 + ((j * 11) % 80), (10 + (j % 5)) * GIB, 'nvme0n1', {
        readIops: 500 + 90 * ((j * 3) % 10),
        writeIops: 200 + 10 * j,
        readBps: 6_000_000 + 500_000 * (j % 4),
        writeBps: 3_000_000,
        readLatencyMs: 0.4 + 0.05 * (j % 6),
        writeLatencyMs: 0.9,
        queueDepth: 1,
      }),
    );
  }
  samples.sort((a, b) => (a as { tMs: number }).tMs - (b as { tMs: number }).tMs);
  write('offset-hosts.jsonl', [header, ...samples]);
}

// 3. Gaps and unknown values, format 2: h1 has a gap of three intervals, a sample under 100 IOPS with a 40 ms latency,
// unknown CPU, memory, read IOPS and sent bytes in some intervals, and a file system whose used space is unknown; h2
// a little I/O all along and known used space.
{
  const header = {
    type: 'header',
    format: 'iokit',
    formatVersion: 2,
    collector: { name: 'conformance-figures', version: '1.0.0' },
    start: iso(T0),
    end: iso(T0 + 840),
    intervalSeconds: 60,
    hosts: [
      host2('h1', 'fig-gaps-a', 4, 16, [{ id: 'sda', size: 250, used: null }]),
      host2('h2', 'fig-gaps-b', 2, 8, [{ id: 'sda', size: 100, used: 40 }]),
    ],
    clusters: [],
  };
  const samples: object[] = [];
  for (let k = 1; k <= 14; k++) {
    const t = T0 + 60 * k;
    if (k < 6 || k > 8) {
      const low = k === 10;
      samples.push(
        sample2(
          'h1',
          t,
          60_000,
          k === 3 ? null : 20 + 5 * k,
          k === 12 ? null : (4 + 0.5 * k) * GIB,
          'sda',
          {
            readIops: k === 4 ? null : low ? 30 : 200 + 40 * k,
            // k 4: the read counters went back (unknown) and no write completed (0 IOPS, latency unknown).
            writeIops: k === 4 ? 0 : low ? 10 : 80 + 5 * k,
            readBps: k === 4 ? null : low ? 120_000 : 3_000_000 + 100_000 * k,
            writeBps: k === 4 ? 0 : low ? 40_000 : 900_000,
            readLatencyMs: k === 4 ? null : low ? 40 : 2 + 0.2 * k,
            writeLatencyMs: k === 4 ? null : low ? 55 : 3,
            queueDepth: 0.5,
          },
          k === 9 ? null : 300_000,
        ),
      );
    }
    samples.push(
      sample2('h2', t, 60_000, 5 + k, (2 + 0.1 * k) * GIB, 'sda', {
        readIops: 12 + k,
        writeIops: 8,
        readBps: 50_000,
        writeBps: 30_000,
        readLatencyMs: 6,
        writeLatencyMs: 9,
        queueDepth: 0.1,
      }),
    );
  }
  write('gaps-unknown.jsonl', [header, ...samples]);
}

// 4. vSphere layers, format 3: two hosts of one cluster at 20 s, each with a VM whose I/O is part of its host's (never
// added again), a powered-off VM without samples, a datastore mounted by both hosts (its capacity once) and one whose
// free space is unknown.
{
  const header = {
    type: 'header',
    format: 'iokit',
    formatVersion: 3,
    collector: { name: 'conformance-figures', version: '1.0.0' },
    source: { kind: 'vcenter', name: 'vcenter.figures.example', version: 'VMware vCenter Server 8.0.2' },
    start: iso(T0),
    end: iso(T0 + 200),
    intervalSeconds: 20,
    datacenters: [{ id: 'datacenter-1', name: 'DC1' }],
    clusters: [{ id: 'domain-c1', name: 'Figures cluster', datacenterId: 'datacenter-1' }],
    datastores: [
      {
        id: 'datastore-1',
        name: 'shared-ds',
        type: 'VMFS',
        capacityBytes: 4096 * GIB,
        freeBytes: 1536 * GIB,
        hosts: ['host-1', 'host-2'],
      },
      {
        id: 'datastore-2',
        name: 'local-ds',
        type: 'VMFS',
        capacityBytes: 1024 * GIB,
        freeBytes: null,
        hosts: ['host-1'],
      },
    ],
    hosts: [
      esx('host-1', 'esx-fig-1', [
        { id: 'datastore-1', cap: 4096, kind: 'shared' },
        { id: 'datastore-2', cap: 1024, kind: 'local' },
      ]),
      esx('host-2', 'esx-fig-2', [{ id: 'datastore-1', cap: 4096, kind: 'shared' }]),
      vm('vm-1', 'fig-vm-on', 'host-1', 'poweredOn'),
      vm('vm-2', 'fig-vm-on-2', 'host-2', 'poweredOn'),
      vm('vm-3', 'fig-vm-off', 'host-2', 'poweredOff'),
    ],
  };
  const samples: object[] = [];
  for (let k = 1; k <= 10; k++) {
    const tMs = (T0 + 20 * k) * 1000;
    const vm1 = { readIops: 300 + 20 * k, writeIops: 100, readBps: 4_096_000, writeBps: 1_024_000 };
    const vm2 = { readIops: 150, writeIops: 50 + 10 * k, readBps: 2_048_000, writeBps: 512_000 };
    samples.push(
      vsample('host-1', tMs, 30 + 3 * k, (100 + k) * GIB, {
        'datastore-1': io(vm1.readIops + 200, vm1.writeIops + 80, 1.5, 2.5),
        'datastore-2': io(100 + 5 * k, 40, 0.8, 1.1),
      }),
      vsample('vm-1', tMs, 55 + 2 * k, 12 * GIB, {
        'datastore-1': io(vm1.readIops, vm1.writeIops, 1.6, 2.6),
      }),
      vsample('host-2', tMs, 20 + ((k * 13) % 50), (80 + 2 * k) * GIB, {
        'datastore-1': io(vm2.readIops + 400 + 30 * ((k * 7) % 5), vm2.writeIops + 90, 1.2, 2),
      }),
      vsample('vm-2', tMs, 40, 6 * GIB, { 'datastore-1': io(vm2.readIops, vm2.writeIops, 1.3, 2.1) }),
    );
  }
  write('vsphere.jsonl', [header, ...samples]);
}

interface Disk2 {
  id: string;
  size: number;
  used: number | null;
}

function host2(id: string, name: string, cores: number, memGiB: number, disks: Disk2[]): object {
  return {
    id,
    name,
    os: 'Ubuntu 24.04.1 LTS',
    cpu: { model: 'Reference CPU', cores },
    memoryBytes: memGiB * GIB,
    timeZone: 'UTC',
    machine: 'physical',
    disks: disks.flatMap((d) => [
      { id: d.id, name: d.id, capacityBytes: d.size * GIB, layer: 'disk', kind: 'local' },
      {
        id: `${d.id}1`,
        name: `${d.id}1`,
        capacityBytes: (d.size - 1) * GIB,
        layer: 'partition',
        kind: 'local',
      },
    ]),
    fileSystems: disks.map((d) => ({
      mount: `/${d.id}`,
      device: `/dev/${d.id}1`,
      sizeBytes: (d.size - 1) * GIB,
      usedBytes: d.used === null ? null : d.used * GIB,
      freeBytes: d.used === null ? null : (d.size - 1 - d.used) * GIB,
      disks: [d.id],
    })),
    nics: [{ id: 'eth0', name: 'eth0' }],
  };
}

function sample2(
  host: string,
  tS: number,
  intervalMs: number,
  cpuPct: number | null,
  mem: number | null,
  disk: string,
  io: Record<string, number | null>,
  txBps: number | null = 200_000,
): object {
  // The partition repeats the whole disk's I/O: a reader adding every layer would count it twice.
  return {
    type: 'sample',
    tMs: tS * 1000,
    intervalMs,
    host,
    cpuPct,
    memUsedBytes: mem,
    disks: { [disk]: io, [`${disk}1`]: io },
    net: { eth0: { rxBps: 500_000, txBps } },
  };
}

function esx(id: string, name: string, disks: { id: string; cap: number; kind: string }[]): object {
  return {
    id,
    entity: 'host',
    name,
    os: 'VMware ESXi 8.0.2',
    cpu: { model: 'Reference CPU', cores: 32, sockets: 2, physicalCores: 16, mhz: 2000 },
    memoryBytes: 512 * GIB,
    timeZone: 'UTC',
    machine: 'physical',
    datacenterId: 'datacenter-1',
    clusterId: 'domain-c1',
    disks: disks.map((d) => ({
      id: d.id,
      name: d.id,
      capacityBytes: d.cap * GIB,
      layer: 'disk',
      kind: d.kind,
      ...(d.kind === 'shared' ? { clusterId: 'domain-c1' } : {}),
      datastoreId: d.id,
    })),
    fileSystems: [],
    nics: [{ id: 'vmnic0', name: 'vmnic0' }],
  };
}

function vm(id: string, name: string, runsOn: string, powerState: string): object {
  return {
    id,
    entity: 'vm',
    name,
    os: 'Ubuntu Linux (64-bit)',
    cpu: { model: '', cores: 4 },
    memoryBytes: 16 * GIB,
    timeZone: 'UTC',
    machine: 'virtual',
    datacenterId: 'datacenter-1',
    clusterId: 'domain-c1',
    runsOn,
    powerState,
    disks: [
      {
        id: 'datastore-1',
        name: 'datastore-1',
        capacityBytes: 200 * GIB,
        usedBytes: 80 * GIB,
        layer: 'disk',
        kind: 'local',
        datastoreId: 'datastore-1',
      },
    ],
    fileSystems: [],
    nics: [{ id: '4000', name: 'Network adapter 1' }],
  };
}

function io(r: number, w: number, rl: number, wl: number): object {
  return {
    readIops: r,
    writeIops: w,
    readBps: r * 16_384,
    writeBps: w * 8_192,
    readLatencyMs: rl,
    writeLatencyMs: wl,
    queueDepth: null,
  };
}

function vsample(host: string, tMs: number, cpu: number, mem: number, disks: Record<string, object>): object {
  return {
    type: 'sample',
    tMs,
    intervalMs: 20_000,
    host,
    cpuPct: cpu,
    cpuMhz: cpu * 10,
    memUsedBytes: mem,
    memActiveBytes: mem / 4,
    disks,
    net: { [host.startsWith('vm') ? '4000' : 'vmnic0']: { rxBps: 1_024_000, txBps: 512_000 } },
  };
}

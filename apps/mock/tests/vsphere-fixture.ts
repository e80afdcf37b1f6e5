// A small hand-built vSphere estate in format v3 (docs/collector-format.md, "Version 3: vSphere layers") for the v3
// tests: one datacenter, cluster C1 with hosts esx1 and esx2, a standalone server, VMs on the hosts (one powered off),
// a datastore mounted by both hosts and one by esx1 alone (free space unknown). Every sample lies on the 20 s grid
// (tMs a multiple of 20 000, intervalMs 20 000), so each fills exactly one bucket of the totals — which lets the tests
// compute the figures plainly, interval by interval.
import { gzipSync } from 'node:zlib';
import type {
  CollectorHeader,
  CollectorRecord,
  CollectorSampleV2,
  HostInventory,
} from '../src/collector-file/index.ts';

export const T0 = 1_794_787_200_000; // a multiple of 20 s, in milliseconds
export const STEP = 20_000;
export const TIB = 1024 ** 4;
export const GIB = 1024 ** 3;

export const lines = (...records: unknown[]): Buffer =>
  gzipSync(records.map((r) => JSON.stringify(r)).join('\n') + '\n');

const host = (id: string, name: string, cluster: string | null, datastores: string[]): HostInventory => ({
  id,
  entity: 'host',
  name,
  os: 'VMware ESXi 8.0.2 build-22380479',
  cpu: {
    model: 'Intel(R) Xeon(R) Gold 6338 CPU @ 2.00GHz',
    cores: 64,
    sockets: 2,
    physicalCores: 32,
    mhz: 2000,
  },
  memoryBytes: 512 * GIB,
  timeZone: 'UTC',
  machine: 'physical',
  datacenterId: 'datacenter-2',
  clusterId: cluster,
  disks: datastores.map((ds) => ({
    id: ds,
    name: ds,
    capacityBytes: 10 * TIB,
    layer: 'disk' as const,
    kind: 'local' as const,
    datastoreId: ds,
  })),
  fileSystems: [],
  nics: [{ id: 'vmnic0', name: 'vmnic0' }],
});

const vm = (
  id: string,
  name: string,
  runsOn: string | null,
  powerState: 'poweredOn' | 'poweredOff' | 'suspended',
  cores: number,
  provisionedGib: number,
  usedGib: number | null,
): HostInventory => ({
  id,
  entity: 'vm',
  name,
  os: 'Microsoft Windows Server 2022 (64-bit)',
  cpu: { model: '', cores },
  memoryBytes: 32 * GIB,
  timeZone: 'UTC',
  machine: 'virtual',
  datacenterId: 'datacenter-2',
  clusterId: 'domain-c7',
  runsOn,
  powerState,
  disks: [
    {
      id: 'datastore-61',
      name: 'shared-ds',
      capacityBytes: provisionedGib * GIB,
      usedBytes: usedGib === null ? null : usedGib * GIB,
      layer: 'disk',
      kind: 'local',
      datastoreId: 'datastore-61',
    },
  ],
  fileSystems: [],
  nics: [{ id: '4000', name: 'Network adapter 1' }],
});

/** The estate's header; `withVms: false` leaves the VM layer out (the host layer alone). */
export function vsphereHeader(withVms = true, over: Partial<CollectorHeader> = {}): CollectorHeader {
  const standalone: HostInventory = {
    id: 'srv-1',
    entity: 'server',
    name: 'backup01',
    os: 'Ubuntu 24.04.1 LTS',
    cpu: { model: 'x', cores: 8 },
    memoryBytes: 64 * GIB,
    timeZone: 'UTC',
    machine: 'physical',
    datacenterId: null,
    clusterId: null,
    disks: [{ id: 'sda', name: 'sda', capacityBytes: 2 * TIB, layer: 'disk', kind: 'local' }],
    fileSystems: [
      { mount: '/', device: '/dev/sda1', sizeBytes: 2 * TIB, usedBytes: TIB, freeBytes: TIB, disks: ['sda'] },
    ],
    nics: [{ id: 'eth0', name: 'eth0' }],
  };
  const vms = [
    vm('vm-42', 'sql01', 'host-21', 'poweredOn', 8, 200, 100),
    vm('vm-43', 'web01', 'host-21', 'poweredOn', 4, 100, null),
    vm('vm-44', 'app01', 'host-22', 'poweredOn', 2, 50, 20),
    vm('vm-45', 'old01', 'host-21', 'poweredOff', 2, 40, 40),
  ];
  return {
    type: 'header',
    format: 'iokit',
    formatVersion: 3,
    collector: { name: 'iokit-vsphere', version: '0.1.0' },
    source: { kind: 'vcenter', name: 'vcenter.example', version: 'VMware vCenter Server 8.0.2' },
    start: new Date(T0).toISOString(),
    end: new Date(T0 + 100 * STEP).toISOString(),
    intervalSeconds: 20,
    datacenters: [{ id: 'datacenter-2', name: 'DC0' }],
    clusters: [{ id: 'domain-c7', name: 'Cluster A', datacenterId: 'datacenter-2' }],
    datastores: [
      {
        id: 'datastore-61',
        name: 'shared-ds',
        type: 'VMFS',
        capacityBytes: 10 * TIB,
        freeBytes: 4 * TIB,
        hosts: ['host-21', 'host-22'],
      },
      {
        id: 'datastore-62',
        name: 'local-ds',
        type: 'VMFS',
        capacityBytes: 2 * TIB,
        freeBytes: null,
        hosts: ['host-21'],
      },
    ],
    hosts: [
      host('host-21', 'esx01', 'domain-c7', ['datastore-61', 'datastore-62']),
      host('host-22', 'esx02', 'domain-c7', ['datastore-61']),
      standalone,
      ...(withVms ? vms : []),
    ],
    ...over,
  };
}

/** The entries that are sampled: the hosts, the server and the powered-on VMs (a powered-off VM has no samples). */
export const SAMPLED = ['host-21', 'host-22', 'srv-1', 'vm-42', 'vm-43', 'vm-44'] as const;
export const VMS_ON = ['vm-42', 'vm-43', 'vm-44'] as const;

/** A deterministic pseudo-random number in [0, 1) from the integers given (no state: any order gives the same). */
function noise(...xs: number[]): number {
  let h = 2166136261;
  for (const x of xs) h = Math.imul(h ^ (x & 0xffff), 16777619) ^ (x >>> 16);
  h = Math.imul(h ^ (h >>> 13), 0x5bd1e995);
  return ((h ^ (h >>> 15)) >>> 0) / 2 ** 32;
}

/**
 * Sample k of an entry. A VM's figures are its own; a host's include its VMs' I/O, CPU MHz and memory (its samples
 * are the VMs' plus the hypervisor's own share), as vCenter reports them.
 */
export function vsphereSample(id: string, k: number): CollectorSampleV2 {
  const e = id.split('').reduce((a, c) => a + c.charCodeAt(0), 0);
  const r = (m: number, scale: number): number => Math.round(noise(e, k, m) * scale * 100) / 100;
  const own = (read: number, write: number, lat: number): CollectorSampleV2['disks'][string] => ({
    readIops: read,
    writeIops: write,
    readBps: read * 16384,
    writeBps: write * 8192,
    readLatencyMs: read > 0 ? lat : null,
    writeLatencyMs: write > 0 ? lat * 2 : null,
    queueDepth: null,
  });
  const base: CollectorSampleV2 = {
    type: 'sample',
    tMs: T0 + (k + 1) * STEP,
    intervalMs: STEP,
    host: id,
    cpuPct: r(1, 90),
    cpuMhz: r(2, 16000),
    memUsedBytes: Math.round(r(3, 16) * GIB),
    memActiveBytes: Math.round(r(4, 8) * GIB),
    disks: {},
    net: {},
  };
  if (id.startsWith('vm-')) {
    // A quiet VM now and then (under 100 IOPS: its latency is left out of the p95).
    const quiet = noise(e, k, 9) < 0.2;
    base.disks = { 'datastore-61': own(r(5, quiet ? 30 : 900), r(6, quiet ? 20 : 400), 0.5 + r(7, 4)) };
    base.net = { '4000': { rxBps: r(8, 1e6), txBps: r(10, 1e6) } };
    return base;
  }
  if (id === 'srv-1') {
    base.disks = { sda: own(r(5, 300), r(6, 300), 1 + r(7, 3)) };
    base.net = { eth0: { rxBps: r(8, 1e6), txBps: r(10, 1e6) } };
    return base;
  }
  // A host: its VMs' I/O on each datastore plus the hypervisor's own.
  const vmsOf = id === 'host-21' ? ['vm-42', 'vm-43'] : ['vm-44'];
  const vmSamples = vmsOf.map((v) => vsphereSample(v, k));
  const sum = (f: (s: CollectorSampleV2) => number): number => vmSamples.reduce((a, s) => a + f(s), 0);
  const ds = (s: CollectorSampleV2) => s.disks['datastore-61'];
  base.disks = {
    'datastore-61': own(
      sum((s) => ds(s)?.readIops ?? 0) + r(11, 50),
      sum((s) => ds(s)?.writeIops ?? 0) + r(12, 50),
      0.5 + r(7, 3),
    ),
    ...(id === 'host-21' ? { 'datastore-62': own(r(13, 200), r(14, 100), 2) } : {}),
  };
  base.net = { vmnic0: { rxBps: sum((s) => s.net['4000']?.rxBps ?? 0) + r(8, 1e5), txBps: r(10, 2e6) } };
  base.cpuMhz = sum((s) => s.cpuMhz ?? 0) + r(2, 4000);
  base.memUsedBytes = sum((s) => s.memUsedBytes ?? 0) + Math.round(r(3, 64) * GIB);
  return base;
}

/** The whole file's records: n intervals of every sampled entry (of the layers kept). */
export function vsphereRecords(n: number, withVms = true): CollectorRecord[] {
  const ids = SAMPLED.filter((id) => withVms || !id.startsWith('vm-'));
  const samples = Array.from({ length: n }, (_, k) => ids.map((id) => vsphereSample(id, k))).flat();
  return [vsphereHeader(withVms), ...samples, { type: 'end', samples: samples.length }];
}

/** Nearest-rank percentile of the known values (NaN, null left out); null without any. */
export function nearestRank(values: readonly (number | null)[], p: number): number | null {
  const known = values.filter((v): v is number => v !== null && !Number.isNaN(v)).sort((a, b) => a - b);
  if (known.length === 0) return null;
  return known[Math.max(0, Math.ceil((p / 100) * known.length) - 1)] ?? null;
}

export const maxOf = (values: readonly (number | null)[]): number | null => {
  const known = values.filter((v): v is number => v !== null && !Number.isNaN(v));
  return known.length === 0 ? null : Math.max(...known);
};

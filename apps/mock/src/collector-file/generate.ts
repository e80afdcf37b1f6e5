// THE synthetic collection in the open collector format (the one generator: the seed, the tests, the benchmarks and
// the format's example all use it): hosts of a few kinds (database, web, file, backup) with a realistic diurnal load
// — busy office hours, quiet nights and weekends, a nightly batch window, rare bursts. Deterministic: the same
// options give the same records (mulberry32, store/prng.ts). Lazy: a 2 M sample file never sits in memory.
import { Prng } from '../store/prng.ts';
import { generateVsphereRecords, vsphereSampleCount, type VsphereShape } from './generate-vsphere.ts';
import {
  type ClusterInventory,
  type CollectorDisk,
  type CollectorHeader,
  type CollectorRecord,
  type CollectorSample,
  type CollectorSampleV1,
  type DiskSample,
  type DiskSampleV2,
  type HostInventory,
  type NicSample,
} from './records.ts';

/** A host given by name (the seed's servers), optionally with its inventory figures. */
export interface GeneratedHost {
  name: string;
  os?: string;
  cores?: number;
  memoryGb?: number;
}

export interface GenerateOptions {
  /** Host count (named `<prefix>-<kind><nn>`) or the hosts by name. */
  hosts: number | readonly GeneratedHost[];
  /** Length of the collection in days (fractions allowed), or give durationSeconds. */
  days?: number;
  durationSeconds?: number;
  intervalSeconds: number;
  seed: number;
  /** Collection start (ISO 8601, or Unix seconds); default Monday 2026-11-16 00:00 UTC. */
  start?: string | number;
  /** Host name prefix; default "srv". */
  namePrefix?: string;
  /**
   * Shared cluster disks seen by EVERY host (one cluster). Without them, a collection of ≥ 4 hosts has one cluster
   * disk shared by its first two hosts.
   */
  sharedDisks?: readonly { name: string; capacityGb: number }[];
  /**
   * The format version to write: 1 (default; whole-second t, one latency) or 2 (tMs and intervalMs, read and write
   * latency, disk layers, file systems, time zone, physical or virtual). The same seed gives the same load in both.
   */
  formatVersion?: 1 | 2 | 3;
  /**
   * Format v3 (vSphere layers; generate-vsphere.ts): clusters × hosts × VMs with datastores, some VMs powered off,
   * each host's I/O its VMs' plus its own. With formatVersion 3 and no shape: one cluster of `hosts` hosts, 4 VMs each.
   */
  vsphere?: VsphereShape;
}

type Kind = 'db' | 'web' | 'file' | 'backup';

interface DiskModel {
  /** IOPS at full load. */
  iops: number;
  readShare: number;
  /** Bytes per I/O. */
  ioBytes: number;
  /** Latency at no load, ms. */
  baseLatencyMs: number;
  /** IOPS the disk can serve before latency climbs. */
  maxIops: number;
}

interface HostModel {
  kind: Kind;
  inventory: HostInventory;
  disks: { id: string; model: DiskModel }[];
  cpuBase: number;
  cpuSwing: number;
  memShare: number;
  netBps: number;
  /** Phase of the slow memory drift. */
  phase: number;
}

const GIB = 1024 ** 3;
const DEFAULT_START = '2026-11-16T00:00:00Z';

const OSES = [
  'Ubuntu 24.04.1 LTS',
  'Red Hat Enterprise Linux 9.4 (Plow)',
  'Windows Server 2022 Datacenter',
  'Debian GNU/Linux 12 (bookworm)',
];
const CPUS: readonly [string, number][] = [
  ['Intel(R) Xeon(R) Gold 6338 CPU @ 2.00GHz', 32],
  ['Intel(R) Xeon(R) Silver 4314 CPU @ 2.40GHz', 16],
  ['AMD EPYC 7443 24-Core Processor', 48],
  ['AMD EPYC 9354 32-Core Processor', 64],
];
const KIND_NAMES: Readonly<Record<Kind, string>> = { db: 'sql', web: 'web', file: 'fs', backup: 'bkp' };

const round1 = (x: number): number => Math.round(x * 10) / 10;
const round2 = (x: number): number => Math.round(x * 100) / 100;

/** Load from 0 to 1 at an instant: office hours peak early afternoon, nights and weekends are quiet. */
export function diurnalLoad(epochSeconds: number): number {
  const day = Math.floor(epochSeconds / 86400);
  const hour = (epochSeconds % 86400) / 3600;
  // 1970-01-01 was a Thursday: day 0 → weekday 4.
  const weekday = (day + 4) % 7;
  const weekend = weekday === 0 || weekday === 6;
  const office = hour >= 7 && hour <= 19 ? Math.sin((Math.PI * (hour - 7)) / 12) : 0;
  return (weekend ? 0.35 : 1) * (0.12 + 0.88 * office);
}

function hostModel(
  prng: Prng,
  used: Prng,
  index: number,
  prefix: string,
  given: GeneratedHost | undefined,
): HostModel {
  const kind: Kind = (['db', 'web', 'web', 'file', 'db', 'backup'] as const)[index % 6] ?? 'web';
  const [model, pickedCores] = prng.pick(CPUS);
  const pickedMemory = prng.pick([32, 64, 128, 256, 512]) * GIB;
  const cores = given?.cores ?? pickedCores;
  const memoryBytes = given?.memoryGb === undefined ? pickedMemory : given.memoryGb * GIB;
  const id = `h${String(index + 1)}`;
  const dataDisks = kind === 'web' ? 1 : prng.int(1, 3);
  const disks: { id: string; model: DiskModel; inventory: CollectorDisk }[] = [];
  const disk = (diskId: string, capacityGiB: number, m: DiskModel): void => {
    disks.push({
      id: diskId,
      model: m,
      inventory: {
        id: diskId,
        name: diskId,
        capacityBytes: capacityGiB * GIB,
        // From its own stream, so the other figures stay what they were before disks had usedBytes.
        usedBytes: Math.round(capacityGiB * GIB * (0.2 + 0.6 * used.next())),
        kind: 'local',
      },
    });
  };
  disk('sda', 240, { iops: 60, readShare: 0.3, ioBytes: 16384, baseLatencyMs: 0.4, maxIops: 20000 });
  const letters = 'bcdefgh';
  for (let i = 0; i < dataDisks; i++) {
    const ssd = kind !== 'backup' && prng.chance(0.75);
    const scale = prng.next() * 0.8 + 0.6;
    const m: DiskModel =
      kind === 'db'
        ? {
            iops: 2400 * scale,
            readShare: 0.7,
            ioBytes: 8192,
            baseLatencyMs: ssd ? 0.5 : 5,
            maxIops: ssd ? 40000 : 900,
          }
        : kind === 'file'
          ? {
              iops: 600 * scale,
              readShare: 0.6,
              ioBytes: 65536,
              baseLatencyMs: ssd ? 0.6 : 6,
              maxIops: ssd ? 30000 : 700,
            }
          : kind === 'backup'
            ? { iops: 150 * scale, readShare: 0.2, ioBytes: 262144, baseLatencyMs: 7, maxIops: 500 }
            : {
                iops: 250 * scale,
                readShare: 0.8,
                ioBytes: 16384,
                baseLatencyMs: ssd ? 0.4 : 5,
                maxIops: ssd ? 30000 : 800,
              };
    disk(`sd${letters[i] ?? 'z'}`, prng.pick([480, 960, 1920, 3840, 7680]), m);
  }
  const nics = prng.chance(0.4)
    ? [
        { id: 'eth0', name: 'eth0' },
        { id: 'eth1', name: 'eth1' },
      ]
    : [{ id: 'eth0', name: 'eth0' }];
  const os = prng.pick(OSES);
  return {
    kind,
    inventory: {
      id,
      name: given?.name ?? `${prefix}-${KIND_NAMES[kind]}${String(index + 1).padStart(2, '0')}`,
      os: given?.os ?? os,
      cpu: { model, cores },
      memoryBytes,
      disks: disks.map((d) => d.inventory),
      nics,
    },
    disks: disks.map((d) => ({ id: d.id, model: d.model })),
    cpuBase: kind === 'web' ? 8 : 4,
    cpuSwing: kind === 'web' ? 60 : kind === 'db' ? 45 : 20,
    memShare: 0.35 + prng.next() * 0.3,
    netBps: (kind === 'web' ? 40 : kind === 'file' ? 60 : 15) * 1024 * 1024,
    phase: prng.next() * Math.PI * 2,
  };
}

/** The header of the collection the options describe (hosts, and a cluster sharing a disk when ≥ 4 hosts). */
function inventory(options: GenerateOptions): { header: CollectorHeader; models: HostModel[] } {
  const prng = new Prng(options.seed);
  const used = new Prng((options.seed ^ 0x5bd1e995) >>> 0);
  const prefix = options.namePrefix ?? 'srv';
  const given = typeof options.hosts === 'number' ? undefined : options.hosts;
  const count = given?.length ?? (options.hosts as number);
  const models = Array.from({ length: count }, (_, i) => hostModel(prng, used, i, prefix, given?.[i]));
  const clusters: ClusterInventory[] = [];
  const [a, b] = models;
  if (options.sharedDisks !== undefined) {
    if (options.sharedDisks.length > 0) clusters.push({ id: 'c1', name: `${prefix.toUpperCase()}-CLUSTER1` });
    options.sharedDisks.forEach((d, i) => {
      const capacityBytes = d.capacityGb * GIB;
      const disk: CollectorDisk = {
        id: `csv${String(i + 1)}`,
        name: d.name,
        capacityBytes,
        usedBytes: Math.round(capacityBytes * (0.3 + 0.6 * used.next())),
        kind: 'shared',
        clusterId: 'c1',
      };
      for (const m of models) {
        m.inventory.disks.push(disk);
        m.disks.push({
          id: disk.id,
          model: {
            iops: 1800 / models.length,
            readShare: 0.65,
            ioBytes: 32768,
            baseLatencyMs: 0.9,
            maxIops: 50000,
          },
        });
      }
    });
  } else if (count >= 4 && a && b) {
    clusters.push({ id: 'c1', name: `${prefix.toUpperCase()}-CLUSTER1` });
    const shared: DiskModel = {
      iops: 1800,
      readShare: 0.65,
      ioBytes: 32768,
      baseLatencyMs: 0.9,
      maxIops: 50000,
    };
    for (const m of [a, b]) {
      m.inventory.disks.push({
        id: 'csv1',
        name: 'Cluster Disk 1',
        capacityBytes: 4096 * GIB,
        usedBytes: 1700 * GIB,
        kind: 'shared',
        clusterId: 'c1',
      });
      m.disks.push({ id: 'csv1', model: { ...shared, iops: shared.iops / 2 } });
    }
  }
  const start = options.start ?? DEFAULT_START;
  const startMs = typeof start === 'number' ? start * 1000 : Date.parse(start);
  const steps = stepsOf(options);
  const header: CollectorHeader = {
    type: 'header',
    format: 'iokit',
    formatVersion: options.formatVersion ?? 1,
    collector: { name: 'iokit-synthetic', version: '1.0.0' },
    start: new Date(startMs).toISOString(),
    end: new Date(startMs + steps * options.intervalSeconds * 1000).toISOString(),
    intervalSeconds: options.intervalSeconds,
    hosts: models.map((m, i) => (options.formatVersion === 2 ? inventoryV2(m.inventory, i) : m.inventory)),
    clusters,
  };
  return { header, models };
}

/**
 * A host's v2 inventory: every disk a whole disk (layer "disk") without usedBytes, one file system per disk holding
 * what the v1 inventory gave as the disk's used bytes, the time zone UTC, and every third host a physical machine.
 */
function inventoryV2(host: HostInventory, index: number): HostInventory {
  return {
    ...host,
    timeZone: 'UTC',
    machine: index % 3 === 2 ? 'physical' : 'virtual',
    disks: host.disks.map((d) => ({
      id: d.id,
      name: d.name,
      capacityBytes: d.capacityBytes,
      kind: d.kind,
      ...(d.clusterId === undefined ? {} : { clusterId: d.clusterId }),
      layer: 'disk' as const,
    })),
    fileSystems: host.disks.map((d, j) => ({
      mount: d.kind === 'shared' ? `/cluster/${d.id}` : j === 0 ? '/' : `/data${String(j)}`,
      device: `/dev/${d.id}1`,
      sizeBytes: d.capacityBytes,
      usedBytes: d.usedBytes ?? null,
      freeBytes: d.usedBytes == null ? null : d.capacityBytes - d.usedBytes,
      disks: [d.id],
    })),
  };
}

/** A v1 sample as v2 writes it: milliseconds, the interval's length, latency apart for reads and writes. */
function sampleV2(s: CollectorSampleV1, intervalSeconds: number): CollectorSample {
  const disks: Record<string, DiskSampleV2> = {};
  for (const [id, d] of Object.entries(s.disks)) {
    const { latencyMs, ...rest } = d;
    // Writes a little slower than reads; together IOPS-weighted they give the v1 latency (to rounding).
    const iops = d.readIops + d.writeIops;
    const read = iops > 0 ? latencyMs * 0.9 : null;
    const write =
      iops > 0 && d.writeIops > 0 ? (latencyMs * iops - (read ?? 0) * d.readIops) / d.writeIops : null;
    disks[id] = {
      ...rest,
      readLatencyMs: d.readIops > 0 && read !== null ? round2(read) : null,
      writeLatencyMs: write === null ? null : round2(write),
    };
  }
  return {
    type: 'sample',
    tMs: s.t * 1000,
    intervalMs: intervalSeconds * 1000,
    host: s.host,
    cpuPct: s.cpuPct,
    memUsedBytes: s.memUsedBytes,
    disks,
    net: s.net,
  };
}

const stepsOf = (o: GenerateOptions): number =>
  Math.floor((o.durationSeconds ?? (o.days ?? 0) * 86400) / o.intervalSeconds);

/** Number of sample records the options give (hosts × intervals). */
export const sampleCount = (o: GenerateOptions): number => {
  const shape = vsphereShapeOf(o);
  if (shape) return vsphereSampleCount({ ...o, vsphere: shape });
  return (typeof o.hosts === 'number' ? o.hosts : o.hosts.length) * stepsOf(o);
};

/** The vSphere estate the options ask for (format v3), or undefined. */
function vsphereShapeOf(o: GenerateOptions): VsphereShape | undefined {
  if (o.vsphere) return o.vsphere;
  if (o.formatVersion !== 3) return undefined;
  const hosts = typeof o.hosts === 'number' ? o.hosts : o.hosts.length;
  return { clusters: 1, hostsPerCluster: Math.max(1, hosts), vmsPerHost: 4 };
}

/**
 * The records of a synthetic collection, lazily (a 2 M sample file never sits in memory): the header, then for
 * each interval one sample per host (hosts interleaved, each in time order), then the end record.
 */
export function* generateCollectorRecords(options: GenerateOptions): Generator<CollectorRecord> {
  const shape = vsphereShapeOf(options);
  if (shape) {
    yield* generateVsphereRecords({ ...options, vsphere: shape }, diurnalLoad);
    return;
  }
  const { header, models } = inventory(options);
  yield header;
  const prng = new Prng((options.seed ^ 0x9e3779b9) >>> 0);
  const start = Math.floor(Date.parse(header.start) / 1000);
  const steps = stepsOf(options);
  for (let k = 1; k <= steps; k++) {
    const t = start + k * options.intervalSeconds;
    const load = diurnalLoad(t);
    const hour = (t % 86400) / 3600;
    const batch = hour >= 1 && hour < 3;
    for (const m of models) {
      const s = sample(prng, m, t, load, batch);
      yield options.formatVersion === 2 ? sampleV2(s, options.intervalSeconds) : s;
    }
  }
  yield { type: 'end', samples: steps * models.length };
}

function sample(prng: Prng, m: HostModel, t: number, load: number, batch: boolean): CollectorSampleV1 {
  const burst = prng.chance(0.002) ? 2.5 : 1;
  const noise = (): number => 0.85 + prng.next() * 0.3;
  const hostLoad = Math.min(1.6, load * burst * noise());
  const disks: Record<string, DiskSample> = {};
  for (const d of m.disks) {
    const dm = d.model;
    // The nightly batch (backups, index maintenance) writes a lot on database and backup hosts.
    const batchBoost = batch && (m.kind === 'db' || m.kind === 'backup') ? 3 : 1;
    const iops = dm.iops * (0.05 + hostLoad) * noise();
    const readIops = iops * dm.readShare;
    const writeIops = iops * (1 - dm.readShare) * batchBoost;
    const total = readIops + writeIops;
    const utilisation = Math.min(0.95, total / dm.maxIops);
    const latencyMs = dm.baseLatencyMs * (1 + 3 * utilisation * utilisation) * noise();
    disks[d.id] = {
      readIops: round1(readIops),
      writeIops: round1(writeIops),
      readBps: Math.round(readIops * dm.ioBytes),
      writeBps: Math.round(writeIops * dm.ioBytes * (batchBoost > 1 ? 2 : 1)),
      latencyMs: round2(latencyMs),
      queueDepth: round2((total * latencyMs) / 1000),
    };
  }
  const net: Record<string, NicSample> = {};
  for (const nic of m.inventory.nics) {
    const bps = m.netBps * (0.05 + hostLoad) * noise();
    net[nic.id] = { rxBps: Math.round(bps), txBps: Math.round(bps * (m.kind === 'web' ? 2.5 : 0.6)) };
  }
  const drift = 0.05 * Math.sin((t / 86400) * Math.PI * 2 + m.phase);
  return {
    type: 'sample',
    t,
    host: m.inventory.id,
    cpuPct: round1(Math.min(100, Math.max(0.5, m.cpuBase + m.cpuSwing * hostLoad * noise()))),
    memUsedBytes: Math.round(m.inventory.memoryBytes * Math.min(0.97, m.memShare + drift + 0.1 * load)),
    disks,
    net,
  };
}

// A synthetic, deterministic collector file (as CollectorRecords): a few hosts with a diurnal load (busy office
// hours, quiet nights and weekends, a nightly backup burst), local disks and shared cluster disks. The seed uses it
// so every seeded project's collector runs have real series; tests and benchmarks use it too.
import {
  COLLECTOR_FORMAT_VERSION,
  type CollectorDisk,
  type CollectorRecord,
  type DiskSample,
  type HostInventory,
} from '../collector-file/records.ts';
import { Prng } from '../store/prng.ts';

const GB = 1024 ** 3;

export interface GeneratedHost {
  name: string;
  os?: string;
  cores?: number;
  memoryGb?: number;
  /** Relative load (1 = typical). */
  load?: number;
}

export interface GenerateOptions {
  seed: number;
  /** Unix seconds of the first sample's interval start. */
  start: number;
  durationS: number;
  intervalS: number;
  /** Host count (named HOST-01...) or explicit hosts. */
  hosts: number | GeneratedHost[];
  /** Shared cluster disks (seen by every host). */
  sharedDisks?: { name: string; capacityGb: number }[];
}

/** The diurnal load factor in [0.05, ~1.2] at Unix second t (UTC office hours, weekends quieter). */
export function diurnal(t: number): number {
  const hour = (t % 86_400) / 3600;
  const day = Math.floor(t / 86_400 + 4) % 7; // 0 = Sunday
  const office = Math.max(0, Math.sin((Math.PI * (hour - 7)) / 12)); // 07:00-19:00, peak at 13:00
  const weekend = day === 0 || day === 6 ? 0.35 : 1;
  const backup = hour >= 1 && hour < 2.5 ? 0.7 : 0; // nightly backup burst
  return 0.05 + 0.95 * office ** 1.5 * weekend + backup;
}

export function* generateCollectorRecords(o: GenerateOptions): Generator<CollectorRecord> {
  const rng = new Prng(o.seed);
  const hostSeeds: GeneratedHost[] =
    typeof o.hosts === 'number'
      ? Array.from({ length: o.hosts }, (_, i) => ({ name: `HOST-${String(i + 1).padStart(2, '0')}` }))
      : o.hosts;
  const shared = o.sharedDisks ?? [];
  const cluster = shared.length > 0 ? [{ id: 'c1', name: 'CLUSTER-01' }] : [];
  const sharedDisks: CollectorDisk[] = shared.map((d, i) => ({
    id: `csv${i + 1}`,
    name: d.name,
    capacityBytes: d.capacityGb * GB,
    usedBytes: Math.round(d.capacityGb * GB * (0.3 + 0.6 * rng.next())),
    kind: 'shared',
    clusterId: 'c1',
  }));
  const hosts: (HostInventory & { load: number; base: number; memBase: number })[] = hostSeeds.map((h, i) => {
    const localCount = rng.int(1, 3);
    const disks: CollectorDisk[] = Array.from({ length: localCount }, (_, d) => {
      const cap = rng.pick([240, 480, 960, 1920, 3840]) * GB;
      return {
        id: `sd${String.fromCharCode(97 + d)}`,
        name: `/dev/sd${String.fromCharCode(97 + d)}`,
        capacityBytes: cap,
        usedBytes: Math.round(cap * (0.2 + 0.7 * rng.next())),
        kind: 'local',
      };
    });
    const memoryGb = h.memoryGb ?? rng.pick([32, 64, 128, 256]);
    return {
      id: `h${i + 1}`,
      name: h.name,
      os: h.os ?? rng.pick(['Windows Server 2022', 'Ubuntu 24.04', 'RHEL 9', 'ESXi 8.0']),
      cpu: { model: 'Xeon Gold 6430', cores: h.cores ?? rng.pick([8, 16, 32, 64]) },
      memoryBytes: memoryGb * GB,
      disks: [...disks, ...sharedDisks],
      nics: [{ id: 'eth0', name: 'eth0' }],
      load: h.load ?? 0.4 + 1.2 * rng.next(),
      base: 40 + rng.int(0, 60),
      memBase: 0.35 + 0.35 * rng.next(),
    };
  });
  const interval = Math.max(1, Math.round(o.intervalS));
  const first = Math.ceil(o.start / interval) * interval + interval;
  const last = o.start + o.durationS;
  yield {
    type: 'header',
    format: 'iokit',
    formatVersion: COLLECTOR_FORMAT_VERSION,
    collector: { name: 'synthetic', version: '1.0.0' },
    start: new Date(o.start * 1000).toISOString(),
    end: new Date(last * 1000).toISOString(),
    intervalSeconds: interval,
    hosts: hosts.map((h) => ({
      id: h.id,
      name: h.name,
      os: h.os,
      cpu: h.cpu,
      memoryBytes: h.memoryBytes,
      disks: h.disks,
      nics: h.nics,
    })),
    clusters: cluster,
  };
  let samples = 0;
  for (let t = first; t <= last; t += interval) {
    const f = diurnal(t);
    for (const h of hosts) {
      const noise = 0.85 + 0.3 * rng.next();
      const spike = rng.chance(0.003) ? 2.5 : 1;
      const iops = (h.base + 2400 * h.load * f) * noise * spike;
      const disks: Record<string, DiskSample> = {};
      const share = 1 / h.disks.length;
      for (const d of h.disks) {
        const di = iops * share * (0.7 + 0.6 * rng.next());
        const read = di * 0.65;
        const write = di - read;
        disks[d.id] = {
          readIops: round(read),
          writeIops: round(write),
          readBps: Math.round(read * 16_384),
          writeBps: Math.round(write * 32_768),
          latencyMs: round(0.6 + 2.5 * f * noise + (di > 1500 ? 3 : 0)),
          queueDepth: round(di / 800),
        };
      }
      const cpu = Math.min(100, 4 + 70 * h.load * f * noise * 0.6 * spike);
      yield {
        type: 'sample',
        t,
        host: h.id,
        cpuPct: round(cpu),
        memUsedBytes: Math.round(h.memoryBytes * Math.min(0.97, h.memBase + 0.25 * f * noise)),
        disks,
        net: { eth0: { rxBps: Math.round(iops * 9_000 * noise), txBps: Math.round(iops * 6_000 * noise) } },
      };
      samples += 1;
    }
  }
  yield { type: 'end', samples };
}

function round(v: number): number {
  return Math.round(v * 100) / 100;
}

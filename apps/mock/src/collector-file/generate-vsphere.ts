// The synthetic vSphere estate in format v3 (docs/collector-format.md, "Version 3: vSphere layers"): one datacenter,
// N clusters of hosts, VMs on each host (some powered off: no samples), datastores mounted by every host of their
// cluster. Each powered-on VM follows the same diurnal load as the synthetic servers (generate.ts diurnalLoad); a
// host's sample is what vCenter reports for it: its VMs' I/O on each datastore, CPU MHz, memory and network plus the
// hypervisor's own share — so a host's I/O is always at least the sum of its VMs' (the rule of layers: a reader that
// added the VMs to the hosts would count each I/O twice). Deterministic (mulberry32) and lazy.
import { Prng } from '../store/prng.ts';
import type {
  CollectorHeader,
  CollectorRecord,
  CollectorSampleV2,
  DatastoreInventory,
  DiskSampleV2,
  HostInventory,
} from './records.ts';

/** The estate's shape (GenerateOptions.vsphere). */
export interface VsphereShape {
  clusters: number;
  hostsPerCluster: number;
  vmsPerHost: number;
  /** Datastores of each cluster (mounted by all its hosts); default 2. */
  datastoresPerCluster?: number;
  /** Every n-th VM is powered off (no samples, sized by its allocation); default 8. */
  poweredOffEvery?: number;
}

export interface VsphereOptions {
  vsphere: VsphereShape;
  durationSeconds?: number;
  days?: number;
  intervalSeconds: number;
  seed: number;
  start?: string | number;
  namePrefix?: string;
}

const GIB = 1024 ** 3;
const TIB = 1024 ** 4;
const DEFAULT_START = '2026-11-16T00:00:00Z';
const HOST_MHZ = 2400;
const HOST_CORES = 64;

type VmKind = 'sql' | 'web' | 'app' | 'file';

interface VmModel {
  inventory: HostInventory;
  kind: VmKind;
  on: boolean;
  datastore: string;
  iops: number;
  readShare: number;
  ioBytes: number;
  latencyMs: number;
  cpuBase: number;
  cpuSwing: number;
  memShare: number;
  activeShare: number;
  netBps: number;
}

interface HostModel {
  inventory: HostInventory;
  vms: VmModel[];
  datastores: string[];
}

const GUESTS: Readonly<Record<VmKind, string>> = {
  sql: 'Microsoft Windows Server 2022 (64-bit)',
  web: 'Ubuntu Linux (64-bit)',
  app: 'Red Hat Enterprise Linux 9 (64-bit)',
  file: 'Microsoft Windows Server 2019 (64-bit)',
};

const stepsOf = (o: VsphereOptions): number =>
  Math.floor((o.durationSeconds ?? (o.days ?? 0) * 86400) / o.intervalSeconds);

/** The estate's inventory (header) and its models. */
function estate(o: VsphereOptions): { header: CollectorHeader; hosts: HostModel[] } {
  const prng = new Prng((o.seed ^ 0x27d4eb2f) >>> 0);
  const prefix = o.namePrefix ?? 'vs';
  const shape = o.vsphere;
  const perCluster = shape.datastoresPerCluster ?? 2;
  const offEvery = shape.poweredOffEvery ?? 8;
  const clusters = Array.from({ length: shape.clusters }, (_, c) => ({
    id: `domain-c${String(c + 1)}`,
    name: `${prefix.toUpperCase()}-CL${String(c + 1).padStart(2, '0')}`,
    datacenterId: 'datacenter-1',
  }));
  const datastores: DatastoreInventory[] = [];
  const hosts: HostModel[] = [];
  let hostN = 0;
  let vmN = 0;
  for (const [c, cluster] of clusters.entries()) {
    const own = Array.from({ length: perCluster }, (_, d) => {
      const capacityBytes = prng.pick([4, 8, 16]) * TIB;
      const ds: DatastoreInventory = {
        id: `datastore-${String(c + 1)}${String(d + 1).padStart(2, '0')}`,
        name: `${prefix}-cl${String(c + 1)}-ds${String(d + 1)}`,
        type: d === 0 ? 'vsan' : 'VMFS',
        capacityBytes,
        freeBytes: Math.round(capacityBytes * (0.25 + 0.4 * prng.next())),
        hosts: [],
      };
      datastores.push(ds);
      return ds;
    });
    for (let h = 0; h < shape.hostsPerCluster; h++) {
      hostN += 1;
      const id = `host-${String(hostN)}`;
      for (const ds of own) ds.hosts.push(id);
      const inventory: HostInventory = {
        id,
        entity: 'host',
        name: `${prefix}-esx${String(c + 1)}${String(h + 1).padStart(2, '0')}`,
        os: 'VMware ESXi 8.0.2 build-22380479',
        cpu: {
          model: 'Intel(R) Xeon(R) Gold 6342 CPU @ 2.40GHz',
          cores: HOST_CORES,
          sockets: 2,
          physicalCores: HOST_CORES / 2,
          mhz: HOST_MHZ,
        },
        memoryBytes: prng.pick([512, 768, 1024]) * GIB,
        timeZone: 'UTC',
        machine: 'physical',
        datacenterId: 'datacenter-1',
        clusterId: cluster.id,
        disks: own.map((ds) => ({
          id: ds.id,
          name: ds.name,
          capacityBytes: ds.capacityBytes,
          layer: 'disk' as const,
          kind: shape.hostsPerCluster > 1 ? ('shared' as const) : ('local' as const),
          ...(shape.hostsPerCluster > 1 ? { clusterId: cluster.id } : {}),
          datastoreId: ds.id,
        })),
        fileSystems: [],
        nics: [
          { id: 'vmnic0', name: 'vmnic0' },
          { id: 'vmnic1', name: 'vmnic1' },
        ],
      };
      const vms: VmModel[] = [];
      for (let v = 0; v < shape.vmsPerHost; v++) {
        vmN += 1;
        const kind = (['sql', 'web', 'app', 'app', 'web', 'file'] as const)[vmN % 6] ?? 'app';
        const ds = prng.pick(own);
        const vcpus = kind === 'sql' ? prng.pick([8, 16]) : prng.pick([2, 4, 8]);
        const memoryBytes = (kind === 'sql' ? prng.pick([32, 64]) : prng.pick([4, 8, 16])) * GIB;
        const provisioned = (kind === 'file' ? prng.pick([500, 1000]) : prng.pick([60, 100, 200])) * GIB;
        const on = vmN % offEvery !== 0;
        vms.push({
          kind,
          on,
          datastore: ds.id,
          iops:
            (kind === 'sql' ? 1500 : kind === 'file' ? 400 : kind === 'web' ? 150 : 300) *
            (0.6 + prng.next()),
          readShare: kind === 'sql' ? 0.7 : kind === 'web' ? 0.85 : 0.6,
          ioBytes: kind === 'file' ? 65536 : kind === 'sql' ? 8192 : 16384,
          latencyMs: 0.4 + prng.next() * 1.5,
          cpuBase: kind === 'web' ? 6 : 3,
          cpuSwing: kind === 'sql' ? 55 : kind === 'web' ? 45 : 25,
          memShare: 0.5 + prng.next() * 0.4,
          activeShare: 0.15 + prng.next() * 0.25,
          netBps: (kind === 'web' ? 20 : 5) * 1024 * 1024,
          inventory: {
            id: `vm-${String(100 + vmN)}`,
            entity: 'vm',
            name: `${prefix}-${kind}${String(vmN).padStart(3, '0')}`,
            os: GUESTS[kind],
            cpu: { model: '', cores: vcpus },
            memoryBytes,
            timeZone: 'UTC',
            machine: 'virtual',
            datacenterId: 'datacenter-1',
            clusterId: cluster.id,
            runsOn: id,
            powerState: on ? 'poweredOn' : 'poweredOff',
            disks: [
              {
                id: ds.id,
                name: ds.name,
                capacityBytes: provisioned,
                usedBytes: Math.round(provisioned * (0.3 + 0.6 * prng.next())),
                layer: 'disk',
                kind: 'local',
                datastoreId: ds.id,
              },
            ],
            fileSystems: [],
            nics: [{ id: '4000', name: 'Network adapter 1' }],
          },
        });
      }
      hosts.push({ inventory, vms, datastores: own.map((ds) => ds.id) });
    }
  }
  const start = o.start ?? DEFAULT_START;
  const startMs = typeof start === 'number' ? start * 1000 : Date.parse(start);
  const header: CollectorHeader = {
    type: 'header',
    format: 'iokit',
    formatVersion: 3,
    collector: { name: 'iokit-synthetic-vsphere', version: '1.0.0' },
    source: { kind: 'vcenter', name: `${prefix}-vcenter.example`, version: 'VMware vCenter Server 8.0.2' },
    start: new Date(startMs).toISOString(),
    end: new Date(startMs + stepsOf(o) * o.intervalSeconds * 1000).toISOString(),
    intervalSeconds: o.intervalSeconds,
    datacenters: [{ id: 'datacenter-1', name: `${prefix.toUpperCase()}-DC1` }],
    clusters,
    datastores,
    hosts: hosts.flatMap((h) => [h.inventory, ...h.vms.map((v) => v.inventory)]),
  };
  return { header, hosts };
}

/** Sample lines per interval of the estate: its hosts and its powered-on VMs. */
export function vsphereSampleCount(o: VsphereOptions): number {
  const { hosts } = estate(o);
  return stepsOf(o) * hosts.reduce((n, h) => n + 1 + h.vms.filter((v) => v.on).length, 0);
}

const round2 = (x: number): number => Math.round(x * 100) / 100;

/** The records of the estate, lazily: header, then per interval every powered-on VM and every host, then the end. */
export function* generateVsphereRecords(
  o: VsphereOptions,
  load: (epochSeconds: number) => number,
): Generator<CollectorRecord> {
  const { header, hosts } = estate(o);
  yield header;
  const prng = new Prng((o.seed ^ 0x85ebca6b) >>> 0);
  const start = Math.floor(Date.parse(header.start) / 1000);
  const steps = stepsOf(o);
  let samples = 0;
  for (let k = 1; k <= steps; k++) {
    const t = start + k * o.intervalSeconds;
    const base = load(t);
    for (const h of hosts) {
      const perStore = new Map<
        string,
        { r: number; w: number; rb: number; wb: number; rl: number; wl: number }
      >();
      for (const ds of h.datastores) perStore.set(ds, { r: 0, w: 0, rb: 0, wb: 0, rl: 0, wl: 0 });
      let mhz = 0;
      let mem = 0;
      let active = 0;
      let rx = 0;
      let tx = 0;
      for (const vm of h.vms) {
        if (!vm.on) continue;
        const noise = (): number => 0.85 + prng.next() * 0.3;
        const l = Math.min(1.5, base * noise() * (prng.chance(0.003) ? 2.2 : 1));
        const iops = vm.iops * (0.05 + l);
        const r = round2(iops * vm.readShare);
        const w = round2(iops * (1 - vm.readShare));
        const lat = vm.latencyMs * (1 + 0.6 * l) * noise();
        const disk: DiskSampleV2 = {
          readIops: r,
          writeIops: w,
          readBps: Math.round(r * vm.ioBytes),
          writeBps: Math.round(w * vm.ioBytes),
          readLatencyMs: r > 0 ? round2(lat) : null,
          writeLatencyMs: w > 0 ? round2(lat * 1.6) : null,
          queueDepth: null,
        };
        const cpuPct = round2(Math.min(100, vm.cpuBase + vm.cpuSwing * l * noise()));
        const vcpus = vm.inventory.cpu.cores;
        const cpuMhz = Math.round((cpuPct / 100) * vcpus * HOST_MHZ);
        const memUsed = Math.round(vm.inventory.memoryBytes * Math.min(0.98, vm.memShare + 0.05 * l));
        const memActive = Math.round(vm.inventory.memoryBytes * Math.min(0.9, vm.activeShare * (0.5 + l)));
        const vmRx = Math.round(vm.netBps * (0.05 + l));
        const vmTx = Math.round(vmRx * (vm.kind === 'web' ? 2.5 : 0.7));
        const s: CollectorSampleV2 = {
          type: 'sample',
          tMs: t * 1000,
          intervalMs: o.intervalSeconds * 1000,
          host: vm.inventory.id,
          cpuPct,
          cpuMhz,
          memUsedBytes: memUsed,
          memActiveBytes: memActive,
          disks: { [vm.datastore]: disk },
          net: { '4000': { rxBps: vmRx, txBps: vmTx } },
        };
        samples += 1;
        yield s;
        const acc = perStore.get(vm.datastore);
        if (acc) {
          acc.r += r;
          acc.w += w;
          acc.rb += disk.readBps ?? 0;
          acc.wb += disk.writeBps ?? 0;
          acc.rl += (disk.readLatencyMs ?? 0) * r;
          acc.wl += (disk.writeLatencyMs ?? 0) * w;
        }
        mhz += cpuMhz;
        mem += memUsed;
        active += memActive;
        rx += vmRx;
        tx += vmTx;
      }
      // The host: its VMs' figures plus the hypervisor's own (vSAN, vMotion, management), never less than them.
      const disks: Record<string, DiskSampleV2> = {};
      for (const [ds, a] of perStore) {
        const r = round2(a.r + 5 + prng.next() * 20);
        const w = round2(a.w + 5 + prng.next() * 30);
        disks[ds] = {
          readIops: r,
          writeIops: w,
          readBps: Math.round(a.rb + (r - a.r) * 16384),
          writeBps: Math.round(a.wb + (w - a.w) * 16384),
          readLatencyMs: round2((a.rl + (r - a.r) * 0.5) / r),
          writeLatencyMs: round2((a.wl + (w - a.w) * 0.8) / w),
          queueDepth: null,
        };
      }
      const capacityMhz = HOST_CORES * HOST_MHZ;
      const hostMhz = Math.min(capacityMhz, mhz + 1500 + prng.next() * 1500);
      const memory = h.inventory.memoryBytes;
      const s: CollectorSampleV2 = {
        type: 'sample',
        tMs: t * 1000,
        intervalMs: o.intervalSeconds * 1000,
        host: h.inventory.id,
        cpuPct: round2((100 * hostMhz) / capacityMhz),
        cpuMhz: Math.round(hostMhz),
        memUsedBytes: Math.min(memory, mem + 12 * GIB),
        memActiveBytes: Math.min(memory, active + 4 * GIB),
        disks,
        net: {
          vmnic0: { rxBps: Math.round(rx * 0.6 + 50_000), txBps: Math.round(tx * 0.6 + 50_000) },
          vmnic1: { rxBps: Math.round(rx * 0.4 + 50_000), txBps: Math.round(tx * 0.4 + 50_000) },
        },
      };
      samples += 1;
      yield s;
    }
  }
  yield { type: 'end', samples };
}

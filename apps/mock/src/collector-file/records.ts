// The records of an open collector file (`.iokit`, format versions 1, 2 and 3): gzip-compressed JSON Lines, one record
// per line — a header first, then samples, then an end record (so a truncated file is told from a complete one).
// This is the seam between the parser (collector-file/) and the series store (series/): the parser yields these,
// the store keeps them. The JSON Schema in the contract (openapi/src/schemas/CollectorFile*.yaml) describes the
// same lines; docs/collector-format.md explains them for anyone writing a collector.
//
// Version 2 (issue #28) adds: sample times and interval lengths in milliseconds (tMs, intervalMs), null for a value
// that is unknown (a counter wrap or reset, a missing counter — never 0), each disk's layer (only whole disks are
// summed), the file systems with their used and free bytes and the disks under them, read and write latency apart,
// and each host's time zone and whether it is a physical or a virtual machine.
//
// Version 3 (issue #41, vSphere layers) adds: each entry's entity (a standalone server, a hypervisor host or a VM),
// its datacenter and cluster, the host a VM runs on and its power state, the datastores (each once) and the datastore
// a disk is or lies on, and two sample fields (cpuMhz, memActiveBytes). A VM's I/O is part of its host's: the store
// never adds a VM into a total (docs/collector-format.md, "The rule of layers").

/**
 * The format version this server describes in GET /api/collectors/format and its Linux collector writes (the newest
 * for a standalone server); version 3 (vSphere layers) is written by the vSphere collector.
 */
export const COLLECTOR_FORMAT_VERSION = 2;

/** Every format version this server reads. */
export const COLLECTOR_FORMAT_VERSIONS = [1, 2, 3] as const;

/** What an entry of a version-3 inventory is (v1 and v2 entries are servers). */
export const ENTITY_KINDS = ['server', 'host', 'vm'] as const;
export type EntityKind = (typeof ENTITY_KINDS)[number];

/** A v3 VM's power state; a VM that is not powered on has no samples. */
export const POWER_STATES = ['poweredOn', 'poweredOff', 'suspended'] as const;
export type PowerState = (typeof POWER_STATES)[number];

/** Where a block device sits (v2): a whole disk, a partition of one, a device-mapper or an md (software RAID) device. */
export const DISK_LAYERS = ['disk', 'partition', 'dm', 'md'] as const;
export type DiskLayer = (typeof DISK_LAYERS)[number];

/** Whether a host is a physical machine or a virtual one (v2; null: the collector could not tell). */
export const MACHINE_KINDS = ['physical', 'virtual'] as const;
export type MachineKind = (typeof MACHINE_KINDS)[number];

export interface CollectorDisk {
  /** Unique within the host (e.g. "sda"); shared disks use the cluster disk's id. */
  id: string;
  name: string;
  capacityBytes: number;
  /**
   * Optional (v1; added after v1's first draft, backwards compatible): bytes in use when the collection started. Not
   * used in v2; read again in v3 (a VM's committed space on the datastore), null there: unknown.
   */
  usedBytes?: number | null;
  /** Local to the host, or a shared cluster disk seen by several hosts. */
  kind: 'local' | 'shared';
  /** For shared disks: the cluster (ClusterInventory.id) the disk belongs to. */
  clusterId?: string;
  /** v2 (required there): the device's layer; only `disk` (whole disks) counts in totals and capacity. */
  layer?: DiskLayer;
  /** v3: the datastore (CollectorHeader.datastores) this disk is (a host's) or lies on (a VM's). */
  datastoreId?: string | null;
}

/** A mounted file system (v2): its size, used and free bytes, and the disks of the host it sits on. */
export interface CollectorFileSystem {
  /** Where it is mounted (e.g. "/", "C:\"). */
  mount: string;
  /** The block device it is on (e.g. "/dev/mapper/vg-root"). */
  device: string;
  sizeBytes: number;
  /** Null: unknown. */
  usedBytes: number | null;
  freeBytes: number | null;
  /** Ids of the whole disks (layer "disk") of the host under it, at least one. */
  disks: string[];
}

export interface CollectorNic {
  id: string;
  name: string;
}

export interface HostInventory {
  /** Unique within the file (e.g. "h1"); samples refer to hosts by it. */
  id: string;
  name: string;
  os: string;
  /** v3 hosts may add sockets, physical cores and the nominal MHz of one core. */
  cpu: { model: string; cores: number; sockets?: number; physicalCores?: number; mhz?: number };
  memoryBytes: number;
  disks: CollectorDisk[];
  nics: CollectorNic[];
  /** v2 (required there): the host's time zone, an IANA name ("Europe/Berlin") or a UTC offset ("+01:00"). */
  timeZone?: string;
  /** v2 (required there): physical or virtual machine; null when the collector could not tell. */
  machine?: MachineKind | null;
  /** v2 (required there, may be empty): the mounted file systems. */
  fileSystems?: CollectorFileSystem[];
  /** v3 (required there): a standalone server, a hypervisor host or a virtual machine. */
  entity?: EntityKind;
  /** v3: a datacenter of the header. */
  datacenterId?: string | null;
  /** v3: a cluster of the header (a VM: its host's cluster); null: not in a cluster. */
  clusterId?: string | null;
  /** v3, VM (required there): the host entity it runs on; null when that host is not in the file. */
  runsOn?: string | null;
  /** v3, VM (required there). */
  powerState?: PowerState;
}

export interface ClusterInventory {
  id: string;
  name: string;
  /** v3: the cluster's datacenter. */
  datacenterId?: string | null;
}

/** v3: a datacenter. */
export interface DatacenterInventory {
  id: string;
  name: string;
}

/** v3: a datastore, listed once however many hosts mount it (its capacity counts once). */
export interface DatastoreInventory {
  id: string;
  name: string;
  type: string;
  capacityBytes: number;
  /** Null: unknown. Used is capacity − free. */
  freeBytes: number | null;
  /** The host entities that mount it. */
  hosts: string[];
}

export interface CollectorHeader {
  type: 'header';
  format: 'iokit';
  /** 1, 2 or 3 (COLLECTOR_FORMAT_VERSIONS). */
  formatVersion: number;
  collector: { name: string; version: string };
  /** ISO 8601 instants. */
  start: string;
  end: string;
  /** The nominal sampling interval in whole seconds (the time grid the hosts are combined on). */
  intervalSeconds: number;
  hosts: HostInventory[];
  clusters: ClusterInventory[];
  /** v3: where the inventory came from (null: another source). */
  source?: { kind: 'vcenter' | 'esxi'; name: string; version: string } | null;
  /** v3: which collection and part the file is, when the collection was written in parts. */
  collection?: { id: string; part: number };
  /** v3 (required there, may be empty). */
  datacenters?: DatacenterInventory[];
  /** v3 (required there, may be empty): each datastore once. */
  datastores?: DatastoreInventory[];
}

export interface DiskSample {
  readIops: number;
  writeIops: number;
  /** Bytes per second. */
  readBps: number;
  writeBps: number;
  /** Average I/O latency over the interval, in milliseconds. */
  latencyMs: number;
  queueDepth: number;
}

/** A disk over one v2 interval: null where the value is unknown (never 0 for unknown). */
export interface DiskSampleV2 {
  readIops: number | null;
  writeIops: number | null;
  readBps: number | null;
  writeBps: number | null;
  /** Average ms per completed read / write; null when none completed (no latency was measured) or unknown. */
  readLatencyMs: number | null;
  writeLatencyMs: number | null;
  queueDepth: number | null;
}

export interface NicSample {
  rxBps: number;
  txBps: number;
}

export interface NicSampleV2 {
  rxBps: number | null;
  txBps: number | null;
}

/** A version-1 sample: whole-second time, no interval length, no unknown values. */
export interface CollectorSampleV1 {
  type: 'sample';
  /** Seconds since the Unix epoch (UTC) at the end of the interval. */
  t: number;
  host: string;
  cpuPct: number;
  memUsedBytes: number;
  /** By CollectorDisk.id of the host. */
  disks: Record<string, DiskSample>;
  /** By CollectorNic.id of the host. */
  net: Record<string, NicSample>;
}

/** A version-2 sample: millisecond time and interval length; null for an unknown value. */
export interface CollectorSampleV2 {
  type: 'sample';
  /** Milliseconds since the Unix epoch (UTC) at the end of the interval. */
  tMs: number;
  /** Length of the interval the sample describes, milliseconds (it covers (tMs − intervalMs, tMs]). */
  intervalMs: number;
  host: string;
  cpuPct: number | null;
  memUsedBytes: number | null;
  disks: Record<string, DiskSampleV2>;
  net: Record<string, NicSampleV2>;
  /** v3 (optional): CPU used over the interval, MHz; null: unknown. */
  cpuMhz?: number | null;
  /** v3 (optional): memory actively used at tMs, bytes; null: unknown. */
  memActiveBytes?: number | null;
}

/** A version-3 sample: a version-2 sample with cpuMhz and memActiveBytes (both optional). */
export type CollectorSampleV3 = CollectorSampleV2;

export type CollectorSample = CollectorSampleV1 | CollectorSampleV2;

export const isSampleV2 = (s: CollectorSample): s is CollectorSampleV2 => 'tMs' in s;

/** The end of a sample's interval in seconds since the epoch (fractional for v2). */
export const sampleEnd = (s: CollectorSample): number => (isSampleV2(s) ? s.tMs / 1000 : s.t);

export interface CollectorEnd {
  type: 'end';
  /** Number of sample lines written; a mismatch means a damaged file. */
  samples: number;
}

export type CollectorRecord = CollectorHeader | CollectorSample | CollectorEnd;

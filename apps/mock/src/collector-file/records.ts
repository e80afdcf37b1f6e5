// The records of an open collector file (`.iokit`, format version 1): gzip-compressed JSON Lines, one record per
// line — a header first, then samples, then an end record (so a truncated file is told from a complete one).
// This is the seam between the parser (collector-file/) and the series store (series/): the parser yields these,
// the store keeps them. The JSON Schema in the contract (openapi/src/schemas/CollectorFile*.yaml) describes the
// same lines; docs/collector-format.md explains them for anyone writing a collector.

/** The only format version this server reads. */
export const COLLECTOR_FORMAT_VERSION = 1;

export interface CollectorDisk {
  /** Unique within the host (e.g. "sda"); shared disks use the cluster disk's id. */
  id: string;
  name: string;
  capacityBytes: number;
  /** Optional (added after v1's first draft, backwards compatible): bytes in use when the collection started. */
  usedBytes?: number;
  /** Local to the host, or a shared cluster disk seen by several hosts. */
  kind: 'local' | 'shared';
  /** For shared disks: the cluster (ClusterInventory.id) the disk belongs to. */
  clusterId?: string;
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
  cpu: { model: string; cores: number };
  memoryBytes: number;
  disks: CollectorDisk[];
  nics: CollectorNic[];
}

export interface ClusterInventory {
  id: string;
  name: string;
}

export interface CollectorHeader {
  type: 'header';
  format: 'iokit';
  formatVersion: number;
  collector: { name: string; version: string };
  /** ISO 8601 instants. */
  start: string;
  end: string;
  intervalSeconds: number;
  hosts: HostInventory[];
  clusters: ClusterInventory[];
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

export interface NicSample {
  rxBps: number;
  txBps: number;
}

export interface CollectorSample {
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

export interface CollectorEnd {
  type: 'end';
  /** Number of sample lines written; a mismatch means a damaged file. */
  samples: number;
}

export type CollectorRecord = CollectorHeader | CollectorSample | CollectorEnd;

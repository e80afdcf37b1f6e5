// The figures a server must give for a collector file, computed the plainest way from docs/collector-format.md
// ("Combining hosts", versions 2 and 3) and docs/sizing.md: loops over samples and buckets, no store, nothing shared
// with any server's code. Each rule is written as the documents state it:
// - a sample covers (t − d, t]: v2/v3 d = intervalMs; v1 d = the time since the host's previous sample when at most
//   1.5 × intervalSeconds, else intervalSeconds;
// - bucket k covers (kG − G, kG], labelled kG, G = intervalSeconds, anchored at the epoch;
// - a host's value in a bucket is its time-weighted mean over the part where the metric is known (null: no data);
// - totals: IOPS, throughput, memory, network and queue depth summed over the hosts that know them; CPU % weighted
//   by the cores of the hosts whose CPU is known; latency IOPS-weighted over the I/O whose latency is known;
// - only whole disks (v2 `layer: disk`) count; VMs (v3 `entity: vm`) are never in a total;
// - peak, nearest-rank p95 (rank ⌈0.95 n⌉) and average over the aligned totals; latency only over the buckets with
//   at least 100 total IOPS;
// - sizing: basis rounded half up (IOPS whole, the rest one decimal), required = basis × (1 + headroom) ×
//   (1 + growth)^horizon rounded up; MB = 10^6 bytes, GiB = 2^30 bytes.

export type Rec = Record<string, unknown>;

export const METRICS = [
  'readIops',
  'writeIops',
  'readThroughput',
  'writeThroughput',
  'latency',
  'cpu',
  'memory',
  'networkRx',
  'networkTx',
] as const;
export type Metric = (typeof METRICS)[number];

/** Total IOPS under which latency is not meaningful (docs/collector-format.md, rule 5). */
export const LATENCY_MIN_IOPS = 100;
export const GIB = 2 ** 30;
export const MB = 1e6;

export interface Figures {
  peak: number | null;
  p95: number | null;
  average: number | null;
}

export interface HostRef {
  id: string;
  name: string;
  entity: 'server' | 'host' | 'vm';
  cores: number;
  memoryBytes: number;
  powerState: string | null;
}

/** One sample of a host as the reference reads it: the interval it covers and its values (null: unknown). */
interface Piece {
  from: number;
  to: number;
  v: Record<Metric, number | null>;
  /** Σ latency · IOPS over the I/O whose latency is known, and those IOPS. */
  latW: number;
  latIo: number;
}

export interface CapacityRef {
  name: string;
  kind: 'server' | 'clusterDisk';
  capacityBytes: number;
  usedBytes: number | null;
  /** Free as the file systems reported it (v2/v3 fileSystems[].freeBytes), else capacity − used; null: unknown. */
  freeBytes: number | null;
}

export interface SizingRef {
  resource: 'iops' | 'throughput' | 'capacity' | 'cores' | 'memory';
  basis: number | null;
  required: number | null;
}

export interface OwnSizingRef {
  name: string;
  sizedBy: 'samples' | 'allocation';
  cores: number | null;
  memoryGiB: number | null;
  iops: number | null;
  throughputMBps: number | null;
}

export interface SizingSettingsRef {
  basis: 'peak' | 'p99' | 'p95' | 'p90';
  headroom: number;
  growth: number;
  horizon: number;
}

export interface Reference {
  grid: number;
  /** Bucket labels (kG) in time order, and per metric the total in each (null: no host knew it). */
  labels: number[];
  totals: Record<Metric, (number | null)[]>;
  totalIops: (number | null)[];
  summary: {
    enabledNodes: number;
    metrics: Record<Metric, Figures>;
    totalIops: Figures;
    totalThroughput: Figures;
    latencyAllIntervals: Figures;
    capacity: CapacityRef[];
    gaps: { name: string; count: number; seconds: number }[];
  };
  sizing: { totals: SizingRef[]; servers: OwnSizingRef[]; vms: OwnSizingRef[] };
}

const num = (x: unknown): number | null => (typeof x === 'number' && Number.isFinite(x) ? x : null);

/** Σ of the known values; null when none is known. */
function sumKnown(values: (number | null)[]): number | null {
  const known = values.filter((x): x is number => x !== null);
  return known.length === 0 ? null : known.reduce((a, b) => a + b, 0);
}

/** Nearest-rank percentile: the value at rank ⌈p × n⌉ of the sorted values (a measured value, never interpolated). */
export function nearestRank(values: number[], p: number): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(1, Math.ceil(p * sorted.length)) - 1] ?? null;
}

export function figuresOf(values: (number | null)[]): Figures {
  const known = values.filter((x): x is number => x !== null);
  if (known.length === 0) return { peak: null, p95: null, average: null };
  return {
    peak: Math.max(...known),
    p95: nearestRank(known, 0.95),
    average: known.reduce((a, b) => a + b, 0) / known.length,
  };
}

/** x rounded half up to `decimals` (binary noise of x × 10^decimals removed first). */
export function roundHalfUp(x: number, decimals: number): number {
  const s = 10 ** decimals;
  return Math.round(Number((x * s).toFixed(6))) / s;
}

function roundUp(x: number, decimals: number): number {
  const s = 10 ** decimals;
  return Math.ceil(Number((x * s).toFixed(6))) / s;
}

const PERCENT: Record<SizingSettingsRef['basis'], number> = { peak: 1, p99: 0.99, p95: 0.95, p90: 0.9 };

function sized(
  values: (number | null)[],
  decimals: number,
  s: SizingSettingsRef,
): { basis: number | null; required: number | null } {
  const known = values.filter((x): x is number => x !== null);
  const raw = nearestRank(known, PERCENT[s.basis]);
  return raw === null ? { basis: null, required: null } : scaledUp(raw, decimals, s);
}

export function scaledUp(
  raw: number,
  decimals: number,
  s: SizingSettingsRef,
): { basis: number; required: number } {
  const basis = roundHalfUp(raw, decimals);
  const factor = (1 + s.headroom / 100) * (1 + s.growth / 100) ** s.horizon;
  return { basis, required: roundUp(basis * factor, decimals) };
}

/** The whole disks of a host entry (v1: every disk; v2/v3: layer "disk"). */
function wholeDisks(host: Rec, version: number): Rec[] {
  const disks = (host.disks as Rec[] | undefined) ?? [];
  return version === 1 ? disks : disks.filter((d) => d.layer === 'disk');
}

/** A sample's values over the host's whole disks and interfaces. */
function valuesOf(s: Rec, whole: Set<string>, version: number): Omit<Piece, 'from' | 'to'> {
  const disks = Object.entries((s.disks as Record<string, Rec> | undefined) ?? {}).filter(([id]) =>
    whole.has(id),
  );
  const field = (name: string): number | null => sumKnown(disks.map(([, d]) => num(d[name])));
  let latW = 0;
  let latIo = 0;
  for (const [, d] of disks) {
    const r = num(d.readIops);
    const w = num(d.writeIops);
    if (version === 1) {
      const lat = num(d.latencyMs);
      const io = (r ?? 0) + (w ?? 0);
      if (lat !== null && io > 0) {
        latW += lat * io;
        latIo += io;
      }
      continue;
    }
    const rl = num(d.readLatencyMs);
    const wl = num(d.writeLatencyMs);
    if (rl !== null && r !== null && r > 0) {
      latW += rl * r;
      latIo += r;
    }
    if (wl !== null && w !== null && w > 0) {
      latW += wl * w;
      latIo += w;
    }
  }
  const nics = Object.values((s.net as Record<string, Rec> | undefined) ?? {});
  return {
    v: {
      readIops: field('readIops'),
      writeIops: field('writeIops'),
      readThroughput: field('readBps'),
      writeThroughput: field('writeBps'),
      latency: latIo > 0 ? latW / latIo : null,
      cpu: num(s.cpuPct),
      memory: num(s.memUsedBytes),
      networkRx: sumKnown(nics.map((n) => num(n.rxBps))),
      networkTx: sumKnown(nics.map((n) => num(n.txBps))),
    },
    latW,
    latIo,
  };
}

/** The reference figures of one collector file (its records, header first), sized with `settings`. */
export function reference(records: Rec[], settings: SizingSettingsRef): Reference {
  const header = records[0] ?? {};
  const version = num(header.formatVersion) ?? 1;
  const G = num(header.intervalSeconds) ?? 60;
  const entries = (header.hosts as Rec[] | undefined) ?? [];
  const hosts: HostRef[] = entries.map((h) => ({
    id: String(h.id),
    name: String(h.name),
    entity: (h.entity as HostRef['entity'] | undefined) ?? 'server',
    cores: num((h.cpu as Rec | undefined)?.cores) ?? 1,
    memoryBytes: num(h.memoryBytes) ?? 0,
    powerState: typeof h.powerState === 'string' ? h.powerState : null,
  }));
  const whole = new Map(
    entries.map((h) => [String(h.id), new Set(wholeDisks(h, version).map((d) => String(d.id)))]),
  );

  // Each host's samples as pieces of time, and its gaps.
  const pieces = new Map<string, Piece[]>(hosts.map((h) => [h.id, []]));
  const gaps = new Map<string, { count: number; seconds: number }>();
  const last = new Map<string, number>();
  for (const s of records.slice(1)) {
    if (s.type !== 'sample') continue;
    const id = String(s.host);
    const t = version === 1 ? (num(s.t) ?? 0) : (num(s.tMs) ?? 0) / 1000;
    const prev = last.get(id);
    let d: number;
    if (version === 1) d = prev !== undefined && t - prev > 0 && t - prev <= 1.5 * G ? t - prev : G;
    else d = (num(s.intervalMs) ?? G * 1000) / 1000;
    // A gap: more than 1.5 intervals (nominal, or the sample's own when longer) since the host's previous sample.
    if (prev !== undefined && t - prev > 1.5 * Math.max(G, d)) {
      const g = gaps.get(id) ?? { count: 0, seconds: 0 };
      g.count += 1;
      g.seconds += t - prev - d;
      gaps.set(id, g);
    }
    last.set(id, t);
    pieces.get(id)?.push({ from: t - d, to: t, ...valuesOf(s, whole.get(id) ?? new Set(), version) });
  }

  // Each counted host's value per bucket label: time-weighted means over the part of the bucket each metric is known.
  const counted = hosts.filter((h) => h.entity !== 'vm');
  type HostBucket = Record<Metric, number | null> & { latW: number; latIo: number };
  const perHost = new Map<string, Map<number, HostBucket>>();
  for (const h of counted) {
    const acc = new Map<number, { sum: Record<string, number>; time: Record<string, number>; any: number }>();
    for (const p of pieces.get(h.id) ?? []) {
      for (let k = Math.floor(p.from / G) * G + G; k - G < p.to; k += G) {
        const overlap = Math.min(p.to, k) - Math.max(p.from, k - G);
        if (overlap <= 0) continue;
        const a = acc.get(k) ?? { sum: {}, time: {}, any: 0 };
        a.any += overlap;
        const add = (key: string, x: number | null): void => {
          if (x === null) return;
          a.sum[key] = (a.sum[key] ?? 0) + x * overlap;
          a.time[key] = (a.time[key] ?? 0) + overlap;
        };
        for (const m of METRICS) if (m !== 'latency') add(m, p.v[m]);
        add('latW', p.latW);
        add('latIo', p.latIo);
        acc.set(k, a);
      }
    }
    const out = new Map<number, HostBucket>();
    for (const [k, a] of acc) {
      const mean = (key: string): number | null => {
        const time = a.time[key] ?? 0;
        return time > 0 ? (a.sum[key] ?? 0) / time : null;
      };
      const latW = (a.sum.latW ?? 0) / a.any;
      const latIo = (a.sum.latIo ?? 0) / a.any;
      const row = { latW, latIo, latency: latIo > 0 ? latW / latIo : null } as HostBucket;
      for (const m of METRICS) if (m !== 'latency') row[m] = mean(m);
      out.set(k, row);
    }
    perHost.set(h.id, out);
  }

  const labels = [...new Set([...perHost.values()].flatMap((m) => [...m.keys()]))].sort((a, b) => a - b);
  const totals = Object.fromEntries(METRICS.map((m) => [m, [] as (number | null)[]])) as Record<
    Metric,
    (number | null)[]
  >;
  const coresUsed: (number | null)[] = [];
  for (const k of labels) {
    const rows = counted.flatMap((h) => {
      const r = perHost.get(h.id)?.get(k);
      return r ? [{ h, r }] : [];
    });
    for (const m of [
      'readIops',
      'writeIops',
      'readThroughput',
      'writeThroughput',
      'memory',
      'networkRx',
      'networkTx',
    ] as const)
      totals[m].push(sumKnown(rows.map(({ r }) => r[m])));
    const cpuRows = rows.filter(({ r }) => r.cpu !== null);
    const cores = cpuRows.reduce((a, { h }) => a + h.cores, 0);
    totals.cpu.push(
      cores > 0 ? cpuRows.reduce((a, { h, r }) => a + (r.cpu ?? 0) * h.cores, 0) / cores : null,
    );
    coresUsed.push(
      cpuRows.length > 0 ? cpuRows.reduce((a, { h, r }) => a + ((r.cpu ?? 0) * h.cores) / 100, 0) : null,
    );
    const latIo = rows.reduce((a, { r }) => a + r.latIo, 0);
    totals.latency.push(latIo > 0 ? rows.reduce((a, { r }) => a + r.latW, 0) / latIo : null);
  }
  const pair = (a: (number | null)[], b: (number | null)[]): (number | null)[] =>
    a.map((x, i) => sumKnown([x, b[i] ?? null]));
  const totalIops = pair(totals.readIops, totals.writeIops);
  const totalThroughput = pair(totals.readThroughput, totals.writeThroughput);

  const metrics = Object.fromEntries(METRICS.map((m) => [m, figuresOf(totals[m])])) as Record<
    Metric,
    Figures
  >;
  metrics.latency = figuresOf(
    totals.latency.map((x, i) => ((totalIops[i] ?? 0) >= LATENCY_MIN_IOPS ? x : null)),
  );

  const capacity = capacityOf(header, entries, version);
  const capacityGiB =
    capacity.length === 0 ? null : capacity.reduce((a, c) => a + (c.usedBytes ?? c.capacityBytes), 0) / GIB;

  const own = (h: HostRef): OwnSizingRef => {
    const ps = pieces.get(h.id) ?? [];
    if (h.entity === 'vm' && (h.powerState !== 'poweredOn' || ps.length === 0))
      return {
        name: h.name,
        sizedBy: 'allocation',
        cores: h.cores,
        memoryGiB: roundUp(h.memoryBytes / GIB, 1),
        iops: null,
        throughputMBps: null,
      };
    const col = (f: (v: Piece['v']) => number | null): (number | null)[] => ps.map((p) => f(p.v));
    return {
      name: h.name,
      sizedBy: 'samples',
      cores: sized(
        col((v) => (v.cpu === null ? null : (v.cpu * h.cores) / 100)),
        1,
        settings,
      ).required,
      memoryGiB: sized(
        col((v) => (v.memory === null ? null : v.memory / GIB)),
        1,
        settings,
      ).required,
      iops: sized(
        col((v) => sumKnown([v.readIops, v.writeIops])),
        0,
        settings,
      ).required,
      throughputMBps: sized(
        col((v) => {
          const t = sumKnown([v.readThroughput, v.writeThroughput]);
          return t === null ? null : t / MB;
        }),
        1,
        settings,
      ).required,
    };
  };

  return {
    grid: G,
    labels,
    totals,
    totalIops,
    summary: {
      enabledNodes: counted.length,
      metrics,
      totalIops: figuresOf(totalIops),
      totalThroughput: figuresOf(totalThroughput),
      latencyAllIntervals: figuresOf(totals.latency),
      capacity,
      gaps: counted.flatMap((h) => {
        const g = gaps.get(h.id);
        return g ? [{ name: h.name, ...g }] : [];
      }),
    },
    sizing: {
      totals: [
        { resource: 'iops', ...sized(totalIops, 0, settings) },
        {
          resource: 'throughput',
          ...sized(
            totalThroughput.map((x) => (x === null ? null : x / MB)),
            1,
            settings,
          ),
        },
        {
          resource: 'capacity',
          ...(capacityGiB === null
            ? { basis: null, required: null }
            : scaledUpCapacity(capacityGiB, settings)),
        },
        { resource: 'cores', ...sized(coresUsed, 1, settings) },
        {
          resource: 'memory',
          ...sized(
            totals.memory.map((x) => (x === null ? null : x / GIB)),
            1,
            settings,
          ),
        },
      ],
      servers: counted.map(own),
      vms: hosts.filter((h) => h.entity === 'vm').map(own),
    },
  };
}

/** Capacity is stored, not a rate: the same whatever the basis. */
function scaledUpCapacity(gib: number, s: SizingSettingsRef): { basis: number; required: number } {
  return scaledUp(gib, 1, s);
}

/**
 * Capacity per server (its whole local disks that are no datastore) and per shared disk or datastore (each once).
 * A disk's used space: v1 its usedBytes; v2/v3 the used bytes of the file systems on it (a file system over several
 * disks shared out equally), unknown without a file system or with one whose usedBytes is null; v3 a datastore's is
 * capacity − free. A server's used space is unknown when one of its disks' is. Free space is what the file systems
 * reported (their freeBytes, shared out the same way), capacity − used for a v1 disk, a datastore's freeBytes.
 */
function capacityOf(header: Rec, entries: Rec[], version: number): CapacityRef[] {
  const out: CapacityRef[] = [];
  const shared = new Map<string, CapacityRef>();
  for (const h of entries) {
    if (h.entity === 'vm') continue;
    const disks = wholeDisks(h, version).filter((d) => d.datastoreId === undefined || d.datastoreId === null);
    const fs = (h.fileSystems as Rec[] | undefined) ?? [];
    const usedOf = (d: Rec): number | null => {
      if (version === 1) return num(d.usedBytes);
      const on = fs.filter((f) => ((f.disks as string[] | undefined) ?? []).includes(String(d.id)));
      if (on.length === 0) return null;
      let used = 0;
      for (const f of on) {
        const u = num(f.usedBytes);
        if (u === null) return null;
        used += u / ((f.disks as string[]).length || 1);
      }
      return used;
    };
    // Free: the file systems' reported freeBytes shared out as used is (v2/v3; a v3 disk stating usedBytes and a v1
    // disk: capacity − used).
    const freeOf = (d: Rec): number | null => {
      const cap = num(d.capacityBytes) ?? 0;
      if (version === 1 || (version === 3 && d.usedBytes !== undefined)) {
        const u = num(d.usedBytes);
        return u === null ? null : Math.max(0, cap - u);
      }
      const on = fs.filter((f) => ((f.disks as string[] | undefined) ?? []).includes(String(d.id)));
      if (on.length === 0) return null;
      let free = 0;
      for (const f of on) {
        const x = num(f.freeBytes);
        if (x === null) return null;
        free += x / ((f.disks as string[]).length || 1);
      }
      return free;
    };
    const total = (values: (number | null)[]): number | null =>
      values.some((v) => v === null) ? null : values.reduce<number>((a, v) => a + (v ?? 0), 0);
    const local = disks.filter((d) => d.kind !== 'shared');
    if (local.length > 0)
      out.push({
        name: String(h.name),
        kind: 'server',
        capacityBytes: local.reduce((a, d) => a + (num(d.capacityBytes) ?? 0), 0),
        usedBytes: total(local.map(usedOf)),
        freeBytes: total(local.map(freeOf)),
      });
    for (const d of disks.filter((x) => x.kind === 'shared'))
      if (!shared.has(String(d.id)))
        shared.set(String(d.id), {
          name: String(d.name),
          kind: 'clusterDisk',
          capacityBytes: num(d.capacityBytes) ?? 0,
          usedBytes: usedOf(d),
          freeBytes: freeOf(d),
        });
  }
  for (const ds of (header.datastores as Rec[] | undefined) ?? []) {
    const cap = num(ds.capacityBytes) ?? 0;
    const free = num(ds.freeBytes);
    out.push({
      name: String(ds.name),
      kind: 'clusterDisk',
      capacityBytes: cap,
      usedBytes: free === null ? null : cap - free,
      freeBytes: free,
    });
  }
  return [...out, ...shared.values()];
}

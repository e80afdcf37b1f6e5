// Format v3 of the open collector file (docs/collector-format.md, "Version 3: vSphere layers"; issue #41): the reader's
// rules (entity, runsOn, powerState, the references between ids, the datastore limit, the version texts) and the
// series store's rule of layers — each I/O counted once: a VM is stored with its samples but never added into a total,
// a node, a capacity or a disk count; a datastore counts once in capacity. The decisive case: a file where each host
// carries its VMs' I/O gives the project exactly the figures of the host layer alone, and both equal a plain
// recomputation here (interval by interval over the samples, not the store's code).
import type { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import {
  zCollectorFileHeaderV3,
  zCollectorFileRecord,
  type CollectorFileHeaderV3,
  type CollectorFileSampleV3,
} from '@assessment/sdk';
import {
  generateCollectorRecords,
  sampleCount,
  type CollectorHeader,
  type CollectorSampleV2,
  type CollectorSampleV3,
} from '../src/collector-file/index.ts';
import { COLLECTOR_FILE_LIMITS } from '../src/collector-file/parse.ts';
import { COLLECTOR_FORMAT_VERSIONS } from '../src/collector-file/records.ts';
import { storeCollectorFile } from '../src/series/store.ts';
import { insertRunInventory } from '../src/series/inventory.ts';
import { querySeries, querySummary, sizingColumns } from '../src/series/repo.ts';
import { storedSampleCount } from '../src/series/samples.ts';
import { collectorFileFailure, freshStore, readCollectorRecords, sampleRows } from './helpers.ts';

/** Rows of series_hosts with the count of their stored samples in place of their id. */
const withSamples = (db: DatabaseSync, rows: { hostId: number }[]): Record<string, unknown>[] =>
  rows.map(({ hostId, ...r }) => ({ ...r, samples: storedSampleCount(db, [hostId]) }));
import {
  GIB,
  SAMPLED,
  STEP,
  T0,
  TIB,
  lines,
  maxOf,
  nearestRank,
  vsphereHeader,
  vsphereRecords,
  vsphereSample,
} from './vsphere-fixture.ts';

// records.ts and the contract's v3 schemas describe the same lines (compile-time): a v3 header is a CollectorHeader,
// a v3 sample is a CollectorSampleV3 both ways.
const headerV3FromSchema = (h: CollectorFileHeaderV3): CollectorHeader => h;
const sampleV3ToSchema = (s: CollectorSampleV3): CollectorFileSampleV3 => s;
const sampleV3FromSchema = (s: CollectorFileSampleV3): CollectorSampleV3 => s;
it('records.ts and the contract’s v3 schemas are the same types; every line of a v3 file is a CollectorFileRecord', () => {
  expect([headerV3FromSchema, sampleV3ToSchema, sampleV3FromSchema]).toHaveLength(3);
  for (const r of vsphereRecords(2)) expect(zCollectorFileRecord.safeParse(r).success).toBe(true);
  expect(zCollectorFileHeaderV3.safeParse(vsphereHeader()).success).toBe(true);
  // The contract refuses what the reader refuses: an entry of an unknown entity, a VM of an unknown power state.
  const bad = structuredClone(vsphereHeader()) as unknown as { hosts: Record<string, unknown>[] };
  (bad.hosts[0] as Record<string, unknown>).entity = 'cluster';
  expect(zCollectorFileHeaderV3.safeParse(bad).success).toBe(false);
});

/** A file of the estate's header changed by `change` and one sample of esx01. */
function withHeader(change: (h: CollectorHeader & Record<string, unknown>) => void): Buffer {
  const h = structuredClone(vsphereHeader()) as CollectorHeader & Record<string, unknown>;
  change(h);
  return lines(h, vsphereSample('host-21', 0), { type: 'end', samples: 1 });
}

const entry = (h: CollectorHeader, id: string): Record<string, unknown> => {
  const e = h.hosts.find((x) => x.id === id);
  if (!e) throw new Error(id);
  return e as unknown as Record<string, unknown>;
};

describe('the v3 reader', () => {
  it('reads a vSphere file whole: header, every sample with cpuMhz and memActiveBytes, end', async () => {
    const records = await readCollectorRecords(lines(...vsphereRecords(3)));
    expect(records).toHaveLength(1 + 3 * SAMPLED.length + 1);
    expect(records[0]).toEqual(vsphereHeader());
    const vmSample = records.find((r) => r.type === 'sample' && r.host === 'vm-42') as CollectorSampleV2;
    expect(vmSample.cpuMhz).toEqual(vsphereSample('vm-42', 0).cpuMhz);
    expect(vmSample.memActiveBytes).toEqual(vsphereSample('vm-42', 0).memActiveBytes);
  });

  it('reads versions 1, 2 and 3 and says so for any other', async () => {
    expect(COLLECTOR_FORMAT_VERSIONS).toEqual([1, 2, 3]);
    const e = await collectorFileFailure(withHeader((h) => (h.formatVersion = 4)));
    expect(e.errorKey).toBe('iokit_file_wrong_version');
    expect(e.reason).toBe('Line 1: The file is format version 4; this server reads versions 1, 2 and 3.');
  });

  it.each([
    [
      'entity missing',
      (h: CollectorHeader) => delete entry(h, 'host-22').entity,
      'hosts[1].entity must be one of server, host, vm (required in version 3)',
    ],
    [
      'entity unknown',
      (h: CollectorHeader) => (entry(h, 'host-22').entity = 'cluster'),
      'hosts[1].entity must be one of server, host, vm',
    ],
    [
      'a VM without runsOn',
      (h: CollectorHeader) => delete entry(h, 'vm-42').runsOn,
      'hosts[3] is a VM: runsOn (the id of its host, or null) is required',
    ],
    [
      'a VM running on an unknown id',
      (h: CollectorHeader) => (entry(h, 'vm-42').runsOn = 'host-99'),
      'hosts[3].runsOn "host-99" names no host entity (entity host) of the file',
    ],
    [
      'a VM running on a server (not a host entity)',
      (h: CollectorHeader) => (entry(h, 'vm-42').runsOn = 'srv-1'),
      'hosts[3].runsOn "srv-1" names no host entity (entity host) of the file',
    ],
    [
      'a VM running on a VM',
      (h: CollectorHeader) => (entry(h, 'vm-42').runsOn = 'vm-43'),
      'hosts[3].runsOn "vm-43" names no host entity',
    ],
    [
      'a VM without powerState',
      (h: CollectorHeader) => delete entry(h, 'vm-43').powerState,
      'hosts[4] is a VM: powerState must be one of poweredOn, poweredOff, suspended',
    ],
    [
      'a VM with an unknown powerState',
      (h: CollectorHeader) => (entry(h, 'vm-43').powerState = 'on'),
      'hosts[4] is a VM: powerState must be one of poweredOn, poweredOff, suspended',
    ],
    [
      'an unknown clusterId',
      (h: CollectorHeader) => (entry(h, 'host-21').clusterId = 'domain-c9'),
      'hosts[0].clusterId "domain-c9" names no cluster of the header',
    ],
    [
      'an unknown datacenterId of an entry',
      (h: CollectorHeader) => (entry(h, 'host-21').datacenterId = 'datacenter-9'),
      'hosts[0].datacenterId "datacenter-9" names no datacenter of the header',
    ],
    [
      'an unknown datacenterId of a cluster',
      (h: CollectorHeader) =>
        ((h.clusters[0] as unknown as Record<string, unknown>).datacenterId = 'datacenter-9'),
      'clusters[0].datacenterId "datacenter-9" names no datacenter of the header',
    ],
    [
      'an unknown datastoreId of a disk',
      (h: CollectorHeader) => {
        const d = h.hosts[3]?.disks[0];
        if (d) d.datastoreId = 'datastore-99';
      },
      'hosts[3].disks[0].datastoreId "datastore-99" names no datastore of the header',
    ],
    [
      'a datastore mounted by an unknown host',
      (h: CollectorHeader) => h.datastores?.[1]?.hosts.push('host-99'),
      'datastores[1].hosts names "host-99", no host entity (entity host) of the file',
    ],
    [
      'a datastore mounted by a VM',
      (h: CollectorHeader) => h.datastores?.[0]?.hosts.push('vm-42'),
      'datastores[0].hosts names "vm-42", no host entity',
    ],
    [
      'no datastores list',
      (h: CollectorHeader) => delete (h as unknown as Record<string, unknown>).datastores,
      'The header needs datastores (a list, maybe empty) in version 3',
    ],
    [
      'no datacenters list',
      (h: CollectorHeader) => delete (h as unknown as Record<string, unknown>).datacenters,
      'The header needs datacenters (a list, maybe empty) in version 3',
    ],
    [
      'a datastore id twice',
      (h: CollectorHeader) =>
        h.datastores?.push({ ...(h.datastores[0] ?? { hosts: [] }), name: 'x' } as never),
      'Datastore id "datastore-61" appears twice',
    ],
    [
      'a datastore with more free than capacity',
      (h: CollectorHeader) => {
        const ds = h.datastores?.[0];
        if (ds) ds.freeBytes = ds.capacityBytes + 1;
      },
      'datastores[0].freeBytes is more than its capacityBytes',
    ],
    [
      'a negative datastore capacity',
      (h: CollectorHeader) => {
        const ds = h.datastores?.[0];
        if (ds) ds.capacityBytes = -1;
      },
      'datastores[0] needs capacityBytes and freeBytes',
    ],
    [
      'a source of an unknown kind',
      (h: CollectorHeader) =>
        ((h as unknown as Record<string, unknown>).source = { kind: 'hyperv', name: 'x', version: 'y' }),
      "The header's source must be null or { kind: vcenter or esxi, name, version }",
    ],
  ])('refuses %s as corrupt, naming the line and the field', async (_, change, reason) => {
    const e = await collectorFileFailure(withHeader(change));
    expect(e.errorKey).toBe('iokit_file_corrupt');
    expect(e.line).toBe(1);
    expect(e.reason).toContain(`Line 1: ${reason}`);
  });

  it('reads a VM whose host is not in the file (runsOn null) and a VM disk of unknown used space', async () => {
    const records = await readCollectorRecords(
      withHeader((h) => {
        entry(h, 'vm-44').runsOn = null;
      }),
    );
    const header = records[0] as CollectorHeader;
    expect(header.hosts.find((x) => x.id === 'vm-44')?.runsOn).toBeNull();
    expect(header.hosts.find((x) => x.id === 'vm-43')?.disks[0]?.usedBytes).toBeNull();
  });

  it('refuses a v3 sample whose cpuMhz or memActiveBytes is negative or not a number; null is unknown', async () => {
    const h = vsphereHeader();
    const good = { ...vsphereSample('vm-42', 0), cpuMhz: null, memActiveBytes: null };
    expect(await readCollectorRecords(lines(h, good, { type: 'end', samples: 1 }))).toHaveLength(3);
    for (const [field, value] of [
      ['cpuMhz', -1],
      ['memActiveBytes', 'lots'],
    ] as const) {
      const e = await collectorFileFailure(
        lines(h, { ...vsphereSample('vm-42', 0), [field]: value }, { type: 'end', samples: 1 }),
      );
      expect(e.errorKey).toBe('iokit_file_corrupt');
      expect(e.reason).toBe(
        `Line 2: ${field}, when given, must be a finite number ≥ 0, or null (unknown) (corrupt).`,
      );
    }
  });

  it(`refuses more than ${String(COLLECTOR_FILE_LIMITS.datastores)} datastores (iokit_file_too_many_devices)`, async () => {
    const many = Array.from({ length: COLLECTOR_FILE_LIMITS.datastores + 1 }, (_, i) => ({
      id: `datastore-${String(1000 + i)}`,
      name: `ds${String(i)}`,
      type: 'NFS',
      capacityBytes: TIB,
      freeBytes: null,
      hosts: [],
    }));
    const e = await collectorFileFailure(
      withHeader((h) => (h.datastores = [...(h.datastores ?? []), ...many])),
    );
    expect(e.errorKey).toBe('iokit_file_too_many_devices');
    expect(e.reason).toBe(
      `Line 1: The header lists ${String(many.length + 2)} datastores; a file may list at most 4096: split the collection over several files.`,
    );
    // At the limit the file is read.
    const at = many.slice(0, COLLECTOR_FILE_LIMITS.datastores - 2);
    expect(
      await readCollectorRecords(withHeader((h) => (h.datastores = [...(h.datastores ?? []), ...at]))),
    ).toHaveLength(3);
  });

  it('does not ask a v2 file for v3 fields (a v2 host has no entity)', async () => {
    const h = structuredClone(vsphereHeader(false)) as CollectorHeader & Record<string, unknown>;
    h.formatVersion = 2;
    for (const x of h.hosts) delete (x as unknown as Record<string, unknown>).entity;
    const s = vsphereSample('srv-1', 0);
    expect(await readCollectorRecords(lines(h, s, { type: 'end', samples: 1 }))).toHaveLength(3);
  });
});

/** The project's totals per interval, recomputed plainly: the host layer's samples added up at each time. */
function plainTotals(n: number): {
  t: number[];
  iops: number[];
  throughput: number[];
  cpuCores: number[];
  mem: number[];
} {
  const layer = SAMPLED.filter((id) => !id.startsWith('vm-'));
  const header = vsphereHeader(false);
  const cores = new Map(header.hosts.map((h) => [h.id, h.cpu.cores]));
  const out = {
    t: [] as number[],
    iops: [] as number[],
    throughput: [] as number[],
    cpuCores: [] as number[],
    mem: [] as number[],
  };
  for (let k = 0; k < n; k++) {
    let iops = 0;
    let bps = 0;
    let cpu = 0;
    let mem = 0;
    for (const id of layer) {
      const s = vsphereSample(id, k);
      for (const d of Object.values(s.disks)) {
        iops += (d.readIops ?? 0) + (d.writeIops ?? 0);
        bps += (d.readBps ?? 0) + (d.writeBps ?? 0);
      }
      cpu += ((s.cpuPct ?? 0) * (cores.get(id) ?? 0)) / 100;
      mem += s.memUsedBytes ?? 0;
    }
    out.t.push((T0 + (k + 1) * STEP) / 1000);
    out.iops.push(iops);
    out.throughput.push(bps);
    out.cpuCores.push(cpu);
    out.mem.push(mem);
  }
  return out;
}

describe('the v3 store: each I/O counted once', () => {
  let db: DatabaseSync;
  // Project 1 holds the file with both layers (run 1); project 2 the host layer alone (run 2).
  freshStore((opened) => {
    db = opened;
    db.prepare(
      "INSERT INTO collector_runs (id, name, owner_id, project_id, kind, started_at, planned_duration_s) VALUES (2, 'r2', 1, 2, 'server', 0, 0)",
    ).run();
  });
  const N = 60;
  const from = (T0 + STEP) / 1000;
  const to = (T0 + N * STEP) / 1000;

  async function storeBoth(): Promise<void> {
    for (const [run, withVms] of [
      [1, true],
      [2, false],
    ] as const) {
      const records = vsphereRecords(N, withVms);
      insertRunInventory(db, run, records[0] as CollectorHeader);
      await storeCollectorFile(db, run, records);
    }
  }

  it('a host carrying its VMs’ I/O: the project’s series, summary and sizing inputs equal the host layer alone, and a plain recomputation', async () => {
    await storeBoth();
    const q = { from, to, top: 10, intervalS: 20 };
    const both = querySummary(db, 1, q);
    const hostsOnly = querySummary(db, 2, q);
    // The same figures; only the node ids differ (each project's runs have their own server rows).
    const withoutNodes = (x: unknown): unknown =>
      JSON.parse(JSON.stringify(x).replace(/"nodeId":"[^"]*"/g, '"nodeId":""'));
    expect(withoutNodes(both)).toEqual(withoutNodes(hostsOnly));
    const sq = {
      from,
      to,
      points: 1000,
      metrics: ['readIops', 'writeIops', 'cpu', 'memory'] as const,
      hostId: null,
      intervalS: 20,
    };
    expect(querySeries(db, 1, sq)).toEqual(querySeries(db, 2, sq));
    const sizing = sizingColumns(db, 1, from, to);
    expect(sizing).toEqual(sizingColumns(db, 2, from, to));

    // The plain recomputation: per interval the hosts' and the server's samples added up (the VMs never).
    const plain = plainTotals(N);
    const close = (a: ArrayLike<number>, b: readonly number[]): void => {
      expect(a).toHaveLength(b.length);
      b.forEach((v, i) => expect(a[i]).toBeCloseTo(v, 6));
    };
    close(sizing.iops, plain.iops);
    close(sizing.throughput, plain.throughput);
    close(sizing.coresUsed, plain.cpuCores);
    close(sizing.memory, plain.mem);
    expect(both.totalIops.peak).toBeCloseTo(maxOf(plain.iops) ?? Number.NaN, 6);
    expect(both.totalIops.p95).toBeCloseTo(nearestRank(plain.iops, 95) ?? Number.NaN, 6);
    // Adding the VMs would have been more: the test would see a double count.
    const vmIops = vsphereSample('vm-42', 0).disks['datastore-61'];
    expect((vmIops?.readIops ?? 0) + (vmIops?.writeIops ?? 0)).toBeGreaterThan(0);
    expect(both.enabledHosts).toBe(3);
    expect(both.topByIops.map((h) => h.name).sort()).toEqual(['backup01', 'esx01', 'esx02']);
  });

  it('stores the VMs with their samples and layers, but never as a server, a node or a disk', async () => {
    await storeBoth();
    const entries = withSamples(
      db,
      db
        .prepare(
          `SELECT id AS hostId, host_key AS id, entity, cluster_name AS cluster, datacenter_name AS dc,
             runs_on AS runsOn, power_state AS power, provisioned_bytes AS provisioned, used_bytes AS used,
             node_id AS node
           FROM series_hosts WHERE run_id = 1 ORDER BY host_key`,
        )
        .all() as { hostId: number }[],
    );
    expect(entries).toEqual([
      expect.objectContaining({ id: 'host-21', entity: 'host', cluster: 'Cluster A', dc: 'DC0', samples: N }),
      expect.objectContaining({ id: 'host-22', entity: 'host', cluster: 'Cluster A', samples: N }),
      expect.objectContaining({ id: 'srv-1', entity: 'server', cluster: null, samples: N }),
      expect.objectContaining({
        id: 'vm-42',
        entity: 'vm',
        runsOn: 'host-21',
        power: 'poweredOn',
        provisioned: 200 * GIB,
        used: 100 * GIB,
        node: expect.stringMatching(/^vm-\d+$/) as string,
        samples: N,
      }),
      expect.objectContaining({ id: 'vm-43', entity: 'vm', used: null, samples: N }),
      expect.objectContaining({ id: 'vm-44', entity: 'vm', runsOn: 'host-22', samples: N }),
      expect.objectContaining({ id: 'vm-45', entity: 'vm', power: 'poweredOff', samples: 0 }),
    ]);
    const vm42 = db.prepare("SELECT id FROM series_hosts WHERE host_key = 'vm-42' AND run_id = 1").get() as {
      id: number;
    };
    const [first] = sampleRows(db, [vm42.id]);
    expect({ mhz: first?.cpu_mhz, active: first?.mem_active }).toEqual({
      mhz: vsphereSample('vm-42', 0).cpuMhz,
      active: vsphereSample('vm-42', 0).memActiveBytes,
    });
    const servers = db
      .prepare(
        'SELECT name, role, capacity_gb AS gb, local_disk_count AS disks FROM servers WHERE run_id = 1 ORDER BY name',
      )
      .all();
    expect(servers).toEqual([
      { name: 'backup01', role: 'Server', gb: 2048, disks: 1 },
      { name: 'esx01', role: 'Hypervisor', gb: 0, disks: 0 },
      { name: 'esx02', role: 'Hypervisor', gb: 0, disks: 0 },
    ]);
    const disks = db
      .prepare('SELECT name, capacity_gb AS gb FROM cluster_disks WHERE run_id = 1 ORDER BY name')
      .all();
    expect(disks).toEqual([
      { name: 'local-ds', gb: 2048 },
      { name: 'shared-ds', gb: 10240 },
    ]);
    const links = db
      .prepare(
        `SELECT s.name AS server, d.name AS disk FROM server_disks sd JOIN servers s ON s.id = sd.server_id
         JOIN cluster_disks d ON d.id = sd.disk_id WHERE s.run_id = 1 ORDER BY s.name, d.name`,
      )
      .all();
    expect(links).toEqual([
      { server: 'esx01', disk: 'local-ds' },
      { server: 'esx01', disk: 'shared-ds' },
      { server: 'esx02', disk: 'shared-ds' },
    ]);
  });

  it('reads a run whose inventory changed (a VM’s history and removedMs, written by the vSphere collector): a moved VM where it ran last, a removed VM’s samples until it went', async () => {
    const n = 10;
    const records = vsphereRecords(n);
    const header = records[0] as CollectorHeader;
    const placement = (k: number, host: string) => ({
      tMs: T0 + k * STEP,
      runsOn: host,
      clusterId: 'domain-c7',
      powerState: 'poweredOn',
    });
    // vm-44 moved from host-21 to host-22 at interval 4; vm-43 was deleted after its fifth sample.
    Object.assign(entry(header, 'vm-44'), { history: [placement(0, 'host-21'), placement(4, 'host-22')] });
    Object.assign(entry(header, 'vm-43'), { history: [placement(0, 'host-21')], removedMs: T0 + 6 * STEP });
    const kept = records.filter(
      (r) => r.type !== 'sample' || r.host !== 'vm-43' || ('tMs' in r && r.tMs <= T0 + 5 * STEP),
    );
    const samples = kept.filter((r) => r.type === 'sample').length;
    const read = await readCollectorRecords(lines(...kept.slice(0, -1), { type: 'end', samples }));
    expect(read).toHaveLength(samples + 2);
    expect(zCollectorFileHeaderV3.safeParse(header).success).toBe(true);
    insertRunInventory(db, 1, read[0] as CollectorHeader);
    await storeCollectorFile(db, 1, read);
    const vms = withSamples(
      db,
      db
        .prepare(
          `SELECT id AS hostId, host_key AS id, runs_on AS runsOn FROM series_hosts
           WHERE run_id = 1 AND entity = 'vm' ORDER BY host_key`,
        )
        .all() as { hostId: number }[],
    );
    expect(vms).toEqual([
      { id: 'vm-42', runsOn: 'host-21', samples: n },
      { id: 'vm-43', runsOn: 'host-21', samples: 5 },
      { id: 'vm-44', runsOn: 'host-22', samples: n },
      { id: 'vm-45', runsOn: 'host-21', samples: 0 },
    ]);
  });

  it('counts each datastore once in capacity (used = capacity − free, unknown when free is); VM disks add nothing', async () => {
    await storeBoth();
    const s = querySummary(db, 1, { from, to, top: 5, intervalS: 20 });
    expect(s.capacity).toEqual([
      {
        nodeId: expect.any(String) as string,
        name: 'backup01',
        kind: 'server',
        capacityBytes: 2 * TIB,
        usedBytes: TIB,
        freeBytes: TIB,
      },
      {
        nodeId: expect.any(String) as string,
        name: 'local-ds',
        kind: 'clusterDisk',
        capacityBytes: 2 * TIB,
        usedBytes: null,
        freeBytes: null,
      },
      {
        nodeId: expect.any(String) as string,
        name: 'shared-ds',
        kind: 'clusterDisk',
        capacityBytes: 10 * TIB,
        usedBytes: 6 * TIB,
        freeBytes: 4 * TIB,
      },
    ]);
    const stores = db
      .prepare(
        'SELECT ds_key AS id, name, type, capacity_bytes AS capacity, free_bytes AS free, hosts, cluster_name AS cluster FROM series_datastores WHERE run_id = 1 ORDER BY ds_key',
      )
      .all();
    expect(stores).toEqual([
      {
        id: 'datastore-61',
        name: 'shared-ds',
        type: 'VMFS',
        capacity: 10 * TIB,
        free: 4 * TIB,
        hosts: '["host-21","host-22"]',
        cluster: 'Cluster A',
      },
      {
        id: 'datastore-62',
        name: 'local-ds',
        type: 'VMFS',
        capacity: 2 * TIB,
        free: null,
        hosts: '["host-21"]',
        cluster: 'Cluster A',
      },
    ]);
  });
});

describe('the v3 generator (vSphere mode)', () => {
  const options = {
    hosts: 4,
    formatVersion: 3 as const,
    vsphere: { clusters: 2, hostsPerCluster: 2, vmsPerHost: 4 },
    intervalSeconds: 20,
    durationSeconds: 1200,
    seed: 5,
  };

  it('writes a file the reader and the contract accept: clusters × hosts × VMs, datastores, some VMs powered off', async () => {
    const records = [...generateCollectorRecords(options)];
    expect(await readCollectorRecords(lines(...records))).toEqual(records);
    for (const r of records) expect(zCollectorFileRecord.safeParse(r).success).toBe(true);
    const header = records[0] as CollectorHeader;
    expect(header.formatVersion).toBe(3);
    expect(header.clusters).toHaveLength(2);
    expect(header.datastores).toHaveLength(4);
    const hosts = header.hosts.filter((h) => h.entity === 'host');
    const vms = header.hosts.filter((h) => h.entity === 'vm');
    expect(hosts).toHaveLength(4);
    expect(vms).toHaveLength(16);
    const off = vms.filter((v) => v.powerState !== 'poweredOn').map((v) => v.id);
    expect(off.length).toBeGreaterThan(0);
    const samples = records.filter((r): r is CollectorSampleV2 => r.type === 'sample');
    expect(samples).toHaveLength(sampleCount(options));
    expect(samples.filter((s) => off.includes(s.host))).toEqual([]);
    // Deterministic: the same options give the same records.
    expect([...generateCollectorRecords(options)]).toEqual(records);
  });

  it('a host’s I/O is at least the sum of its VMs’ on every datastore and interval', () => {
    const records = [...generateCollectorRecords(options)];
    const header = records[0] as CollectorHeader;
    const hostOf = new Map(header.hosts.filter((h) => h.entity === 'vm').map((v) => [v.id, v.runsOn]));
    const sums = new Map<string, number>();
    const hostIo = new Map<string, number>();
    for (const r of records) {
      if (r.type !== 'sample' || !('tMs' in r)) continue;
      for (const [ds, d] of Object.entries(r.disks)) {
        const io = (d.readIops ?? 0) + (d.writeIops ?? 0);
        const vmHost = hostOf.get(r.host);
        const key = `${String(r.tMs)}|${vmHost ?? r.host}|${ds}`;
        if (vmHost === undefined) hostIo.set(key, io);
        else sums.set(key, (sums.get(key) ?? 0) + io);
      }
    }
    expect(sums.size).toBeGreaterThan(0);
    for (const [key, vmSum] of sums) expect(hostIo.get(key) ?? -1).toBeGreaterThanOrEqual(vmSum);
  });
});

describe('the v3 generator stored: the project counts the host layer only', () => {
  let db: DatabaseSync;
  freshStore((opened) => (db = opened));

  it('sizing inputs equal the hosts’ samples added up per interval (a plain recomputation)', async () => {
    const options = {
      hosts: 3,
      formatVersion: 3 as const,
      vsphere: { clusters: 1, hostsPerCluster: 3, vmsPerHost: 5 },
      intervalSeconds: 20,
      durationSeconds: 1200,
      seed: 8,
    };
    const records = [...generateCollectorRecords(options)];
    const header = records[0] as CollectorHeader;
    insertRunInventory(db, 1, header);
    await storeCollectorFile(db, 1, records);
    const hostIds = new Set(header.hosts.filter((h) => h.entity !== 'vm').map((h) => h.id));
    const perT = new Map<number, number>();
    for (const r of records) {
      if (r.type !== 'sample' || !('tMs' in r) || !hostIds.has(r.host)) continue;
      const io = Object.values(r.disks).reduce((a, d) => a + (d.readIops ?? 0) + (d.writeIops ?? 0), 0);
      perT.set(r.tMs, (perT.get(r.tMs) ?? 0) + io);
    }
    const times = [...perT.keys()].sort((a, b) => a - b);
    const from = (times[0] ?? 0) / 1000;
    const to = (times.at(-1) ?? 0) / 1000;
    const sizing = sizingColumns(db, 1, from, to);
    expect(sizing.iops).toHaveLength(times.length);
    times.forEach((t, i) => expect(sizing.iops[i]).toBeCloseTo(perT.get(t) ?? Number.NaN, 6));
  });
});

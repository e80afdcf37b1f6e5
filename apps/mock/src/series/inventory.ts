// A collector file's inventory as the run's servers and shared cluster disks (the rows the project pages, the viewer's
// nodes and the reports read), so an uploaded run shows the hosts that were really collected. Written before the
// series (the series store links each host to its server row by name), peak IOPS filled in after them.
//
// Format v3 (vSphere layers): a hypervisor host (entity host) is a server row of role Hypervisor (the viewer's Kind
// host); a VM is no server row at all (its I/O is its host's: it adds nothing to the run's servers, capacity or disk
// counts); a disk that is a datastore adds no capacity of its own, and each datastore is one cluster disk of the run
// (its capacity once, however many hosts mount it), linked to the servers of the hosts that mount it.
import type { DatabaseSync } from 'node:sqlite';
import type { CollectorHeader } from '../collector-file/records.ts';

// Capacity and memory are kept in binary units (GiB), as every report labels them.
const GIB = 1024 ** 3;

export function insertRunInventory(db: DatabaseSync, runId: number, header: CollectorHeader): void {
  const insServer = db.prepare(
    `INSERT INTO servers (run_id, name, role, iops, capacity_gb, local_disk_count, os, cpu_cores, memory_gb)
     VALUES (?, ?, ?, 0, ?, ?, ?, ?, ?)`,
  );
  const insDisk = db.prepare(
    'INSERT INTO cluster_disks (run_id, name, iops, capacity_gb) VALUES (?, ?, 0, ?) RETURNING id',
  );
  const link = db.prepare('INSERT OR IGNORE INTO server_disks (server_id, disk_id) VALUES (?, ?)');
  const sharedIds = new Map<string, number>();
  const serverOfHost = new Map<string, number>();
  for (const host of header.hosts) {
    if (host.entity === 'vm') continue;
    // Whole disks only (v2 layers); a datastore's capacity is the datastore's (below).
    const disks = host.disks.filter((d) => (d.layer ?? 'disk') === 'disk' && d.datastoreId == null);
    const local = disks.filter((d) => d.kind === 'local');
    const serverId = Number(
      insServer.run(
        runId,
        host.name,
        host.entity === 'host' ? 'Hypervisor' : 'Server',
        Math.round(local.reduce((sum, d) => sum + d.capacityBytes, 0) / GIB),
        local.length,
        host.os,
        host.cpu.cores,
        Math.round(host.memoryBytes / GIB),
      ).lastInsertRowid,
    );
    serverOfHost.set(host.id, serverId);
    for (const d of disks.filter((disk) => disk.kind === 'shared')) {
      let diskId = sharedIds.get(d.id);
      if (diskId === undefined) {
        diskId = (insDisk.get(runId, d.name, Math.round(d.capacityBytes / GIB)) as { id: number }).id;
        sharedIds.set(d.id, diskId);
      }
      link.run(serverId, diskId);
    }
  }
  for (const ds of header.datastores ?? []) {
    const diskId = (insDisk.get(runId, ds.name, Math.round(ds.capacityBytes / GIB)) as { id: number }).id;
    for (const hostId of ds.hosts) {
      const serverId = serverOfHost.get(hostId);
      if (serverId !== undefined) link.run(serverId, diskId);
    }
  }
}

/** Each server's IOPS: the peak of its stored series (read + write, rounded), kept by the store as the file streamed in. */
export function fillRunPeakIops(db: DatabaseSync, runId: number): void {
  db.prepare(
    `UPDATE servers SET iops = COALESCE((
       SELECT CAST(ROUND(MAX(h.peak_iops)) AS INTEGER) FROM series_hosts h
       WHERE h.run_id = servers.run_id AND h.name = servers.name AND h.last_t IS NOT NULL AND h.entity <> 'vm'), 0)
     WHERE run_id = ?`,
  ).run(runId);
}

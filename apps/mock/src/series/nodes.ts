// The project viewer's nodes and the names a project shows for them (anonymized projects mask host and disk names),
// read by the viewer handlers, the project handlers and the reports alike — no handler in here.
import type { ViewerNode } from '@assessment/sdk';
import type { ProjectRow, Repo } from '../store/repo.ts';
import { hostOnlyNodes, nodeStates } from './repo.ts';
import { projectEntities } from './entities.ts';

/** The number in a node id (srv-12 → 12), for the masked names of anonymized projects. */
function nodeNumber(nodeId: string | null): string {
  return nodeId?.replace(/^[a-z]+-/, '') ?? '';
}

/** A host or disk name as the project shows it (anonymized projects mask host names). */
export function shownName(
  p: ProjectRow,
  kind: 'server' | 'disk',
  nodeId: string | null,
  name: string,
): string {
  if (p.anonymous !== 1) return name;
  return `${kind === 'server' ? 'Server' : 'Disk'} ${nodeNumber(nodeId)}`;
}

/**
 * A collector run's name as the project shows it: "Run N" (its id) in an anonymized project, whose runs are often
 * named after the host or vCenter they collected (issue #39).
 */
export function shownRunName(p: ProjectRow, runId: number, name: string): string {
  return p.anonymous === 1 ? `Run ${String(runId)}` : name;
}

/**
 * Whether a node is its entity's own: false for the node of a later run's row of a host or datastore that an earlier
 * run of the project holds too (entities.ts), which every list shows under the earlier run's node.
 */
export function isEntityNode(db: Repo['db'], projectId: number): (nodeId: string) => boolean {
  const { alias } = projectEntities(db, projectId);
  return (nodeId) => !alias.has(nodeId);
}

/**
 * The project's server rows (store/repo.ts serversOfProject) with a host that several runs hold once: its first run's
 * row, with the peak IOPS of all its rows (each row's is its own run's peak).
 */
export function entityServers<T extends { id: number; iops: number }>(
  db: Repo['db'],
  projectId: number,
  servers: readonly T[],
): T[] {
  const { alias } = projectEntities(db, projectId);
  const node = (s: T): string => alias.get(`srv-${String(s.id)}`) ?? `srv-${String(s.id)}`;
  const peak = new Map<string, number>();
  for (const s of servers) peak.set(node(s), Math.max(peak.get(node(s)) ?? 0, s.iops));
  return servers
    .filter((s) => !alias.has(`srv-${String(s.id)}`))
    .map((s) => ({ ...s, iops: peak.get(node(s)) ?? s.iops }));
}

/**
 * Every node of the project viewer with its persisted state (no state: enabled). A host or datastore that several runs
 * hold (entities.ts: a collection in parts, a file uploaded twice) is one node, its first run's.
 */
export function viewerNodes(repo: Repo, p: ProjectRow): ViewerNode[] {
  const states = nodeStates(repo.db, p.id);
  const enabled = (id: string): boolean => states.get(id) !== false;
  const { alias } = projectEntities(repo.db, p.id);
  const own = (n: { NodeId: string }): boolean => !alias.has(n.NodeId);
  const servers = repo.serversOfProject(p.id).map((s) => {
    const id = `srv-${s.id}`;
    return {
      NodeId: id,
      Name: shownName(p, 'server', id, s.name),
      Kind: s.role === 'Hypervisor' ? ('host' as const) : ('server' as const),
      Enabled: enabled(id),
    };
  });
  const hosts = hostOnlyNodes(repo.db, p.id).map((h) => ({
    NodeId: h.nodeId,
    Name: shownName(p, 'server', h.nodeId, h.name),
    Kind: 'server' as const,
    Enabled: enabled(h.nodeId),
  }));
  const disks = repo.disksOfProject(p.id).map((d) => {
    const id = `csv-${d.id}`;
    return {
      NodeId: id,
      Name: shownName(p, 'disk', id, d.name),
      Kind: 'storage' as const,
      Enabled: enabled(id),
    };
  });
  return [...servers, ...hosts, ...disks].filter(own);
}

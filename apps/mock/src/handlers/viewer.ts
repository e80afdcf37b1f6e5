// The project viewer's performance data: series and summaries (aggregated over enabled nodes, downsampled into
// max/avg/p95 buckets) and the nodes' enabled state. Reads go through the series repository (series/repo.ts).
import type { RouteHandlers } from '@assessment/sdk/fastify';
import type {
  CapacityItem,
  Figures,
  MetricSeries,
  NodeFigures,
  ProjectVm,
  ProjectVmCluster,
  ProjectVmDatastore,
} from '@assessment/sdk';
import { ok } from '../http/envelope.ts';
import type { ProjectRow } from '../store/repo.ts';
import {
  clusterScope,
  type ClusterScope,
  extentOf,
  LATENCY_MIN_IOPS,
  projectHosts,
  querySeries,
  querySummary,
  setNodeEnabled,
  type SummaryFigures,
  UNITS,
  VIEWER_METRICS,
} from '../series/repo.ts';
import { shownName, viewerNodes } from '../series/nodes.ts';
import {
  projectClusters,
  projectDatastores,
  projectVmFigures,
  projectVms,
  shownCluster,
  shownClusterNames,
  shownDatacenter,
  shownVmName,
  vmFigures,
} from '../series/vms.ts';
import { fail, missing, type Ctx } from './context.ts';
import { projectFor } from './projects.ts';

function range(
  ctx: Ctx,
  request: Parameters<RouteHandlers['getProjectSeries']>[0],
  p: ProjectRow,
  q: { from?: number; to?: number },
): { from: number; to: number; first: number | null; last: number | null; intervalS: number } {
  const extent = extentOf(ctx.repo.db, p.id);
  const from = q.from ?? extent?.first ?? 0;
  const to = q.to ?? extent?.last ?? from;
  if (from > to) throw fail(request, [422], 'validate_info', 'The range starts after it ends.');
  return {
    from,
    to,
    first: extent?.first ?? null,
    last: extent?.last ?? null,
    intervalS: extent?.intervalS ?? 60,
  };
}

/** The series host of a node of the project (404 when the project has no such node with series). */
function hostOf(
  ctx: Ctx,
  request: Parameters<RouteHandlers['getProjectSeries']>[0],
  p: ProjectRow,
  node: string | undefined,
): number | null {
  if (node === undefined) return null;
  const host = projectHosts(ctx.repo.db, p.id).find((h) => h.nodeId === node);
  if (!host) throw missing(request, `Node ${node}`);
  return host.id;
}

/**
 * The scope of the query's cluster (its ClusterId or the name the project shows for it, as getProjectVms matches it);
 * null without one; 404 when the project has no such cluster, as for an unknown node (a total over no host would read
 * as an idle estate; a 400 would say the request is malformed, which a name the schema accepts is not).
 */
function clusterOf(
  ctx: Ctx,
  request: Parameters<RouteHandlers['getProjectSeries']>[0],
  p: ProjectRow,
  cluster: string | undefined,
): ClusterScope | null {
  if (cluster === undefined) return null;
  const clusters = projectClusters(ctx.repo.db, p.id);
  const names = shownClusterNames(clusters, p.anonymous === 1);
  const found = clusters.find((c) => c.clusterKey === cluster || names.get(c.clusterKey) === cluster);
  if (!found) throw missing(request, `Cluster ${cluster}`);
  return clusterScope(ctx.repo.db, p.id, found.clusterKey);
}

export function viewerHandlers(
  ctx: Ctx,
): Pick<
  RouteHandlers,
  'getProjectSeries' | 'getProjectSeriesSummary' | 'getProjectVms' | 'setProjectNodeEnabled'
> {
  return {
    getProjectSeries: async (request, reply) => {
      const p = projectFor(ctx, request, request.params.id, 'see');
      const q = request.query ?? {};
      const r = range(ctx, request, p, q);
      const hostId = hostOf(ctx, request, p, q.node);
      const cluster = clusterOf(ctx, request, p, q.cluster);
      const wanted = q.metric && q.metric.length > 0 ? q.metric : VIEWER_METRICS;
      const metrics = VIEWER_METRICS.filter((m) => (wanted as readonly string[]).includes(m));
      const s = querySeries(ctx.repo.db, p.id, {
        from: r.from,
        to: r.to,
        points: q.points ?? 500,
        metrics,
        hostId,
        intervalS: r.intervalS,
        // Read and write latency apart (proposed ReadLatency / WriteLatency) beside the latency series.
        splitLatency: metrics.includes('latency'),
        // One server's own series when `node` is given: the cluster is not applied.
        cluster: hostId === null ? cluster : null,
      });
      const series: MetricSeries[] = s.series.map((m) => ({
        Metric: m.metric,
        Unit: UNITS[m.metric],
        Max: m.max.map(round),
        Avg: m.avg.map(round),
        P95: m.p95.map(round),
      }));
      return reply.code(200).send({
        From: r.from,
        To: r.to,
        First: r.first,
        Last: r.last,
        BucketSeconds: s.bucketSeconds,
        Node: q.node ?? null,
        Times: s.times,
        Series: series,
        LowIops: s.lowIops,
        TotalIops: {
          Unit: 'iops' as const,
          Max: s.totalIops.max.map(round),
          Avg: s.totalIops.avg.map(round),
          P95: s.totalIops.p95.map(round),
        },
        ...(s.split
          ? {
              ReadLatency: {
                Unit: 'milliseconds' as const,
                Max: s.split.readLatency.max.map(round),
                Avg: s.split.readLatency.avg.map(round),
                P95: s.split.readLatency.p95.map(round),
              },
              WriteLatency: {
                Unit: 'milliseconds' as const,
                Max: s.split.writeLatency.max.map(round),
                Avg: s.split.writeLatency.avg.map(round),
                P95: s.split.writeLatency.p95.map(round),
              },
            }
          : {}),
      });
    },
    getProjectSeriesSummary: async (request, reply) => {
      const p = projectFor(ctx, request, request.params.id, 'see');
      const q = request.query ?? {};
      const r = range(ctx, request, p, q);
      const s = querySummary(ctx.repo.db, p.id, {
        from: r.from,
        to: r.to,
        top: q.top ?? 5,
        intervalS: r.intervalS,
        hostId: hostOf(ctx, request, p, q.node),
        cluster: clusterOf(ctx, request, p, q.cluster),
      });
      const node = (f: { nodeId: string; name: string; peak: number; average: number }): NodeFigures => ({
        NodeId: f.nodeId,
        Name: shownName(p, 'server', f.nodeId, f.name),
        Peak: round(f.peak) ?? 0,
        Average: round(f.average) ?? 0,
      });
      const capacity: CapacityItem[] = s.capacity.map((c) => ({
        NodeId: c.nodeId,
        Name: shownName(p, c.kind === 'server' ? 'server' : 'disk', c.nodeId, c.name),
        Kind: c.kind,
        CapacityBytes: c.capacityBytes,
        UsedBytes: c.usedBytes,
        // Free as the file systems reported it (store.ts freePerDisk); unknown stays unknown (null), never all free.
        FreeBytes: c.freeBytes,
      }));
      return reply.code(200).send({
        From: r.from,
        To: r.to,
        First: r.first,
        Last: r.last,
        EnabledNodes: s.enabledHosts,
        LatencyMinIops: LATENCY_MIN_IOPS,
        Metrics: s.metrics.map((m) => ({
          Metric: m.metric,
          Unit: UNITS[m.metric],
          Peak: round(m.peak),
          P95: round(m.p95),
          Average: round(m.average),
        })),
        TopByIops: s.topByIops.map(node),
        TopByCpu: s.topByCpu.map(node),
        Capacity: capacity,
        LowIopsPeriods: s.lowIopsPeriods.map((l) => ({ From: l.from, To: l.to })),
        TotalIops: figuresIn('iops', s.totalIops),
        TotalThroughput: figuresIn('bytesPerSecond', s.totalThroughput),
        LatencyAllIntervals: figuresIn('milliseconds', s.latencyAllIntervals),
        ReadLatency: figuresIn('milliseconds', s.readLatency),
        WriteLatency: figuresIn('milliseconds', s.writeLatency),
        ...(s.grid
          ? {
              Grid: {
                Seconds: s.grid.seconds,
                SetBy: s.grid.setBy.map((h) => ({
                  NodeId: h.nodeId,
                  Name: shownName(p, 'server', h.nodeId, h.name),
                  IntervalSeconds: h.intervalS,
                })),
                FinerSeconds: s.grid.finerSeconds,
                PeakIops: round(s.grid.peakIops),
                FinerPeakIops: round(s.grid.finerPeakIops),
              },
            }
          : {}),
        Gaps: s.gaps.map((g) => ({
          NodeId: g.nodeId,
          Name: shownName(p, 'server', g.nodeId, g.name),
          Count: g.count,
          Seconds: g.seconds,
        })),
      });
    },
    getProjectVms: async (request, reply) => {
      const p = projectFor(ctx, request, request.params.id, 'see');
      const q = request.query ?? {};
      const r = range(ctx, request, p, q);
      const db = ctx.repo.db;
      // Anonymized projects mask names: a VM is "VM N" (its vm-N id), its host "Server N", a cluster "Cluster N", a
      // datacenter "Datacenter N".
      const anonymous = p.anonymous === 1;
      const allClusters = projectClusters(db, p.id);
      const clusterName = shownClusterNames(allClusters, anonymous);
      const datacenter = shownDatacenter(allClusters, anonymous);
      const wanted = (key: string | null): boolean =>
        q.cluster === undefined ||
        (key !== null && (key === q.cluster || clusterName.get(key) === q.cluster));
      const rows = projectVms(db, p.id).filter((v) => wanted(v.clusterKey));
      const figuresOf = projectVmFigures(db, p.id, rows, r.from, r.to);
      const vms: ProjectVm[] = rows.map((v) => {
        const f = figuresOf.get(v.id) ?? vmFigures(db, v.ids, r.from, r.to);
        return {
          VmId: v.nodeId,
          Name: shownVmName(anonymous, v),
          ClusterId: v.clusterKey,
          Cluster: shownCluster(clusterName, v),
          Host: v.hostName === null ? null : shownName(p, 'server', v.hostNode, v.hostName),
          PowerState: v.powerState,
          GuestOs: v.guestOs,
          Vcpus: v.vcpus,
          MemoryBytes: v.memoryBytes,
          ProvisionedBytes: v.provisionedBytes,
          UsedBytes: v.usedBytes,
          Samples: f.samples,
          CpuPeak: round(f.cpuPeak),
          CpuP95: round(f.cpuP95),
          CpuMhzPeak: round(f.cpuMhzPeak),
          MemoryConsumedPeakBytes: round(f.memoryConsumedPeak),
          MemoryActivePeakBytes: round(f.memoryActivePeak),
          IopsPeak: round(f.iopsPeak),
          IopsP95: round(f.iopsP95),
          ThroughputPeak: round(f.throughputPeak),
          LatencyP95: round(f.latencyP95),
        };
      });
      const clusters: ProjectVmCluster[] = allClusters
        .filter((c) => wanted(c.clusterKey))
        .map((c) => ({
          ClusterId: c.clusterKey,
          Name: clusterName.get(c.clusterKey) ?? c.name,
          Datacenter: datacenter(c.datacenter),
          Hosts: c.hosts,
          Vms: c.vms,
          VmsPoweredOn: c.vmsPoweredOn,
          Cores: c.cores,
          MemoryBytes: c.memoryBytes,
          DatastoreCapacityBytes: c.datastoreCapacityBytes,
          DatastoreFreeBytes: c.datastoreFreeBytes,
        }));
      // Each datastore once with the hosts that mount it; a cluster's: those one of its hosts mounts.
      const datastores: ProjectVmDatastore[] = projectDatastores(db, p.id)
        .filter(
          (d) =>
            q.cluster === undefined ||
            (d.clusterKey !== null && wanted(d.clusterKey)) ||
            d.hosts.some((h) => h.clusterKey !== null && wanted(h.clusterKey)),
        )
        .map((d) => ({
          DatastoreId: d.dsKey,
          Name: shownName(p, 'disk', d.nodeId, d.name),
          Type: d.type,
          ClusterId: d.clusterKey,
          Cluster: shownCluster(clusterName, d),
          CapacityBytes: d.capacityBytes,
          FreeBytes: d.freeBytes,
          Hosts: d.hosts.map((h) => (h.nodeId === null ? h.name : shownName(p, 'server', h.nodeId, h.name))),
        }));
      return reply.code(200).send({
        From: r.from,
        To: r.to,
        LatencyMinIops: LATENCY_MIN_IOPS,
        Vms: vms,
        Clusters: clusters,
        Datastores: datastores,
      });
    },
    setProjectNodeEnabled: async (request, reply) => {
      const p = projectFor(ctx, request, request.params.id, 'edit');
      const node = viewerNodes(ctx.repo, p).find((n) => n.NodeId === request.params.nodeId);
      if (!node) throw missing(request, `Node ${request.params.nodeId}`);
      // A published project keeps something to show: its last enabled server cannot be left out.
      const servers = viewerNodes(ctx.repo, p).filter((n) => n.Kind !== 'storage');
      if (
        p.is_public === 1 &&
        !request.query.enabled &&
        node.Kind !== 'storage' &&
        !servers.some((n) => n.Enabled && n.NodeId !== node.NodeId)
      )
        throw fail(
          request,
          [400],
          'nodes_required_to_publish',
          'A published project needs one enabled server.',
        );
      setNodeEnabled(ctx.repo.db, p.id, node.NodeId, request.query.enabled);
      return reply.code(200).send(ok({ ...node, Enabled: request.query.enabled }));
    },
  };
}

function figuresIn(unit: Figures['Unit'], f: SummaryFigures): Figures {
  return { Unit: unit, Peak: round(f.peak), P95: round(f.p95), Average: round(f.average) };
}

function round(v: number | null): number | null {
  return v === null ? null : Math.round(v * 100) / 100;
}

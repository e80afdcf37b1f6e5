// Sizing (proposed): a project's sizing for the query's settings (the saved ones where the query says nothing) and
// the settings saved with the project. The arithmetic is sizing/arithmetic.ts, the figures sizing/compute.ts.
import type { RouteHandlers } from '@assessment/sdk/fastify';
import type { SavedSizingSettings, Sizing, SizingSettings as SettingsDto } from '@assessment/sdk';
import type { SizingSettings } from '../sizing/arithmetic.ts';
import { shippedCatalogue } from '../sizing/catalogue.ts';
import { projectSizing, type SizingResult } from '../sizing/compute.ts';
import { saveSizingSettings, sizingSettingsOf } from '../sizing/settings.ts';
import { shownName } from '../series/nodes.ts';
import type { Ctx } from './context.ts';
import { projectFor } from './projects.ts';

const toDto = (s: SizingSettings): SettingsDto => ({
  Basis: s.basis,
  HeadroomPercent: s.headroomPercent,
  GrowthPercent: s.growthPercent,
  HorizonYears: s.horizonYears,
});

/** The contract's Sizing of a computed sizing. */
export function sizingDto(r: SizingResult): Sizing {
  return {
    Settings: toDto(r.settings),
    HeadroomFactor: r.headroomFactor,
    GrowthFactor: r.growthFactor,
    First: r.first,
    Last: r.last,
    Totals: r.totals.map((t) => ({
      Resource: t.resource,
      Unit: t.unit,
      Basis: t.basis,
      Required: t.required,
    })),
    Servers: r.servers.map((s) => ({
      NodeId: s.nodeId,
      Name: s.name,
      SourceCores: s.sourceCores,
      Cores: s.cores,
      MemoryGiB: s.memoryGiB,
      Iops: s.iops,
      ThroughputMBps: s.throughputMBps,
      Shape: s.shape,
    })),
    Shapes: r.shapes.map((s) => ({
      Id: s.id,
      Name: s.name,
      VCpu: s.vCpu,
      MemoryGiB: s.memoryGiB,
      DiskClass: s.diskClass,
      MaxIops: s.maxIops,
      MaxThroughputMBps: s.maxThroughputMBps,
    })),
    ShapeTotals: r.shapeTotals.map((t) => ({ Shape: t.shape, Count: t.count })),
    Catalogue: r.catalogue,
    // Only a project with VMs (vSphere layers) carries them: the answer of any other project is unchanged.
    ...(r.vms === null
      ? {}
      : {
          Vms: r.vms.vms.map((v) => ({
            VmId: v.vmId,
            Name: v.name,
            ClusterId: v.clusterKey,
            Cluster: v.cluster,
            Host: v.host,
            PowerState: v.powerState,
            Vcpus: v.vcpus,
            MemoryBytes: v.memoryBytes,
            Samples: v.samples,
            SizedBy: v.sizedBy,
            Cores: v.cores,
            MemoryGiB: v.memoryGiB,
            Iops: v.iops,
            ThroughputMBps: v.throughputMBps,
            Shape: v.shape,
          })),
          Clusters: r.vms.clusters.map((c) => ({
            ClusterId: c.clusterKey,
            Name: c.name,
            Vms: c.vms,
            VmsByAllocation: c.vmsByAllocation,
            Cores: c.cores,
            MemoryGiB: c.memoryGiB,
            Iops: c.iops,
            ThroughputMBps: c.throughputMBps,
            ShapeTotals: c.shapeTotals.map((t) => ({ Shape: t.shape, Count: t.count })),
          })),
          VmShapeTotals: r.vms.shapeTotals.map((t) => ({ Shape: t.shape, Count: t.count })),
        }),
  };
}

export function sizingHandlers(
  ctx: Ctx,
): Pick<RouteHandlers, 'getProjectSizing' | 'getProjectSizingSettings' | 'saveProjectSizingSettings'> {
  return {
    getProjectSizing: async (request, reply) => {
      const p = projectFor(ctx, request, request.params.id, 'see');
      const saved = sizingSettingsOf(ctx.repo.db, p.id).settings;
      const q = request.query ?? {};
      const settings: SizingSettings = {
        basis: q.basis ?? saved.basis,
        headroomPercent: q.headroom ?? saved.headroomPercent,
        growthPercent: q.growth ?? saved.growthPercent,
        horizonYears: q.horizon ?? saved.horizonYears,
      };
      const r = projectSizing(
        ctx.repo.db,
        p.id,
        settings,
        shippedCatalogue(),
        (nodeId, name) => shownName(p, 'server', nodeId, name),
        p.anonymous === 1,
      );
      return reply.code(200).send(sizingDto(r));
    },
    getProjectSizingSettings: async (request, reply) => {
      const p = projectFor(ctx, request, request.params.id, 'see');
      const s = sizingSettingsOf(ctx.repo.db, p.id);
      const answer: SavedSizingSettings = { Settings: toDto(s.settings), Saved: s.saved };
      return reply.code(200).send(answer);
    },
    saveProjectSizingSettings: async (request, reply) => {
      const p = projectFor(ctx, request, request.params.id, 'edit');
      const b = request.body;
      const settings: SizingSettings = {
        basis: b.Basis,
        headroomPercent: b.HeadroomPercent,
        growthPercent: b.GrowthPercent,
        horizonYears: b.HorizonYears,
      };
      saveSizingSettings(ctx.repo.db, p.id, settings, request.viewer?.id ?? null, ctx.now());
      const answer: SavedSizingSettings = { Settings: toDto(settings), Saved: true };
      return reply.code(200).send(answer);
    },
  };
}

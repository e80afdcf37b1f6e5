// Reports of the performance-analysis feature: servers and shared cluster disks, the request (201 + Location),
// status, the SSE stream that pushes completion, and the zip download.
import type { FastifyRequest } from 'fastify';
import type { RouteHandlers } from '@assessment/sdk/fastify';
import { projectFor } from './projects.ts';
import { entityServers, isEntityNode, shownName } from '../series/nodes.ts';
import { fail, missing, countPerClient, type Ctx } from './context.ts';
import { SlidingWindow } from '../http/throttle.ts';
import {
  ANONYMOUS_REQUESTER,
  ANONYMOUS_REPORT_LIMIT,
  REPORT_EVENT,
  reportChannel,
} from '../reports/service.ts';
import { safeName, type ReportOptions } from '../reports/generate.ts';
import type { ReportRow } from '../store/repo.ts';

export function reportHandlers(
  ctx: Ctx,
): Pick<
  RouteHandlers,
  | 'getReportServersAndSharedClusterDisks'
  | 'requestReport'
  | 'getReportStatus'
  | 'streamReportEvents'
  | 'downloadReport'
> {
  const anonymousRequests = new SlidingWindow(ANONYMOUS_REPORT_LIMIT.windowMs);

  /**
   * A report as its requester reads it back. Signed out, only a published project (projectFor answers 401 for any
   * other) and only a report requested signed out: its random id is the capability, held by the browser that asked.
   * Signed in, only the account's own reports. Anything else is 404, as if the report did not exist.
   */
  const reportFor = (request: FastifyRequest, projectId: number, reportId: string): ReportRow => {
    projectFor(ctx, request, projectId, 'see');
    const row = ctx.repo.report(reportId);
    const requester = request.viewer?.id ?? ANONYMOUS_REQUESTER;
    if (!row || row.project_id !== projectId || row.user_id !== requester) {
      throw missing(request, `Report ${reportId}`);
    }
    return row;
  };

  return {
    getReportServersAndSharedClusterDisks: async (request, reply) => {
      const p = projectFor(ctx, request, request.params.projectId, 'see');
      // A host or datastore that several runs hold (a collection in parts) is listed once, as the viewer shows it.
      const own = isEntityNode(ctx.repo.db, p.id);
      return reply.code(200).send({
        ServerList: entityServers(ctx.repo.db, p.id, ctx.repo.serversOfProject(p.id)).map((s) => ({
          ServerId: String(s.id),
          ServerName: shownName(p, 'server', `srv-${String(s.id)}`, s.name),
          ServerRole: s.role,
          IOPS: s.iops,
          Capacity: s.capacity_gb,
          LocalDiskCount: s.local_disk_count,
          ClusterDiskIds: s.disk_ids ? s.disk_ids.split(',') : [],
        })),
        ClusterDiskList: ctx.repo
          .disksOfProject(p.id)
          .filter((d) => own(`csv-${String(d.id)}`))
          .map((d) => ({
            ClusterDiskId: String(d.id),
            Name: shownName(p, 'disk', `csv-${String(d.id)}`, d.name),
            IOPS: d.iops,
            Capacity: d.capacity_gb,
          })),
      });
    },
    requestReport: async (request, reply) => {
      // Signed out: a published project only (projectFor answers 401 for any other).
      const p = projectFor(ctx, request, request.params.projectId, 'see');
      const b = request.body;
      const perf = b.performancePowerPointConfig;
      if (
        !b.includeAirPowerPoint &&
        !b.includeAirExcel &&
        !b.includeDetailsExcel &&
        !b.includeVMwareExcel &&
        !perf
      ) {
        throw fail(request, [400], 'validate_info', 'Select at least one report.');
      }
      // At most 20 servers (parts 5 and 9): the contract's maxItems, enforced by zReportRequest before this runs.
      const options: ReportOptions = {
        includeAirPowerPoint: b.includeAirPowerPoint,
        includeAirExcel: b.includeAirExcel,
        includeDetailsExcel: b.includeDetailsExcel,
        includeVMwareExcel: b.includeVMwareExcel,
        region: b.region,
        currencyCode: b.currencyCode,
        performance: perf
          ? {
              reportLanguage: perf.reportLanguage,
              includeContactInformation: perf.includeContactInformation,
              executiveSummary: perf.executiveSummaryConfig,
              summaryTables: perf.summaryTablesConfig,
              serverIds: perf.servers.map(Number).filter(Number.isFinite),
              sharedClusterDiskIds: perf.autoSelectSharedClusterDisks
                ? []
                : perf.sharedClusterDisks.map(Number).filter(Number.isFinite),
              localDiskCount: perf.localDiskCount,
            }
          : null,
      };
      if (!request.viewer) {
        // Signed out: at most ANONYMOUS_REPORT_LIMIT requests per client in the window (429 + Retry-After).
        countPerClient(
          ctx,
          request,
          reply,
          anonymousRequests,
          ANONYMOUS_REPORT_LIMIT.perClient,
          'Too many reports requested signed out.',
        );
      }
      const row = ctx.reports.create(p.id, request.viewer?.id ?? ANONYMOUS_REQUESTER, options);
      return reply.header('Location', ctx.reports.location(row)).code(201).send(ctx.reports.dto(row));
    },
    getReportStatus: async (request, reply) => {
      const row = reportFor(request, request.params.projectId, request.params.reportId);
      return reply.code(200).send(ctx.reports.dto(row));
    },
    streamReportEvents: async (request, reply) => {
      const row = reportFor(request, request.params.projectId, request.params.reportId);
      const res = reply.raw;
      reply.hijack();
      res.writeHead(200, {
        'Content-Type': 'text/event-stream; charset=utf-8',
        'Cache-Control': 'no-cache, no-transform',
        // No Connection header: HTTP/1.1 keeps the connection open by default, and HTTP/2 forbids the header.
        'X-Accel-Buffering': 'no',
      });
      const dto = ctx.reports.dto(row);
      res.write(`retry: 3000\nid: ${row.id}\nevent: ${REPORT_EVENT}\ndata: ${JSON.stringify(dto)}\n\n`);
      if (dto.Status === 'Completed' || dto.Status === 'Failed') {
        res.end();
        return;
      }
      ctx.events.subscribe(reportChannel(row.id), res);
    },
    downloadReport: async (request, reply) => {
      const row = reportFor(request, request.params.projectId, request.params.reportId);
      if (row.status !== 'Completed' || !row.file_path) {
        throw fail(
          request,
          [409, 404, 400],
          'collectorDownloadError',
          row.status === 'Failed' ? 'The report failed.' : 'The report is not ready yet.',
        );
      }
      const p = ctx.repo.project(row.project_id);
      // The same rule as the files inside it (safeName), so the zip and its workbooks carry one name.
      const name = `${safeName(p?.name ?? 'report')}_reports.zip`;
      const data = await ctx.files.read('reports', row.file_path);
      // The generated type of a binary body is the browser's Blob; the server sends the bytes.
      return reply
        .type('application/zip')
        .header('Content-Disposition', `attachment; filename="${name}"`)
        .code(200)
        .send(data as unknown as Blob);
    },
  };
}

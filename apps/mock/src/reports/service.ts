// Report requests: 201 + Location at once; after a few (scaled) seconds the zip is generated, stored and the
// completion (or failure) is pushed over SSE. A restart resumes unfinished requests.
import type { ReportSection, ReportStatus, ReportStatusValue } from '@assessment/sdk';
import type { Config } from '../config.ts';
import type { EventHub } from '../http/events.ts';
import type { FileStore } from '../store/files.ts';
import type { Repo, ReportRow } from '../store/repo.ts';
import { REPORT_MS } from '../store/progress.ts';
import { aggregatedCharts, aggregatedIops, hostStats } from '../series/host-stats.ts';
import { entityServers, isEntityNode, shownName, shownRunName } from '../series/nodes.ts';
import { vmwareLayers } from './vmware.ts';
import { shippedCatalogue } from '../sizing/catalogue.ts';
import { projectSizing } from '../sizing/compute.ts';
import { sizingSettingsOf } from '../sizing/settings.ts';
import { buildReportZip, type ReportOptions } from './generate.ts';

/** The chosen failure cases: currency XXX (ISO 4217 "no currency") or a project whose name contains "fail-report". */
export const FAILING_CURRENCY = 'XXX';
export const FAILING_PROJECT_MARKER = 'fail-report';

/** The requester (reports.user_id) of a report requested signed out: no account has this id. */
export const ANONYMOUS_REQUESTER = 0;

/**
 * Signed-out report requests per client (IP) within a sliding window: generating a report costs the server, and an
 * anonymous caller has no account to hold to account.
 */
export const ANONYMOUS_REPORT_LIMIT = { perClient: 10, windowMs: 10 * 60 * 1000 };

export const REPORT_EVENT = 'report-status';
export const reportChannel = (id: string): string => `report:${id}`;

/** The dialog sections (ReportSection) a request selected, in the dialog's order. */
export function sectionsOf(options: ReportOptions): ReportSection[] {
  const sections: ReportSection[] = [];
  if (options.includeAirPowerPoint || options.includeAirExcel) sections.push('air');
  if (options.includeDetailsExcel) sections.push('details');
  if (options.includeVMwareExcel) sections.push('vmware');
  if (options.performance) sections.push('performance');
  return sections;
}

export interface ReportCtx {
  repo: Repo;
  config: Config;
  files: FileStore;
  events: EventHub;
  now: () => number;
}

export class ReportService {
  private readonly ctx: ReportCtx;
  /** Reports waiting for their due time, with the release of their `running` promise. */
  private readonly timers = new Map<string, { timer: NodeJS.Timeout; release: () => void }>();
  /** Every unfinished report, settled when it is final (or no longer scheduled). */
  private readonly running = new Map<string, Promise<void>>();

  constructor(ctx: ReportCtx) {
    this.ctx = ctx;
  }

  create(projectId: number, userId: number, options: ReportOptions): ReportRow {
    const now = this.ctx.now();
    const id = this.ctx.repo.addReport({
      project_id: projectId,
      user_id: userId,
      request_json: JSON.stringify(options),
      created_at: now,
      due_at: now + Math.round(REPORT_MS * this.ctx.config.timeScale),
      status: 'Queued',
    });
    const row = this.ctx.repo.report(id);
    if (!row) throw new Error('report not stored');
    this.schedule(row);
    return row;
  }

  /** Queued until a fifth of the time has passed, then InProgress until generated. */
  state(row: ReportRow): ReportStatusValue {
    if (row.status === 'Completed' || row.status === 'Failed') return row.status;
    const now = this.ctx.now();
    return now < row.created_at + (row.due_at - row.created_at) / 5 ? 'Queued' : 'InProgress';
  }

  downloadUrl(row: ReportRow): string {
    return `/api/opticalprime/${row.project_id}/reports/download/${row.id}`;
  }

  location(row: ReportRow): string {
    return `/api/opticalprime/${row.project_id}/reports/${row.id}`;
  }

  dto(row: ReportRow): ReportStatus {
    const status = this.state(row);
    const options = JSON.parse(row.request_json) as ReportOptions;
    return {
      ReportId: row.id,
      ProjectId: row.project_id,
      Status: status,
      DownloadUrl: status === 'Completed' ? this.downloadUrl(row) : null,
      ErrorKey: status === 'Failed' ? 'generalError' : null,
      RequestedAt: new Date(row.created_at).toISOString(),
      Sections: sectionsOf(options),
    };
  }

  /** Waits until a report is final (tests and the download call use this). */
  async settle(id: string): Promise<void> {
    await this.running.get(id);
  }

  resume(): void {
    for (const row of this.ctx.repo.unfinishedReports()) this.schedule(row);
  }

  /** Cancels the reports not yet due and waits for the ones being generated (they write to the store). */
  async stop(): Promise<void> {
    for (const [id, { timer, release }] of this.timers) {
      clearTimeout(timer);
      this.running.delete(id);
      release();
    }
    this.timers.clear();
    await Promise.all(this.running.values());
  }

  private schedule(row: ReportRow): void {
    let release: () => void = () => undefined;
    this.running.set(row.id, new Promise<void>((resolve) => (release = resolve)));
    const delay = Math.max(0, row.due_at - this.ctx.now());
    const timer = setTimeout(() => {
      this.timers.delete(row.id);
      void this.complete(row.id).finally(() => {
        this.running.delete(row.id);
        release();
      });
    }, delay);
    timer.unref();
    this.timers.set(row.id, { timer, release });
  }

  private async complete(id: string): Promise<void> {
    const { repo, files, events } = this.ctx;
    const row = repo.report(id);
    if (!row) return;
    const project = repo.project(row.project_id);
    const options = JSON.parse(row.request_json) as ReportOptions;
    try {
      if (!project) throw new Error('The project no longer exists.');
      if (options.currencyCode === FAILING_CURRENCY)
        throw new Error(`No price list for currency ${FAILING_CURRENCY}.`);
      if (project.name.toLowerCase().includes(FAILING_PROJECT_MARKER))
        throw new Error('The project data could not be analysed.');
      const owner = repo.user(project.owner_id);
      // A report requested signed out (of a published project) carries neither the owner's email address nor name.
      const anonymous = row.user_id === ANONYMOUS_REQUESTER;
      // The numbers of the viewer's sizing panel for the saved settings (the defaults while none are saved).
      const sizing = projectSizing(
        repo.db,
        project.id,
        sizingSettingsOf(repo.db, project.id).settings,
        shippedCatalogue(),
        (nodeId, name) => shownName(project, 'server', nodeId, name),
        project.anonymous === 1,
      );
      // A host or datastore that several runs hold (a collection in parts) is listed once, as the viewer shows it.
      const own = isEntityNode(repo.db, project.id);
      const { zip } = await buildReportZip({
        projectId: project.id,
        projectName: project.name,
        ownerName: anonymous ? '' : owner ? `${owner.first_name} ${owner.last_name}` : 'Unknown',
        ownerEmail: anonymous ? '' : (owner?.email ?? ''),
        generatedAt: new Date(this.ctx.now()),
        // An anonymized project masks host, disk and run names in the reports as in the viewer.
        servers: entityServers(repo.db, project.id, repo.serversOfProject(project.id)).map((s) => ({
          id: s.id,
          name: shownName(project, 'server', `srv-${String(s.id)}`, s.name),
          role: s.role,
          iops: s.iops,
          capacityGb: s.capacity_gb,
          localDiskCount: s.local_disk_count,
          os: s.os,
          cpuCores: s.cpu_cores,
          memoryGb: s.memory_gb,
          runName: shownRunName(project, s.run_id, s.run_name),
          clusterDiskIds: s.disk_ids ? s.disk_ids.split(',').map(Number) : [],
        })),
        disks: repo
          .disksOfProject(project.id)
          .filter((d) => own(`csv-${String(d.id)}`))
          .map((d) => ({
            id: d.id,
            name: shownName(project, 'disk', `csv-${String(d.id)}`, d.name),
            iops: d.iops,
            capacityGb: d.capacity_gb,
            runName: shownRunName(project, d.run_id, d.run_name),
          })),
        // Measured: per enabled server the peak and p95 of its series, and the aggregate's charts.
        performance: hostStats(repo.db, project.id).map((h) => ({
          nodeId: h.nodeId,
          name: shownName(project, 'server', h.nodeId, h.name),
          samples: h.samples,
          stats: h.stats,
        })),
        charts: aggregatedCharts(repo.db, project.id),
        aggregateIops: aggregatedIops(repo.db, project.id),
        sizing,
        // The VM, cluster and datastore layers of a vSphere collection, each VM with its sizing from the above.
        vmware: vmwareLayers(
          repo.db,
          project.id,
          project.anonymous === 1,
          (kind, nodeId, name) => shownName(project, kind, nodeId, name),
          sizing,
        ),
        options,
      });
      const name = await files.save('reports', zip, '.zip');
      repo.finishReport(id, 'Completed', name, null);
    } catch (err) {
      repo.finishReport(id, 'Failed', null, (err as Error).message);
    }
    const done = repo.report(id);
    if (done) {
      events.publish(reportChannel(done.id), { event: REPORT_EVENT, id: done.id, data: this.dto(done) });
      events.end(reportChannel(done.id));
    }
  }
}

// Report files: real XLSX workbooks (exceljs) of a project's servers and disks, PPTX decks (pptxgenjs),
// packed into one zip (jszip).
import ExcelJS from 'exceljs';
import PptxGenJS from 'pptxgenjs';
import JSZip from 'jszip';
import type { AggregatedChart, HostStatMetric, PeakP95 } from '../series/host-stats.ts';
import type { SizingResult } from '../sizing/compute.ts';
import { sizingSheet, sizingSlide } from './sizing.ts';
import { vmwareSheets, vmwareSlides, type ReportVmware } from './vmware.ts';

export interface ReportServer {
  id: number;
  name: string;
  role: string;
  iops: number;
  capacityGb: number;
  localDiskCount: number;
  os: string;
  cpuCores: number;
  memoryGb: number;
  runName: string;
  clusterDiskIds: number[];
}

export interface ReportDisk {
  id: number;
  name: string;
  iops: number;
  capacityGb: number;
  runName: string;
}

export interface ReportOptions {
  includeAirPowerPoint: boolean;
  includeAirExcel: boolean;
  includeDetailsExcel: boolean;
  includeVMwareExcel: boolean;
  region: string;
  currencyCode: string;
  performance: {
    reportLanguage: string;
    includeContactInformation: boolean;
    executiveSummary: Record<string, boolean>;
    summaryTables: Record<string, boolean>;
    serverIds: number[];
    sharedClusterDiskIds: number[];
    localDiskCount: number | null;
  } | null;
}

/** A server's measured figures (series/host-stats.ts), its name already as the project shows it. */
export interface ReportHostPerformance {
  nodeId: string;
  name: string;
  samples: number;
  stats: Record<HostStatMetric, PeakP95 | null>;
}

/** The per-server performance columns of the workbooks: the metric, its label and the unit the figure is shown in. */
export const PERFORMANCE_COLUMNS: readonly { metric: HostStatMetric; label: string; divisor: number }[] = [
  { metric: 'readIops', label: 'Read IOPS', divisor: 1 },
  { metric: 'writeIops', label: 'Write IOPS', divisor: 1 },
  { metric: 'totalIops', label: 'Total IOPS', divisor: 1 },
  { metric: 'readThroughput', label: 'Read throughput (MB/s)', divisor: 1e6 },
  { metric: 'writeThroughput', label: 'Write throughput (MB/s)', divisor: 1e6 },
  { metric: 'totalThroughput', label: 'Total throughput (MB/s)', divisor: 1e6 },
  { metric: 'latency', label: 'Latency (ms)', divisor: 1 },
  { metric: 'cpu', label: 'CPU (%)', divisor: 1 },
  { metric: 'memory', label: 'Memory (GiB)', divisor: 2 ** 30 },
];

/** A figure as the reports show it: in the column's unit, rounded to two decimals. */
export function reportFigure(metric: HostStatMetric, value: number): number {
  const divisor = PERFORMANCE_COLUMNS.find((c) => c.metric === metric)?.divisor ?? 1;
  return Math.round((value / divisor) * 100) / 100;
}

/** The chart titles of the aggregated series. */
export const CHART_TITLES: Record<AggregatedChart['metric'], string> = {
  readIops: 'Read IOPS',
  writeIops: 'Write IOPS',
  readThroughput: 'Read throughput (MB/s)',
  writeThroughput: 'Write throughput (MB/s)',
  latency: 'Latency (ms)',
  cpu: 'CPU (%)',
  memory: 'Memory (GiB)',
};

const CHART_DIVISOR: Record<AggregatedChart['metric'], number> = {
  readIops: 1,
  writeIops: 1,
  readThroughput: 1e6,
  writeThroughput: 1e6,
  latency: 1,
  cpu: 1,
  memory: 2 ** 30,
};

export interface ReportInput {
  projectId: number;
  projectName: string;
  ownerName: string;
  ownerEmail: string;
  generatedAt: Date;
  servers: ReportServer[];
  disks: ReportDisk[];
  /** Per enabled server with series: peak and p95 of every report metric over the collection period. */
  performance: ReportHostPerformance[];
  /**
   * The servers the decks' top-servers chart ranks (default: `performance`): every enabled server even where a deck's
   * per-server slides show only some of them.
   */
  rankedPerformance?: ReportHostPerformance[];
  /** The aggregated series over the enabled servers, per metric. */
  charts: AggregatedChart[];
  /** Peak and p95 of total IOPS of the aligned totals (all enabled servers together); null without series. */
  aggregateIops: PeakP95 | null;
  /** The sizing for the project's saved settings (or the defaults): the workbooks' Sizing sheet, the decks' slide. */
  sizing?: SizingResult | null;
  /** The vSphere layers (VMs, clusters, datastores) for the VMware workbook; null without a version-3 file. */
  vmware?: ReportVmware | null;
  options: ReportOptions;
}

/**
 * File name part safe for zip entries, Content-Disposition and every file system: letters lose their accents
 * ("São Paulo" → "Sao_Paulo") rather than the letter; anything else outside A–Z, 0–9, ".", "_" and "-" is left out.
 * The one rule for the report zip's name and the files in it.
 */
export function safeName(name: string): string {
  return (
    name
      .normalize('NFKD')
      .replace(/\p{M}+/gu, '')
      .replace(/[^A-Za-z0-9._ -]+/g, '')
      .trim()
      .replace(/\s+/g, '_')
      .slice(0, 60) || 'project'
  );
}

async function workbook(build: (wb: ExcelJS.Workbook) => void): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.creator = 'Assessment portal demo';
  wb.created = new Date(0);
  build(wb);
  const out = await wb.xlsx.writeBuffer();
  return Buffer.from(out);
}

function serverSheet(
  wb: ExcelJS.Workbook,
  title: string,
  servers: readonly ReportServer[],
  detailed: boolean,
): void {
  const ws = wb.addWorksheet(title);
  ws.columns = [
    { header: 'ServerId', key: 'id', width: 10 },
    { header: 'ServerName', key: 'name', width: 22 },
    { header: 'ServerRole', key: 'role', width: 18 },
    { header: 'IOPS', key: 'iops', width: 10 },
    { header: 'Capacity (GiB)', key: 'capacityGb', width: 14 },
    { header: 'LocalDiskCount', key: 'localDiskCount', width: 14 },
    { header: 'ClusterDiskIds', key: 'clusterDisks', width: 18 },
    ...(detailed
      ? [
          { header: 'Operating system', key: 'os', width: 22 },
          { header: 'CPU cores', key: 'cpuCores', width: 10 },
          { header: 'Memory (GiB)', key: 'memoryGb', width: 12 },
          { header: 'Collector run', key: 'runName', width: 30 },
        ]
      : []),
  ];
  ws.getRow(1).font = { bold: true };
  for (const s of servers) ws.addRow({ ...s, clusterDisks: s.clusterDiskIds.join(', ') });
}

function diskSheet(wb: ExcelJS.Workbook, disks: readonly ReportDisk[]): void {
  const ws = wb.addWorksheet('Shared cluster disks');
  ws.columns = [
    { header: 'ClusterDiskId', key: 'id', width: 14 },
    { header: 'Name', key: 'name', width: 22 },
    { header: 'IOPS', key: 'iops', width: 10 },
    { header: 'Capacity (GiB)', key: 'capacityGb', width: 14 },
    { header: 'Collector run', key: 'runName', width: 30 },
  ];
  ws.getRow(1).font = { bold: true };
  for (const d of disks) ws.addRow(d);
}

/** One row per enabled server with series: peak and 95th percentile (nearest rank) of every report metric. */
function performanceSheet(wb: ExcelJS.Workbook, hosts: readonly ReportHostPerformance[]): void {
  const ws = wb.addWorksheet('Server performance');
  ws.columns = [
    { header: 'ServerName', key: 'name', width: 24 },
    { header: 'Samples', key: 'samples', width: 10 },
    ...PERFORMANCE_COLUMNS.flatMap((c) => [
      { header: `${c.label} peak`, key: `${c.metric}.peak`, width: 16 },
      { header: `${c.label} p95`, key: `${c.metric}.p95`, width: 16 },
    ]),
  ];
  ws.getRow(1).font = { bold: true };
  for (const h of hosts) {
    const row: Record<string, string | number | null> = { name: h.name, samples: h.samples };
    for (const c of PERFORMANCE_COLUMNS) {
      const f = h.stats[c.metric];
      row[`${c.metric}.peak`] = f ? reportFigure(c.metric, f.peak) : null;
      row[`${c.metric}.p95`] = f ? reportFigure(c.metric, f.p95) : null;
    }
    ws.addRow(row);
  }
}

function totals(input: ReportInput): {
  servers: number;
  iops: number;
  capacity: number;
  localDisks: number;
  disks: number;
} {
  return {
    servers: input.servers.length,
    iops: input.servers.reduce((a, s) => a + s.iops, 0) + input.disks.reduce((a, d) => a + d.iops, 0),
    capacity:
      input.servers.reduce((a, s) => a + s.capacityGb, 0) + input.disks.reduce((a, d) => a + d.capacityGb, 0),
    localDisks: input.servers.reduce((a, s) => a + s.localDiskCount, 0),
    disks: input.disks.length,
  };
}

/**
 * The IOPS and capacity lines of the summaries. The sizing figure is the aggregated one (all enabled servers
 * together, aligned in time); the sum of per-server peaks — peaks that need not happen at the same time — stays
 * beside it under its own name. Capacity and memory are binary units (GiB = 2^30 bytes) in every report, as in
 * the viewer.
 */
function sizingRows(input: ReportInput, t: ReturnType<typeof totals>): [string, string | number][] {
  const a = input.aggregateIops;
  return [
    ...(a
      ? ([
          ['Aggregated peak IOPS (all servers together)', reportFigure('totalIops', a.peak)],
          ['Aggregated 95th percentile IOPS', reportFigure('totalIops', a.p95)],
        ] as [string, number][])
      : []),
    ['Sum of per-server peak IOPS', t.iops],
    ['Total capacity (GiB)', t.capacity],
    ['Latency figures', 'over intervals with at least 100 IOPS'],
  ];
}

/**
 * The decks' top servers by IOPS: where the servers have series, ranked by their measured peak of total IOPS, with the
 * 95th percentile beside it (the sizing figure); otherwise by the inventory's IOPS.
 */
export function topServersByIops(
  input: Pick<ReportInput, 'servers' | 'performance' | 'rankedPerformance'>,
  count: number,
): { labels: string[]; series: { name: string; values: number[] }[] } {
  const measured = (input.rankedPerformance ?? input.performance).flatMap((h) =>
    h.stats.totalIops ? [{ name: h.name, figures: h.stats.totalIops }] : [],
  );
  if (measured.length > 0) {
    const top = measured.sort((a, b) => b.figures.peak - a.figures.peak).slice(0, count);
    return {
      labels: top.map((h) => h.name),
      series: [
        { name: 'Peak IOPS', values: top.map((h) => reportFigure('totalIops', h.figures.peak)) },
        { name: '95th percentile IOPS', values: top.map((h) => reportFigure('totalIops', h.figures.p95)) },
      ],
    };
  }
  const top = [...input.servers].sort((a, b) => b.iops - a.iops).slice(0, count);
  return { labels: top.map((s) => s.name), series: [{ name: 'IOPS', values: top.map((s) => s.iops) }] };
}

/** The owner as the reports show them (the email address only when the report carries it). */
function contact(input: ReportInput): string {
  return input.ownerEmail ? `${input.ownerName} <${input.ownerEmail}>` : input.ownerName;
}

function summarySheet(wb: ExcelJS.Workbook, input: ReportInput): void {
  const ws = wb.addWorksheet('Summary');
  const t = totals(input);
  ws.columns = [
    { header: 'Item', key: 'k', width: 28 },
    { header: 'Value', key: 'v', width: 40 },
  ];
  ws.getRow(1).font = { bold: true };
  ws.addRows([
    { k: 'Project', v: input.projectName },
    { k: 'Project id', v: input.projectId },
    { k: 'Owner', v: contact(input) },
    { k: 'Region', v: input.options.region },
    { k: 'Currency', v: input.options.currencyCode },
    { k: 'Servers', v: t.servers },
    { k: 'Shared cluster disks', v: t.disks },
    { k: 'Local disks', v: t.localDisks },
    ...sizingRows(input, t).map(([k, v]) => ({ k, v })),
  ]);
}

const IO_CHARTS: readonly AggregatedChart['metric'][] = [
  'readIops',
  'writeIops',
  'readThroughput',
  'writeThroughput',
  'latency',
];
const CPU_CHARTS: readonly AggregatedChart['metric'][] = ['cpu', 'memory'];

function fmt(value: number): string {
  return value.toLocaleString('en-US', { maximumFractionDigits: 2 });
}

/** Slides of the per-server figures: peak and p95 of total IOPS, total throughput, latency, CPU and memory. */
function performanceTableSlides(pres: PptxGenJS, hosts: readonly ReportHostPerformance[]): void {
  const metrics: HostStatMetric[] = ['totalIops', 'totalThroughput', 'latency', 'cpu', 'memory'];
  const label = (m: HostStatMetric): string => PERFORMANCE_COLUMNS.find((c) => c.metric === m)?.label ?? m;
  const header = [
    { text: 'Server' },
    ...metrics.flatMap((m) => [{ text: `${label(m)} peak` }, { text: `${label(m)} p95` }]),
  ];
  for (let start = 0; start < hosts.length; start += 12) {
    const slide = pres.addSlide();
    slide.addText('Server performance (peak and 95th percentile)', {
      x: 0.5,
      y: 0.3,
      w: 12,
      h: 0.8,
      fontSize: 24,
      bold: true,
    });
    const rows = hosts.slice(start, start + 12).map((h) => [
      { text: h.name },
      ...metrics.flatMap((m) => {
        const f = h.stats[m];
        return [
          { text: f ? fmt(reportFigure(m, f.peak)) : '–' },
          { text: f ? fmt(reportFigure(m, f.p95)) : '–' },
        ];
      }),
    ]);
    slide.addTable([header, ...rows], {
      x: 0.3,
      y: 1.2,
      w: 12.7,
      fontSize: 9,
      border: { type: 'solid', pt: 1, color: '999999' },
    });
  }
}

/** A deck chart's data: every bucket of the period on its axis, an unknown value a blank (drawn as a gap, never 0). */
export interface DeckChartSeries {
  /** Bucket starts as "MM-DD hh:mm" (UTC). */
  labels: string[];
  max: (number | null)[];
  p95: (number | null)[];
  busiest: (number | null)[] | null;
  /**
   * The peaks named in the slide's title, over the known values (the busiest server's null when it knows none);
   * latency's over the intervals of at least 100 IOPS as in the viewer (null when none reached it).
   */
  peak: number | null;
  busiestPeak: number | null;
}

/** The series of one aggregated chart in the report's units (2 decimals); null when no bucket is known. */
export function deckChartSeries(chart: AggregatedChart): DeckChartSeries | null {
  if (!chart.max.some((value) => value !== null)) return null;
  const divisor = CHART_DIVISOR[chart.metric];
  const scaled = (values: readonly (number | null)[]): (number | null)[] =>
    chart.times.map((_, i) => {
      const value = values[i];
      return value === null || value === undefined ? null : Math.round((value / divisor) * 100) / 100;
    });
  const max = scaled(chart.max);
  const known = (values: readonly (number | null)[]) =>
    values.filter((value): value is number => value !== null);
  const busiest = chart.busiestServer ? scaled(chart.busiestServer) : null;
  const busyPeak = chart.busyPeak;
  return {
    labels: chart.times.map((time) => new Date(time * 1000).toISOString().slice(5, 16).replace('T', ' ')),
    max,
    p95: scaled(chart.p95),
    busiest,
    // The early return above: the total knows at least one bucket.
    peak:
      busyPeak === undefined
        ? Math.max(...known(max))
        : busyPeak === null
          ? null
          : Math.round((busyPeak / divisor) * 100) / 100,
    busiestPeak: busiest && known(busiest).length > 0 ? Math.max(...known(busiest)) : null,
  };
}

/**
 * One native line chart per metric of the aggregated series: the peak and the p95 of every bucket. A bucket without
 * samples stays on the time axis as a gap, as in the viewer (leaving it out would shorten the period drawn).
 */
function chartSlides(
  pres: PptxGenJS,
  charts: readonly AggregatedChart[],
  metrics: readonly AggregatedChart['metric'][],
): void {
  for (const chart of charts) {
    if (!metrics.includes(chart.metric)) continue;
    const series = deckChartSeries(chart);
    if (!series) continue;
    const { labels, busiest, busiestPeak } = series;
    const slide = pres.addSlide();
    slide.addText(
      `${CHART_TITLES[chart.metric]}: total over the enabled servers (${series.peak === null ? 'no interval of at least 100 IOPS' : `peak ${fmt(series.peak)}`})${busiestPeak !== null ? `; busiest server (peak ${fmt(busiestPeak)})` : ''}`,
      {
        x: 0.5,
        y: 0.3,
        w: 12,
        h: 0.8,
        fontSize: 22,
        bold: true,
      },
    );
    // pptxgenjs writes a null value as a blank point; its types only name numbers.
    const values = (known: (number | null)[]) => known as number[];
    slide.addChart(
      pres.ChartType.line,
      [
        { name: 'Peak', labels, values: values(series.max) },
        { name: '95th percentile', labels, values: values(series.p95) },
        ...(busiest ? [{ name: 'Busiest server', labels, values: values(busiest) }] : []),
      ],
      {
        x: 0.5,
        y: 1.2,
        w: 12,
        h: 5.5,
        showLegend: true,
        legendPos: 'b',
        lineDataSymbol: 'none',
        displayBlanksAs: 'gap',
      },
    );
  }
}

async function pptx(input: ReportInput, kind: 'air' | 'performance'): Promise<Buffer> {
  const pres = new PptxGenJS();
  pres.layout = 'LAYOUT_WIDE';
  pres.title = `${kind === 'air' ? 'AIR' : 'Performance'} report: ${input.projectName}`;
  const t = totals(input);
  const title = pres.addSlide();
  title.addText(pres.title, { x: 0.5, y: 2.5, w: 12, h: 1, fontSize: 32, bold: true });
  title.addText(
    `${input.options.region} · ${input.options.currencyCode} · ${input.generatedAt.toISOString().slice(0, 10)}`,
    {
      x: 0.5,
      y: 3.6,
      w: 12,
      h: 0.6,
      fontSize: 16,
    },
  );
  const perf = input.options.performance;
  // A report requested signed out names no contact (contact() is empty): no empty contact slide either.
  if (kind === 'performance' && perf?.includeContactInformation && contact(input) !== '') {
    pres.addSlide().addText(`Contact: ${contact(input)}`, {
      x: 0.5,
      y: 0.5,
      w: 12,
      h: 1,
      fontSize: 20,
    });
  }
  const summary = pres.addSlide();
  summary.addText('Inventory summary', { x: 0.5, y: 0.3, w: 12, h: 0.8, fontSize: 24, bold: true });
  summary.addTable(
    [
      [{ text: 'Servers' }, { text: String(t.servers) }],
      [{ text: 'Shared cluster disks' }, { text: String(t.disks) }],
      [{ text: 'Local disks' }, { text: String(t.localDisks) }],
      ...sizingRows(input, t).map(([k, v]) => [{ text: k }, { text: typeof v === 'number' ? fmt(v) : v }]),
    ],
    { x: 0.5, y: 1.3, w: 8, fontSize: 14, border: { type: 'solid', pt: 1, color: '999999' } },
  );
  const top = topServersByIops(input, kind === 'air' ? 10 : 5);
  if (kind === 'air' || perf?.executiveSummary.includeTop5Servers !== false) {
    const slide = pres.addSlide();
    slide.addText(kind === 'air' ? 'Top servers by IOPS' : 'Top 5 servers', {
      x: 0.5,
      y: 0.3,
      w: 12,
      h: 0.8,
      fontSize: 24,
      bold: true,
    });
    slide.addChart(
      pres.ChartType.bar,
      top.series.map((series) => ({ ...series, labels: top.labels })),
      { x: 0.5, y: 1.2, w: 12, h: 5.5, showLegend: top.series.length > 1, legendPos: 'b' },
    );
  }
  if (input.performance.length > 0) performanceTableSlides(pres, input.performance);
  if (input.sizing) sizingSlide(pres, input.sizing);
  // A vSphere project's clusters and busiest VMs (nothing for a project without VMs: its deck is unchanged).
  if (input.vmware) vmwareSlides(pres, input.vmware);
  chartSlides(pres, input.charts, [
    ...(kind === 'air' || perf?.executiveSummary.includeIOPerformance !== false ? IO_CHARTS : []),
    ...(kind === 'air' || perf?.executiveSummary.includeCpuPerformance !== false ? CPU_CHARTS : []),
  ]);
  if (kind === 'performance' && perf) {
    for (const [key, on] of Object.entries({ ...perf.executiveSummary, ...perf.summaryTables })) {
      // Top 5 servers, the I/O and the CPU performance have their own slides (above).
      if (!on || ['includeTop5Servers', 'includeIOPerformance', 'includeCpuPerformance'].includes(key))
        continue;
      const slide = pres.addSlide();
      slide.addText(
        key
          .replace(/^include/, '')
          .replace(/([A-Z])/g, ' $1')
          .trim(),
        { x: 0.5, y: 0.3, w: 12, h: 0.8, fontSize: 24, bold: true },
      );
      const rows = key.includes('Disk')
        ? input.disks
            .slice(0, 12)
            .map((d) => [{ text: d.name }, { text: String(d.iops) }, { text: String(d.capacityGb) }])
        : input.servers
            .slice(0, 12)
            .map((s) => [{ text: s.name }, { text: String(s.iops) }, { text: String(s.capacityGb) }]);
      slide.addTable([[{ text: 'Name' }, { text: 'IOPS' }, { text: 'Capacity (GiB)' }], ...rows], {
        x: 0.5,
        y: 1.2,
        w: 10,
        fontSize: 12,
      });
    }
  }
  const out = await pres.write({ outputType: 'nodebuffer' });
  return out as Buffer;
}

/** The zip of every requested report; entry names are stable so tests and people can find them. */
export async function buildReportZip(input: ReportInput): Promise<{ zip: Buffer; entries: string[] }> {
  const zip = new JSZip();
  const base = safeName(input.projectName);
  const o = input.options;
  const date = new Date(0);
  if (o.includeAirExcel) {
    zip.file(
      `${base}_AIR.xlsx`,
      await workbook((wb) => {
        summarySheet(wb, input);
        serverSheet(wb, 'Servers', input.servers, false);
        performanceSheet(wb, input.performance);
        diskSheet(wb, input.disks);
        if (input.sizing) sizingSheet(wb, input.sizing);
      }),
      { date },
    );
  }
  if (o.includeDetailsExcel) {
    zip.file(
      `${base}_Details.xlsx`,
      await workbook((wb) => {
        serverSheet(wb, 'Servers', input.servers, true);
        performanceSheet(wb, input.performance);
        diskSheet(wb, input.disks);
        if (input.sizing) sizingSheet(wb, input.sizing);
      }),
      { date },
    );
  }
  if (o.includeVMwareExcel) {
    zip.file(
      `${base}_VMware.xlsx`,
      await workbook((wb) => {
        serverSheet(
          wb,
          'VMware hosts',
          input.servers.filter((s) => s.role === 'Hypervisor' || s.os.includes('ESXi')),
          true,
        );
        if (input.vmware) vmwareSheets(wb, input.vmware);
      }),
      { date },
    );
  }
  if (o.includeAirPowerPoint) zip.file(`${base}_AIR.pptx`, await pptx(input, 'air'), { date });
  if (o.performance) {
    const servers =
      o.performance.serverIds.length > 0
        ? input.servers.filter((s) => o.performance?.serverIds.includes(s.id))
        : input.servers.slice(0, 20);
    const disks =
      o.performance.sharedClusterDiskIds.length > 0
        ? input.disks.filter((d) => o.performance?.sharedClusterDiskIds.includes(d.id))
        : input.disks;
    const nodes = new Set(o.performance.serverIds.map((id) => `srv-${String(id)}`));
    const performance =
      nodes.size > 0 ? input.performance.filter((h) => nodes.has(h.nodeId)) : input.performance.slice(0, 20);
    zip.file(
      `${base}_Performance.pptx`,
      // The top servers are ranked over every enabled server, not only the first 20 the per-server slides show.
      await pptx(
        {
          ...input,
          servers,
          disks,
          performance,
          rankedPerformance: nodes.size > 0 ? performance : input.performance,
        },
        'performance',
      ),
      { date },
    );
  }
  const entries = Object.keys(zip.files).sort();
  const buf = await zip.generateAsync({
    type: 'nodebuffer',
    compression: 'DEFLATE',
    compressionOptions: { level: 6 },
  });
  return { zip: buf, entries };
}

// Report files: real XLSX workbooks (exceljs) of a project's servers and disks, PPTX decks (pptxgenjs),
// packed into one zip (jszip).
import ExcelJS from 'exceljs';
import PptxGenJS from 'pptxgenjs';
import JSZip from 'jszip';

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

export interface ReportInput {
  projectId: number;
  projectName: string;
  ownerName: string;
  ownerEmail: string;
  generatedAt: Date;
  servers: ReportServer[];
  disks: ReportDisk[];
  options: ReportOptions;
}

/** File name part safe for zip entries and every file system. */
export function safeName(name: string): string {
  return (
    name
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
    { header: 'Capacity (GB)', key: 'capacityGb', width: 14 },
    { header: 'LocalDiskCount', key: 'localDiskCount', width: 14 },
    { header: 'ClusterDiskIds', key: 'clusterDisks', width: 18 },
    ...(detailed
      ? [
          { header: 'Operating system', key: 'os', width: 22 },
          { header: 'CPU cores', key: 'cpuCores', width: 10 },
          { header: 'Memory (GB)', key: 'memoryGb', width: 12 },
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
    { header: 'Capacity (GB)', key: 'capacityGb', width: 14 },
    { header: 'Collector run', key: 'runName', width: 30 },
  ];
  ws.getRow(1).font = { bold: true };
  for (const d of disks) ws.addRow(d);
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
    { k: 'Owner', v: `${input.ownerName} <${input.ownerEmail}>` },
    { k: 'Region', v: input.options.region },
    { k: 'Currency', v: input.options.currencyCode },
    { k: 'Servers', v: t.servers },
    { k: 'Shared cluster disks', v: t.disks },
    { k: 'Local disks', v: t.localDisks },
    { k: 'Total IOPS', v: t.iops },
    { k: 'Total capacity (GB)', v: t.capacity },
  ]);
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
  if (kind === 'performance' && perf?.includeContactInformation) {
    pres.addSlide().addText(`Contact: ${input.ownerName} <${input.ownerEmail}>`, {
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
      [{ text: 'Total IOPS' }, { text: String(t.iops) }],
      [{ text: 'Total capacity (GB)' }, { text: String(t.capacity) }],
    ],
    { x: 0.5, y: 1.3, w: 8, fontSize: 14, border: { type: 'solid', pt: 1, color: '999999' } },
  );
  const top = [...input.servers].sort((a, b) => b.iops - a.iops).slice(0, kind === 'air' ? 10 : 5);
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
      [{ name: 'IOPS', labels: top.map((s) => s.name), values: top.map((s) => s.iops) }],
      {
        x: 0.5,
        y: 1.2,
        w: 12,
        h: 5.5,
      },
    );
  }
  if (kind === 'performance' && perf) {
    for (const [key, on] of Object.entries({ ...perf.executiveSummary, ...perf.summaryTables })) {
      if (!on || key === 'includeTop5Servers') continue;
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
      slide.addTable([[{ text: 'Name' }, { text: 'IOPS' }, { text: 'Capacity (GB)' }], ...rows], {
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
        diskSheet(wb, input.disks);
      }),
      { date },
    );
  }
  if (o.includeDetailsExcel) {
    zip.file(
      `${base}_Details.xlsx`,
      await workbook((wb) => {
        serverSheet(wb, 'Servers', input.servers, true);
        diskSheet(wb, input.disks);
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
    zip.file(`${base}_Performance.pptx`, await pptx({ ...input, servers, disks }, 'performance'), { date });
  }
  const entries = Object.keys(zip.files).sort();
  const buf = await zip.generateAsync({
    type: 'nodebuffer',
    compression: 'DEFLATE',
    compressionOptions: { level: 6 },
  });
  return { zip: buf, entries };
}

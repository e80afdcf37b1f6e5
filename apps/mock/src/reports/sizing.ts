// The reports' "Sizing" sheet and slide: the same sizing the viewer's panel shows (sizing/compute.ts), for the
// project's saved settings (or the defaults), with the formula written out beside every number.
import type ExcelJS from 'exceljs';
import type PptxGenJS from 'pptxgenjs';
import type { SizingResult } from '../sizing/compute.ts';
import {
  BASIS_LABELS,
  RESOURCE_LABELS,
  SIZING_RULE,
  UNIT_LABELS,
  formatAmount,
  formulaText,
} from '../sizing/format.ts';

/** The sheet's and the slide's title. */
export const SIZING_SHEET = 'Sizing';

/** The settings as label / value rows. */
function settingRows(r: SizingResult): [string, string | number][] {
  return [
    ['Basis', BASIS_LABELS[r.settings.basis]],
    ['Headroom (%)', r.settings.headroomPercent],
    ['Annual growth (%)', r.settings.growthPercent],
    ['Horizon (years)', r.settings.horizonYears],
    ['Rule', SIZING_RULE],
    ['Shape catalogue', r.catalogue],
  ];
}

const shapeName = (r: SizingResult, id: string | null): string =>
  id === null ? 'No shape big enough' : (r.shapes.find((s) => s.id === id)?.name ?? id);

/**
 * The Sizing sheet: the settings, then per resource its unit, basis, required figure and formula (numbers as
 * numbers), then each server's required figures and recommended shape, then the servers per shape.
 */
export function sizingSheet(wb: ExcelJS.Workbook, r: SizingResult): void {
  const ws = wb.addWorksheet(SIZING_SHEET);
  ws.columns = [
    { width: 26 },
    { width: 14 },
    { width: 14 },
    { width: 14 },
    { width: 72 },
    { width: 16 },
    { width: 26 },
  ];
  ws.addRow(['Sizing']).font = { bold: true, size: 14 };
  for (const row of settingRows(r)) ws.addRow(row);
  ws.addRow([]);
  ws.addRow(['Resource', 'Unit', 'Basis', 'Required', 'Formula']).font = { bold: true };
  for (const t of r.totals)
    ws.addRow([
      RESOURCE_LABELS[t.resource],
      UNIT_LABELS[t.resource],
      t.basis,
      t.required,
      formulaText(t.resource, r.settings, t.basis, t.required) ?? 'No samples',
    ]);
  ws.addRow([]);
  ws.addRow([
    'Server',
    'Source cores',
    'Cores',
    'Memory (GiB)',
    'IOPS',
    'Throughput (MB/s)',
    'Recommended shape',
  ]).font = { bold: true };
  for (const s of r.servers)
    ws.addRow([
      s.name,
      s.sourceCores,
      s.cores,
      s.memoryGiB,
      s.iops,
      s.throughputMBps,
      s.iops === null ? 'No samples' : shapeName(r, s.shape),
    ]);
  ws.addRow([]);
  ws.addRow(['Shape', 'vCPU', 'Memory (GiB)', 'Disk class', 'Servers']).font = { bold: true };
  for (const t of r.shapeTotals) {
    const shape = r.shapes.find((s) => s.id === t.shape);
    ws.addRow([
      shapeName(r, t.shape),
      shape?.vCpu ?? null,
      shape?.memoryGiB ?? null,
      shape?.diskClass ?? null,
      t.count,
    ]);
  }
}

/** The Sizing slide: the settings in one line, the resources with their formulas, the servers per shape. */
export function sizingSlide(pres: PptxGenJS, r: SizingResult): void {
  const slide = pres.addSlide();
  slide.addText(SIZING_SHEET, { x: 0.5, y: 0.3, w: 12, h: 0.8, fontSize: 24, bold: true });
  slide.addText(
    `${BASIS_LABELS[r.settings.basis]} · headroom ${String(r.settings.headroomPercent)} % · annual growth ${String(
      r.settings.growthPercent,
    )} % · horizon ${String(r.settings.horizonYears)} years — ${SIZING_RULE}`,
    { x: 0.5, y: 1.0, w: 12, h: 0.5, fontSize: 12 },
  );
  slide.addTable(
    [
      ['Resource', 'Required', 'Formula'].map((text) => ({ text, options: { bold: true } })),
      ...r.totals.map((t) => [
        { text: RESOURCE_LABELS[t.resource] },
        {
          text:
            t.required === null ? '–' : `${formatAmount(t.required, t.resource)} ${UNIT_LABELS[t.resource]}`,
        },
        { text: formulaText(t.resource, r.settings, t.basis, t.required) ?? 'No samples' },
      ]),
    ],
    {
      x: 0.5,
      y: 1.6,
      w: 12.3,
      colW: [1.8, 2, 8.5],
      fontSize: 12,
      border: { type: 'solid', pt: 1, color: '999999' },
    },
  );
  const totals = r.shapeTotals.map((t) => `${shapeName(r, t.shape)}: ${String(t.count)}`).join(' · ');
  slide.addText(`Recommended shapes (${r.catalogue}): ${totals || 'no servers'}`, {
    x: 0.5,
    y: 5.6,
    w: 12,
    h: 1,
    fontSize: 12,
  });
}

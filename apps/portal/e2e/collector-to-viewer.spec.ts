// Issue #11's journey: the real Linux collector runs here for a few seconds, its file goes through the upload
// stepper into a new project, the viewer shows this machine, a node left out changes the figures (and leaves nothing
// to publish), the project is published and opens signed out, read-only, with the same host; there, at 390 px, the
// anonymous visitor requests a report (its faults first: 500, envelope error, timeout), and the downloaded zip is
// opened here: the workbook has this machine's peak and 95th percentile figures (the viewer's own, from the same
// series), the PowerPoint names it and charts every metric.
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import type { ProjectSeriesSummary } from '@assessment/sdk';
import type { Download, Locator, Page, Route } from '@playwright/test';
import JSZip from 'jszip';
import {
  ACCOUNTS,
  expect,
  expectNoA11yViolations,
  shortenSdkTimeout,
  signIn,
  test,
  TIMEOUT_TEXT,
} from './fixtures';

const COLLECTOR = fileURLToPath(new URL('../../../collector/linux/iokit-collect.sh', import.meta.url));

const next = (page: Page) => page.getByRole('button', { name: 'Next', exact: true });
const REQUEST = /\/api\/opticalprime\/\d+\/reports$/;

function decodeXml(text: string): string {
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');
}

const attr = (element: string, name: string): string | undefined =>
  new RegExp(`\\s${name}="([^"]*)"`).exec(element)?.[1];

/** A worksheet of an xlsx (its XML parsed here: workbook → relationship → sheet, shared strings) as rows of text. */
async function xlsxSheet(bytes: Uint8Array, sheetName: string): Promise<string[][]> {
  const book = await JSZip.loadAsync(bytes);
  const text = async (path: string): Promise<string> => (await book.file(path)?.async('string')) ?? '';
  const sheet = [...(await text('xl/workbook.xml')).matchAll(/<sheet\s[^>]*>/g)]
    .map((m) => m[0])
    .find((e) => attr(e, 'name') === sheetName);
  expect(sheet, `sheet ${sheetName}`).toBeDefined();
  const rel = [...(await text('xl/_rels/workbook.xml.rels')).matchAll(/<Relationship\s[^>]*>/g)]
    .map((m) => m[0])
    .find((e) => attr(e, 'Id') === attr(sheet ?? '', 'r:id'));
  const target = (attr(rel ?? '', 'Target') ?? '').replace(/^\/?(xl\/)?/, '');
  const shared = [...(await text('xl/sharedStrings.xml')).matchAll(/<si>([\s\S]*?)<\/si>/g)].map((si) =>
    [...(si[1] ?? '').matchAll(/<t[^>]*>([\s\S]*?)<\/t>/g)].map((t) => decodeXml(t[1] ?? '')).join(''),
  );
  const column = (letters: string): number =>
    Array.from({ length: letters.length }, (_, i) => letters.charCodeAt(i) - 64).reduce(
      (n, d) => n * 26 + d,
      0,
    ) - 1;
  return [...(await text(`xl/${target}`)).matchAll(/<row[^>]*>([\s\S]*?)<\/row>/g)].map((row) => {
    const cells: string[] = [];
    for (const c of (row[1] ?? '').matchAll(/<c\s([^>]*?)(?:\/>|>([\s\S]*?)<\/c>)/g)) {
      const ref = /r="([A-Z]+)\d+"/.exec(c[1] ?? '')?.[1] ?? 'A';
      const body = c[2] ?? '';
      const v = /<v>([\s\S]*?)<\/v>/.exec(body)?.[1];
      const type = /\bt="([^"]+)"/.exec(c[1] ?? '')?.[1];
      cells[column(ref)] =
        type === 's'
          ? (shared[Number(v)] ?? '')
          : type === 'inlineStr'
            ? decodeXml(/<t[^>]*>([\s\S]*?)<\/t>/.exec(body)?.[1] ?? '')
            : decodeXml(v ?? '');
    }
    return Array.from({ length: cells.length }, (_, i) => cells[i] ?? '');
  });
}

/** The zip's entries: their bytes, and the text of every XML part inside (xlsx and pptx are zips of XML). */
async function openZip(download: Download): Promise<Map<string, { bytes: Uint8Array; xml: string }>> {
  const zip = await JSZip.loadAsync(await readFile(await download.path()));
  const entries = new Map<string, { bytes: Uint8Array; xml: string }>();
  for (const name of Object.keys(zip.files)) {
    const bytes = await zip.file(name)!.async('uint8array');
    const inner = await JSZip.loadAsync(bytes);
    const parts = await Promise.all(
      Object.keys(inner.files)
        .filter((part) => part.endsWith('.xml'))
        .map((part) => inner.file(part)!.async('string')),
    );
    entries.set(name, { bytes, xml: parts.join('\n') });
  }
  return entries;
}

async function closeAlert(page: Page, text: string | RegExp, timeout = 10_000): Promise<void> {
  const alert = page.getByRole('alertdialog').filter({ hasText: text });
  await expect(alert).toBeVisible({ timeout });
  await alert.getByRole('button', { name: 'OK', exact: true }).click();
  await expect(alert).toBeHidden();
}

async function tick(dialog: Locator, section: string, option: string): Promise<void> {
  const header = dialog.getByRole('button', { name: section, exact: true });
  if ((await header.getAttribute('aria-expanded')) !== 'true') await header.click();
  await expect(header).toHaveAttribute('aria-expanded', 'true');
  await dialog.getByRole('checkbox', { name: option, exact: true }).check();
}

/** A figure as the reports show it: two decimals in the column's unit. */
const round2 = (value: number, divisor = 1): number => Math.round((value / divisor) * 100) / 100;

/** Nearest-rank percentile (p in 0–1) and maximum of the known values. */
function peakP95(values: number[]): { peak: number; p95: number } {
  const sorted = [...values].sort((a, b) => a - b);
  return {
    peak: sorted.at(-1) ?? Number.NaN,
    p95: sorted[Math.max(1, Math.ceil(0.95 * sorted.length)) - 1] ?? Number.NaN,
  };
}

type RawMetric = 'cpu' | 'memory' | 'readIops' | 'writeIops';

/**
 * The collector's file (gzip JSON Lines, docs/collector-format.md) read once, a plain second computation beside the
 * server's:
 * - `figures`: this machine's per-sample figures, CPU %, memory used, and read and write IOPS summed over the whole
 *   disks (format v2's layer "disk") whose value is known; an unknown (null) value is left out, never taken for 0;
 * - `charts`: how many of the deck's charts (one per aggregated metric with a known value: read/write IOPS,
 *   read/write throughput, latency, CPU, memory) the file can fill. Latency is known only where a whole disk did I/O
 *   in that interval with its latency known (IOPS-weighted): on a quiet machine no interval may have any, and the
 *   deck then has no latency chart.
 */
function readCollected(file: Buffer): {
  figures: Record<RawMetric, { peak: number; p95: number }>;
  charts: number;
} {
  const lines = gunzipSync(file)
    .toString('utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Record<string, unknown>);
  const header = lines[0] as { hosts: { disks: { id: string; layer?: string }[] }[] };
  const whole = new Set(
    header.hosts.flatMap((h) => h.disks.filter((d) => (d.layer ?? 'disk') === 'disk').map((d) => d.id)),
  );
  const columns: Record<RawMetric, number[]> = { cpu: [], memory: [], readIops: [], writeIops: [] };
  const known = new Set<string>();
  for (const line of lines) {
    if (line.type !== 'sample') continue;
    const sample = line as {
      cpuPct: number | null;
      memUsedBytes: number | null;
      disks: Record<string, Record<string, number | null>>;
    };
    if (sample.cpuPct !== null) columns.cpu.push(sample.cpuPct);
    if (sample.memUsedBytes !== null) columns.memory.push(sample.memUsedBytes);
    const disks = Object.entries(sample.disks).filter(([id]) => whole.has(id));
    for (const key of ['readIops', 'writeIops'] as const) {
      // The known values of the whole disks added up; unknown only when no whole disk's value is known.
      const values = disks.flatMap(([, d]) => (d[key] === null || d[key] === undefined ? [] : [d[key]]));
      if (values.length > 0) columns[key].push(values.reduce((a, b) => a + b, 0));
    }
    for (const [, disk] of disks) {
      for (const field of ['readBps', 'writeBps'])
        if (disk[field] !== null && disk[field] !== undefined) known.add(field);
      // Version 2 writes read and write latency apart; a side's latency counts where that side did I/O.
      for (const side of ['read', 'write'])
        if ((disk[`${side}LatencyMs`] ?? disk.latencyMs ?? null) !== null && (disk[`${side}Iops`] ?? 0) > 0)
          known.add('latency');
    }
  }
  return {
    figures: {
      cpu: peakP95(columns.cpu),
      memory: peakP95(columns.memory),
      readIops: peakP95(columns.readIops),
      writeIops: peakP95(columns.writeIops),
    },
    // CPU, memory and read and write IOPS have a chart where the file knows any of their values.
    charts: Object.values(columns).filter((values) => values.length > 0).length + known.size,
  };
}

test('the real collector → upload → viewer with this machine → node left out → published → signed out → report', async ({
  page,
  browser,
}) => {
  test.slow();
  // Run the collector: 1 s samples for 4 s (POSIX sh + awk + gzip, as on any Linux server).
  const file = join(mkdtempSync(join(tmpdir(), 'collector-')), 'this-machine.iokit');
  execFileSync('sh', [COLLECTOR, '-i', '1', '-d', '4', '-o', file], { stdio: 'ignore', timeout: 60_000 });
  const host = hostname();

  const projectName = `Collected here ${String(Date.now())}`;
  await signIn(page, ACCOUNTS.endUser);
  await page.goto('/collectorruns/Upload-Iokit');
  await page.getByRole('radio', { name: 'Server' }).check();
  await next(page).click();
  await page.getByRole('textbox', { name: 'New project name' }).fill(projectName);
  await next(page).click();
  await page.locator('.ui-file-drop-zone input[type="file"]').setInputFiles(file);
  const item = page
    .getByRole('list', { name: 'Files to upload' })
    .getByRole('listitem')
    .filter({ hasText: 'this-machine.iokit' });
  await expect(item).toHaveAttribute('data-status', 'done');
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  const done = page.getByRole('dialog', { name: 'Upload complete' });
  // The file is stored in the background (issue #32): the dialog says when it is ready, as the user sees it.
  await expect(done.getByRole('status')).toHaveText(
    'Your files were uploaded. Where would you like to go next?',
  );
  await done.getByRole('button', { name: 'Open the project viewer' }).click();
  await expect(page).toHaveURL(/\/dpackviewer\/\d+$/);
  const projectId = Number(/\/dpackviewer\/(\d+)$/.exec(page.url())?.[1]);

  // This machine, from its own /proc: its host in the totals, the top lists and the node list.
  await expect(page.getByRole('heading', { level: 2, name: 'Performance' })).toBeVisible();
  await expect(page.getByTestId('viewer-scope')).toContainText('Total over 1 enabled server');
  await expect(page.getByRole('table', { name: 'Top servers by CPU' })).toContainText(host);
  await expect(page.getByRole('table', { name: 'Capacity' })).toContainText(host);
  const include = page.getByRole('checkbox', { name: `Include ${host} in the totals` });
  await expect(include).toBeChecked();
  await expectNoA11yViolations(page, 'viewer of the collected file');

  // Left out: no server is counted any more, and there is nothing to publish (nodes_required_to_publish).
  await include.click();
  await expect(include).not.toBeChecked();
  await expect(page.getByTestId('viewer-scope')).not.toContainText('Total over 1 enabled server');
  const refused = await page.request.post(`/api/projects/${String(projectId)}/publish?publish=true`);
  const answer = (await refused.json()) as {
    ResourceKey: string | null;
    ErrorState: { ErrorCode: string } | null;
  };
  expect(answer.ResourceKey ?? answer.ErrorState?.ErrorCode, JSON.stringify(answer)).toBe(
    'nodes_required_to_publish',
  );
  await include.click();
  await expect(page.getByTestId('viewer-scope')).toContainText('Total over 1 enabled server');

  // Published from the details page; the public link opens signed out, read-only, with the same host.
  await page.goto(`/project/details/${String(projectId)}`);
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  const publish = page.getByRole('dialog', { name: `Publish ${projectName}` });
  await publish.getByRole('button', { name: 'Publish project' }).click();
  const publicUrl = (await publish.getByTestId('public-url').textContent()) ?? '';
  expect(publicUrl).toMatch(/\/dpackviewer\/\d+$/);
  // Signed out, in a new browser at 390 px (reduced motion: the progress bar settles for axe).
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    reducedMotion: 'reduce',
  });
  const visitor = await context.newPage();
  await shortenSdkTimeout(visitor, 4000);
  await visitor.goto(publicUrl);
  await expect(visitor.getByRole('table', { name: 'Top servers by CPU' })).toContainText(host);
  await expect(visitor.getByRole('checkbox')).toHaveCount(0);
  await expectNoA11yViolations(visitor, 'public viewer of the collected file');

  // The public viewer's Reports button opens the dialog for the anonymous visitor; it fits 390 px.
  const openReports = async (): Promise<Locator> => {
    await visitor.getByRole('button', { name: 'Reports', exact: true }).click();
    const dialog = visitor.getByRole('dialog', { name: 'Reports' });
    await expect(dialog).toBeVisible();
    await tick(dialog, 'AIR', 'AIR Excel workbook');
    await tick(dialog, 'Performance', 'Performance PowerPoint');
    await dialog
      .getByRole('table', { name: 'Servers' })
      .getByRole('checkbox', { name: `Select ${host}` })
      .check();
    await expect(dialog.getByRole('button', { name: 'Download' })).toBeEnabled();
    return dialog;
  };
  let dialog = await openReports();
  const box = await dialog.boundingBox();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(390);
  expect(
    await visitor.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
  ).toBeLessThanOrEqual(0);
  await expectNoA11yViolations(visitor, 'reports dialog, signed out, 390 px');

  // The anonymous request's faults: 500 and timeout keep the dialog and its choices, an envelope error closes it.
  const onlyPost = (answer: (route: Route) => Promise<void> | undefined) => (route: Route) =>
    route.request().method() === 'POST' ? answer(route) : route.continue();
  await visitor.route(
    REQUEST,
    onlyPost((route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{}' })),
  );
  await dialog.getByRole('button', { name: 'Download' }).click();
  await closeAlert(visitor, 'Something went wrong');
  await expect(dialog.getByRole('checkbox', { name: 'AIR Excel workbook', exact: true })).toBeChecked();
  await visitor.unroute(REQUEST);
  await visitor.route(
    REQUEST,
    onlyPost(() => undefined),
  );
  await dialog.getByRole('button', { name: 'Download' }).click();
  await closeAlert(visitor, TIMEOUT_TEXT, 20_000);
  await expect(dialog).toBeVisible();
  await visitor.unroute(REQUEST);
  await visitor.route(
    REQUEST,
    onlyPost((route) =>
      route.fulfill({
        json: {
          StatusCode: 400,
          ResourceKey: null,
          ErrorState: { ErrorCode: 'validate_info' },
          Message: null,
          Data: null,
        },
      }),
    ),
  );
  await dialog.getByRole('button', { name: 'Download' }).click();
  await closeAlert(visitor, 'Check your input');
  await expect(dialog).toBeHidden();
  await visitor.unroute(REQUEST);

  // The real request, signed out: 201 + Location, the zip downloads.
  dialog = await openReports();
  const created = visitor.waitForResponse((r) => REQUEST.test(r.url()) && r.request().method() === 'POST');
  const downloaded = visitor.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Download' }).click();
  const response = await created;
  expect(response.status()).toBe(201);
  expect(response.headers().location).toMatch(
    new RegExp(`^/api/opticalprime/${String(projectId)}/reports/[0-9a-f-]{36}$`),
  );
  const zip = await openZip(await downloaded);
  await expect(dialog.getByText('The reports were downloaded.')).toBeVisible();
  await expectNoA11yViolations(visitor, 'reports dialog, signed out, downloaded');

  // Opened here: the workbook's per-server figures are the viewer's own for this machine (one enabled server,
  // so the aggregate is its series): peak and nearest-rank p95 of CPU, memory and IOPS.
  const summary = (await (
    await visitor.request.get(`/api/projects/${String(projectId)}/series/summary`)
  ).json()) as ProjectSeriesSummary;
  const figure = (metric: string) => summary.Metrics.find((m) => m.Metric === metric);
  const names = [...zip.keys()];
  const air = zip.get(names.find((n) => n.endsWith('_AIR.xlsx')) ?? '');
  const deck = zip.get(names.find((n) => n.endsWith('_Performance.pptx')) ?? '');
  expect(air, names.join(', ')).toBeDefined();
  expect(deck, names.join(', ')).toBeDefined();
  const [header = [], ...rows] = await xlsxSheet(air!.bytes, 'Server performance');
  const row = rows.find((r) => r[0] === host);
  expect(row, `${host} in ${JSON.stringify(rows)}`).toBeDefined();
  const cell = (label: string) => Number(row![header.indexOf(label)]);
  // The workbook's per-server figures equal the file's own samples, recomputed here. The viewer's aggregate is the
  // same series resampled onto the epoch grid (align.ts): the collector's measured times (format v2, e.g. 10 ms past
  // the second) straddle bucket edges, so for one server a bucket mixes a sample with a little of its neighbour and
  // need not equal any one sample.
  const { figures: raw, charts } = readCollected(await readFile(file));
  const expectFigure = (label: string, metric: RawMetric, divisor = 1) => {
    const f = figure(metric);
    expect(f?.Peak, metric).not.toBeNull();
    expect(cell(`${label} peak`), `${label} peak`).toBe(round2(raw[metric].peak, divisor));
    expect(cell(`${label} p95`), `${label} p95`).toBe(round2(raw[metric].p95, divisor));
    // A bucket of the aggregate is a time-weighted mean of the samples it overlaps: never above their peak.
    expect(f!.Peak!, `${metric} aggregate peak`).toBeLessThanOrEqual(raw[metric].peak * (1 + 1e-9) + 1e-9);
  };
  expectFigure('CPU (%)', 'cpu');
  expectFigure('Memory (GiB)', 'memory', 2 ** 30);
  expectFigure('Read IOPS', 'readIops');
  expectFigure('Write IOPS', 'writeIops');
  expect(cell('Memory (GiB) peak')).toBeGreaterThan(0);
  for (const label of ['Total IOPS', 'Total throughput (MB/s)', 'Latency (ms)'])
    expect(header).toEqual(expect.arrayContaining([`${label} peak`, `${label} p95`]));
  // The PowerPoint: this machine with its CPU peak in the per-server table, a native chart per metric, and no
  // owner address (the report was requested signed out).
  expect(deck!.xml).toContain(host);
  expect(deck!.xml).toContain(
    round2(figure('cpu')!.Peak!).toLocaleString('en-US', { maximumFractionDigits: 2 }),
  );
  expect(deck!.xml.match(/<c:lineChart>/g) ?? []).toHaveLength(charts);
  expect(deck!.xml).not.toContain(ACCOUNTS.endUser);
  expect(air!.xml).not.toContain(ACCOUNTS.endUser);
  await context.close();
});

// The viewer's sizing panel (issue #29 section 3) on a phone (390 px): each setting changed in turn (basis,
// headroom, annual growth, horizon; a setting out of bounds refused with its field message), the URL carrying
// them so a link reproduces the view, the settings saved with the project, and the reports dialog's AIR workbook
// whose Sizing sheet carries the very numbers and formulas the panel shows; a published project's anonymous
// visitor reads it from the URL without saving. Axe and no sideways scrolling at every step.
import type { Locator, Page } from '@playwright/test';
import type { ProjectPage, SavedSizingSettings } from '@assessment/sdk';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { readFile } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';
import {
  ACCOUNTS,
  DEMO_PASSWORD,
  expect,
  expectNoA11yViolations,
  queueCollectorFile,
  signIn,
  test,
} from './fixtures';

test.use({ viewport: { width: 390, height: 844 } });

/**
 * An open collector file (docs/collector-format.md) of four servers with 30 one-minute samples each, the load
 * rising over the samples so peak, p99, p95 and p90 differ.
 */
function collectorFile(tag: string): Buffer {
  const hosts = 4;
  const count = 30;
  const t0 = Math.floor(Date.now() / 1000) - 3 * 3600;
  const ids = Array.from({ length: hosts }, (_, i) => `h${String(i + 1)}`);
  const header = {
    type: 'header',
    format: 'iokit',
    formatVersion: 1,
    collector: { name: 'e2e', version: '1.0.0' },
    start: new Date((t0 - 60) * 1000).toISOString(),
    end: new Date((t0 + count * 60) * 1000).toISOString(),
    intervalSeconds: 60,
    hosts: ids.map((id, i) => ({
      id,
      name: `${tag}-${String(i + 1).padStart(2, '0')}`,
      os: 'Linux',
      cpu: { model: 'CPU', cores: 4 * (i + 1) },
      memoryBytes: 64 * 1024 ** 3,
      disks: [
        { id: 'sda', name: 'sda', capacityBytes: 500 * 1024 ** 3, usedBytes: 200 * 1024 ** 3, kind: 'local' },
      ],
      nics: [],
    })),
    clusters: [],
  };
  const samples = Array.from({ length: count }, (_, k) => t0 + k * 60).flatMap((t, k) =>
    ids.map((host, i) => ({
      type: 'sample',
      t,
      host,
      cpuPct: 10 + k + 5 * i,
      memUsedBytes: (8 + k / 10 + 4 * i) * 1024 ** 3,
      disks: {
        sda: {
          readIops: 100 * (i + 1) + 37 * k,
          writeIops: 50 * (i + 1) + 11 * k,
          readBps: (2 + k / 5) * 1e6,
          writeBps: (1 + i) * 1e6,
          latencyMs: 2,
          queueDepth: 1,
        },
      },
      net: {},
    })),
  );
  const lines = [header, ...samples, { type: 'end', samples: samples.length }];
  return gzipSync(lines.map((line) => JSON.stringify(line)).join('\n') + '\n');
}

const panel = (page: Page): Locator => page.getByRole('region', { name: 'Sizing', exact: true });

/** The required figure and formula of a resource, as the panel shows them. */
async function figureOf(page: Page, resource: string): Promise<{ required: string; formula: string }> {
  const figure = panel(page).locator(`.sizing-figure[data-resource="${resource}"]`);
  return {
    required: (await figure.locator('.sizing-value').textContent()) ?? '',
    formula: (await figure.locator('.sizing-formula').textContent()) ?? '',
  };
}

const RESOURCES = ['iops', 'throughput', 'capacity', 'cores', 'memory'] as const;

/** Axe on the page and nothing wider than the 390 px screen. */
async function checkStep(page: Page, step: string): Promise<void> {
  await expect(panel(page).getByText('Updating…')).toHaveCount(0);
  await expectNoA11yViolations(page, `sizing panel at 390 px: ${step}`);
  await expect
    .poll(() =>
      page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
    )
    .toBeLessThanOrEqual(0);
}

/** The URL's sizing parameters. */
function sizingParams(page: Page): Record<string, string | null> {
  const url = new URL(page.url());
  return Object.fromEntries(
    ['basis', 'headroom', 'growth', 'horizon'].map((k) => [k, url.searchParams.get(k)]),
  );
}

test('each setting changed, the URL reproduces the view, saved, and the workbook’s Sizing sheet has the same numbers', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await signIn(page, ACCOUNTS.partnerAdmin);
  const projectId = await queueCollectorFile(
    page,
    `Sizing journey ${String(Date.now())}`,
    collectorFile(`Siz${String(Date.now() % 1e6)}`),
  );
  await page.goto(`/dpackviewer/${String(projectId)}`);
  const sizing = panel(page);
  await sizing.scrollIntoViewIfNeeded();
  await expect(sizing.getByRole('heading', { name: 'Sizing', level: 2 })).toBeVisible();
  const basis = sizing.getByLabel('Basis', { exact: true });
  const headroom = sizing.getByLabel('Headroom (%)', { exact: true });
  const growth = sizing.getByLabel('Annual growth (%)', { exact: true });
  const horizon = sizing.getByLabel('Horizon (years)', { exact: true });
  // The defaults, not saved yet.
  await expect(basis).toHaveValue('p95');
  await expect(headroom).toHaveValue('30');
  await expect(growth).toHaveValue('10');
  await expect(horizon).toHaveValue('3');
  await expect(sizing.getByRole('status')).toHaveText(
    'Not saved: the reports use the settings saved with the project.',
  );
  await expect(sizing.locator('.sizing-figure')).toHaveCount(5);
  await expect(sizing.locator('.sizing-figure[data-resource="iops"] .sizing-formula')).toContainText(
    /^p95 [\d,]+ IOPS × 1\.30 headroom × 1\.10\^3 growth = [\d,]+ IOPS$/,
  );
  const servers = sizing.getByRole('table', { name: 'Per-server right-sizing' });
  await expect(servers.getByRole('row')).toHaveCount(5);
  await checkStep(page, 'defaults');

  // Basis: peak.
  await basis.selectOption({ label: 'Peak' });
  await expect(page).toHaveURL(/basis=peak/);
  await expect(sizing.locator('.sizing-figure[data-resource="iops"] .sizing-formula')).toContainText(
    /^peak /,
  );
  await checkStep(page, 'basis peak');

  // Headroom: out of bounds refused with its field message (the URL keeps the last valid), then 50 %.
  await headroom.fill('250');
  await expect(sizing.getByText('Enter a whole number from 0 to 200.')).toBeVisible();
  await expect(headroom).toHaveAttribute('aria-invalid', 'true');
  expect(sizingParams(page).headroom).toBe('30');
  await expect(sizing.getByRole('button', { name: 'Save with the project' })).toBeDisabled();
  await checkStep(page, 'headroom out of bounds');
  await headroom.fill('50');
  await expect(page).toHaveURL(/headroom=50/);
  await expect(sizing.getByText('Enter a whole number from 0 to 200.')).toHaveCount(0);
  await expect(sizing.locator('.sizing-figure[data-resource="iops"] .sizing-formula')).toContainText(
    '× 1.50 headroom',
  );
  await checkStep(page, 'headroom 50 %');

  // Annual growth: −60 refused, then −20 %.
  await growth.fill('-60');
  await expect(sizing.getByText('Enter a whole number from -50 to 100.')).toBeVisible();
  await growth.fill('-20');
  await expect(page).toHaveURL(/growth=-20/);
  await expect(sizing.locator('.sizing-figure[data-resource="iops"] .sizing-formula')).toContainText(
    '× 0.80^3 growth',
  );
  await checkStep(page, 'growth −20 %');

  // Horizon: 5 years.
  await horizon.fill('5');
  await expect(page).toHaveURL(/horizon=5/);
  await expect(sizing.locator('.sizing-figure[data-resource="iops"] .sizing-formula')).toContainText(
    '× 0.80^5 growth',
  );
  // 1.50 × 0.80^5 = 0.49: below what is measured today, and the page says so.
  await expect(sizing.getByTestId('sizing-below')).toContainText(
    'Below what is measured today: headroom × growth is 0.492',
  );
  await checkStep(page, 'horizon 5 years');
  expect(sizingParams(page)).toEqual({ basis: 'peak', headroom: '50', growth: '-20', horizon: '5' });
  const shown = Object.fromEntries(
    await Promise.all(RESOURCES.map(async (r) => [r, await figureOf(page, r)] as const)),
  );

  // The link reproduces the view: a new page from the URL shows the same settings and numbers.
  const link = page.url();
  const other = await page.context().newPage();
  await other.goto(link);
  const again = panel(other);
  await again.scrollIntoViewIfNeeded();
  await expect(again.getByLabel('Basis', { exact: true })).toHaveValue('peak');
  await expect(again.getByLabel('Headroom (%)', { exact: true })).toHaveValue('50');
  await expect(again.getByLabel('Annual growth (%)', { exact: true })).toHaveValue('-20');
  await expect(again.getByLabel('Horizon (years)', { exact: true })).toHaveValue('5');
  await expect(again.locator('.sizing-figure')).toHaveCount(5);
  for (const r of RESOURCES) expect(await figureOf(other, r), r).toEqual(shown[r]);
  await other.close();

  // Saved with the project: the status says so, the API has them, the viewer without parameters shows them.
  await sizing.getByRole('button', { name: 'Save with the project' }).click();
  await expect(sizing.getByRole('status')).toHaveText(
    'These settings are saved with the project; the reports use them.',
  );
  const saved = (await (
    await page.request.get(`/api/projects/${String(projectId)}/sizing/settings`)
  ).json()) as SavedSizingSettings;
  expect(saved).toEqual({
    Settings: { Basis: 'peak', HeadroomPercent: 50, GrowthPercent: -20, HorizonYears: 5 },
    Saved: true,
  });
  await checkStep(page, 'saved');
  const plain = await page.context().newPage();
  await plain.goto(`/dpackviewer/${String(projectId)}`);
  await panel(plain).scrollIntoViewIfNeeded();
  await expect(panel(plain).getByLabel('Horizon (years)', { exact: true })).toHaveValue('5');
  await expect(panel(plain).getByRole('status')).toHaveText(
    'These settings are saved with the project; the reports use them.',
  );
  await plain.close();

  // The per-server table as the panel shows it.
  const rows = await servers
    .getByRole('row')
    .evaluateAll((trs) =>
      trs.slice(1).map((tr) => Array.from(tr.querySelectorAll('th, td'), (c) => c.textContent.trim())),
    );

  // The reports dialog's AIR workbook: its Sizing sheet has the panel's numbers and formulas.
  await page.getByRole('button', { name: 'Reports', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Reports' });
  await expect(dialog).toBeVisible();
  const air = dialog.getByRole('button', { name: 'AIR', exact: true });
  if ((await air.getAttribute('aria-expanded')) !== 'true') await air.click();
  await dialog.getByRole('checkbox', { name: 'AIR Excel workbook', exact: true }).check();
  await expectNoA11yViolations(page, 'reports dialog at 390 px');
  const file = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Download' }).click();
  const download = await file;
  const zip = await JSZip.loadAsync(await readFile(await download.path()));
  const name = Object.keys(zip.files).find((f) => f.endsWith('_AIR.xlsx'));
  expect(name).toBeDefined();
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(await zip.file(name ?? '')!.async('arraybuffer'));
  const sheet = wb.getWorksheet('Sizing');
  expect(sheet).toBeDefined();
  const cells: unknown[][] = [];
  sheet?.eachRow((row) => cells.push((row.values as unknown[]).slice(1)));
  expect(cells).toContainEqual(['Basis', 'Peak']);
  expect(cells).toContainEqual(['Headroom (%)', 50]);
  expect(cells).toContainEqual(['Annual growth (%)', -20]);
  expect(cells).toContainEqual(['Horizon (years)', 5]);
  const label = {
    iops: 'IOPS',
    throughput: 'Throughput',
    capacity: 'Capacity',
    cores: 'Cores',
    memory: 'Memory',
  };
  const number = (text: string): number => Number(text.replace(/,/g, ''));
  for (const r of RESOURCES) {
    const row = cells.find((c) => c[0] === label[r]);
    expect(row?.[3], `${r} required`).toBe(number(shown[r]?.required ?? ''));
    expect(row?.[4], `${r} formula`).toBe(shown[r]?.formula);
  }
  for (const [server, cores, memory, iops, throughput, shape] of rows) {
    const row = cells.find((c) => c[0] === server);
    expect(row, server).toBeDefined();
    expect([row?.[2], row?.[3], row?.[4], row?.[5], row?.[6]], server).toEqual([
      number(cores ?? ''),
      number(memory ?? ''),
      number(iops ?? ''),
      number(throughput ?? ''),
      shape,
    ]);
  }
});

test('a published project’s anonymous visitor reads the sizing (and changes it in the URL) but cannot save it', async ({
  page,
  browser,
}) => {
  // Signed in through the API (the page itself is not visited): the admin sees every project.
  const signedIn = await page.request.post('/api/auth/signin', {
    data: { email: ACCOUNTS.admin, password: DEMO_PASSWORD },
  });
  expect(signedIn.status()).toBe(200);
  const list = (await (await page.request.get('/api/projects?PageSize=200')).json()) as ProjectPage;
  const published = list.Items.find((p) => p.PublicURL !== null && p.CollectorRunCount > 0 && !p.IsAnonymous);
  if (!published) throw new Error('no published seeded project');
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const visitor = await context.newPage();
  await visitor.emulateMedia({ reducedMotion: 'reduce' });
  await visitor.goto(`/dpackviewer/${String(published.Id)}?basis=p90&horizon=0`);
  const sizing = panel(visitor);
  await sizing.scrollIntoViewIfNeeded();
  await expect(sizing.getByLabel('Basis', { exact: true })).toHaveValue('p90');
  await expect(sizing.getByLabel('Horizon (years)', { exact: true })).toHaveValue('0');
  await expect(sizing.locator('.sizing-figure[data-resource="iops"] .sizing-formula')).toContainText(
    /^p90 [\d,]+ IOPS × [\d.]+ headroom × [\d.]+\^0 growth = [\d,]+ IOPS$/,
  );
  await expect(sizing.getByRole('button', { name: 'Save with the project' })).toHaveCount(0);
  await checkStep(visitor, 'public viewer');
  await context.close();
});

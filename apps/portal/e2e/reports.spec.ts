// The reports dialog (ReportsModal, spec parts 2 to 5 and 9) against the demo API: opened from the project details
// page and from the viewer, a report requested (201 + Location), its progress seen while the pushed completion is
// held back, the zip downloaded and opened here (the xlsx/pptx inside name the project's servers), the status
// polling fallback, a failed report, and the faults of the request (500, envelope error, timeout, 4xx, logged-out).
import type { ServersAndSharedClusterDisks } from '@assessment/sdk';
import type { Download, Locator, Page, Route } from '@playwright/test';
import JSZip from 'jszip';
import { readFile } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';
import {
  ACCOUNTS,
  expect,
  expectNoA11yViolations,
  queueCollectorFile,
  shortenSdkTimeout,
  signIn,
  test,
  TIMEOUT_TEXT,
} from './fixtures';

const REQUEST = /\/api\/opticalprime\/\d+\/reports$/;
const EVENTS = /\/api\/opticalprime\/\d+\/reports\/events\//;

/**
 * An open collector file (docs/collector-format.md) of `hosts` servers with two samples each: host i peaks at
 * 100 × i IOPS, so the top server by IOPS is the last.
 */
function collectorFile(tag: string, hosts: number): Buffer {
  const t0 = Math.floor(Date.now() / 1000) - 3600;
  const names = Array.from({ length: hosts }, (_, i) => `${tag}-${String(i + 1).padStart(2, '0')}`);
  const header = {
    type: 'header',
    format: 'iokit',
    formatVersion: 1,
    collector: { name: 'e2e', version: '1.0.0' },
    start: new Date((t0 - 60) * 1000).toISOString(),
    end: new Date((t0 + 60) * 1000).toISOString(),
    intervalSeconds: 60,
    hosts: names.map((name, i) => ({
      id: `h${String(i + 1)}`,
      name,
      os: 'Linux',
      cpu: { model: 'CPU', cores: 8 },
      memoryBytes: 32 * 1024 ** 3,
      disks: [{ id: 'sda', name: 'sda', capacityBytes: 500 * 1024 ** 3, kind: 'local' }],
      nics: [],
    })),
    clusters: [],
  };
  const samples = [t0, t0 + 60].flatMap((t) =>
    names.map((_, i) => ({
      type: 'sample',
      t,
      host: `h${String(i + 1)}`,
      cpuPct: 10 + i,
      memUsedBytes: 8 * 1024 ** 3,
      disks: {
        sda: {
          readIops: 60 * (i + 1),
          writeIops: 40 * (i + 1),
          readBps: 1e6,
          writeBps: 5e5,
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

/** A project of the journey's own: a collector file of `hosts` servers uploaded and queued through the API. */
async function newProject(page: Page, name: string, hosts = 6): Promise<number> {
  return queueCollectorFile(page, name, collectorFile(`Rpt${stamp()}`, hosts));
}

async function serversOf(page: Page, projectId: number): Promise<ServersAndSharedClusterDisks> {
  const response = await page.request.get(
    `/api/opticalprime/${String(projectId)}/reports/serversAndSharedClusterDisks`,
  );
  return (await response.json()) as ServersAndSharedClusterDisks;
}

const stamp = () => String(Date.now());

async function openFromDetails(page: Page, projectId: number): Promise<Locator> {
  await page.goto(`/project/details/${String(projectId)}`);
  await page.getByRole('button', { name: 'Reports', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Reports' });
  await expect(dialog).toBeVisible();
  return dialog;
}

async function openSection(dialog: Locator, name: string): Promise<void> {
  const header = dialog.getByRole('button', { name, exact: true });
  if ((await header.getAttribute('aria-expanded')) !== 'true') await header.click();
  await expect(header).toHaveAttribute('aria-expanded', 'true');
}

async function tick(dialog: Locator, section: string, option: string): Promise<void> {
  await openSection(dialog, section);
  await dialog.getByRole('checkbox', { name: option, exact: true }).check();
}

/** Every file of the zip and the text of its XML parts (xlsx and pptx are zips of XML themselves). */
async function openZip(download: Download): Promise<Map<string, string>> {
  const path = await download.path();
  const zip = await JSZip.loadAsync(await readFile(path));
  const texts = new Map<string, string>();
  for (const name of Object.keys(zip.files)) {
    const inner = await JSZip.loadAsync(await zip.file(name)!.async('uint8array'));
    const parts = await Promise.all(
      Object.keys(inner.files)
        .filter((part) => part.endsWith('.xml'))
        .map((part) => inner.file(part)!.async('string')),
    );
    texts.set(name, parts.join('\n'));
  }
  return texts;
}

async function closeAlert(page: Page, text: string | RegExp, timeout = 10_000): Promise<void> {
  const alert = page.getByRole('alertdialog').filter({ hasText: text });
  await expect(alert).toBeVisible({ timeout });
  await alert.getByRole('button', { name: 'OK', exact: true }).click();
  await expect(alert).toBeHidden();
}

test('from the project details page: options, pushed progress, the zip with the servers in its xlsx and pptx', async ({
  page,
}) => {
  // The indeterminate progress bar animates forever; with reduced motion it settles, so axe can run on it.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await signIn(page, ACCOUNTS.partnerAdmin);
  const name = `Reports journey ${stamp()}`;
  const projectId = await newProject(page, name);
  const { ServerList } = await serversOf(page, projectId);
  expect(ServerList.length).toBeGreaterThan(0);
  const dialog = await openFromDetails(page, projectId);
  const download = dialog.getByRole('button', { name: 'Download' });
  await expect(download).toBeDisabled();
  await expectNoA11yViolations(page, 'reports dialog');

  await tick(dialog, 'AIR', 'AIR Excel workbook');
  await tick(dialog, 'AIR', 'AIR PowerPoint');
  await tick(dialog, 'Details', 'Details Excel workbook');
  await tick(dialog, 'Performance', 'Performance PowerPoint');
  const grid = dialog.getByRole('table', { name: 'Servers' });
  await expect(grid.getByRole('row')).toHaveCount(ServerList.length + 1);
  // 814 px wide on a desktop screen.
  expect((await dialog.locator('[data-variant="report-server-picker"]').first().boundingBox())?.width).toBe(
    814,
  );
  const first = ServerList[0]!;
  await grid.getByRole('checkbox', { name: `Select ${first.ServerName}` }).check();
  await expect(dialog.getByText('1 of 20 servers selected')).toBeVisible();
  await expect(download).toBeEnabled();
  await expectNoA11yViolations(page, 'reports dialog, performance section');

  // Hold the pushed completion back to see the progress.
  let held: Route | null = null;
  await page.route(EVENTS, (route) => {
    held = route;
  });
  const created = page.waitForResponse((r) => REQUEST.test(r.url()) && r.request().method() === 'POST');
  await download.click();
  const answer = await created;
  expect(answer.status()).toBe(201);
  expect(answer.headers().location).toMatch(
    new RegExp(`^/api/opticalprime/${String(projectId)}/reports/[0-9a-f-]{36}$`),
  );
  expect(answer.request().postDataJSON()).toMatchObject({
    includeAirPowerPoint: true,
    includeAirExcel: true,
    includeDetailsExcel: true,
    includeVMwareExcel: false,
    performancePowerPointConfig: { servers: [first.ServerId] },
  });
  await expect(dialog.getByRole('progressbar')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Working…' })).toBeDisabled();
  await expectNoA11yViolations(page, 'reports dialog, report in progress');
  await expect.poll(() => held).not.toBeNull();
  const file = page.waitForEvent('download');
  await held!.continue();
  await page.unroute(EVENTS);
  const zip = await file;
  expect(zip.suggestedFilename()).toMatch(/_reports\.zip$/);
  await expect(dialog.getByText('The reports were downloaded.')).toBeVisible();
  await expect(dialog.getByRole('progressbar')).toBeHidden();

  const texts = await openZip(zip);
  const names = [...texts.keys()].sort();
  expect(names).toHaveLength(4);
  expect(names.some((n) => n.endsWith('_AIR.xlsx'))).toBe(true);
  expect(names.some((n) => n.endsWith('_Details.xlsx'))).toBe(true);
  expect(names.some((n) => n.endsWith('_AIR.pptx'))).toBe(true);
  expect(names.some((n) => n.endsWith('_Performance.pptx'))).toBe(true);
  const has = (entry: string, name: string) =>
    expect(texts.get(entry)?.includes(name), `${entry} names ${name}`).toBe(true);
  const hasNot = (entry: string, name: string) =>
    expect(texts.get(entry)?.includes(`>${name}<`), `${entry} leaves out ${name}`).toBe(false);
  const top = [...ServerList].sort((a, b) => b.IOPS - a.IOPS)[0]!;
  for (const entry of names) {
    if (entry.endsWith('.xlsx')) {
      // The workbooks list every server of the project.
      for (const server of ServerList) has(entry, server.ServerName);
    } else if (entry.endsWith('_AIR.pptx')) {
      // The AIR deck charts the top servers by IOPS.
      has(entry, top.ServerName);
    } else {
      // The performance deck covers the chosen server only.
      has(entry, first.ServerName);
      for (const other of ServerList.slice(1)) hasNot(entry, other.ServerName);
    }
  }
  await dialog.getByRole('button', { name: 'Close', exact: true }).last().click();
  await expect(dialog).toBeHidden();
});

test('from the viewer: the status is polled when the pushed events fail, and the zip downloads', async ({
  page,
}) => {
  await signIn(page, ACCOUNTS.partnerAdmin);
  const projectId = await newProject(page, `Reports viewer ${stamp()}`, 2);
  const { ServerList } = await serversOf(page, projectId);
  await page.goto(`/dpackviewer/${String(projectId)}`);
  await page.getByRole('button', { name: 'Reports', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Reports' });
  await expect(dialog).toBeVisible();
  await expectNoA11yViolations(page, 'reports dialog from the viewer');
  await page.route(EVENTS, (route) => route.fulfill({ status: 503, body: '' }));
  const polled = page.waitForResponse(
    (r) => /\/api\/opticalprime\/\d+\/reports\/[0-9a-f-]{36}$/.test(r.url()) && r.status() === 200,
  );
  await tick(dialog, 'VMware', 'VMware Excel workbook');
  await tick(dialog, 'Details', 'Details Excel workbook');
  const file = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Download' }).click();
  await polled;
  const texts = await openZip(await file);
  const details = [...texts.entries()].find(([n]) => n.endsWith('_Details.xlsx'));
  expect(details).toBeDefined();
  for (const server of ServerList)
    expect(details![1].includes(server.ServerName), `Details workbook names ${server.ServerName}`).toBe(true);
  expect([...texts.keys()].some((n) => n.endsWith('_VMware.xlsx'))).toBe(true);
  await expect(dialog.getByText('The reports were downloaded.')).toBeVisible();
});

test('a report that fails shows the error modal; the dialog and choices stay', async ({ page }) => {
  await signIn(page, ACCOUNTS.partnerAdmin);
  const projectId = await newProject(page, `Reports failed ${stamp()}`, 2);
  const dialog = await openFromDetails(page, projectId);
  await page.route(EVENTS, (route) =>
    route.fulfill({
      contentType: 'text/event-stream',
      body: `event: report-status\ndata: ${JSON.stringify({
        ReportId: '7f3c2a90-55e1-4c1e-9d7a-0b2f4ad1e6c3',
        ProjectId: projectId,
        Status: 'Failed',
        DownloadUrl: null,
        ErrorKey: 'generalError',
        RequestedAt: new Date().toISOString(),
      })}\n\n`,
    }),
  );
  await tick(dialog, 'AIR', 'AIR Excel workbook');
  await dialog.getByRole('button', { name: 'Download' }).click();
  await closeAlert(page, 'Something went wrong');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('checkbox', { name: 'AIR Excel workbook', exact: true })).toBeChecked();
  await expect(dialog.getByRole('button', { name: 'Download' })).toBeEnabled();
});

test('faults of the report request: 500 and timeout keep the dialog, an envelope 4xx and HTTP 4xx close it, logged-out signs out', async ({
  page,
}) => {
  await shortenSdkTimeout(page, 4000);
  await signIn(page, ACCOUNTS.partnerAdmin);
  const projectId = await newProject(page, `Reports faults ${stamp()}`, 2);
  const onlyPost = (answer: (route: Route) => Promise<void> | undefined) => (route: Route) =>
    route.request().method() === 'POST' ? answer(route) : route.continue();

  // HTTP 500: the generic message; the dialog and the choice stay.
  let dialog = await openFromDetails(page, projectId);
  await tick(dialog, 'Details', 'Details Excel workbook');
  await page.route(
    REQUEST,
    onlyPost((route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{}' })),
  );
  await dialog.getByRole('button', { name: 'Download' }).click();
  await closeAlert(page, 'Something went wrong');
  await expect(dialog.getByRole('checkbox', { name: 'Details Excel workbook', exact: true })).toBeChecked();
  await page.unroute(REQUEST);

  // Timeout: the fixed connectivity text; the dialog stays.
  await page.route(
    REQUEST,
    onlyPost(() => undefined),
  );
  await dialog.getByRole('button', { name: 'Download' }).click();
  await closeAlert(page, TIMEOUT_TEXT, 20_000);
  await expect(dialog).toBeVisible();
  await page.unroute(REQUEST);

  // Envelope error (StatusCode 400 + ResourceKey): its message; a 4xx closes the dialog.
  await page.route(
    REQUEST,
    onlyPost((route) =>
      route.fulfill({
        json: { StatusCode: 400, ResourceKey: 'validate_info', ErrorState: null, Message: null, Data: null },
      }),
    ),
  );
  await dialog.getByRole('button', { name: 'Download' }).click();
  await closeAlert(page, 'Check your input');
  await expect(dialog).toBeHidden();
  await page.unroute(REQUEST);

  // HTTP 400 with an envelope: closes the dialog as well.
  dialog = await openFromDetails(page, projectId);
  await tick(dialog, 'Details', 'Details Excel workbook');
  await page.route(
    REQUEST,
    onlyPost((route) =>
      route.fulfill({
        status: 400,
        json: { StatusCode: 400, ResourceKey: 'validate_info', ErrorState: null, Message: null, Data: null },
      }),
    ),
  );
  await dialog.getByRole('button', { name: 'Download' }).click();
  await closeAlert(page, 'Check your input');
  await expect(dialog).toBeHidden();
  await page.unroute(REQUEST);

  // The logged-out header: the person is signed out.
  dialog = await openFromDetails(page, projectId);
  await tick(dialog, 'Details', 'Details Excel workbook');
  await page.route(
    REQUEST,
    onlyPost((route) => route.fulfill({ status: 401, headers: { 'x-logged-out': '1' }, body: '' })),
  );
  await dialog.getByRole('button', { name: 'Download' }).click();
  await expect(page).toHaveURL(/\/auth\/login/);
});

test('at 390 px: the dialog fits, its 814 px grid scrolls in its own box', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, ACCOUNTS.partnerAdmin);
  const projectId = await newProject(page, `Reports narrow ${stamp()}`, 2);
  const dialog = await openFromDetails(page, projectId);
  await tick(dialog, 'Performance', 'Performance PowerPoint');
  const grid = dialog.locator('[data-variant="report-server-picker"]').first();
  await expect(grid).toBeVisible();
  // The grid keeps its 814 px; its box scrolls sideways inside the dialog.
  expect((await grid.boundingBox())?.width).toBe(814);
  const scroller = dialog.locator('.reports-grid-scroll').first();
  expect(await scroller.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
  const box = await dialog.boundingBox();
  expect(box).not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(390);
  const pageOverflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(pageOverflow).toBeLessThanOrEqual(0);
  await expectNoA11yViolations(page, 'reports dialog at 390 px');
});
